"""``pokerbook play``: you against bots at the terminal, in any game the engine has."""

from __future__ import annotations

import random
import sys
from dataclasses import dataclass, replace
from pathlib import Path

import click
from click.core import ParameterSource
from rich.console import Console

from pokerbook.bots import Policy, get_policy, policy_names
from pokerbook.cli.play_input import QuitError, ask_action, read_line
from pokerbook.cli.play_night import NightPlayer
from pokerbook.cli.simulate_night import resolve_night
from pokerbook.cli.table_setup import (
    FORMAT_HELP,
    FORMATS,
    STAKES_HELP,
    choose_table,
    describe_stakes,
    house_option,
    ledger_option,
    resolve_house,
)
from pokerbook.cli.table_view import (
    describe_options,
    narrate,
    render_table,
    results_table,
    seat_names,
    showdown_lines,
)
from pokerbook.engine.betting import Legal
from pokerbook.engine.hand import Hand
from pokerbook.games.house import BARGE, House
from pokerbook.games.model import Game
from pokerbook.games.stakes import Stakes
from pokerbook.table.night import Night, NightError
from pokerbook.table.night_file import builtin_nights, find_night

HUMAN = 0


@dataclass
class Session:
    """A run of hands between the player (seat 1) and bots; stacks carry over and a
    busted seat buys in again for the starting stack."""

    game: Game
    stakes: Stakes
    players: int
    stack: int
    policy: Policy
    rng: random.Random
    console: Console
    house: House = BARGE

    def __post_init__(self) -> None:
        self.names = seat_names(self.players, HUMAN)
        self.stacks = [self.stack] * self.players
        self.played = 0
        self.unfinished = False

    # -- input -------------------------------------------------------------------
    def read(self, prompt: str) -> str:
        """A line from the player; ``q`` (or the end of the input) quits."""
        return read_line(prompt)

    # -- play ----------------------------------------------------------------------
    def run(self, hands: int | None) -> None:
        """Play until ``hands`` hands are done or the player quits."""
        try:
            while hands is None or self.played < hands:
                if self.played and not self.between_hands():
                    break
                self.play_hand()
        except QuitError:
            self.console.print("You leave the table.")
        self.farewell()

    def between_hands(self) -> bool:
        """Wait for Enter before the next hand; False if the player quits."""
        try:
            self.read("Enter for the next hand, q to quit:")
        except QuitError:
            return False
        return True

    def play_hand(self) -> None:
        for seat, chips in enumerate(self.stacks):
            if chips <= 0:
                self.stacks[seat] = self.stack
                verb = "buy" if seat == HUMAN else "buys"
                self.console.print(f"{self.names[seat]} {verb} in again for {self.stack}")
        button = self.played % self.players
        hand = Hand(
            self.game,
            self.stakes,
            self.stacks,
            button=button,
            house=self.house,
            seed=self.rng.getrandbits(48),
        )
        self.played += 1
        self.unfinished = True
        self.console.rule(
            f"Hand {self.played}: {self.game.name}, {describe_stakes(self.stakes)}",
            style="cyan",
        )
        self.console.print(
            f"{self.names[button]} {'have' if button == HUMAN else 'has'} the button"
        )
        seen = self.narrate(hand, 0)
        while not hand.done:
            if hand.actor == HUMAN:
                self.human_turn(hand)
            else:
                hand.act(self.policy.choose(hand, self.rng))
            seen = self.narrate(hand, seen)
        self.unfinished = False
        self.summary(hand)
        self.stacks = list(hand.stacks)

    def narrate(self, hand: Hand, seen: int) -> int:
        for event in hand.events[seen:]:
            line = narrate(event, self.names, HUMAN)
            if line:
                self.console.print(line, highlight=False)
        return len(hand.events)

    def human_turn(self, hand: Hand) -> None:
        legal = hand.legal()
        assert legal is not None
        title = f"Hand {self.played}: your turn"
        self.console.print(render_table(hand, self.names, HUMAN, title))
        self.show_options(legal, hand)
        ask_action(self.console, legal, lambda: self.show_options(legal, hand), hand.act)

    def show_options(self, legal: Legal, hand: Hand) -> None:
        options = describe_options(legal, hand)
        self.console.print(f"Your options: {options}", highlight=False)

    def summary(self, hand: Hand) -> None:
        self.console.print(render_table(hand, self.names, HUMAN, f"Hand {self.played} is over"))
        for line in showdown_lines(hand, self.names):
            self.console.print(line, highlight=False)
        self.console.print(results_table(hand, self.names))

    def farewell(self) -> None:
        finished = self.played - self.unfinished
        net = self.stacks[HUMAN] - self.stack
        left = " (the unfinished hand is called off)" if self.unfinished else ""
        self.console.print(
            f"{finished} hand(s) played{left}; your stack {self.stacks[HUMAN]} ({net:+d})",
            highlight=False,
        )


@click.command("play")
@click.option(
    "--game",
    "-g",
    "game_name",
    default="F01",
    show_default=True,
    help="Catalogue ID, name or alias, or a game file (my-game.toml, games.toml:ID).",
)
@click.option("--format", "-f", "fmt", type=click.Choice(FORMATS), help=FORMAT_HELP)
@click.option("--players", "-p", type=int, help="Seats, you included (default: 6 or fewer).")
@click.option("--stakes", help=STAKES_HELP)
@click.option("--stack", type=int, help="Starting stack (default: 100 big blinds or big bets).")
@click.option("--seed", "-s", type=int, help="Seed for the deals and the bots (default: random).")
@click.option("--hands", type=int, help="Stop after this many hands (default: until q).")
@click.option(
    "--policy",
    type=click.Choice(policy_names()),
    default="random",
    show_default=True,
    help="How the bots play.",
)
@house_option
@click.option(
    "--night",
    "night_name",
    metavar="NAME|FILE",
    help="Play a whole night: a built-in night or a night file ('?' lists them to choose).",
)
@ledger_option
@click.option(
    "--run-twice/--no-run-twice",
    default=True,
    show_default=True,
    help="With --night: whether you agree to run it twice when all in (if the night does).",
)
@click.pass_context
def play_command(
    ctx: click.Context,
    game_name: str,
    fmt: str | None,
    players: int | None,
    stakes: str | None,
    stack: int | None,
    seed: int | None,
    hands: int | None,
    policy: str,
    house_name: str,
    night_name: str | None,
    ledger_path: Path | None,
    run_twice: bool,
) -> None:
    """Play against bots: you are seat 1, the button moves each hand.

    When it is your turn you see the table (your cards, the others' up cards,
    the board, stacks, bets and pot) and your options.  Type words or PHH codes:
    'call', 'check', 'bet 10', 'raise to 40' or 'raise 40' (to 40 in the round), 'cbr 40',
    'all-in', 'fold', 'draw 7s 8s', 'stand', 'bring-in', 'ch OPTION' (or the
    option alone) where the game asks you to choose; '?' repeats the options
    and 'q' quits.  Stacks carry over; a busted seat buys in again.

    With --night you play a whole night (its games, stakes, house, buy-in and
    rebuys): on your deal in a dealer's-choice night you choose the game from
    the menu, between hands you see who won what and the stacks, and when the
    night ends or you quit you see the ledger and who pays whom.

    \b
    pokerbook play --game holdem --players 3 --seed 7
    pokerbook play --game razz --hands 5
    pokerbook play --game badugi --stakes 2/4
    pokerbook play --night oresteen-dealers-choice --ledger night.csv
    pokerbook play --night ?
    """
    if night_name is not None:
        given = {
            name
            for name in ("game_name", "fmt", "stakes", "stack")
            if ctx.get_parameter_source(name) is not ParameterSource.DEFAULT
        }
        if given:
            flags = ", ".join(
                f"--{n.replace('_name', '').replace('fmt', 'format')}" for n in sorted(given)
            )
            raise click.UsageError(
                f"{flags} cannot be used with --night (a night declares its own)"
            )
        explicit_house = ctx.get_parameter_source("house_name") is not ParameterSource.DEFAULT
        play_a_night(
            night_name,
            house_name if explicit_house else None,
            players=players,
            seed=seed,
            hands=hands,
            policy=policy,
            ledger_path=ledger_path,
            run_twice=run_twice,
        )
        return
    if ledger_path is not None:
        raise click.UsageError("--ledger needs --night (a single game keeps no ledger)")
    chosen = choose_table(game_name, fmt, stakes, players, stack, house_name)
    game, table_stakes, seats, starting = chosen.game, chosen.stakes, chosen.players, chosen.stack
    house = chosen.house
    console = Console(file=sys.stdout, highlight=False, soft_wrap=True)
    session = Session(
        game=game,
        stakes=table_stakes,
        players=seats,
        stack=starting,
        policy=get_policy(policy),
        rng=random.Random(seed),
        console=console,
        house=house,
    )
    console.print(
        f"{game.name} ({game.id}), {describe_stakes(table_stakes)}, {house.name} house, "
        f"{seats} players, stacks {starting}. You are seat 1; type ? for help, q to quit."
    )
    session.run(hands)


def play_a_night(
    name: str,
    house_name: str | None,
    *,
    players: int | None,
    seed: int | None,
    hands: int | None,
    policy: str,
    ledger_path: Path | None,
    run_twice: bool,
) -> None:
    """``play --night``: the night ``name`` (``?``: chosen from a list), in the house
    ``house_name`` if given, else its own."""
    console = Console(file=sys.stdout, highlight=False, soft_wrap=True)
    try:
        night = ask_night(console) if name.strip() == "?" else resolve_night(name)
    except QuitError:
        console.print("No night chosen.")
        return
    try:
        if house_name is not None:
            night = replace(night, house=resolve_house(house_name))
        if not run_twice:
            night = replace(night, run_twice=0.0)
        night.seated(players)
    except NightError as exc:
        raise click.BadParameter(str(exc), param_hint="--players/--house") from None
    if seed is None:
        seed = random.randrange(2**32)
    player = NightPlayer(night, players, policy, seed, console)
    extras = [night.bomb_pots.describe()] if night.bomb_pots else []
    if night.run_twice:
        agreed = "you agree" if run_twice else "you do not agree"
        extras.append(f"run it twice by agreement ({agreed})")
    console.print(
        f"{night.name} ({night.key}), {night.house.name} house, {night.selection.describe()}, "
        f"{len(player.names)} players, buy-in {night.buy_in}, {night.rebuys.describe()}"
        + "".join(f", {extra}" for extra in extras)
        + ". You are seat 1; type ? for help, q to quit.",
        highlight=False,
    )
    player.run(hands, ledger_path)


def ask_night(console: Console) -> Night:
    """The built-in nights listed, and the one the player names (or a night file)."""
    nights = builtin_nights()
    console.print("Nights:")
    for number, (key, night) in enumerate(nights.items(), 1):
        console.print(f"  {number}  {key}: {night.name}, {night.selection.describe()}")
    while True:
        text = read_line("Night (number, name or file; q quits) >")
        if text.isdigit() and 1 <= int(text) <= len(nights):
            return list(nights.values())[int(text) - 1]
        try:
            return find_night(text)
        except NightError as exc:
            console.print(f"[red]No such night:[/red] {exc}", highlight=False)
