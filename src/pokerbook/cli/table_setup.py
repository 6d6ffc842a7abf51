"""Choosing a game, its betting format and default stakes for ``simulate`` and ``play``."""

from __future__ import annotations

from pathlib import Path
from typing import get_args

import click

from pokerbook.games.catalogue import GameDefinitionError, UnknownGameError, find_game
from pokerbook.games.house import BARGE, HOUSES, House, find_house
from pokerbook.games.model import Format, Game
from pokerbook.games.stakes import Stakes

FORMATS: tuple[str, ...] = get_args(Format)
DEFAULT_PLAYERS = 6
#: the starting stack, in big blinds (button games) or big bets (stud)
STACK_IN_BIG_BETS = 100


def resolve_game(name: str, house: House = BARGE) -> Game:
    """A game by catalogue ID, name or alias, or a game file (``my-game.toml``), or a
    click error naming close matches.
    A plain "Omaha" is the game the house means by it (003: Omaha high/low)."""
    if name.strip().lower() == "omaha":
        name = house.omaha_default
    try:
        return find_game(name)
    except (UnknownGameError, GameDefinitionError) as exc:
        raise click.BadParameter(str(exc), param_hint="--game") from None


def resolve_house(name: str) -> House:
    """A house profile by name, or a click error listing the known ones."""
    try:
        return find_house(name)
    except KeyError as exc:
        raise click.BadParameter(str(exc.args[0]), param_hint="--house") from None


#: the ``--house`` option of ``simulate`` and ``play``
house_option = click.option(
    "--house",
    "house_name",
    default="barge",
    show_default=True,
    type=click.Choice(sorted(HOUSES)),
    help="House rules: the choices the rulebooks disagree on (see pokerbook rules GAME).",
)

#: the ``--ledger`` option of ``simulate`` and ``play`` (with ``--night``)
ledger_option = click.option(
    "--ledger",
    "ledger_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="With --night: write the night's ledger (buy-ins, rebuys, cash-outs) as CSV.",
)


def default_format(game: Game) -> Format:
    """The usual format: no limit for two-card flop games, pot limit for four-card and
    bigger flop games, limit for stud and draw games (when the game allows it)."""
    preferred: list[Format] = []
    if game.family == "flop":
        preferred = ["no-limit", "pot-limit"] if game.hole_cards <= 2 else ["pot-limit"]
    preferred.append("limit")
    for fmt in preferred:
        if fmt in game.formats:
            return fmt
    return game.formats[0]


def choose_format(game: Game, fmt: str | None) -> Format:
    """``fmt`` checked against the game's formats, or the game's usual one."""
    if fmt is None:
        return default_format(game)
    for known in game.formats:
        if known == fmt:
            return known
    raise click.BadParameter(
        f"{game.name} is not played {fmt}; formats: {', '.join(game.formats)}",
        param_hint="--format",
    )


def default_stakes(game: Game, fmt: Format) -> Stakes:
    """Blinds 1/2 for button games (limit bets 2/4); stud: ante 1, bring-in 2, bets 5/10."""
    if game.is_stud:
        return Stakes(format=fmt, ante=1, bring_in=2, small_bet=5, big_bet=10)
    return Stakes(format=fmt, blinds=(1, 2))


def choose_stakes(game: Game, fmt: Format, text: str | None) -> Stakes:
    """``--stakes`` text read by :meth:`Stakes.parse`, or the defaults for the game."""
    if text is None:
        return default_stakes(game, fmt)
    try:
        stakes = Stakes.parse(text, fmt)
    except (ValueError, IndexError) as exc:
        raise click.BadParameter(f"{text!r}: {exc}", param_hint="--stakes") from None
    if game.is_stud and not stakes.bring_in and not stakes.blinds:
        raise click.BadParameter(
            f"{text!r}: stud needs a bring-in, e.g. 'ante 1 bring-in 2'", param_hint="--stakes"
        )
    if not game.is_stud and not stakes.blinds and not stakes.ante:
        raise click.BadParameter(
            f"{text!r}: give blinds such as '1/2' (or an ante)", param_hint="--stakes"
        )
    return stakes


def default_stack(stakes: Stakes) -> int:
    """A hundred big blinds, or a hundred big bets in stud."""
    unit = stakes.big_blind or stakes.bet_size("small")
    return STACK_IN_BIG_BETS * unit


def check_players(game: Game, players: int | None, house: House = BARGE) -> int:
    """``players`` if the game seats that many in the house (by default six, or fewer if
    the game seats fewer), else a click error."""
    most = house.seats(game.max_players)
    if players is None:
        return min(DEFAULT_PLAYERS, most)
    if not 2 <= players <= most:
        where = f" in the {house.name} house" if most < game.max_players else ""
        raise click.BadParameter(
            f"{game.name} is played by 2 to {most} players{where}, not {players}",
            param_hint="--players",
        )
    return players


def describe_stakes(stakes: Stakes) -> str:
    """``no-limit 1/2``, ``limit ante 1 bring-in 2, bets 5/10`` ..."""
    parts: list[str] = []
    if stakes.blinds:
        parts.append("/".join(map(str, stakes.blinds)))
    if stakes.ante:
        parts.append(f"ante {stakes.ante}")
    if stakes.bring_in:
        parts.append(f"bring-in {stakes.bring_in}")
    text = " ".join(parts)
    if stakes.format == "limit":
        text += f", bets {stakes.bet_size('small')}/{stakes.bet_size('big')}"
    return f"{stakes.format} {text}"
