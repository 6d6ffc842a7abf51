"""``pokerbook games``: every registered game, as a table or JSON."""

from __future__ import annotations

import json
import sys
from typing import get_args

import click
from rich.console import Console
from rich.table import Table

from pokerbook.games.catalogue import all_games
from pokerbook.games.house import HOUSES, find_house
from pokerbook.games.model import Family, Game
from pokerbook.games.rules_page import house_notes


def game_row(game: Game) -> dict[str, object]:
    """The JSON object of one game."""
    return {
        "id": game.id,
        "name": game.name,
        "aliases": list(game.aliases),
        "family": game.family,
        "formats": list(game.formats),
    }


@click.command("games")
@click.option(
    "--family",
    "-f",
    type=click.Choice(get_args(Family), case_sensitive=False),
    help="Only games of this family.",
)
@click.option(
    "--house",
    "-H",
    "house_name",
    type=click.Choice(list(HOUSES), case_sensitive=False),
    help="Note each game's rules that this house profile changes.",
)
@click.option("--json", "as_json", is_flag=True, help="Print a JSON list.")
def games_command(family: str | None, house_name: str | None, as_json: bool) -> None:
    """List every game with its ID, name, aliases, family and betting formats.

    \b
    pokerbook games
    pokerbook games --family stud
    pokerbook games --house oresteen
    pokerbook games --json
    """
    house = find_house(house_name) if house_name else None
    chosen = [g for g in all_games() if family is None or g.family == family.lower()]
    if as_json:
        rows = []
        for game in chosen:
            row = game_row(game)
            if house is not None:
                row["house"] = house.name
                row["house_notes"] = house_notes(house, game)
            rows.append(row)
        click.echo(json.dumps(rows, indent=2, ensure_ascii=False))
        return
    title = f"{len(chosen)} games" + (f", house {house.name}" if house else "")
    table = Table(title=title, title_justify="left", show_lines=house is not None)
    for column in ("ID", "Name", "Aliases", "Family", "Formats"):
        table.add_column(column, overflow="fold")
    if house is not None:
        table.add_column(f"House {house.name}", overflow="fold")
    for game in chosen:
        cells = [game.id, game.name, ", ".join(game.aliases), game.family, ", ".join(game.formats)]
        if house is not None:
            cells.append("\n".join(house_notes(house, game)))
        table.add_row(*cells)
    Console(file=sys.stdout, highlight=False).print(table)
