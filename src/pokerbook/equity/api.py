"""``pokerbook.equity(...)``: each hand's share of the pot in any game.

The compiled kernels answer the games they cover (:mod:`pokerbook.equity.fast`);
every other question goes through the engine, exactly where the deals fit
(:mod:`pokerbook.equity.enumerate`) and by sampling otherwise
(:mod:`pokerbook.equity.sample`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from pokerbook.engine.rules import uses_wild_cards
from pokerbook.equity.answer import answer
from pokerbook.equity.engine_path import EquityTable
from pokerbook.equity.enumerate import EXACT_LIMIT, Progress, exact_tally, plan_exact
from pokerbook.equity.fast import Plan, plan_spot
from pokerbook.equity.fast import exact_tally as exact_kernels
from pokerbook.equity.fast import sample_tally as sample_kernels
from pokerbook.equity.request import CardText, EquityError, Question, read_question
from pokerbook.equity.sample import MAX_TRIALS, sample_tally, standard_errors
from pokerbook.equity.spot import Tally
from pokerbook.games.house import BARGE, House
from pokerbook.games.model import Game

#: with neither exact nor trials nor error: exact if it takes at most this many deals
#: through the engine (or EXACT_LIMIT by the kernels), else DEFAULT_TRIALS trials
AUTO_EXACT = 50_000
DEFAULT_TRIALS = 10_000
#: trials per call of the kernels when sampling to a standard error
FAST_BATCH = 10_000


def house_keeps_showdown(game: Game, house: House) -> bool:
    """Whether ``house`` plays ``game``'s showdown, deal and qualifiers as the game
    itself does (its low scale and qualifier leave every share alone, and it does
    not refuse the game's wild cards): only the betting and odd chips differ."""
    if house == BARGE:
        return True
    if any(house.share(share) != share for share in game.showdown.shares):
        return False
    wild = any(share.wild for share in game.showdown.shares)
    return house.wild_cards or not uses_wild_cards(game.steps, wild)


#: whether the kernels may answer a game under a house, by the pair's ids
_KERNELS_MAY: dict[tuple[int, int], tuple[Game, House, bool]] = {}


def kernels_may_answer(game: Game, house: House) -> bool:
    """Whether the kernels may answer questions of ``game`` under ``house``: no openers
    (a deal nobody opens is dealt again here) and a house that plays the game's
    showdown as the catalogue does (:func:`house_keeps_showdown`); remembered for the
    pair (games and houses are immutable)."""
    key = (id(game), id(house))
    found = _KERNELS_MAY.get(key)
    if found is not None and found[0] is game and found[1] is house:
        return found[2]
    may = not game.openers and house_keeps_showdown(game, house)
    if len(_KERNELS_MAY) > 1024:
        _KERNELS_MAY.clear()
    _KERNELS_MAY[key] = (game, house, may)
    return may


def _covered(question: Question) -> bool:
    """Whether the kernels may answer: no draws declared or drawn by policy, and a game
    and house they may answer (:func:`kernels_may_answer`); whether they can value the
    showdown is :func:`~pokerbook.equity.fast.plan_spot`'s to say."""
    return (
        not question.draws
        and question.draw_policy is None
        and kernels_may_answer(question.spot.game, question.house)
    )


def kernel_plan(question: Question) -> Plan | None:
    """The question laid out for the kernels, or None if they do not cover it."""
    if not _covered(question):
        return None
    return plan_spot(question.spot)


def _fast_to_error(plan: Plan, error: float, seed: int | None) -> Tally:
    """The kernels' tally in batches of :data:`FAST_BATCH` trials until every standard
    error is at most ``error`` (or :data:`MAX_TRIALS` trials are reached)."""
    seeds = random.Random(seed)
    tally: Tally | None = None
    while tally is None or max(standard_errors(tally)) > error:
        if tally is not None and tally.deals >= MAX_TRIALS:
            break
        batch = sample_kernels(plan, FAST_BATCH, seeds.getrandbits(32))
        if tally is None:
            tally = batch
        else:
            tally.merge(batch)
    return tally


def _by_kernels(
    plan: Plan,
    exact: bool | None,
    trials: int | None,
    error: float | None,
    seed: int | None,
) -> tuple[Tally, bool] | None:
    """The kernels' answer (see :func:`solve`), or None where the engine answers
    instead: an exact answer over more than :data:`EXACT_LIMIT` deals (the engine
    path refuses it, naming the count), or both trials and an error given."""
    if exact is not False and trials is None and error is None:
        if plan.deals <= EXACT_LIMIT:
            return exact_kernels(plan), True
        if exact:
            return None
    if error is None:
        count = DEFAULT_TRIALS if trials is None else trials
        return sample_kernels(plan, count, 0 if seed is None else seed), False
    if trials is None:
        return _fast_to_error(plan, error, seed), False
    return None


def _check_options(exact: bool | None, trials: int | None, error: float | None) -> None:
    if exact and (trials is not None or error is not None):
        raise EquityError("an exact answer takes no trials or error: give one or the other")
    if trials is not None and trials < 1:
        raise EquityError(f"trials must be at least 1, not {trials}")
    if error is not None and not 0 < error < 1:
        raise EquityError(f"the error to reach must be between 0 and 1, not {error}")


def _exact(
    table: EquityTable, exact: bool | None, seed: int | None, progress: Progress | None
) -> Tally | None:
    """The exact tally through the engine when asked for, or when quick (None: sample
    instead)."""
    question = table.question
    if question.random_draws and not exact:
        return None
    plan = plan_exact(table, seed)
    if exact or plan.deals <= AUTO_EXACT:
        return exact_tally(table, progress=progress, plan=plan)
    return None


def solve(
    question: Question,
    *,
    exact: bool | None = None,
    trials: int | None = None,
    error: float | None = None,
    seed: int | None = None,
    progress: Progress | None = None,
) -> tuple[Tally, bool]:
    """The tally of ``question`` and whether it is exact (see :func:`equity`).

    The kernels answer what they cover without building the engine's table; the
    engine answers the rest."""
    _check_options(exact, trials, error)
    plan = kernel_plan(question)
    if plan is not None:
        found = _by_kernels(plan, exact, trials, error, seed)
        if found is not None:
            return found
    table = EquityTable(question)
    if exact is not False and trials is None and error is None:
        tally = _exact(table, exact, seed, progress)
        if tally is not None:
            return tally, True
    if trials is None and error is None:
        trials = DEFAULT_TRIALS
    return sample_tally(table, trials=trials, error=error, seed=seed, progress=progress), False


def equity(
    game: str | Game,
    hands: str | Sequence[CardText],
    board: CardText | Sequence[CardText] = "",
    dead: CardText = "",
    *,
    exact: bool | None = None,
    trials: int | None = None,
    error: float | None = None,
    house: str | House | None = None,
    draws: Sequence[str | Sequence[CardText]] | None = None,
    draw_policy: str | None = None,
    seed: int | None = None,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """Each hand's share of the pot in ``game`` (ID, name or alias; ``house``'s rules).

    ``hands``: card texts, one per hand (``["Ah Kh", "Qd Qc"]``; a stud hand lists its
    cards in the order dealt; a hand with fewer cards than the game deals is dealt
    out).  ``board``: the known board cards, or a list of boards for games with
    several.  ``dead``: cards out of play.  ``draws``: per hand, what it throws in
    each draw or discard round to come (``"Kh 9c / pat"``); ``draw_policy``: how the
    rounds not declared are drawn (``pat``, the default; ``random``).

    ``exact=True`` goes through every deal (at most
    :data:`~pokerbook.equity.enumerate.EXACT_LIMIT`); ``trials`` samples that many
    deals; ``error`` samples until every hand's standard error is at most that.
    With none of them: exact when it is quick, else :data:`DEFAULT_TRIALS` trials.
    ``progress(done, total)`` is called as the deals go.

    Returns ``{"game", "exact", "boards" or "trials", "hands": [{"hand", "equity",
    "high", "low", "scoop", "error"}]}`` (:mod:`pokerbook.equity.answer`).

    >>> result = equity("holdem", ["Ah Kh", "Qd Qc"], board="2c 7d Jc 9s", exact=True)
    >>> result["boards"], round(result["hands"][0]["equity"], 4)
    (44, 0.1364)
    """
    question = read_question(
        game, hands, board, dead, house=house, draws=draws, draw_policy=draw_policy
    )
    tally, is_exact = solve(
        question, exact=exact, trials=trials, error=error, seed=seed, progress=progress
    )
    return answer(question.spot, tally, exact=is_exact)


__all__ = [
    "EXACT_LIMIT",
    "EquityError",
    "equity",
    "house_keeps_showdown",
    "kernel_plan",
    "kernels_may_answer",
    "solve",
]
