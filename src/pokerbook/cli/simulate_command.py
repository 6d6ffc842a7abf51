"""``pokerbook simulate``: many hands between bots, each checked (``--checks``)."""

from __future__ import annotations

import time
from pathlib import Path

import click

from pokerbook.bots import get_policy, policy_names
from pokerbook.bots.simulation import CHECKS, Checks, SimulationError, Table, simulate
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
from pokerbook.engine.hand import Hand

#: runs with at least this many hands show a progress bar (on a terminal)
PROGRESS_FROM = 200

#: what the summary says was checked, by --checks
CHECKED = {
    "action": "invariants held after every action",
    "hand": "invariants held at the end of every hand",
    "none": "no invariants checked",
}


def _write_phh(path: Path, hands: list[Hand]) -> None:
    """The hands as one ``.phhs`` file (tables ``[1]``, ``[2]`` ...)."""
    from pokerbook.history.phh import write_phh, write_phhs

    documents = (write_phh(hand, fields={"hand": i}) for i, hand in enumerate(hands, 1))
    path.write_text(write_phhs(documents), encoding="utf-8")


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
) -> None:
    """Play HANDS hands of a game, or a game night, between bots, and check them.

    With --game the button moves one seat each hand and every seat starts each hand
    with the same stack (stacks are reset, not carried over).  At the end of every hand
    (--checks hand) or after every action (--checks action) the hand is checked:
    chips conserved, no negative stacks, a legal action for the player to act, no
    card dealt twice, the right number of cards per seat.  An illegal action is
    refused whatever --checks is.  Ends with the speed: "K hands in T s (R hands/s)",
    the hands alone (start-up not counted).

    \b
    pokerbook simulate --game F01 --players 6 --hands 10000 --seed 1
    pokerbook simulate --game razz --policy call --hands 500
    pokerbook simulate --game plo --format pot-limit --stakes 5/10 --phh plo.phhs

    With --night the bots play a night instead (docs/nights.md): the night's games
    in turn or by the dealer's choice, stacks carried from hand to hand, busted
    players rebuying or out, and a ledger settled at the end.

    \b
    pokerbook simulate --night horse --players 6 --hands 200 --seed 1 --report horse.json
    pokerbook simulate --night my-night.toml --hands 500 --ledger ledger.csv
    """
    if night_name is not None:
        if game_name is not None:
            raise click.UsageError("give --game or --night, not both")
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
    for path, option in ((report_path, "--report"), (ledger_path, "--ledger")):
        if path is not None:
            raise click.UsageError(f"{option} applies to --night")
    chosen = choose_table(game_name, fmt, stakes, players, stack, house_name)
    if hands < 0:
        raise click.BadParameter("cannot play a negative number of hands", param_hint="--hands")
    game, table_stakes, seats, starting = chosen.game, chosen.stakes, chosen.players, chosen.stack
    house = chosen.house
    table = Table(game, table_stakes, (starting,) * seats, house)
    policies = [get_policy(policy) for _ in range(seats)]
    click.echo(
        f"{game.name} ({game.id}), {describe_stakes(table_stakes)}, {house.name} house, "
        f"{seats} players, "
        f"stacks {starting} reset each hand, policy {policy}, seed {seed}"
    )
    kept: list[Hand] = []
    showdowns = pot_total = 0
    start = time.perf_counter()
    try:
        with progress_bar(hands, "hands", minimum=PROGRESS_FROM) as progress:
            for done, hand in enumerate(simulate(table, policies, hands, seed, checks=checks), 1):
                showdowns += bool(hand.shown)
                pot_total += hand.pot
                if phh_path is not None:
                    kept.append(hand)
                progress(done)
    except SimulationError as exc:
        raise click.ClickException(str(exc)) from exc
    seconds = time.perf_counter() - start
    if phh_path is not None:
        _write_phh(phh_path, kept)
        click.echo(f"wrote {len(kept)} hands to {phh_path}")
    if hands:
        click.echo(
            f"average pot {pot_total / hands:.1f}, showdown in {100 * showdowns / hands:.0f}% "
            f"of hands; {CHECKED[checks]}"
        )
    rate = hands / seconds if seconds > 0 else float("inf")
    click.echo(f"{hands} hands in {seconds:.2f} s ({rate:.0f} hands/s)")
