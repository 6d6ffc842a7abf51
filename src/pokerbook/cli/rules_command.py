"""``pokerbook rules``: a game's rules page, written from its definition."""

from __future__ import annotations

import click

from pokerbook.games.catalogue import GameDefinitionError, UnknownGameError, find_game
from pokerbook.games.house import HOUSES, find_house
from pokerbook.games.model import Game
from pokerbook.games.rules_page import rules_page


def lookup_game(name: str) -> Game:
    """A game by ID, name or alias, or a game file, or a one-line click error naming
    close matches."""
    try:
        return find_game(name)
    except (UnknownGameError, GameDefinitionError) as exc:
        raise click.ClickException(str(exc)) from None


@click.command("rules")
@click.argument("game_name", metavar="GAME")
@click.option(
    "--house",
    "-H",
    "house_name",
    type=click.Choice(list(HOUSES), case_sensitive=False),
    default="barge",
    show_default=True,
    help="The house profile whose choices the page shows.",
)
def rules_command(game_name: str, house_name: str) -> None:
    """Print the rules of GAME (a catalogue ID, name or alias, or a game file) in words.

    \b
    pokerbook rules holdem
    pokerbook rules S05
    pokerbook rules badugi --house oresteen
    pokerbook rules my-game.toml
    """
    page = rules_page(lookup_game(game_name), find_house(house_name))
    click.echo(page.render(), nl=False)
