"""A game night as data: house, seats and buy-ins, rebuys, stakes and game selection.

A :class:`Night` is what :mod:`pokerbook.table.night_file` reads from a TOML file
and what :class:`pokerbook.table.play.GameNight` plays.  It is checked when it is
made (:meth:`Night.check`): every game of the selection has stakes it can be played
at, and the seats fit the games.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from pokerbook.games.bug import base_id
from pokerbook.games.catalogue import find_game
from pokerbook.games.house import House
from pokerbook.games.model import Game
from pokerbook.games.stakes import Stakes, stakes_problem
from pokerbook.table.agreements import BombPots, can_be_bomb_pot
from pokerbook.table.kills import KillRule
from pokerbook.table.midnight import Midnight
from pokerbook.table.overs import OversRule
from pokerbook.table.selection import Selection
from pokerbook.table.straddles import StraddleRule
from pokerbook.table.tournament import TournamentError, TournamentRule, level_stakes

if TYPE_CHECKING:
    from pokerbook.table.show_em import ShowEmRule

#: seats when neither the night nor the caller says how many
DEFAULT_PLAYERS = 6


class NightError(ValueError):
    """A night that cannot be played as declared; the message names the problem."""


@dataclass(frozen=True)
class Seat:
    """A player at the night's table and the chips they buy in for."""

    name: str
    buy_in: int


@dataclass(frozen=True)
class RebuyRule:
    """What happens when a player loses every chip.

    ``limit``: how many times a player may buy in again (``0``: a busted player is
    out for the rest of the night; ``None``: as often as they like).  A rebuy is the
    player's buy-in, made between hands; with ``cap_at_highest_stack`` it may not
    take them above the highest stack at the table (004 r.6b: "their total chip
    count may not exceed the highest chip count held by an active player").
    """

    limit: int | None = 0
    cap_at_highest_stack: bool = False

    def allows(self, used: int) -> bool:
        """Whether a player who has rebought ``used`` times may buy in again."""
        return self.limit is None or used < self.limit

    def amount(self, buy_in: int, stack: int, highest: int) -> int:
        """The chips a player with ``stack`` buys to get back to ``buy_in``; ``highest``
        is the biggest stack of another player still in."""
        wanted = max(0, buy_in - stack)
        if self.cap_at_highest_stack:
            wanted = min(wanted, max(0, highest - stack))
        return wanted

    def describe(self) -> str:
        """``no rebuys``, ``unlimited rebuys, capped at the highest stack`` ..."""
        if self.limit == 0:
            return "no rebuys"
        text = "unlimited rebuys" if self.limit is None else f"up to {self.limit} rebuys"
        return text + (", capped at the highest stack" if self.cap_at_highest_stack else "")


def full_buy_in(stakes: Stakes) -> int:
    """The least a full buy-in is at ``stakes`` (001 Buy-in): ten times the maximum bet
    at limit, forty times the minimum bring-in (usually the big blind) at pot- and
    no-limit."""
    if stakes.format == "limit":
        return 10 * stakes.bet_size("big")
    if stakes.format == "spread-limit" and stakes.spread:
        return 10 * stakes.spread[1]
    return 40 * (stakes.big_blind or stakes.bring_in or stakes.minimum_bet())


@dataclass(frozen=True)
class Churn:
    """Players coming and going at random (for simulated nights): before each hand,
    each player dealt in sits out with chance ``sit_out`` or leaves with chance
    ``leave``, each player sitting out comes back with chance ``come_back`` or leaves
    with chance ``leave``, and each empty seat is taken with chance ``join``."""

    sit_out: float = 0.0
    come_back: float = 0.0
    leave: float = 0.0
    join: float = 0.0

    def __post_init__(self) -> None:
        for name in ("sit_out", "come_back", "leave", "join"):
            value = getattr(self, name)
            if not 0.0 <= value <= 1.0:
                raise NightError(f"churn {name} is a chance from 0 to 1, not {value}")


#: the keys a stakes table may have besides game IDs: a family, or ``default``
STAKES_KEYS = ("default", "flop", "stud", "draw", "hybrid", "other")


@dataclass(frozen=True)
class StakesTable:
    """The night's stakes: by game ID, by family, or ``default``, looked up in that
    order."""

    entries: tuple[tuple[str, Stakes], ...]
    #: the stakes of a killed pot, by the same keys, where the night declares them
    #: (004 r.13.04: Chicago Triple Draw's kill limits); else the kill rule's
    killed: tuple[tuple[str, Stakes], ...] = ()

    def killed_for(self, game: Game) -> Stakes | None:
        """The declared stakes of a killed pot of ``game``, or None."""
        found = self.lookup(game)
        return dict(self.killed).get(found[0]) if found is not None else None

    def lookup(self, game: Game) -> tuple[str, Stakes] | None:
        """The key and stakes ``game`` is played at, or None."""
        found = dict(self.entries)
        for key in (game.id, base_id(game.id), game.family, "default"):
            if key in found:
                return key, found[key]
        return None

    def for_game(self, game: Game) -> Stakes:
        """The stakes ``game`` is played at (:class:`NightError` if there are none)."""
        found = self.lookup(game)
        if found is None:
            raise NightError(
                f"no stakes for {game.id} ({game.name}): add [stakes.{game.id}], "
                f"[stakes.{game.family}] or [stakes.default]"
            )
        return found[1]


@dataclass(frozen=True)
class Night:
    """A game night: who sits, what they buy in for, what is dealt and at what stakes.

    ``seats`` may be empty: the players are then named when the night is played
    (:meth:`seated`), each buying in for ``buy_in``.
    """

    key: str
    name: str
    house: House
    selection: Selection
    stakes: StakesTable
    buy_in: int
    rebuys: RebuyRule = RebuyRule()
    seats: tuple[Seat, ...] = ()
    description: str = ""
    notes: tuple[str, ...] = ()
    sources: tuple[str, ...] = field(default=())
    #: seats at the table, some of them empty when there are fewer players (None: one
    #: per player)
    table_seats: int | None = None
    #: buy-ins and rebuys must be full buy-ins, one short buy-in a player (001 Buy-in)
    full_buy_ins: bool = False
    #: players sit out, come back, leave and join at random (simulated nights)
    churn: Churn | None = None
    #: bomb pots (000 §1.4; :mod:`pokerbook.table.agreements`), or None
    bomb_pots: BombPots | None = None
    #: the chance the table agrees, each hand, to run it twice (001 Procedures r.14)
    run_twice: float = 0.0
    #: kill pots (:mod:`pokerbook.table.kills`), or None
    kills: KillRule | None = None
    #: straddles (:mod:`pokerbook.table.straddles`), or None
    straddles: StraddleRule | None = None
    #: when the stakes double (004 r.6g; :mod:`pokerbook.table.midnight`), or None
    midnight: Midnight | None = None
    #: a freezeout tournament at one table (:mod:`pokerbook.table.tournament`), or None
    tournament: TournamentRule | None = None
    #: Overs buttons (004 r.8; :mod:`pokerbook.table.overs`), or None
    overs: OversRule | None = None
    #: Show 'Em chips (004 r.6h; :mod:`pokerbook.table.show_em`), or None
    show_em: ShowEmRule | None = None

    def __post_init__(self) -> None:
        self.check()

    @property
    def games(self) -> tuple[Game, ...]:
        """Every game the night may deal, in the selection's order."""
        return tuple(find_game(g) for g in self.selection.games)

    @property
    def max_seats(self) -> int:
        """The most players the night seats: the largest game's table, and no more than
        the house allows when several games are played (004 r.14: eight, "except when a
        single game is being played for the entire night").  A game that seats fewer
        than are at the table deals some of them out (see ``pokerbook.table.play``)."""
        most = max(g.max_players for g in self.games)
        if self.house.max_players is not None and len(self.games) > 1:
            most = min(most, self.house.max_players)
        return most

    def check(self) -> None:
        """Raise :class:`NightError` if a game has no stakes or cannot be played at
        them, or the seats do not fit."""
        if not self.selection.games:
            raise NightError(f"night {self.key!r} has no games")
        if self.buy_in <= 0:
            raise NightError(f"night {self.key!r}: the buy-in must be positive, not {self.buy_in}")
        for game in self.games:
            check_stakes(game, self.stakes.for_game(game))
            if game.bug and not self.house.bug_at_dealers_choice:
                raise NightError(f"the {self.house.name} house does not add the Bug (004 r.3)")
        self._check_agreements()
        if self.tournament is not None:
            self._check_tournament(self.tournament)
        if self.seats:
            self._check_seats(self.seats)
        if self.table_seats is not None and not (
            max(2, len(self.seats)) <= self.table_seats <= self.max_seats
        ):
            raise NightError(
                f"night {self.key!r}: a table of {self.table_seats} seats should have 2 to "
                f"{self.max_seats} seats, and one for each declared player"
            )
        if self.full_buy_ins and self.buy_in < self.minimum_buy_in:
            raise NightError(
                f"night {self.key!r}: a full buy-in is at least {self.minimum_buy_in} "
                f"(001 Buy-in), not {self.buy_in}"
            )

    def _check_agreements(self) -> None:
        if not 0.0 <= self.run_twice <= 1.0:
            raise NightError(
                f"night {self.key!r}: run_twice is a chance from 0 to 1, not {self.run_twice}"
            )
        if self.run_twice and not self.house.run_twice:
            source = " (004 r.26j)" if self.house.name == "oresteen" else ""
            raise NightError(
                f"night {self.key!r}: the {self.house.name} house does not allow running "
                f"it twice{source}"
            )
        if self.bomb_pots is not None and not any(map(can_be_bomb_pot, self.games)):
            raise NightError(
                f"night {self.key!r}: bomb pots need a game played with blinds (000 §1.4)"
            )
        overs = self.overs
        if overs is not None and not any(
            overs.applies(g, self.stakes.for_game(g)) for g in self.games
        ):
            raise NightError(
                f"night {self.key!r}: the Overs button lifts a limit (004 r.8), and no game "
                "of the night is played limit or spread limit"
            )

    def _check_tournament(self, rule: TournamentRule) -> None:
        """A tournament is a freezeout whose buy-in is the entry: no rebuys, nobody
        coming or going, and no cash-game extras."""
        where = f"night {self.key!r}: a tournament"
        try:
            rule.check_prize_pool(self.buy_in)
        except TournamentError as exc:
            raise NightError(f"{where}: {exc}") from None
        for game in self.games:
            for number, level in enumerate(rule.levels, 1):
                try:
                    check_stakes(game, level_stakes(self.stakes.for_game(game), level))
                except ValueError as exc:
                    raise NightError(f"{where}: level {number}, {game.id}: {exc}") from None
        if self.rebuys.limit != 0:
            raise NightError(f"{where} is a freezeout: rebuys = 0 (004 r.101: no re-buys - ever)")
        extras = {
            "churn": self.churn is not None,
            "bomb_pots": self.bomb_pots is not None,
            "run_twice": bool(self.run_twice),
            "kills": self.kills is not None,
            "straddles": self.straddles is not None,
            "midnight": self.midnight is not None,
            "full_buy_ins": self.full_buy_ins,
            "overs": self.overs is not None,
            "show_em": self.show_em is not None,
        }
        extra = [key for key, there in extras.items() if there]
        if extra:
            raise NightError(f"{where} does not play {', '.join(extra)}: remove them")
        entries = sorted({s.buy_in for s in self.seats} - {self.buy_in})
        if entries:
            raise NightError(
                f"{where}: every player pays the entry, {self.buy_in}, not "
                f"{', '.join(map(str, entries))}"
            )

    @property
    def minimum_buy_in(self) -> int:
        """A full buy-in for every game of the night (:func:`full_buy_in`)."""
        return max(full_buy_in(self.stakes.for_game(g)) for g in self.games)

    def _check_seats(self, seats: tuple[Seat, ...]) -> None:
        if self.tournament is not None:
            problem = self.tournament.players_problem(len(seats), self.max_seats)
            if problem is not None:
                raise NightError(f"night {self.key!r}: {problem}")
        if not 2 <= len(seats) <= self.max_seats:
            raise NightError(
                f"night {self.key!r} seats 2 to {self.max_seats} players, not {len(seats)}"
            )
        names = [s.name for s in seats]
        twice = sorted({n for n in names if names.count(n) > 1})
        if twice:
            raise NightError(f"night {self.key!r}: two seats are named {', '.join(twice)}")
        poor = [s.name for s in seats if s.buy_in <= 0]
        if poor:
            raise NightError(f"night {self.key!r}: buy-ins must be positive ({', '.join(poor)})")

    def seated(self, players: int | None = None) -> tuple[Seat, ...]:
        """The seats for a night of ``players``: the night's own (``players`` must then
        be None or their number), else ``p1`` .. ``pN`` each buying in for ``buy_in``
        (by default six, or the most the night seats)."""
        if self.seats:
            if players is not None and players != len(self.seats):
                raise NightError(
                    f"night {self.key!r} declares {len(self.seats)} seats, not {players}"
                )
            return self.seats
        count = min(DEFAULT_PLAYERS, self.max_seats) if players is None else players
        seats = tuple(Seat(f"p{i + 1}", self.buy_in) for i in range(count))
        self._check_seats(seats)
        return seats


def check_stakes(game: Game, stakes: Stakes) -> None:
    """Raise :class:`NightError` unless ``game`` can be dealt at ``stakes``
    (:func:`~pokerbook.games.stakes.stakes_problem`: a format the game is played in,
    forced money it can start with and use)."""
    problem = stakes_problem(game, stakes)
    if problem is not None:
        raise NightError(f"{problem}; give it its own [stakes.{base_id(game.id)}]")
