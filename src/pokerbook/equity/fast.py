"""Equity by compiled kernels, for the games whose showdown they can value.

:func:`fast_tally` answers a :class:`~pokerbook.equity.spot.Spot` by enumerating
every completion (``exact``) or sampling uniform random ones, or returns None
when the game is not covered: every share of the showdown made of any of the
hand's cards and the board (no wild cards, ties split), on a table scale with
a qualifier that is a threshold (none, 8-or-better, pair-or-better ...), at
most one board, no dice, choices or discards, a deck without jokers.  Hands
shorter than the game deals are dealt out from the unseen cards; draws are
otherwise not modelled (thrown cards are in the spot's dead cards).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from itertools import combinations
from math import comb
from typing import Any, TypeGuard

import numpy as np
import numpy.typing as npt

from pokerbook.cards.card import Card
from pokerbook.cards.decks import deck
from pokerbook.equity import kernels_layout as k
from pokerbook.equity.compiling import before_running, listening
from pokerbook.equity.kernels_tables import FIVE, ShareRanks, share_ranks, size_hash
from pokerbook.equity.spot import Spot, Tally
from pokerbook.evaluation.scale import Scale, get_scale
from pokerbook.evaluation.table_scale import TableScale
from pokerbook.games.model import Choice, DealBoard, DiscardRound, Effect, Game, Share

I64 = npt.NDArray[np.int64]
U64 = npt.NDArray[np.uint64]
I32 = npt.NDArray[np.int32]
F64 = npt.NDArray[np.float64]
MAX_POOL = 7
NO_CARDS = 5  # positions past the unseen cards that deal no card


class FastSpotError(ValueError):
    """A spot whose cards cannot be dealt: a card twice, or one not in the game's deck."""


@dataclass(frozen=True)
class Plan:
    """A covered spot, laid out for the kernels."""

    hands: int
    shares: int
    keys: I64  # the unseen cards' keys, then NO_CARDS zeros
    bits: U64
    board_keys: I64  # the board's known cards, padded to five
    board_bits: U64
    known_board: int
    board_missing: int
    hand_keys: I64  # (hands, hole cards): known cards first
    hand_bits: U64
    hand_known: tuple[int, ...]
    hole: int
    tables: tuple[npt.NDArray[np.generic], ...]
    unqualified: int
    need_sets: bool
    every_split: bool

    @property
    def complete(self) -> bool:
        """Every hand holds all its cards: only the board is dealt."""
        return all(n == self.hole for n in self.hand_known)

    @property
    def deals(self) -> int:
        """The number of distinct completions."""
        left = len(self.keys) - NO_CARDS
        count = comb(left, self.board_missing)
        left -= self.board_missing
        for n in self.hand_known:
            count *= comb(left, self.hole - n)
            left -= self.hole - n
        return count


def fast_tally(spot: Spot, *, exact: bool, trials: int | None, seed: int | None) -> Tally | None:
    """Each hand's sums over every completion of ``spot`` (``exact``) or over
    ``trials`` random ones from ``seed``; None if the kernels do not cover the game."""
    plan = plan_spot(spot)
    if plan is None:
        return None
    if exact:
        return exact_tally(plan)
    if trials is None or trials < 0:
        raise ValueError(f"sampling needs a number of trials >= 0, not {trials!r}")
    return sample_tally(plan, trials, 0 if seed is None else seed)


#: below this many hand valuations a run takes one thread: waking a second costs more
ONE_THREAD_WORK = 300_000


def exact_tally(plan: Plan) -> Tally:
    """The sums over every completion of a planned spot."""
    if listening():
        before_running(*kernels_for(plan, exact=True))
    if _last_cards(plan):  # a kernel of one thread
        return _exact_tally(plan)
    with _threads_for(_exact_work(plan)):
        return _exact_tally(plan)


def exact_route(plan: Plan) -> str:
    """Which walk answers a planned spot exactly: ``hands`` (the board known: each hand's
    completions valued once), ``last cards`` (Omaha and its kin short of one or two
    board cards), ``boards high`` (the hands known, one plain share), ``boards`` (the
    hands known) or ``deals`` (any missing cards)."""
    if _board_known(plan):
        return "hands"
    if _last_cards(plan):
        return "last cards"
    if plan.complete:
        return "boards high" if _one_plain_share(plan) else "boards"
    return "deals"


def kernels_for(plan: Plan, *, exact: bool) -> tuple[Any, ...]:
    """The compiled kernels an exact or sampled run of ``plan`` calls from here (each
    compiles the kernels it calls with it); their modules are imported, and numba
    with them, only now."""
    from pokerbook.equity import kernels, kernels_board, kernels_deal

    if not exact and (plan.board_missing or not plan.complete):
        # its subset sums are inlined (``inline="always"``): not compiled on their own
        return (kernels_deal.sample_deals,)
    route = exact_route(plan)
    if route == "hands":
        from pokerbook.equity import kernels_hands

        return (kernels_hands.hand_table, kernels_hands.enumerate_hands, kernels.subset_sums)
    if route == "last cards":
        return (kernels_board.last_cards,)
    if route == "boards high":
        return (kernels_deal.enumerate_boards_high,)
    if route == "boards":
        return (kernels_deal.enumerate_boards, kernels.subset_sums)
    return (kernels_deal.enumerate_deals,)


#: how many deals of the board-known walk cost as much as one hand valuation: each
#: deal is one or two comparisons of values looked up before the walk
COMPARISONS_PER_VALUATION = 16


def _exact_work(plan: Plan) -> int:
    """The hand valuations an exact run makes, or their worth in other work."""
    if _board_known(plan) and plan.shares == 1 and _no_qualifier(plan):
        return plan.deals // COMPARISONS_PER_VALUATION
    return plan.deals * plan.hands


def _board_known(plan: Plan) -> bool:
    """Only hands are dealt: the walk over each hand's valued completions applies."""
    return plan.board_missing == 0 and not plan.complete


def _last_cards(plan: Plan) -> bool:
    """The hands known, the board short of one or two cards, and every share valued from
    card subsets (:mod:`pokerbook.equity.kernels_board`)."""
    return plan.every_split and plan.board_missing in (1, 2) and plan.complete


def _no_qualifier(plan: Plan) -> bool:
    return bool(plan.tables[0][0, k.THRESHOLD] == 0)


@contextmanager
def _threads_for(work: int) -> Iterator[None]:
    """One thread for small runs, numba's own number otherwise."""
    if work >= ONE_THREAD_WORK:
        yield
        return
    from pokerbook.evaluation.compiled import numba

    before = numba.get_num_threads()
    numba.set_num_threads(1)
    try:
        yield
    finally:
        numba.set_num_threads(before)


def _exact_tally(plan: Plan) -> Tally:
    from pokerbook.equity.kernels_deal import enumerate_boards, enumerate_deals

    route = exact_route(plan)
    if route == "hands":
        acc = _by_hands(plan)
    elif route == "last cards":
        from pokerbook.equity.kernels_board import last_cards

        acc = last_cards(
            plan.board_keys, plan.board_bits, plan.hand_keys, plan.hand_bits, plan.keys,
            plan.bits, plan.known_board, plan.board_missing, plan.tables, plan.unqualified,
        )  # fmt: skip
    elif route == "boards high":
        from pokerbook.equity.kernels_deal import enumerate_boards_high

        hk, hb, _, _ = _hand_sums(plan)
        info, _, disp, multi, _, _, _, flush_best = plan.tables
        base_k = int(plan.board_keys.sum())
        base_b = int(np.bitwise_or.reduce(plan.board_bits))
        acc = enumerate_boards_high(
            plan.keys, plan.bits, plan.board_missing, base_k, np.uint64(base_b), hk, hb,
            int(info[0, k.FLUSH]), disp, multi, flush_best,
        )  # fmt: skip
    elif route == "boards":
        hk, hb, hsum, hbit = _hand_sums(plan)
        acc = enumerate_boards(
            plan.keys, plan.bits, plan.board_missing, plan.board_keys, plan.board_bits,
            plan.known_board, hk, hb, hsum, hbit, plan.tables, plan.unqualified, plan.need_sets,
        )  # fmt: skip
    else:
        first, owner, slot = _levels(plan)
        acc = enumerate_deals(
            plan.keys, plan.bits, first, owner, slot, _state(plan), plan.tables,
            plan.unqualified, plan.need_sets,
        )  # fmt: skip
    return _tally(plan, acc, plan.deals)


def _by_hands(plan: Plan) -> F64:
    """The board known: each hand's completions valued once, then every deal of them
    (:mod:`pokerbook.equity.kernels_hands`), the hand with the most completions first."""
    from pokerbook.equity.kernels_hands import enumerate_hands, hand_table

    n = len(plan.keys) - NO_CARDS
    bk, bb, bsum, bbit = _board_sums(plan)
    board = (int(bk), np.uint64(bb), bsum, bbit)
    masks: list[U64] = []
    values: list[I64] = []
    missing = [plan.hole - known for known in plan.hand_known]
    order = sorted(range(plan.hands), key=lambda i: -missing[i])
    for i in order:
        found_masks, found_values = hand_table(
            plan.keys, plan.bits, n, missing[i], comb(n, missing[i]), plan.hand_keys[i],
            plan.hand_bits[i], board, plan.tables, plan.need_sets,
        )  # fmt: skip
        masks.append(found_masks)
        values.append(found_values)
    sizes = np.array([len(m) for m in masks], dtype=np.int64)
    end = np.cumsum(sizes)
    info: I64 = plan.tables[0].astype(np.int64, copy=False)
    return enumerate_hands(
        np.concatenate(masks), np.concatenate(values), end - sizes, end,
        np.array(order, dtype=np.int64), info, plan.unqualified,
    )  # fmt: skip


def _board_sums(plan: Plan) -> tuple[int, int, I64, U64]:
    """The known board's key sum, bits, and subset sums (when the shares need them)."""
    bk = int(plan.board_keys.sum())
    bb = int(np.bitwise_or.reduce(plan.board_bits))
    bsum = np.zeros(32, dtype=np.int64)
    bbit = np.zeros(32, dtype=np.uint64)
    if plan.need_sets:
        from pokerbook.equity.kernels import subset_sums

        subset_sums(plan.board_keys, plan.board_bits, plan.known_board, bsum, bbit)
    return bk, bb, bsum, bbit


def _one_plain_share(plan: Plan) -> bool:
    """One share valued as a pool of cards, no qualifier, no flush of exactly five."""
    info = plan.tables[0]
    return bool(
        plan.shares == 1
        and info[0, k.MODE] == k.POOL
        and _no_qualifier(plan)
        and info[0, k.FLUSH] != k.FLUSH_EXACT
    )


def sample_tally(plan: Plan, trials: int, seed: int) -> Tally:
    """The sums over ``trials`` uniform random completions; the same for the same seed."""
    _, owner, slot = _levels(plan)
    if len(owner) == 0:  # nothing to deal: every trial is the one deal
        return _scaled(exact_tally(plan), trials)
    from pokerbook.equity.kernels_deal import sample_deals

    if listening():
        before_running(*kernels_for(plan, exact=False))
    with _threads_for(trials * plan.hands):
        acc = sample_deals(
            plan.keys, plan.bits, owner, slot, _state(plan), plan.tables, plan.unqualified,
            plan.need_sets, trials, seed & 0xFFFFFFFFFFFFFFFF,
        )  # fmt: skip
    return _tally(plan, acc, trials)


# -- coverage ---------------------------------------------------------------------------


def covered(game: Game) -> bool:
    """Whether the kernels can value this game's showdown."""
    return game_tables(game) is not None


def _game_shape(game: Game) -> tuple[int, int, list[TableScale]] | None:
    """(hole cards, board cards, each share's scale) of a covered game, else None."""
    if game.bug or game.boards > 1 or deck(game.deck).has_joker:
        return None
    if any(isinstance(s, Effect | Choice | DiscardRound) for s in game.steps):
        return None
    show = game.showdown
    if show.divide != "split" or not show.shares:
        return None
    scales: list[TableScale] = []
    for share in show.shares:
        sc = get_scale(share.scale)
        if share.cards != "all" or share.wild or share.sole or not _plain(sc):
            return None
        scales.append(sc)
    board = sum(s.count for s in game.steps if isinstance(s, DealBoard))
    return game.hole_cards, board, scales


def _plain(sc: Scale) -> TypeGuard[TableScale]:
    """A table scale valued by the stock table algorithm (no overrides of its own)."""
    if not isinstance(sc, TableScale):
        return False
    cls = type(sc)
    return cls.best is TableScale.best and cls.exact is TableScale.exact


def _share_mode(share: Share, sc: TableScale, hole: int, board: int) -> tuple[int, int, list[int]]:
    """(mode, flush rule, hole-card counts of the split mode) of one share."""
    pool = hole + board
    if (
        share.hole_use is None
        and pool <= MAX_POOL
        and (not sc.flushes or sc.flush_good or pool <= FIVE)
    ):
        if not sc.flushes or pool < FIVE:
            return k.POOL, k.NO_FLUSH, []
        return k.POOL, k.FLUSH_GOOD if sc.flush_good else k.FLUSH_EXACT, []
    counts = list(range(hole + 1)) if share.hole_use is None else list(share.hole_use)
    usable = [u for u in counts if u <= hole and 0 <= FIVE - u <= board]
    return k.SPLIT, k.FLUSH_EXACT if sc.flushes else k.NO_FLUSH, usable


# -- planning ----------------------------------------------------------------------------


@dataclass(frozen=True)
class GameTables:
    """What the kernels read of a covered game, the same for every spot of it."""

    hole: int
    board: int
    shares: int
    tables: tuple[npt.NDArray[np.generic], ...]
    need_sets: bool
    unqualified: int
    every_split: bool  # every share valued from card subsets
    cards: tuple[Card, ...]  # the game's deck
    position: dict[Card, int]  # each card's place in ``cards``
    card_keys: I64  # each card's key and bit, in deck order, then NO_CARDS zeros
    card_bits: U64


#: each game's tables (or None: not covered), by the game's id; games are immutable
_GAME_TABLES: dict[int, tuple[Game, GameTables | None]] = {}


def game_tables(game: Game) -> GameTables | None:
    """The kernels' tables of ``game`` (built on first use), or None if not covered."""
    found = _GAME_TABLES.get(id(game))
    if found is not None and found[0] is game:
        return found[1]
    made = _build_game_tables(game)
    if len(_GAME_TABLES) > 256:
        _GAME_TABLES.clear()
    _GAME_TABLES[id(game)] = (game, made)
    return made


def _build_game_tables(game: Game) -> GameTables | None:
    shape = _game_shape(game)
    if shape is None:
        return None
    hole, board, scales = shape
    built = _tables(game, scales, hole, board)
    if built is None:
        return None
    tables, need_sets = built
    unqualified = (
        k.UNQUALIFIED_FIRST_SHARE
        if game.showdown.unqualified == "first-share"
        else k.UNQUALIFIED_SPLIT
    )
    cards = tuple(deck(game.deck).cards)
    card_keys = np.zeros(len(cards) + NO_CARDS, dtype=np.int64)
    card_bits = np.zeros(len(cards) + NO_CARDS, dtype=np.uint64)
    card_keys[: len(cards)] = [c.key for c in cards]
    card_bits[: len(cards)] = [_bit(c) for c in cards]
    return GameTables(
        hole=hole,
        board=board,
        shares=len(scales),
        tables=tables,
        need_sets=need_sets,
        unqualified=unqualified,
        every_split=bool(np.all(tables[0][:, k.MODE] == k.SPLIT)),
        cards=cards,
        position={c: i for i, c in enumerate(cards)},
        card_keys=card_keys,
        card_bits=card_bits,
    )


def plan_spot(spot: Spot) -> Plan | None:
    """The spot laid out for the kernels, or None if they do not cover it."""
    made = game_tables(spot.game)
    if made is None:
        return None
    hole, board = made.hole, made.board
    if len(spot.boards) > 1 or any(len(h) > hole for h in spot.hands) or not spot.hands:
        return None
    known_board = spot.boards[0] if spot.boards else ()
    if len(known_board) > board:
        return None
    unseen = _unseen(spot, made)
    missing = board - len(known_board) + sum(hole - len(h) for h in spot.hands)
    if missing > len(unseen) - NO_CARDS:
        return None
    keys = made.card_keys[unseen]
    bits = made.card_bits[unseen]
    board_keys, board_bits = _card_rows([known_board], FIVE, made)
    hand_keys, hand_bits = _card_rows(spot.hands, hole, made)
    return Plan(
        hands=len(spot.hands),
        shares=made.shares,
        keys=keys,
        bits=bits,
        board_keys=board_keys[0],
        board_bits=board_bits[0],
        known_board=len(known_board),
        board_missing=board - len(known_board),
        hand_keys=hand_keys,
        hand_bits=hand_bits,
        hand_known=tuple(len(h) for h in spot.hands),
        hole=hole,
        tables=made.tables,
        unqualified=made.unqualified,
        need_sets=made.need_sets,
        every_split=made.every_split,
    )


def _bit(c: Card) -> int:
    return 1 << (16 * c.suit + c.rank - 2)


def _card_rows(
    groups: tuple[tuple[Card, ...], ...] | list[tuple[Card, ...]], width: int, made: GameTables
) -> tuple[I64, U64]:
    """Each group's card keys and bits, padded with no card to ``width``."""
    no_card = len(made.cards)
    rows = [
        [made.position[c] for c in cards] + [no_card] * (width - len(cards)) for cards in groups
    ]
    at = np.array(rows, dtype=np.int64).reshape(len(groups), width)
    return made.card_keys[at], made.card_bits[at]


def _unseen(spot: Spot, made: GameTables) -> npt.NDArray[np.intp]:
    """The deck positions of the cards not in any hand, on the board or dead, then
    NO_CARDS positions of no card; checks the cards."""
    position = made.position
    given = [c for h in spot.hands for c in h]
    for b in spot.boards:
        given += b
    given += spot.dead
    taken = [position.get(c, -1) for c in given]
    if -1 in taken or len(set(taken)) != len(taken):
        _refuse(spot, given, position)
    free = np.ones(len(made.cards) + NO_CARDS, dtype=np.bool_)
    free[taken] = False
    return np.flatnonzero(free)


def _refuse(spot: Spot, given: list[Card], position: dict[Card, int]) -> None:
    """The error of the first card not in the deck or given twice."""
    seen: set[Card] = set()
    for c in given:
        if c not in position:
            raise FastSpotError(
                f"{c} is not in the {spot.game.deck} deck {spot.game.name} is played with"
            )
        if c in seen:
            raise FastSpotError(f"{c} is dealt twice")
        seen.add(c)


def _tables(
    game: Game, scales: list[TableScale], hole: int, board: int
) -> tuple[tuple[npt.NDArray[np.generic], ...], bool] | None:
    """The kernels' tables for the game's shares, and whether subset sums are needed."""
    shares = game.showdown.shares
    pool = hole + board
    info = np.zeros((len(shares), k.INFO_COLUMNS), dtype=np.int64)
    pairs: list[tuple[int, int]] = []
    ranks: list[ShareRanks] = []
    for s, (share, sc) in enumerate(zip(shares, scales, strict=True)):
        mode, flush, counts = _share_mode(share, sc, hole, board)
        sizes = (pool,) if mode == k.POOL else ()
        found = share_ranks(sc, share.qualifier, sizes)
        if found is None or (mode == k.SPLIT and not counts):
            return None
        ranks.append(found)
        start = len(pairs)
        for u in counts:
            for held in combinations(range(hole), u):
                for shared in combinations(range(board), FIVE - u):
                    pairs.append((sum(1 << j for j in held), sum(1 << j for j in shared)))
        info[s] = (mode, flush, found.threshold, start, len(pairs))
    pool_size = pool if pool <= MAX_POOL else FIVE
    multi = np.stack([r.multi.get(pool_size, _empty(pool_size)) for r in ranks])
    multi5 = np.stack([r.multi[FIVE] for r in ranks])
    tables = (
        info,
        np.array(pairs, dtype=np.int64).reshape(len(pairs), 2),
        size_hash(pool_size).disp,
        multi,
        size_hash(FIVE).disp,
        multi5,
        np.stack([r.flush5 for r in ranks]),
        np.stack([r.flush_best for r in ranks]),
    )
    return tables, bool(pairs)


def _empty(size: int) -> I32:
    return np.full(size_hash(size).size, -1, dtype=np.int32)


def _hand_sums(plan: Plan) -> tuple[I64, U64, I64, U64]:
    """Each complete hand's key and bit sums, and those of its card subsets."""
    hk = plan.hand_keys.sum(axis=1).astype(np.int64)
    hb = np.bitwise_or.reduce(plan.hand_bits, axis=1).astype(np.uint64)
    width = 1 << plan.hole if plan.need_sets else 1
    hsum = np.zeros((plan.hands, width), dtype=np.int64)
    hbit = np.zeros((plan.hands, width), dtype=np.uint64)
    if plan.need_sets:
        from pokerbook.equity.kernels import subset_sums

        for i in range(plan.hands):
            subset_sums(plan.hand_keys[i], plan.hand_bits[i], plan.hole, hsum[i], hbit[i])
    return hk, hb, hsum, hbit


def _levels(plan: Plan) -> tuple[npt.NDArray[np.bool_], I64, I64]:
    """The cards a deal gives, one level each: the board's missing cards, then each
    hand's (first of its owner, owner: -1 the board, slot in the owner's cards)."""
    first: list[bool] = []
    owner: list[int] = []
    slot: list[int] = []
    for t in range(plan.board_missing):
        first.append(t == 0)
        owner.append(-1)
        slot.append(plan.known_board + t)
    for i, n in enumerate(plan.hand_known):
        for t in range(plan.hole - n):
            first.append(t == 0)
            owner.append(i)
            slot.append(n + t)
    return (
        np.array(first, dtype=np.bool_),
        np.array(owner, dtype=np.int64),
        np.array(slot, dtype=np.int64),
    )


def _state(plan: Plan) -> tuple[object, ...]:
    """The known cards as the deal kernels take them."""
    return (
        plan.board_keys.copy(),
        plan.board_bits.copy(),
        plan.known_board + plan.board_missing,
        plan.hand_keys.copy(),
        plan.hand_bits.copy(),
        np.full(plan.hands, plan.hole, dtype=np.int64),
        1 << plan.hole if plan.need_sets else 1,
    )


def _tally(plan: Plan, acc: F64, deals: int) -> Tally:
    columns = np.add.reduce(acc, axis=0).T.tolist()  # as acc.sum(axis=0), by column
    split = plan.shares > 1
    zero = [0.0] * plan.hands
    return Tally(
        hands=plan.hands,
        deals=deals,
        weight=float(deals),
        equity=columns[k.EQUITY],
        equity_sq=columns[k.EQUITY_SQ],
        high=columns[k.FIRST] if split else list(zero),
        low=columns[k.SECOND] if split else list(zero),
        scoop=columns[k.SCOOP] if split else list(zero),
    )


def _scaled(tally: Tally, times: int) -> Tally:
    def scale(values: list[float]) -> list[float]:
        return [v * times for v in values]

    return Tally(
        hands=tally.hands,
        deals=times,
        weight=float(times),
        equity=scale(tally.equity),
        equity_sq=scale(tally.equity_sq),
        high=scale(tally.high),
        low=scale(tally.low),
        scoop=scale(tally.scoop),
    )


__all__ = [
    "FastSpotError",
    "GameTables",
    "Plan",
    "covered",
    "exact_route",
    "exact_tally",
    "fast_tally",
    "game_tables",
    "kernels_for",
    "plan_spot",
    "sample_tally",
]
