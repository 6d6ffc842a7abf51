"""A freezeout tournament at one table: starting chips, blind levels, places and payouts.

A night with a :class:`TournamentRule` (a night file's ``[tournament]``) is played as
a tournament by :class:`~pokerbook.table.play.GameNight` (004 r.101-r.109):

* every player pays the night's ``buy_in`` as the **entry** (the ledger's buy-in, in
  money) and gets the starting chips of the **chip table** row for the number of
  players (r.102): tournament chips, worth nothing outside the tournament;
* the stakes' blinds, ante and minimum bet come from the **level** in play: a level
  lasts ``level_hands`` hands, or ``level_minutes`` on a clock (whichever ends first
  when both are given); the level is looked up as each deal starts, so a level that
  ends during a hand changes the limits on the next deal (r.104).  After the last
  level the last one stays: r.103 gives no schedule beyond it;
* **no rebuys** (r.101, "No re-buys - ever"): a player with no chips is out, and
  places in the order players go out, the last one in taking first place; two going
  out in the same hand place by the chips they started the hand with, the bigger
  stack higher, and equal stacks split the awards of the places they share, the
  player with the best hand on the deal taking what does not divide (r.109);
* the **payouts** row for the number of players (r.101) pays each place from the
  prize pool, the entries; every row sums to it (E-11), so the ledger's nets sum to
  zero: the entries in, the payouts out.

A tournament stopped before it has a winner (a hand limit) places the players still
in by their chips, the bigger stack higher, as if they went out in that order.

The multi-table parts (two tables from 11 players, balancing and breaking, r.105's
red and black seat cards, r.107-r.108) are not here: a tournament layer will hold them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from pokerbook.games.house import House
from pokerbook.games.stakes import Stakes

if TYPE_CHECKING:
    from pokerbook.engine.hand import Hand


class TournamentError(ValueError):
    """A tournament declared wrongly, or a field it cannot take."""


@dataclass(frozen=True)
class Level:
    """One blind level: the small and big blind and each player's ante."""

    small_blind: int
    big_blind: int
    ante: int = 0

    def describe(self) -> str:
        """``blinds 200/400, ante 50``."""
        ante = f", ante {self.ante}" if self.ante else ""
        return f"blinds {self.small_blind}/{self.big_blind}{ante}"


@dataclass(frozen=True)
class TournamentRule:
    """A freezeout's structure: who may enter, the chips, the levels and the payouts.

    ``chips`` maps a number of players to each player's count of every one of
    ``denominations`` (004 r.102); ``payouts`` a number of players to the prize of
    each place from first (r.101), in the same money as the entry; ``levels`` are
    played in order, each ``level_hands`` hands or ``level_minutes`` minutes long.
    """

    min_players: int
    max_players: int
    denominations: tuple[int, ...]
    chips: Mapping[int, tuple[int, ...]]
    payouts: Mapping[int, tuple[int, ...]]
    levels: tuple[Level, ...]
    level_hands: int | None = None
    level_minutes: int | None = None

    def __post_init__(self) -> None:
        self._check_shape()

    def _check_shape(self) -> None:
        if not 2 <= self.min_players <= self.max_players:
            raise TournamentError(
                f"players should be [least, most] with 2 <= least <= most, not "
                f"[{self.min_players}, {self.max_players}]"
            )
        self._check_levels()
        if not self.denominations or any(d <= 0 for d in self.denominations):
            raise TournamentError(f"denominations should be positive, not {self.denominations}")
        self._check_rows()

    def _check_levels(self) -> None:
        """The levels, and how long each lasts."""
        if not self.levels:
            raise TournamentError("levels: at least one level is needed")
        for number, level in enumerate(self.levels, 1):
            if not 0 < level.small_blind <= level.big_blind or level.ante < 0:
                raise TournamentError(
                    f"level {number}: blinds should be 0 < small <= big and the ante at "
                    f"least 0, not {level.small_blind}/{level.big_blind} ante {level.ante}"
                )
        if self.level_hands is None and self.level_minutes is None:
            raise TournamentError("say how long a level lasts: level_hands, level_minutes or both")
        for name in ("level_hands", "level_minutes"):
            value = getattr(self, name)
            if value is not None and value < 1:
                raise TournamentError(f"{name} should be at least 1, not {value}")

    def _check_rows(self) -> None:
        """A chips and a payouts row for every number of players, each well formed."""
        wanted = range(self.min_players, self.max_players + 1)
        for table, name in ((self.chips, "chips"), (self.payouts, "payouts")):
            missing = [n for n in wanted if n not in table]
            if missing:
                raise TournamentError(
                    f"{name}: no row for {', '.join(map(str, missing))} players "
                    f"(one is needed for every number from {self.min_players} to "
                    f"{self.max_players})"
                )
            extra = sorted(n for n in table if n not in wanted)
            if extra:
                raise TournamentError(
                    f"{name}: rows for {', '.join(map(str, extra))} players, outside "
                    f"{self.min_players} to {self.max_players}"
                )
        for players, counts in self.chips.items():
            if len(counts) != len(self.denominations) or any(c < 0 for c in counts):
                raise TournamentError(
                    f"chips.{players}: one count (0 or more) for each of the "
                    f"{len(self.denominations)} denominations, not {list(counts)}"
                )
            if not self.starting_stack(players):
                raise TournamentError(f"chips.{players}: the players start with no chips")
        for players, prizes in self.payouts.items():
            if len(prizes) > players or any(p < 0 for p in prizes):
                raise TournamentError(
                    f"payouts.{players}: at most {players} prizes of 0 or more, not {list(prizes)}"
                )
            if any(a < b for a, b in pairwise(prizes)):
                raise TournamentError(
                    f"payouts.{players}: a place pays more than the place above it: {list(prizes)}"
                )

    def check_prize_pool(self, entry: int) -> None:
        """Raise :class:`TournamentError` unless every payout row sums to the prize
        pool, the players' entries of ``entry`` each (004 r.101; E-11)."""
        for players, prizes in sorted(self.payouts.items()):
            pool = players * entry
            if sum(prizes) != pool:
                raise TournamentError(
                    f"payouts.{players}: the prizes {list(prizes)} sum to {sum(prizes)}, not "
                    f"the prize pool {pool} ({players} entries of {entry}; 004 r.101, E-11)"
                )

    def starting_stack(self, players: int) -> int:
        """Each player's starting chips with ``players`` entered (004 r.102)."""
        counts = self.chips[players]
        return sum(c * d for c, d in zip(counts, self.denominations, strict=True))

    def chip_pool(self, players: int) -> int:
        """Every chip in the tournament with ``players`` entered."""
        return players * self.starting_stack(players)

    def prizes(self, players: int) -> tuple[int, ...]:
        """The prize of every place, first to last, with ``players`` entered (0 past
        the places paid)."""
        paid = self.payouts[players]
        return (*paid, *([0] * (players - len(paid))))

    def players_problem(self, players: int, table: int) -> str | None:
        """Why ``players`` cannot play this tournament at one table of at most
        ``table`` seats, or None."""
        if not self.min_players <= players <= self.max_players:
            return (
                f"a tournament takes {self.min_players} to {self.max_players} players "
                f"(004 r.101), not {players}"
            )
        if players > table:
            return (
                f"{players} players need more than one table: this night plays one table of "
                f"at most {table}; two tables (004 r.101: 11 or more players; r.105-r.108) "
                "are for a multi-table tournament, not played here"
            )
        return None

    def level_index(
        self, hands_played: int, now: datetime | None = None, started: datetime | None = None
    ) -> int:
        """The level (from 0) of the deal after ``hands_played`` hands, at ``now`` on a
        clock started at ``started``: the later of the levels by hands and by minutes
        (the first to end moves the structure on), the last level at most."""
        index = 0
        if self.level_hands is not None:
            index = hands_played // self.level_hands
        if self.level_minutes is not None and now is not None and started is not None:
            minutes = (now - started).total_seconds() / 60
            index = max(index, int(minutes // self.level_minutes))
        return min(index, len(self.levels) - 1)

    def describe(self) -> str:
        """``freezeout of 5 to 16 players, 9 levels of 10 hands or 20 minutes``."""
        how = [
            f"{value} {unit}"
            for value, unit in ((self.level_hands, "hands"), (self.level_minutes, "minutes"))
            if value is not None
        ]
        return (
            f"freezeout of {self.min_players} to {self.max_players} players, "
            f"{len(self.levels)} levels of {' or '.join(how)}"
        )


def level_stakes(stakes: Stakes, level: Level) -> Stakes:
    """``stakes`` at ``level``: its blinds and ante, and a minimum bet of the big blind
    (004 r.103: "All bets must be equal to or greater than the Big Blind"); the format
    and the smallest chip stay.  A :class:`ValueError` if the level is not whole chips."""
    return replace(
        stakes,
        blinds=(level.small_blind, level.big_blind),
        ante=level.ante,
        min_bet=level.big_blind,
    )


def tournament_house(house: House) -> House:
    """``house`` as it plays a tournament: the raise cap stays heads-up (001 r.4) and,
    with a moving button, the blinds after a bust follow the dead button (004 r.106,
    001 Tournaments r.30)."""
    return replace(house, tournament=True, dead_button_after_bust=not house.dead_button)


@dataclass(frozen=True)
class Place:
    """Where a player finished and what they won.

    ``hand`` is the hand they went out in (None: still in when the tournament ended),
    ``stack`` the chips they started that hand with (or held at the end), ``tied``
    how many shared the place's awards (1: nobody)."""

    place: int
    name: str
    seat: int
    payout: int
    hand: int | None
    stack: int
    tied: int = 1


class Tournament:
    """A tournament in play at a :class:`~pokerbook.table.play.GameNight`: the
    starting chips, the level of each deal, and the places as players go out."""

    def __init__(self, rule: TournamentRule, entry: int, names: Sequence[str], table: int) -> None:
        problem = rule.players_problem(len(names), table)
        if problem is not None:
            raise TournamentError(problem)
        self.rule = rule
        self.entry = entry
        self.names = tuple(names)
        self.players = len(names)
        self.stack = rule.starting_stack(self.players)
        self.chip_pool = rule.chip_pool(self.players)
        self.prize_pool = entry * self.players
        self.prizes = rule.prizes(self.players)
        #: the places decided so far, the last place first
        self.places: list[Place] = []
        #: the level (from 0) of each hand dealt, in order
        self.hand_levels: list[int] = []
        #: a live tournament's clock (None: levels by hands only)
        self.clock: Callable[[], datetime] | None = None
        self.started: datetime | None = None
        #: the places of the players still in were decided by their chips (a hand limit)
        self.stopped_early = False

    # -- levels ------------------------------------------------------------------------
    def stakes_for(self, stakes: Stakes, hands_played: int) -> Stakes:
        """``stakes`` at the level of the deal after ``hands_played`` hands
        (:func:`level_stakes`), noting the level of the hand."""
        now = self.clock() if self.clock is not None else None
        if now is not None and self.started is None:
            self.started = now
        index = self.rule.level_index(hands_played, now, self.started)
        self.hand_levels.append(index)
        return level_stakes(stakes, self.rule.levels[index])

    # -- places ------------------------------------------------------------------------
    @property
    def next_place(self) -> int:
        """The place the next player to go out takes."""
        return self.players - len(self.places)

    @property
    def winner(self) -> Place | None:
        """First place, once decided."""
        return self.places[-1] if self.places and self.places[-1].place == 1 else None

    def after_hand(
        self, number: int, hand: Hand, dealt: Sequence[int], stacks: Sequence[int]
    ) -> list[Place]:
        """After hand ``number``, dealt to the table seats ``dealt``: place the players
        it left with no chips (and the winner, when one player is left); ``stacks`` are
        every table seat's chips after it.  Returns the new places, lowest first."""
        out = [i for i, seat in enumerate(dealt) if stacks[seat] == 0]
        if not out:
            return []
        started = {i: hand.starting_stacks[i] for i in out}
        best = _best_hands(hand, out)
        new = self._place([(dealt[i], started[i], best.index(i)) for i in out], number)
        left = [s for s, chips in enumerate(stacks) if chips > 0]
        if len(left) == 1:
            seat = left[0]
            new += self._place([(seat, stacks[seat], 0)], None)
        return new

    def close(self, stacks: Sequence[int]) -> list[Place]:
        """At the end of the night: the players still in place by their chips, the
        bigger stack higher (the tournament was stopped before it had a winner)."""
        left = [s for s, chips in enumerate(stacks) if chips > 0]
        if self.winner is not None or not left:
            return []
        self.stopped_early = len(left) > 1
        order = sorted(left)  # equal stacks: what does not divide goes to the lower seat
        return self._place([(seat, stacks[seat], order.index(seat)) for seat in left], None)

    def _place(self, going: list[tuple[int, int, int]], hand: int | None) -> list[Place]:
        """Place the players ``going`` out together, as (seat, chips, rank of their
        hand: 0 best): the smaller stack lower; equal stacks share the places' awards."""
        new: list[Place] = []
        by_chips = sorted(going, key=lambda g: g[1])
        while by_chips:
            chips = by_chips[0][1]
            group = [g for g in by_chips if g[1] == chips]
            by_chips = by_chips[len(group) :]
            low = self.next_place
            high = low - len(group) + 1
            award = sum(self.prizes[high - 1 : low])
            share, odd = divmod(award, len(group))
            best = min(group, key=lambda g: g[2])
            for seat, stack, _rank in sorted(group, key=lambda g: g[2], reverse=True):
                payout = share + (odd if seat == best[0] else 0)
                place = Place(high, self.names[seat], seat, payout, hand, stack, len(group))
                self.places.append(place)
                new.append(place)
        return new

    def payout(self, name: str) -> int:
        """What ``name`` won (0 before their place is decided, or out of the money)."""
        return sum(p.payout for p in self.places if p.name == name)

    def standings(self) -> list[Place]:
        """The places decided, first place first."""
        return sorted(self.places, key=lambda p: (p.place, p.seat))

    def ended(self, hands_played: int) -> str:
        """Why the night stopped: the tournament has a winner."""
        winner = self.winner
        assert winner is not None
        return f"{winner.name} won the tournament after {hands_played} hands"

    def record(self) -> dict[str, Any]:
        """The tournament part of a night's report."""
        rule = self.rule
        levels = []
        for index, level in enumerate(rule.levels):
            hands = [n for n, lv in enumerate(self.hand_levels, 1) if lv == index]
            levels.append(
                {
                    "level": index + 1,
                    "blinds": [level.small_blind, level.big_blind],
                    "ante": level.ante,
                    "hands": [hands[0], hands[-1]] if hands else None,
                }
            )
        return {
            "entry": self.entry,
            "players": self.players,
            "prize_pool": self.prize_pool,
            "starting_stack": self.stack,
            "chip_pool": self.chip_pool,
            "level_hands": rule.level_hands,
            "level_minutes": rule.level_minutes,
            "levels": levels,
            "stopped_early": self.stopped_early,
            "places": [
                {
                    "place": p.place,
                    "name": p.name,
                    "seat": p.seat,
                    "payout": p.payout,
                    "hand": p.hand,
                    "stack": p.stack,
                    "tied": p.tied,
                }
                for p in self.standings()
            ],
        }


def ordinal(place: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th`` ... ``11th``, ``21st``."""
    if 10 <= place % 100 <= 20:
        return f"{place}th"
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


def _best_hands(hand: Hand, seats: Sequence[int]) -> list[int]:
    """The hand seats ``seats``, the best hand on the deal first (r.109: it takes what
    does not divide): by the first share's value where the hand was shown down (a
    hand that does not qualify or was not shown ranks last), then from the button's
    left."""
    from pokerbook.engine.showdown import hand_values

    order = hand.order_from(hand.button + 1)

    def key(seat: int) -> tuple[int, int]:
        value: int | None = None
        if hand.hole[seat] and not hand.folded[seat]:
            try:
                first = hand_values(hand, seat)[0]
            except (ValueError, IndexError, KeyError):
                first = None
            value = None if first is None else int(first)
        return (-(value if value is not None else -1), order.index(seat))

    return sorted(seats, key=key)


#: the keys of a night file's ``[tournament]``
TOURNAMENT_KEYS = (
    "players",
    "level_hands",
    "level_minutes",
    "levels",
    "denominations",
    "chips",
    "payouts",
)


def parse_tournament(raw: Any) -> TournamentRule:
    """A :class:`TournamentRule` from a night file's ``[tournament]`` table
    (docs/nights.md); :class:`TournamentError` names the key at fault."""
    if not isinstance(raw, dict):
        raise TournamentError(f"should be a table, not {raw!r}")
    table: dict[str, Any] = raw
    extra = sorted(set(table) - set(TOURNAMENT_KEYS))
    if extra:
        raise TournamentError(
            f"unknown key {', '.join(map(repr, extra))} (known: {', '.join(TOURNAMENT_KEYS)})"
        )
    for key in ("players", "levels", "denominations", "chips", "payouts"):
        if key not in table:
            raise TournamentError(f"missing {key!r}")
    players = _toml_ints(table["players"], "players", minimum=2)
    if len(players) != 2:
        raise TournamentError(f"players: should be [least, most], not {players}")
    levels = []
    for number, entry in enumerate(_toml_list(table["levels"], "levels"), 1):
        where = f"levels[{number - 1}]"
        level = _toml_table(entry, where)
        unknown = sorted(set(level) - {"blinds", "ante"})
        if unknown or "blinds" not in level:
            raise TournamentError(
                f"{where}: should be {{ blinds = [small, big], ante = N }}, not {level!r}"
            )
        blinds = _toml_ints(level["blinds"], f"{where}.blinds", minimum=1)
        if len(blinds) != 2:
            raise TournamentError(f"{where}.blinds: should be [small, big], not {blinds}")
        ante = _toml_int(level.get("ante", 0), f"{where}.ante", minimum=0)
        levels.append(Level(blinds[0], blinds[1], ante))
    lengths = {
        key: _toml_int(table[key], key, minimum=1)
        for key in ("level_hands", "level_minutes")
        if key in table
    }
    return TournamentRule(
        min_players=players[0],
        max_players=players[1],
        denominations=tuple(_toml_ints(table["denominations"], "denominations", 1)),
        chips=_toml_rows(table["chips"], "chips"),
        payouts=_toml_rows(table["payouts"], "payouts"),
        levels=tuple(levels),
        level_hands=lengths.get("level_hands"),
        level_minutes=lengths.get("level_minutes"),
    )


def _toml_table(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise TournamentError(f"{where}: should be a table, not {value!r}")
    return value


def _toml_list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise TournamentError(f"{where}: should be a list, not {value!r}")
    return value


def _toml_int(value: Any, where: str, minimum: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TournamentError(f"{where}: should be a whole number, not {value!r}")
    if value < minimum:
        raise TournamentError(f"{where}: should be at least {minimum}, not {value}")
    return value


def _toml_ints(value: Any, where: str, minimum: int = 0) -> list[int]:
    items = _toml_list(value, where)
    return [_toml_int(v, f"{where}[{i}]", minimum) for i, v in enumerate(items)]


def _toml_rows(value: Any, where: str) -> dict[int, tuple[int, ...]]:
    """A table of rows keyed by a number of players: ``8 = [10, 10, 5, 5, 5]``."""
    rows: dict[int, tuple[int, ...]] = {}
    for key, row in _toml_table(value, where).items():
        if not key.isdigit():
            raise TournamentError(f"{where}.{key}: rows are keyed by a number of players")
        rows[int(key)] = tuple(_toml_ints(row, f"{where}.{key}"))
    return rows
