"""``pokerbook simulate``: many hands between bots, each checked (``--checks``)."""

from __future__ import annotations

from contextlib import ExitStack
from pathlib import Path

import click

from pokerbook.bots import policy_names
from pokerbook.bots.histories import PhhsFile
from pokerbook.bots.parallel import ChunkError, run_simulation
from pokerbook.bots.simulation import CHECKS, Checks, Table
from pokerbook.bots.totals import Totals
from pokerbook.cli.progress import progress_bar
from pokerbook.cli.simulate_night import simulate_night
from pokerbook.cli.table_setup import (
    FORMAT_HELP,
    FORMATS,
    STAKES_HELP,
    choose_table,
    describe_stakes,
    house_option,
    ledger_option,
)
from pokerbook.cluster import ClusterError

#: runs with at least this many hands show a progress bar (on a terminal)
PROGRESS_FROM = 200

#: what the summary says was checked, by --checks
CHECKED = {
    "action": "invariants held after every action",
    "hand": "invariants held at the end of every hand",
    "none": "no invariants checked",
}


@click.command("simulate")
@click.option(
    "--game",
    "-g",
    "game_name",
    help="Catalogue ID, name or alias, or a game file (my-game.toml, games.toml:ID).",
)
@click.option(
    "--night",
    "night_name",
    help="A game night instead of one game: a built-in night (horse, barge-26, "
    "oresteen-dealers-choice, oresteen-holdem-night, oresteen-tournament-night) or a night "
    "file (.toml).",
)
@click.option(
    "--format",
    "-f",
    "fmt",
    type=click.Choice(FORMATS),
    help=FORMAT_HELP,
)
@click.option(
    "--players", "-p", type=int, help="Seats at the table (default: 6, or the game's most)."
)
@click.option("--hands", "-n", default=1000, show_default=True, help="Hands to play.")
@click.option("--seed", "-s", default=0, show_default=True, help="Seed for deals and bots.")
@click.option(
    "--policy",
    type=click.Choice(policy_names()),
    default="random",
    show_default=True,
    help="How every bot plays.",
)
@click.option("--stakes", help=STAKES_HELP)
@click.option("--stack", type=int, help="Starting stack (default: 100 big blinds or big bets).")
@click.option(
    "--phh",
    "phh_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write the hands to this multi-hand .phhs file.",
)
@click.option(
    "--report",
    "report_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="With --night: write the night's report (hands, ledger, settlement) as JSON.",
)
@click.option(
    "--checks",
    type=click.Choice(CHECKS),
    default="hand",
    show_default=True,
    help="Check the hand's invariants after every action (thorough, for fuzzing), once "
    "at the end of each hand (the chips and the cards), or never (the engine's own speed).",
)
@click.option(
    "--workers",
    "-w",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="Spread the hands over this many processes (--game only); the results are the "
    "same for a seed whatever the number.",
)
@click.option(
    "--cluster",
    metavar="ADDRESS",
    default=None,
    help="Play the chunks on a Ray cluster (--game only): 'auto' for this machine's Ray "
    "(started if none runs) or ray://HOST:PORT; needs pip install 'pokerbook[cluster]'. "
    "The results are the same as here for the same seed.",
)
@ledger_option
@house_option
def simulate_command(
    game_name: str | None,
    night_name: str | None,
    fmt: str | None,
    players: int | None,
    hands: int,
    seed: int,
    policy: str,
    stakes: str | None,
    stack: int | None,
    phh_path: Path | None,
    report_path: Path | None,
    ledger_path: Path | None,
    checks: Checks,
    house_name: str,
    workers: int,
    cluster: str | None,
) -> None:
    """Play HANDS hands of a game, or a game night, between bots, and check them.

    With --game the button moves one seat each hand and every seat starts each hand
    with the same stack (stacks are reset, not carried over).  At the end of every hand
    (--checks hand) or after every action (--checks action) the hand is checked:
    chips conserved, no negative stacks, a legal action for the player to act, no
    card dealt twice, the right number of cards per seat.  An illegal action is
    refused whatever --checks is.  The hands are played in chunks of 1000, each
    seeded from the seed and its place in the run, so --workers N plays the same
    hands as one process.  Ends with each seat's net and its standard error, the
    showdown share, and the speed: "K hands in T s (R hands/s)", the hands alone
    (the start-up, a warm-up hand and starting the workers, not counted).

    \b
    pokerbook simulate --game F01 --players 6 --hands 10000 --seed 1
    pokerbook simulate --game razz --policy call --hands 500
    pokerbook simulate --game plo --format pot-limit --stakes 5/10 --phh plo.phhs
    pokerbook simulate --game F01 --policy call --hands 200000 --workers 2
    pokerbook simulate --game F01 --policy call --hands 10000000 --cluster ray://head:10001

    With --night the bots play a night instead (docs/nights.md): the night's games
    in turn or by the dealer's choice, stacks carried from hand to hand, busted
    players rebuying or out, and a ledger settled at the end.  The report and the
    histories are written as each hand ends, so a long night's memory stays flat; a
    night's hands follow one another, so it plays in one process.

    \b
    pokerbook simulate --night horse --players 6 --hands 200 --seed 1 --report horse.json
    pokerbook simulate --night my-night.toml --hands 500 --ledger ledger.csv
    """
    if night_name is not None:
        if game_name is not None:
            raise click.UsageError("give --game or --night, not both")
        if workers != 1 or cluster is not None:
            raise click.UsageError(
                f"{'--workers' if cluster is None else '--cluster'} applies to --game: a "
                "night's hands follow one another (stacks, button and ledger carry over), "
                "so one process plays them"
            )
        if house_name != "barge":
            raise click.UsageError("--house applies to --game; a night declares its own house")
        for value, option in ((fmt, "--format"), (stakes, "--stakes"), (stack, "--stack")):
            if value is not None:
                raise click.UsageError(f"{option} applies to --game; a night declares its own")
        simulate_night(
            night_name,
            players=players,
            hands=hands,
            seed=seed,
            policy=policy,
            report_path=report_path,
            ledger_path=ledger_path,
            phh_path=phh_path,
            checks=checks,
        )
        return
    if game_name is None:
        raise click.UsageError("give --game GAME (or --night NIGHT)")
    if cluster is not None and workers != 1:
        raise click.UsageError("give --workers or --cluster, not both: a cluster has its own")
    for path, option in ((report_path, "--report"), (ledger_path, "--ledger")):
        if path is not None:
            raise click.UsageError(f"{option} applies to --night")
    chosen = choose_table(game_name, fmt, stakes, players, stack, house_name)
    if hands < 0:
        raise click.BadParameter("cannot play a negative number of hands", param_hint="--hands")
    game, table_stakes, seats, starting = chosen.game, chosen.stakes, chosen.players, chosen.stack
    house = chosen.house
    table = Table(game, table_stakes, (starting,) * seats, house)
    click.echo(
        f"{game.name} ({game.id}), {describe_stakes(table_stakes)}, {house.name} house, "
        f"{seats} players, "
        f"stacks {starting} reset each hand, policy {policy}, seed {seed}"
    )
    _play(table, policy, hands, seed, checks, workers, phh_path, cluster)


def _play(
    table: Table,
    policy: str,
    hands: int,
    seed: int,
    checks: Checks,
    workers: int,
    phh_path: Path | None,
    cluster: str | None,
) -> None:
    """Play the run, writing the hands to ``phh_path`` as they come, and print its
    summary and speed."""
    try:
        with ExitStack() as opened:
            phh = opened.enter_context(PhhsFile(phh_path)) if phh_path is not None else None
            progress = opened.enter_context(progress_bar(hands, "hands", minimum=PROGRESS_FROM))
            run = run_simulation(
                table,
                policy,
                hands,
                seed,
                checks=checks,
                workers=workers,
                history=None if phh is None else phh.add,
                progress=progress,
                cluster=cluster,
            )
    except ChunkError as exc:
        raise click.ClickException(str(exc)) from exc
    except ClusterError as exc:
        raise click.UsageError(str(exc)) from exc
    if phh_path is not None:
        click.echo(f"wrote {hands} hands to {phh_path}")
    _summary(run.totals, checks)
    workers_said = f", {workers} workers" if workers > 1 else ""
    if cluster is not None:
        workers_said = f", on the Ray cluster at {cluster}"
    click.echo(
        f"{hands} hands in {run.seconds:.2f} s ({run.rate:.0f} hands/s){workers_said}; "
        f"start-up {max(run.elapsed - run.seconds, 0.0):.2f} s not counted"
    )


def _summary(totals: Totals, checks: Checks) -> None:
    """The pots and showdowns, and each seat's net with its standard error."""
    if not totals.hands:
        return
    click.echo(
        f"average pot {totals.average_pot:.1f}, showdown in "
        f"{100 * totals.showdown_share:.0f}% of hands; {CHECKED[checks]}"
    )
    nets = ", ".join(
        f"seat {seat + 1} {net:+d} ± {totals.standard_error(seat):.0f}"
        for seat, net in enumerate(totals.net)
    )
    click.echo(f"nets (± one standard error): {nets}")
