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

from pokerbook.equity.answer import answer
from pokerbook.equity.engine_path import EquityTable
from pokerbook.equity.enumerate import EXACT_LIMIT, Progress, exact_tally, plan_exact
from pokerbook.equity.fast import fast_tally
from pokerbook.equity.request import CardText, EquityError, Question, read_question
from pokerbook.equity.sample import MAX_TRIALS, sample_tally, standard_errors
from pokerbook.equity.spot import Tally
from pokerbook.games.house import BARGE, House
from pokerbook.games.model import Game

#: with neither exact nor trials nor error: exact if it takes at most this many deals
#: through the engine (or EXACT_LIMIT by the kernels), else this many trials
AUTO_EXACT = 50_000
DEFAULT_TRIALS = 10_000
#: trials per call of the kernels when sampling to a standard error
FAST_BATCH = 10_000


def _covered(question: Question) -> bool:
    """Whether the kernels may answer: the game as the catalogue plays it (the barge
    house), no draws declared or drawn by policy, no openers (a deal nobody opens is
    dealt again here)."""
    return (
        question.house == BARGE
        and not question.draws
        and question.draw_policy is None
        and not question.spot.game.openers
    )


def _fast_tally(
    question: Question, *, exact: bool, trials: int | None, seed: int | None
) -> Tally | None:
    """The kernels' tally of a question they cover, else None."""
    if not _covered(question):
        return None
    return fast_tally(question.spot, exact=exact, trials=trials, seed=seed)


def _fast_to_error(question: Question, error: float, seed: int | None) -> Tally | None:
    """The kernels' tally in batches of :data:`FAST_BATCH` trials until every standard
    error is at most ``error`` (None if the kernels do not cover the question)."""
    seeds = random.Random(seed)
    tally: Tally | None = None
    while tally is None or max(standard_errors(tally)) > error:
        if tally is not None and tally.deals >= MAX_TRIALS:
            break
        batch = _fast_tally(question, exact=False, trials=FAST_BATCH, seed=seeds.getrandbits(32))
        if batch is None:
            return None
        if tally is None:
            tally = batch
        else:
            tally.merge(batch)
    return tally


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
    """The exact tally when asked for, or when quick (None: sample instead)."""
    question = table.question
    if question.random_draws and not exact:
        return None
    plan = plan_exact(table, seed)
    if plan.deals <= EXACT_LIMIT:
        fast = _fast_tally(question, exact=True, trials=None, seed=seed)
        if fast is not None:
            return fast
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
    """The tally of ``question`` and whether it is exact (see :func:`equity`)."""
    _check_options(exact, trials, error)
    table = EquityTable(question)
    if exact is not False and trials is None and error is None:
        found = _exact(table, exact, seed, progress)
        if found is not None:
            return found, True
    if trials is None and error is None:
        trials = DEFAULT_TRIALS
    if error is None:
        fast = _fast_tally(question, exact=False, trials=trials, seed=seed)
    elif trials is None:
        fast = _fast_to_error(question, error, seed)
    else:
        fast = None
    if fast is not None:
        return fast, False
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


__all__ = ["EXACT_LIMIT", "EquityError", "equity"]
