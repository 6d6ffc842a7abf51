"""Game nights: a table that plays a long run of hands, with game selection and a ledger.

>>> from pokerbook.bots import get_policy
>>> from pokerbook.table import find_night, run_night
>>> night = find_night("horse")
>>> results, ledger = run_night(night, [get_policy("call") for _ in range(4)], hands=20, seed=1)
>>> [r.game.id for r in results][:5]
['F01', 'F01', 'F01', 'F01', 'F17']
>>> sum(ledger.nets().values())
0

Modules: :mod:`~pokerbook.table.night` (the night as data),
:mod:`~pokerbook.table.selection` (rotations and dealer's choice),
:mod:`~pokerbook.table.night_file` (built-in nights and night files in TOML),
:mod:`~pokerbook.table.play` (playing the hands), :mod:`~pokerbook.table.seating`
(players joining, sitting out and leaving, and their blinds), :mod:`~pokerbook.table.ledger`
(buy-ins, cash-outs, nets and settlement) and :mod:`~pokerbook.table.report` (the
JSON report).
"""

from __future__ import annotations

from pokerbook.table.ledger import Entry, Ledger, Payment, settle
from pokerbook.table.night import Night, NightError, RebuyRule, Seat, StakesTable
from pokerbook.table.night_file import (
    NightFileError,
    builtin_nights,
    find_night,
    load_night_file,
    parse_night,
)
from pokerbook.table.play import GameNight, HandResult, run_night
from pokerbook.table.report import night_report
from pokerbook.table.selection import DealersChoice, Rotation, Selector

__all__ = [
    "DealersChoice",
    "Entry",
    "GameNight",
    "HandResult",
    "Ledger",
    "Night",
    "NightError",
    "NightFileError",
    "Payment",
    "RebuyRule",
    "Rotation",
    "Seat",
    "Selector",
    "StakesTable",
    "builtin_nights",
    "find_night",
    "load_night_file",
    "night_report",
    "parse_night",
    "run_night",
    "settle",
]
