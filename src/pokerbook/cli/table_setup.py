"""Choosing a game, its betting format and default stakes for ``simulate`` and ``play``."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import get_args

import click

from pokerbook.games.bug import BUG_SUFFIX, base_id
from pokerbook.games.catalogue import (
    GameDefinitionError,
    UnknownGameError,
    alias_format,
    find_game,
)
from pokerbook.games.house import BARGE, HOUSES, House, find_house
from pokerbook.games.model import Format, Game
from pokerbook.games.stakes import Stakes, default_spread, posts_blinds_later, stakes_problem

FORMATS: tuple[str, ...] = get_args(Format)
#: the ``--format`` and ``--stakes`` help of ``simulate`` and ``play``
FORMAT_HELP = (
    "Betting format (default: the one an alias names, lhe, plo, nlhe ..., else the game's "
    "usual one); spread-limit wherever limit is played."
)
STAKES_HELP = (
    "Stakes such as '1/2', '5/10 ante 1', 'ante 1 bring-in 2', 'ante 1 bets 2/4', "
    "'1/2 spread 2-10' (default: the game's forced money at 1/2)."
)
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


def choose_format(game: Game, fmt: str | None, name: str | None = None) -> Format:
    """``fmt`` checked against the formats the game is played in (spread limit wherever
    limit is, 004 r.7); without it, the format the game's ``name`` is an alias for
    (``nlhe``, ``plo``), else the game's usual one.  A ``fmt`` that contradicts the
    alias is refused: ``lhe`` is limit hold'em, whatever ``--format`` says."""
    named = alias_format(name) if name is not None else None
    if fmt is None:
        return named or default_format(game)
    if named is not None and fmt != named:
        raise click.BadParameter(
            f"{name!r} is {game.name} played {named}, not {fmt}: give --game "
            f"{base_id(game.id)}{BUG_SUFFIX if game.bug else ''} --format {fmt} "
            f"to play it {fmt}",
            param_hint="--format",
        )
    for known in game.playable_formats:
        if known == fmt:
            return known
    raise click.BadParameter(
        f"{game.name} is not played {fmt}; formats: {', '.join(game.playable_formats)}",
        param_hint="--format",
    )


def default_stakes(game: Game, fmt: Format) -> Stakes:
    """Stakes that follow the game's forced money: blinds 1/2 for button games (limit
    bets 2/4); ante 1 and limit bets 2/4 for ante games (with blinds 1/2 when a rule
    posts them, as Jackson's lowball round does); stud ante 1, bring-in 2, bets 5/10.
    Spread limit bets from the big blind (or bring-in) to five times it (004 r.6c)."""
    if game.is_stud:
        stakes = Stakes(format="limit", ante=1, bring_in=2, small_bet=5, big_bet=10)
    elif game.forced == "antes":
        stakes = Stakes(format="limit", ante=1, small_bet=2, big_bet=4)
        if posts_blinds_later(game):
            stakes = replace(stakes, blinds=(1, 2))
    else:
        stakes = Stakes(format="limit", blinds=(1, 2))
    if fmt == "spread-limit":
        return replace(stakes, format=fmt, spread=default_spread(stakes))
    return replace(stakes, format=fmt)


def choose_stakes(game: Game, fmt: Format, text: str | None) -> Stakes:
    """``--stakes`` text read by :meth:`Stakes.parse`, or the defaults for the game;
    stakes the game cannot use are refused with what it needs (the check night files
    make, :func:`~pokerbook.games.stakes.stakes_problem`)."""
    if text is None:
        return default_stakes(game, fmt)
    try:
        stakes = Stakes.parse(text, fmt)
    except ValueError as exc:
        raise click.BadParameter(f"{text!r}: {exc}", param_hint="--stakes") from None
    problem = stakes_problem(game, stakes)
    if problem is not None:
        example = stakes_text(default_stakes(game, fmt))
        raise click.BadParameter(
            f"{text!r}: {problem}; for example --stakes {example!r}", param_hint="--stakes"
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


def _forced_words(stakes: Stakes) -> list[str]:
    parts: list[str] = []
    if stakes.blinds:
        parts.append("/".join(map(str, stakes.blinds)))
    if stakes.ante:
        parts.append(f"ante {stakes.ante}")
    if stakes.bring_in:
        parts.append(f"bring-in {stakes.bring_in}")
    return parts


def _limits(stakes: Stakes) -> str:
    """The bets a hand is played for: ``bets 2/4`` (limit), ``bets 2-10`` (a spread), a
    minimum bet other than the big blind (big-bet play: an ante game's, stud's), else
    nothing."""
    if stakes.format == "limit":
        return f"bets {stakes.bet_size('small')}/{stakes.bet_size('big')}"
    if stakes.format == "spread-limit" and stakes.spread is not None:
        return f"bets {stakes.spread[0]}-{stakes.spread[1]}"
    if stakes.minimum_bet() != stakes.big_blind:
        return f"minimum bet {stakes.minimum_bet()}"
    return ""


def describe_stakes(stakes: Stakes) -> str:
    """The stakes as a player reads them, with the real limits: ``no-limit 1/2``,
    ``limit ante 1 bring-in 2, bets 5/10``, ``spread-limit 50/100 ante 50, bets 100-500``
    (a killed pot's stakes show its raised limits)."""
    limits = _limits(stakes)
    return f"{stakes.format} {' '.join(_forced_words(stakes))}" + (f", {limits}" if limits else "")


def stakes_text(stakes: Stakes) -> str:
    """The ``--stakes`` text that reads back as ``stakes`` (``ante 1 bets 2/4``)."""
    parts = _forced_words(stakes)
    if stakes.format == "limit":
        parts.append(f"bets {stakes.bet_size('small')}/{stakes.bet_size('big')}")
    if stakes.format == "spread-limit" and stakes.spread is not None:
        parts.append(f"spread {stakes.spread[0]}-{stakes.spread[1]}")
    return " ".join(parts)


@dataclass(frozen=True)
class TableChoice:
    """A single game's table as ``simulate`` and ``play`` set it up from their options."""

    house: House
    game: Game
    stakes: Stakes
    players: int
    stack: int


def choose_table(
    game_name: str,
    fmt: str | None,
    stakes: str | None,
    players: int | None,
    stack: int | None,
    house_name: str,
) -> TableChoice:
    """The house, game, format and stakes, seats and starting stack the options name
    (defaults for those not given), or a click error saying what is accepted."""
    house = resolve_house(house_name)
    game = resolve_game(game_name, house)
    table_stakes = choose_stakes(game, choose_format(game, fmt, game_name), stakes)
    seats = check_players(game, players, house)
    starting = stack if stack is not None else default_stack(table_stakes)
    if starting <= 0:
        raise click.BadParameter(f"stacks must be positive, not {starting}", param_hint="--stack")
    return TableChoice(house, game, table_stakes, seats, starting)
