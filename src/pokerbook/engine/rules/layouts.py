"""Multi-board layouts: which boards a hand may be made from when the community
cards lie in a grid (Chowaha, Bidirectional Chowaha, Murder, Oklahoma).

Each rule runs once the last board card is out (Murder's at the showdown, for
the hands still in), reads the dealt boards (``hand.boards``, laid out by the
game's ``board N on B`` steps as below), sets ``hand.situation.boards`` to the
legal candidate boards (a hand plays the best of them, share by share) and logs
what it decided:

* ``do chowaha-paths`` (000 §2.12, §2.28; 002 ch.8, ch.13): boards 0-2 are the
  top, middle and bottom flops, 3 and 4 the top and bottom turn cards, 5 the
  river.  A board is one flop, a turn card next to it and the river: top flop +
  top turn, middle flop + either turn, bottom flop + bottom turn.  The top flop
  with the bottom turn and the bottom flop with the top turn are forbidden.
* ``do chowaha-paths by-die`` (000 §2.8): the same, laid out by the last roll of
  the die: 1-3, the turns lie to the right of the flops and the flops' rows make
  the paths; 4-6, the turns lie below them and the paths run down the columns
  (left column + left turn, centre column + either turn, right column + right
  turn, each with the river).
* ``do murder-rows`` (000 §2.39): boards 0-3 are the four columns of three cards
  (two on the flop, one on the turn, one on the river), top card first.  A hand
  uses exactly one card from each row: every choice of one card per row is a
  candidate three-card board (4 x 4 x 4 = 64).  The showdown is given those that
  make some live seat's best hand (:func:`decisive_boards`), which decide it alike.
* ``do oklahoma-removal`` (000 §2.40; 002 ch.24): boards 0-2 are the three rows
  of five, the river card last in each.  The row with the lowest river card by
  rank (deuce lowest, ace highest) is removed; rows whose river cards tie for the
  lowest rank are all removed; if all three river cards have one rank, no row is
  removed (the tournament rule).  A house with ``oklahoma_dealer_wins`` plays the
  "cash game" rule there instead: all three rows are removed and the dealer wins
  the pot (000 §2.40): the hand ends at once and the chips leave the table
  (:meth:`~pokerbook.engine.state.HandState.house_takes_pot`).

Events: a ``layout`` event names the boards that play (its ``detail``); Oklahoma
also logs a ``remove-board`` event for each row removed (``board`` its index,
``cards`` its cards).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, product
from typing import TYPE_CHECKING, Final

from pokerbook.cards.card import JOKER_INDEX, Card
from pokerbook.engine.events import Event
from pokerbook.engine.rules import Param, effect, takes
from pokerbook.evaluation.scale import Scale, get_scale
from pokerbook.evaluation.table_scale import Part, TableScale
from pokerbook.evaluation.usage_boards import (
    PartReader,
    SplitParts,
    SplitTable,
    split_parts,
    split_table,
)
from pokerbook.games.catalogue import GameDefinitionError

if TYPE_CHECKING:
    from pokerbook.engine.state import HandState

#: Chowaha's legal paths as (flop line, turn card): line 0-2 and turn 0 (top or
#: left) or 1 (bottom or right); the river completes every path
CHOWAHA_PATHS: Final = ((0, 0), (1, 0), (1, 1), (2, 1))
_ROW_NAMES: Final = ("top flop", "middle flop", "bottom flop")
_COLUMN_NAMES: Final = ("left column", "centre column", "right column")
_ROW_TURNS: Final = ("top turn", "bottom turn")
_COLUMN_TURNS: Final = ("left turn", "right turn")
#: the lowest roll of the die that lays the turns below the flops (4-6)
FIRST_COLUMN_ROLL: Final = 4
#: the cards of a poker hand
HAND: Final = 5


def _check_sizes(hand: HandState, rule: str, sizes: Sequence[int]) -> list[list[Card]]:
    """The hand's boards, checked against the sizes the rule's layout needs."""
    boards = hand.boards
    actual = [len(b) for b in boards]
    if actual != list(sizes):
        raise GameDefinitionError(
            f"{hand.game.id}: {rule!r} needs boards of {list(sizes)} cards, not {actual}"
        )
    return boards


def _no_words(hand: HandState, rule: str, args: tuple[str, ...]) -> None:
    if args:
        raise GameDefinitionError(f"{hand.game.id}: {rule!r} takes no words, not {args}")


def chowaha_paths(
    flops: Sequence[Sequence[Card]],
    turns: Sequence[Card],
    river: Card,
    *,
    columns: bool = False,
) -> list[tuple[Card, ...]]:
    """Chowaha's four legal boards, in the order of :data:`CHOWAHA_PATHS`.

    ``flops`` are the three flops top to bottom (three cards each, left to right),
    ``turns`` the top and bottom turn cards.  With ``columns`` the paths run down
    the flops' columns instead (Bidirectional Chowaha, a roll of 4-6): ``turns``
    are then the left and right turn cards.
    """
    lines: list[tuple[Card, ...]] = [tuple(flop) for flop in flops]
    if columns:
        lines = [tuple(flop[j] for flop in flops) for j in range(3)]
    return [(*lines[line], turns[turn], river) for line, turn in CHOWAHA_PATHS]


def chowaha_path_names(*, columns: bool = False) -> list[str]:
    """The legal paths in words, in the order of :func:`chowaha_paths`."""
    lines, turns = (_COLUMN_NAMES, _COLUMN_TURNS) if columns else (_ROW_NAMES, _ROW_TURNS)
    return [f"{lines[line]} + {turns[turn]} + river" for line, turn in CHOWAHA_PATHS]


@effect("chowaha-paths")
def chowaha(hand: HandState, args: tuple[str, ...]) -> None:
    """Chowaha's legal paths; ``by-die``: rows or columns by the last roll (000 §2.8)."""
    boards = _check_sizes(hand, "chowaha-paths", (3, 3, 3, 1, 1, 1))
    columns = False
    detail = ""
    if args == ("by-die",):
        dice = hand.situation.dice
        if not dice:
            raise GameDefinitionError(f"{hand.game.id}: 'chowaha-paths by-die' needs a roll first")
        columns = dice[-1] >= FIRST_COLUMN_ROLL
        detail = f"die {dice[-1]}, turns {'below' if columns else 'to the right'}: "
    elif args:
        raise GameDefinitionError(f"{hand.game.id}: 'chowaha-paths' takes no words but 'by-die'")
    turns = (boards[3][0], boards[4][0])
    paths = chowaha_paths(boards[:3], turns, boards[5][0], columns=columns)
    hand.situation.boards = paths
    hand.log(Event("layout", detail=detail + "; ".join(chowaha_path_names(columns=columns))))


def murder_boards(columns: Sequence[Sequence[Card]]) -> list[tuple[Card, ...]]:
    """Every three-card board of one card from each row of Murder's 3 x 4 grid
    (``columns`` left to right, each top to bottom)."""
    rows = [tuple(column[r] for column in columns) for r in range(3)]
    return list(product(*rows))


def decisive_boards(hand: HandState, boards: Sequence[tuple[Card, ...]]) -> list[tuple[Card, ...]]:
    """The boards among ``boards`` that make some live seat's best hand on some share.

    Each seat's best over these is its best over all of ``boards``, so the showdown
    comes out the same while evaluating far fewer boards (Murder has 64).  Every
    board is kept when a share's hands are not plain poker hands of exact hole-card
    counts (no hole-card rule, wild cards, a seat's own way of playing a share).
    """
    situation = hand.situation
    shares = hand.game.showdown.shares
    if situation.wild or situation.overrides or any(s.hole_use is None for s in shares):
        return list(boards)
    keep: set[int] = set()
    natural = _natural(hand, boards)
    board_parts: dict[int, tuple[list[int], list[Part]]] = {}  # the same for every share
    split: dict[int, SplitParts] = {}  # likewise, as split tables read them
    holes: dict[tuple[int, int], list[Part]] = {}  # each seat's hole parts, by count
    for share in shares:
        scale = get_scale(share.scale)
        size = scale.hand_size
        assert share.hole_use is not None
        if size is None:
            return list(boards)
        counts = [used for used in share.hole_use if used <= size]
        table = split_table(scale) if natural else None
        if table is not None:
            for used in counts:
                if used not in split:
                    split[used] = split_parts(boards, used)
            keep.update(_decisive_by_table(table, hand, [split[u] for u in counts], holes))
            continue
        if natural and isinstance(scale, TableScale) and _full_deck_hands(scale):
            for used in counts:
                if used not in board_parts:
                    board_parts[used] = _board_parts(boards, used)
            keep.update(_decisive_by_parts(scale, hand, {u: board_parts[u] for u in counts}))
            continue
        keep.update(_decisive_by_hands(scale, hand, boards, counts))
    return [boards[i] for i in sorted(keep)]


def _decisive_by_hands(
    scale: Scale, hand: HandState, boards: Sequence[tuple[Card, ...]], counts: list[int]
) -> set[int]:
    """:func:`decisive_boards` for one share, every hand valued on its own."""
    size = scale.hand_size
    assert size is not None
    value = scale.exact
    parts = {
        used: [
            (index, shared)
            for index, board in enumerate(boards)
            for shared in combinations(board, size - used)
        ]
        for used in counts
    }
    keep: set[int] = set()
    for seat in hand.live:
        best = -1
        found: int | None = None
        for used, shared_parts in parts.items():
            for held in combinations(hand.hole[seat], used):
                for index, shared in shared_parts:
                    v = value(held + shared)
                    if v > best:
                        best, found = v, index
        if found is not None:
            keep.add(found)
    return keep


def _natural(hand: HandState, boards: Sequence[tuple[Card, ...]]) -> bool:
    """Whether the boards and the live seats' hole cards hold no joker."""
    cards = {c.index for board in boards for c in board}
    for seat in hand.live:
        cards.update(c.index for c in hand.hole[seat])
    return JOKER_INDEX not in cards


def _full_deck_hands(scale: TableScale) -> bool:
    """Whether the scale makes five-card hands from the full deck (so that two parts'
    keys add up to the hand's, no card to refuse)."""
    return scale.hand_size == HAND and scale.deck_ranks is None


def _decisive_by_parts(
    scale: TableScale, hand: HandState, board_parts: dict[int, tuple[list[int], list[Part]]]
) -> set[int]:
    """:func:`decisive_boards` for one share of a table scale: the board of each live
    seat's best hand, each hand one sum of a hole part and a board part (the first
    board found best, as the exact loop finds it); ``board_parts`` by hole-card count."""
    keep: set[int] = set()
    for seat in hand.live:
        best = -1
        found: int | None = None
        for used, (owners, parts) in board_parts.items():
            value, at = scale.best_board(TableScale.parts(hand.hole[seat], used), parts)
            if value > best:
                best, found = value, owners[at]
        if found is not None:
            keep.add(found)
    return keep


def _decisive_by_table(
    table: SplitTable,
    hand: HandState,
    splits: list[SplitParts],
    holes: dict[tuple[int, int], list[Part]],
) -> set[int]:
    """:func:`_decisive_by_parts` read from a split table, the board parts of each
    hole-card count read once for every seat (``holes``: the seats' hole parts by
    seat and count, kept for the next share)."""
    keep: set[int] = set()
    readers = [PartReader(table, parts) for parts in splits]
    for seat in hand.live:
        best = -1
        found: int | None = None
        for reader in readers:
            parts = reader.parts
            held = holes.get((seat, parts.used))
            if held is None:
                held = holes[seat, parts.used] = TableScale.parts(hand.hole[seat], parts.used)
            value, at = reader.first_best(held)
            if value > best:
                best, found = value, parts.owners[at]
        if found is not None:
            keep.add(found)
    return keep


def _board_parts(boards: Sequence[tuple[Card, ...]], used: int) -> tuple[list[int], list[Part]]:
    """Each board's ``5 - used``-card parts, in order, with the board each came from."""
    owners: list[int] = []
    parts: list[Part] = []
    for index, board in enumerate(boards):
        for part in TableScale.parts(board, HAND - used):
            owners.append(index)
            parts.append(part)
    return owners, parts


@effect("murder-rows")
def murder(hand: HandState, args: tuple[str, ...]) -> None:
    """Murder: a hand uses one card from each row of the 3 x 4 grid (000 §2.39).

    Every legal board is kept in ``situation.notes["murder-rows"]``; the showdown
    is given those that make a live seat's best hand (:func:`decisive_boards`).
    """
    _no_words(hand, "murder-rows", args)
    columns = _check_sizes(hand, "murder-rows", (3, 3, 3, 3))
    boards = murder_boards(columns)
    hand.situation.notes["murder-rows"] = boards
    hand.situation.boards = decisive_boards(hand, boards)
    hand.log(Event("layout", detail=f"one card from each row: {len(boards)} boards"))


def oklahoma_removed(rivers: Sequence[Card]) -> list[int]:
    """The rows removed, given each row's river card: every row whose river card has
    the lowest rank (deuce lowest, ace highest), none if all share one rank."""
    ranks = [card.rank for card in rivers]
    if len(set(ranks)) == 1:
        return []
    lowest = min(ranks)
    return [row for row, rank in enumerate(ranks) if rank == lowest]


@effect("oklahoma-removal")
def oklahoma(hand: HandState, args: tuple[str, ...]) -> None:
    """Oklahoma: remove the row (or tied rows) with the lowest river card (000 §2.40)."""
    _no_words(hand, "oklahoma-removal", args)
    rows = _check_sizes(hand, "oklahoma-removal", (5, 5, 5))
    removed = oklahoma_removed([row[-1] for row in rows])
    every_row = not removed and hand.house.oklahoma_dealer_wins
    if every_row:
        removed = list(range(len(rows)))  # the cash-game rule (000 §2.40)
    for row in removed:
        lowest = rows[row][-1]
        hand.log(
            Event(
                "remove-board",
                cards=tuple(rows[row]),
                board=row,
                detail=f"row {row + 1}: lowest river card {lowest}",
            )
        )
    if every_row:
        hand.house_takes_pot("river cards all of one rank: every row removed, the dealer wins")
        return
    left = [r for r in range(len(rows)) if r not in removed]
    hand.situation.boards = [tuple(rows[r]) for r in left]
    why = "" if removed else "river cards all of one rank, no row removed; "
    hand.log(Event("layout", detail=why + "rows " + ", ".join(str(r + 1) for r in left)))


# the words each rule takes, checked when a game is read
takes("do", "chowaha-paths", Param("paths", "word", choices=("by-die",), optional=True))
