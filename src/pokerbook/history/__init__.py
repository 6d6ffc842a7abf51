"""Hand histories: reading, replaying, writing and verifying PHH files.

>>> from pokerbook.history import load, play, write_phh
>>> history = load("hand.phh")[0]                     # doctest: +SKIP
>>> hand, notes = play(history)                       # doctest: +SKIP
>>> text = write_phh(hand, scale=history.scale, fields=history.fields)  # doctest: +SKIP
"""

from __future__ import annotations

from pokerbook.history.phh import (
    HandHistory,
    PHHError,
    load,
    read_phh,
    read_phhs,
    write_phh,
    write_phhs,
)
from pokerbook.history.replay import Replay, ReplayError, play, replay

__all__ = [
    "HandHistory",
    "PHHError",
    "Replay",
    "ReplayError",
    "load",
    "play",
    "read_phh",
    "read_phhs",
    "replay",
    "write_phh",
    "write_phhs",
]
