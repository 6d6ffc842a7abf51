"""Types of the C readers of quick_native.c (see pokerbook.native)."""

from array import array
from collections.abc import Callable
from typing import Any

from pokerbook.cards.card import Card
from pokerbook.evaluation.value import HandValue

class PlainReader:
    """``reader(hole, board)``: the value ``exact`` holds for the rank key of at most
    seven distinct standard cards (no five of a suit where ``flushes``), or else
    ``fallback(hole, board)``."""

    def __init__(
        self,
        exact: dict[int, HandValue],
        flushes: bool,
        cards: tuple[Card, ...],
        rank_keys: tuple[int, ...],
        fallback: Callable[[Any, Any], HandValue | None],
    ) -> None: ...
    def __call__(self, hole: Any, board: Any, /) -> HandValue | None: ...

class OmahaReader:
    """``reader(hole, board)``: quick_omaha's evaluator on four and five standard cards,
    ``fallback(hole, board)`` on anything else."""

    def __init__(
        self,
        cols: array[int],
        rows: array[int],
        codes: array[int],
        flushes: array[int],
        shared: list[HandValue | None],
        value_at: Callable[[int], HandValue],
        fallback: Callable[[Any, Any], HandValue | None],
        flush_rule: int,
        cards: tuple[Card, ...],
        hole_keys: tuple[int, ...],
        board_keys: tuple[int, ...],
    ) -> None: ...
    def __call__(self, hole: Any, board: Any, /) -> HandValue | None: ...
