"""``pokerbook rules``: a game's rules page, written from its definition."""

from __future__ import annotations

import difflib

import click

from pokerbook.games.catalogue import UnknownGameError, all_games, find_game
from pokerbook.games.house import HOUSES, find_house
from pokerbook.games.model import Game
from pokerbook.games.rules_page import rules_page


def close_matches(name: str, limit: int = 3) -> list[Game]:
    """Games whose ID, name or an alias reads close to ``name``."""
    keys: dict[str, Game] = {}
    for game in all_games():
        for key in (game.id, game.name, *game.aliases):
            keys.setdefault(key.lower(), game)
    found: list[Game] = []
    for key in difflib.get_close_matches(name.lower(), keys, n=limit * 3, cutoff=0.6):
        if keys[key] not in found:
            found.append(keys[key])
    return found[:limit]


def lookup_game(name: str) -> Game:
    """A game by ID, name or alias, or a one-line click error naming close matches."""
    try:
        return find_game(name)
    except UnknownGameError:
        near = close_matches(name)
        hint = (
            "; did you mean " + ", ".join(f"{g.id} {g.name}" for g in near) + "?"
            if near
            else "; `pokerbook games` lists them all"
        )
        raise click.ClickException(f"no game named {name!r}{hint}") from None


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
    """Print the rules of GAME (a catalogue ID, name or alias) in words.

    \b
    pokerbook rules holdem
    pokerbook rules S05
    pokerbook rules badugi --house oresteen
    """
    page = rules_page(lookup_game(game_name), find_house(house_name))
    click.echo(page.render(), nl=False)
