"""``pokerbook simulate --night``: a whole game night between bots, with a ledger."""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path

import click

from pokerbook.bots import CallPolicy, get_policy
from pokerbook.bots.base import Policy
from pokerbook.bots.histories import PhhsFile
from pokerbook.bots.simulation import Checks, SimulationError, play_checked
from pokerbook.cli.progress import progress_bar
from pokerbook.engine.hand import Hand
from pokerbook.table.ledger import Ledger
from pokerbook.table.night import Night, NightError, Seat
from pokerbook.table.night_file import find_night
from pokerbook.table.play import GameNight
from pokerbook.table.report import ReportFile
from pokerbook.table.tournament import Tournament, ordinal

#: nights with at least this many hands show a progress bar (on a terminal)
PROGRESS_FROM = 50


#: what the summary says was checked, by --checks
NIGHT_CHECKED = {
    "action": "invariants held after every action; chips conserved over the night",
    "hand": "invariants held at the end of every hand; chips conserved over the night",
    "none": "no invariants or chips checked",
}


def _night_table(
    night: Night, policies: list[Policy], seed: int, seats: Sequence[Seat], checks: Checks
) -> GameNight:
    """The night's table, checking each hand as ``checks`` says and, unless ``none``,
    the chips at the table after every hand."""
    table = GameNight(night, policies, seed, seats=seats, check=checks != "none")
    if checks == "hand":
        table.hand_player = lambda hand, bots, rng, _check: play_checked(hand, bots, rng, "hand")
    return table


def resolve_night(name: str) -> Night:
    """A built-in night or a night file, or a click error saying what is wrong."""
    try:
        return find_night(name)
    except NightError as exc:
        raise click.BadParameter(str(exc), param_hint="--night") from None


def _signed(amount: int) -> str:
    return f"{amount:+d}" if amount else "0"


def simulate_night(
    name: str,
    *,
    players: int | None,
    hands: int,
    seed: int,
    policy: str,
    report_path: Path | None,
    ledger_path: Path | None,
    phh_path: Path | None,
    checks: Checks = "action",
) -> None:
    """Play up to ``hands`` hands of the night ``name`` and print its summary, each hand
    checked as ``checks`` says (and, unless ``none``, the chips at the table after it)."""
    night = resolve_night(name)
    if hands < 0:
        raise click.BadParameter("cannot play a negative number of hands", param_hint="--hands")
    try:
        seats = night.seated(players)
    except NightError as exc:
        raise click.BadParameter(str(exc), param_hint="--players") from None
    policies = [get_policy(policy) for _ in seats]
    table = _night_table(night, policies, seed, seats, checks)
    buy_ins = sorted({s.buy_in for s in seats})
    click.echo(
        f"{night.name} ({night.key}), house {night.house.name}, {night.selection.describe()}, "
        f"{len(seats)} players, buy-in {'/'.join(map(str, buy_ins))}, "
        f"{night.rebuys.describe()}, policy {policy}, seed {seed}"
    )
    if table.tournament is not None:
        click.echo(
            f"tournament: {night.tournament.describe() if night.tournament else ''}; "
            f"{table.tournament.stack} chips each, prize pool {table.tournament.prize_pool}"
        )
    begun = time.perf_counter()
    if hands:
        warm_up_night(night, len(seats))
    start = time.perf_counter()
    try:
        with ExitStack() as opened:
            report = (
                opened.enter_context(ReportFile(report_path, night, seats, seed=seed))
                if report_path is not None
                else None
            )
            phh = opened.enter_context(PhhsFile(phh_path)) if phh_path is not None else None
            progress = opened.enter_context(progress_bar(hands, "hands", minimum=PROGRESS_FROM))
            tally = play_night(table, hands, report=report, phh=phh, progress=progress)
            seconds = time.perf_counter() - start
            ledger = table.finish()
            if report is not None:
                report.finish(ledger, ended=table.ended, tournament=table.tournament)
    except SimulationError as exc:
        raise click.ClickException(str(exc)) from exc
    _night_summary(table, tally, ledger)
    if report_path is not None:
        click.echo(f"wrote the report to {report_path}")
    if ledger_path is not None:
        ledger_path.write_text(ledger.entries_csv(), encoding="utf-8")
        click.echo(f"wrote the ledger to {ledger_path}")
    if phh_path is not None:
        click.echo(f"wrote {tally.played} hands to {phh_path}")
    if tally.played:
        click.echo(
            f"{NIGHT_CHECKED[checks]} "
            f"({sum(t.buy_in for t in map(ledger.totals, ledger.players))} bought in, "
            f"{sum(t.rebuys for t in map(ledger.totals, ledger.players))} rebought)"
        )
    rate = tally.played / seconds if seconds > 0 else 0.0
    click.echo(
        f"{tally.played} hands in {seconds:.2f} s ({rate:.0f} hands/s); "
        f"start-up {start - begun:.2f} s not counted"
    )


def warm_up_night(night: Night, players: int) -> None:
    """Deal one hand of each of the night's games, unseen, its bots calling down and
    standing pat, so that the engine's tables and caches are loaded before the timed
    hands (it changes none of them: the night has its own generator)."""
    rng = random.Random(0)
    for game in night.games:
        seats = max(2, min(players, game.max_players))
        stakes = night.stakes.for_game(game)
        hand = Hand(game, stakes, [10**6] * seats, button=0, house=night.house, seed=0)
        play_checked(hand, [CallPolicy(draws="pat")] * seats, rng, "none")


@dataclass
class NightTally:
    """What a simulated night keeps of its hands: counts, never the hands."""

    played: int = 0
    games: Counter[str] = field(default_factory=Counter)
    told: Counter[str] = field(default_factory=Counter)


def play_night(
    table: GameNight,
    hands: int,
    *,
    report: ReportFile | None = None,
    phh: PhhsFile | None = None,
    progress: Callable[[int], None] | None = None,
) -> NightTally:
    """Play up to ``hands`` hands of the night, each written to the report and the
    ``.phhs`` file as it ends and then let go: a night's memory stays flat however
    long it is."""
    tally = NightTally()
    for result in table.play(hands):
        tally.played += 1
        tally.games[result.game.id] += 1
        tally.told.update(notice.kind for notice in result.notices)
        if report is not None:
            report.add(result)
        if phh is not None:
            phh.add_hand(result.hand)
        if progress is not None:
            progress(result.number)
    return tally


def _night_summary(table: GameNight, tally: NightTally, ledger: Ledger) -> None:
    """How the night ended, the games played, what the table was told, the nets and
    the settlement."""
    if table.ended:
        won = table.tournament is not None and table.tournament.winner is not None
        click.echo(f"the night ended{'' if won else ' early'}: {table.ended}")
    if table.tournament is not None:
        _places(table.tournament)
    if tally.played:
        click.echo("games: " + ", ".join(f"{g} {n}" for g, n in tally.games.items()))
    if tally.told:
        click.echo(
            "told the table: " + ", ".join(f"{k} {n}" for k, n in sorted(tally.told.items()))
        )
    nets = ledger.nets()
    click.echo("nets: " + ", ".join(f"{p} {_signed(n)}" for p, n in nets.items()))
    payments = ledger.settlement()
    if payments:
        click.echo(
            "settlement: " + "; ".join(f"{p.payer} pays {p.payee} {p.amount}" for p in payments)
        )
    else:
        click.echo("settlement: nobody owes anybody")


def _places(tournament: Tournament) -> None:
    """Who finished where and won what, first place first."""
    if tournament.stopped_early:
        click.echo("the tournament did not finish: the players still in are placed by chips")
    click.echo("places:")
    for place in tournament.standings():
        tied = f" (tied with {place.tied - 1} more)" if place.tied > 1 else ""
        chips = f"{place.stack} chips"
        when = chips if place.hand is None else f"out in hand {place.hand} with {chips}"
        click.echo(
            f"  {ordinal(place.place):>4}  {place.name} won {place.payout}{tied}"
            f" (seat {place.seat + 1}, {when})"
        )
