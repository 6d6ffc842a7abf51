"""A tournament's structure: its levels, breaks and colour-ups, chips, entry, prizes
and formats (rules.md §7; 001 Tournaments r.3-8, r.33; 004 r.101-111; 000 §1.3-1.6).

A structure is data: the built-ins are in ``data/tournaments.toml`` and a user's in a
TOML file of the same form (:mod:`pokerbook.tournament.structure_file`).

* **Levels** (001 r.6: "Limits and blinds are raised at regularly scheduled
  intervals") last ``minutes`` on the clock or ``hands`` dealt at each table; a break
  may follow a level.  The new limits apply on the next deal (001 r.7, 004 r.104):
  the director asks for the level as each deal starts.
* **Colour-ups** (001 r.8): a level's ``colour_up`` names the denomination taken out
  of play at its start, after a chip race; from that level on the smallest chip in
  play (the stakes' ``chip``) is the next denomination up.
* **Stakes** of a game at a level (:meth:`Structure.stakes`): stud games ante, bring
  in and bet the limits; other limit games post the blinds and bet the limits (no
  ante); pot- and no-limit games post the blinds and the ante (one for the table from
  the big blind with ``big_blind_ante``, 000 §1.2.1), every bet at least the big
  blind (004 r.103).  Limits default to the big blind and twice it; a stud level
  without a bring-in brings in a quarter of the small bet, rounded up to a whole chip
  (the house's own rule: structure sheets put it at a quarter to a third).
* **Prizes**: a table of amounts by field size (004 r.101), or percents of the pool
  (one row for any field, or rows by the smallest field each applies to), paid in
  whole money units that sum exactly to the pool, what does not divide going to the
  higher places.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from functools import cached_property
from typing import Literal

from pokerbook.games.catalogue import alias_format, find_game
from pokerbook.games.model import Format, Game
from pokerbook.games.stakes import Stakes
from pokerbook.tournament.model import ProfileName

#: a stud level without a bring-in brings in this part of the small bet (house rule)
BRING_IN_PART = 4


class StructureError(ValueError):
    """A structure that cannot be read or played, or a question it cannot answer."""


@dataclass(frozen=True)
class Level:
    """One level: its forced bets and limits, how long it lasts, its games, the break
    after it and the denomination coloured up at its start (001 r.6-8)."""

    #: from 1
    number: int
    #: (small, big), one blind, or none
    blinds: tuple[int, ...] = ()
    #: each player's ante (stud, no- and pot-limit games; limit blind games take none),
    #: or the table's from the big blind with ``big_blind_ante`` (000 §1.2.1); every
    #: player's bomb-pot ante in a bomb-pot structure (000 §1.4)
    ante: int = 0
    big_blind_ante: bool = False
    #: stud's bring-in (none: a quarter of the small bet, see the module docstring)
    bring_in: int = 0
    #: the limit small and big bet (none: the big blind and twice it)
    bets: tuple[int, int] | None = None
    #: how long it lasts: minutes on the clock, and/or hands dealt at each table (each
    #: table counts its own); with both, whichever ends first
    minutes: float | None = None
    hands: int | None = None
    #: this level's games (None: the structure's)
    games: tuple[str, ...] | None = None
    #: a break after this level
    break_minutes: float = 0
    #: the denomination removed at the start of this level, after a chip race (001 r.8)
    colour_up: int | None = None

    def describe(self) -> str:
        """``level 4: blinds 200/400, ante 50; 20 minutes, then a 10-minute break``."""
        parts = []
        if self.blinds:
            parts.append(f"blinds {'/'.join(map(str, self.blinds))}")
        if self.ante:
            whose = " (big blind ante)" if self.big_blind_ante else ""
            parts.append(f"ante {self.ante}{whose}")
        if self.bring_in:
            parts.append(f"bring-in {self.bring_in}")
        if self.bets is not None:
            parts.append(f"limits {self.bets[0]}/{self.bets[1]}")
        text = f"level {self.number}: {', '.join(parts) or 'no forced bets'}"
        if self.games:
            text += f" [{', '.join(self.games)}]"
        lasts = [f"{_number(self.minutes)} minutes"] if self.minutes is not None else []
        lasts += [f"{self.hands} hands"] if self.hands is not None else []
        if lasts:
            text += f"; {' or '.join(lasts)}"
        if self.colour_up is not None:
            text += f"; the {self.colour_up} chips are coloured up first"
        if self.break_minutes:
            text += f", then a {_number(self.break_minutes)}-minute break"
        return text

    @property
    def big_blind(self) -> int:
        """The big blind (the bigger of two blinds, or the one blind), else 0."""
        return self.blinds[-1] if self.blinds else 0


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


@dataclass(frozen=True)
class Rebuys:
    """Rebuys while the level is at most ``until_level``, each ``price`` for ``chips``,
    at most ``most`` each (None: any), when the stack is ``at_or_below`` (001 r.33)."""

    until_level: int
    price: int
    chips: int
    most: int | None = None
    at_or_below: int = 0


@dataclass(frozen=True)
class AddOn:
    """One add-on of ``chips`` for ``price`` after level ``after_level``."""

    after_level: int
    price: int
    chips: int


@dataclass(frozen=True)
class Lammers:
    """``count`` lammers of ``chips`` each, all redeemed after ``redeem_by_level``
    (000 §1.3.2; E-35: two of T5000, by level 12)."""

    count: int
    chips: int
    redeem_by_level: int


@dataclass(frozen=True)
class Shootout:
    """Each table plays down to ``advance`` players (1 or 2), who go on (000 §1.3.3)."""

    advance: int = 1


@dataclass(frozen=True)
class Absent:
    """Absent entrants: dealt in and posting (001 r.3, r.9; 004 r.110); their hand is
    ``killed`` once the starting hands are dealt (001 r.11) or is ``dead-facing-bet``
    (001 Explanations #10, 004 r.110); their chips come out after a new level starts
    or ``removed_after_minutes`` (001 r.4)."""

    rule: Literal["killed", "dead-facing-bet"]
    removed_after_minutes: float = 30
    removed_at_new_level: bool = True


@dataclass(frozen=True)
class SideGame:
    """004 r.111's bust-out game: after ``after_busts`` players are out, ``game`` for an
    ``ante`` (in cents: 25 is r.111's 25 cents) bought with ``buy_in`` (whole money
    units: r.101's extra $10)."""

    after_busts: int = 3
    game: str = "nlhe"
    ante: int = 25
    buy_in: int = 10


@dataclass(frozen=True)
class Deal:
    """The players agree to a deal (004 r.109: "Agreements can be made between players
    at anytime to split the payout") when ``players`` are left: the prizes of the places
    still open are split ``by`` ICM, the chip chop or evenly
    (:mod:`pokerbook.tournament.deals`), and the event ends there."""

    players: int
    by: Literal["icm", "chop", "even"] = "icm"


#: the form of each piece of a schedule: (start, end, level or None for a break)
Slot = tuple[float, float, Level | None]


@dataclass(frozen=True)
class Structure:
    """Everything a tournament declares (see the module docstring)."""

    key: str
    name: str
    description: str
    #: a house profile's name (barge, roberts, oresteen, homegame)
    house: str
    #: game names, IDs or aliases as listed (an alias may name the format: nlhe, plo)
    games: tuple[str, ...]
    #: a rotation: hands of each game at a table (None: a single game, the dealer's
    #: choice, or one game a level in turn)
    hands_per_game: int | None
    #: the betting format of games whose name names none
    format: Format
    #: seats at a table
    table_size: int
    #: balancing and breaking tables (roberts, oresteen, tda)
    profile: ProfileName
    #: every chip used, smallest first; colour-ups remove them from the smallest
    denominations: tuple[int, ...]
    levels: tuple[Level, ...]
    #: money to the prize pool per entry; the fee goes to the house, the bounty to the
    #: player who takes the entrant's last chips (000 §1.3.1)
    buy_in: int
    fee: int = 0
    bounty: int = 0
    #: each entrant's chips, or by field size (004 r.102)
    starting_chips: int = 0
    chips_table: Mapping[int, int] = field(default_factory=dict)
    #: prizes by field size from first (004 r.101), or percents of the pool from first
    #: for any field (paid places: the list's length, fewer when the field is small)
    payouts: Mapping[int, tuple[int, ...]] = field(default_factory=dict)
    payout_percents: tuple[float, ...] = ()
    min_players: int = 2
    max_players: int = 10_000
    #: entries are taken until the end of this level (0: none after the start)
    late_until_level: int = 0
    re_entries: int = 0
    rebuys: Rebuys | None = None
    add_on: AddOn | None = None
    lammers: Lammers | None = None
    shootout: Shootout | None = None
    #: 000 §1.6: a player's first action is all in or fold
    jam_or_fold: bool = False
    #: 000 §1.4: every hand a bomb pot (each level's ante is the bomb-pot ante)
    bomb_pot: bool = False
    #: 000 §1.3.4: the hand's winner takes the button
    win_the_button: bool = False
    #: 004 r.105: seats by cards (A = button, 2 = small blind, 3 = big blind)
    seat_cards: bool = False
    #: hand-for-hand play at the bubble
    hand_for_hand: bool = True
    absent: Absent | None = None
    side_game: SideGame | None = None
    #: a deal the players still in agree to (simulated events end with it)
    deal: Deal | None = None
    #: the simulated clock: seconds a hand takes
    seconds_per_hand: float = 120
    sources: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    #: percents by field size: the row of the biggest key at most the field applies
    #: (paid places grow with the field); used when ``payouts`` has no row
    percents_table: Mapping[int, tuple[float, ...]] = field(default_factory=dict)
    #: each hand the dealer picks one of the games (bots at random; 004's Tournament
    #: Night), instead of a rotation
    dealers_choice: bool = False

    def describe(self) -> str:
        """``nlhe: No-Limit Hold'em Freezeout; nlhe, no-limit, 9 seats a table; 2 to
        10000 players; 20000 chips; 40 levels; roberts balancing``."""
        games = ", ".join(self.games) if len(self.games) <= 5 else f"{len(self.games)} games"
        if self.chips_table:
            low, high = min(self.chips_table.values()), max(self.chips_table.values())
            chips = f"{low} to {high} chips by field"
        else:
            chips = f"{self.starting_chips} chips"
        return (
            f"{self.key}: {self.name}; {games}, {self.format}, {self.table_size} seats a "
            f"table; {self.min_players} to {self.max_players} players; {chips}; "
            f"{len(self.levels)} levels; {self.profile} balancing"
        )

    # -- the clock's schedule ----------------------------------------------------------
    def level_minutes(self, level: Level) -> float:
        """How long ``level`` lasts on the clock: its minutes, or its hands at
        ``seconds_per_hand`` each (the shorter when it has both)."""
        lengths = [] if level.minutes is None else [float(level.minutes)]
        if level.hands is not None:
            lengths.append(level.hands * self.seconds_per_hand / 60)
        return min(lengths)

    def schedule(self) -> list[Slot]:
        """Every level and break in order as (start, end, level or None for a break),
        in minutes from the start; the last level lasts until the end (end = inf)."""
        return list(self._slots)

    @cached_property
    def _slots(self) -> tuple[Slot, ...]:
        """The schedule, made once (a structure does not change)."""
        slots: list[Slot] = []
        start = 0.0
        for level in self.levels:
            last = level is self.levels[-1]
            end = math.inf if last else start + self.level_minutes(level)
            slots.append((start, end, level))
            if level.break_minutes and not last:
                slots.append((end, end + level.break_minutes, None))
                end += level.break_minutes
            start = end
        return tuple(slots)

    def level_at(self, minutes: float) -> tuple[Level, float]:
        """The level in play after ``minutes`` of play and the minutes left in it.
        During a break: the level after the break, and the minutes until it ends."""
        slots = self._slots
        minutes = max(0.0, minutes)
        for index, (start, end, level) in enumerate(slots):
            if start <= minutes < end:
                if level is None:
                    _, after_end, after = slots[index + 1]
                    assert after is not None  # a break always has a level after it
                    return after, after_end - minutes
                return level, end - minutes
        return self.levels[-1], math.inf

    def on_break(self, minutes: float) -> bool:
        """Whether ``minutes`` into the event falls in a break."""
        return any(s <= minutes < e and lv is None for s, e, lv in self._slots)

    def level_by_hands(self, hands: int) -> Level:
        """The level of a table's next deal after it has dealt ``hands`` hands, counting
        every level's ``hands`` (levels by the clock only: by their minutes at
        ``seconds_per_hand``)."""
        dealt = 0.0
        for level in self.levels:
            length = (
                level.hands
                if level.hands is not None
                else self.level_minutes(level) * 60 / self.seconds_per_hand
            )
            dealt += length
            if hands < dealt:
                return level
        return self.levels[-1]

    # -- chips --------------------------------------------------------------------------
    def starting_stack(self, entrants: int) -> int:
        """Each entrant's starting chips: the chip table's row for the field (004
        r.102), else ``starting_chips``."""
        if self.chips_table:
            if entrants not in self.chips_table:
                raise StructureError(
                    f"{self.key}: the chip table has no row for {entrants} players "
                    f"(rows: {min(self.chips_table)} to {max(self.chips_table)})"
                )
            return self.chips_table[entrants]
        return self.starting_chips

    def chips_in_play(self, level: Level) -> tuple[int, ...]:
        """The denominations still in play at ``level``: the colour-ups of it and the
        levels before it have removed theirs (001 r.8)."""
        gone = {lv.colour_up for lv in self.levels if lv.number <= level.number}
        return tuple(d for d in self.denominations if d not in gone)

    def colour_up_at(self, level: Level) -> tuple[int, int] | None:
        """The chip race at the start of ``level`` (001 r.8): the denomination removed
        and the next one up, which the odd chips are raced for; None when no chip
        leaves play."""
        if level.colour_up is None:
            return None
        return level.colour_up, self.chips_in_play(level)[0]

    def smallest_chip(self, level: Level) -> int:
        """The smallest chip in play at ``level``."""
        left = self.chips_in_play(level)
        return left[0] if left else self.denominations[-1]

    # -- money --------------------------------------------------------------------------
    def pool(self, entries: int, rebuys: int = 0, add_ons: int = 0) -> int:
        """The prize pool: every entry's buy-in (the fee goes to the house and each
        bounty to the player who takes it), and the price of each rebuy and add-on."""
        pool = self.buy_in * entries
        if rebuys and self.rebuys is not None:
            pool += self.rebuys.price * rebuys
        if add_ons and self.add_on is not None:
            pool += self.add_on.price * add_ons
        return pool

    def percents(self, entrants: int) -> tuple[float, ...]:
        """The percents of the pool paid to each place from first with ``entrants``."""
        if self.percents_table:
            keys = [k for k in self.percents_table if k <= entrants]
            if not keys:
                raise StructureError(
                    f"{self.key}: no payout row for a field of {entrants} "
                    f"(the smallest row is for {min(self.percents_table)})"
                )
            return self.percents_table[max(keys)]
        paid = min(len(self.payout_percents), max(1, entrants - 1))
        return self.payout_percents[:paid]

    def paid_places(self, entrants: int) -> int:
        """How many places win a prize with ``entrants`` in the field."""
        if entrants in self.payouts:
            return sum(1 for prize in self.payouts[entrants] if prize > 0)
        return len(self.percents(entrants))

    def prizes(self, entrants: int, pool: int) -> tuple[int, ...]:
        """The prize of each paid place from first, whole money units summing exactly
        to ``pool``.  A payouts row (004 r.101) is paid as it is when it sums to the
        pool, else in proportion; percents are of the pool.  Units that do not divide
        go one each to the places from first down."""
        if entrants in self.payouts:
            shares = [Decimal(p) for p in self.payouts[entrants] if p > 0]
        else:
            shares = [Decimal(str(p)) for p in self.percents(entrants)]
        if not shares:
            raise StructureError(f"{self.key}: no prizes for a field of {entrants}")
        total = sum(shares)
        exact = [share * pool / total for share in shares]
        prizes = [int(amount) for amount in exact]
        short = pool - sum(prizes)
        for place in range(short):
            prizes[place % len(prizes)] += 1
        return tuple(prizes)

    # -- games and stakes ---------------------------------------------------------------
    def game_names(self, level: Level) -> tuple[str, ...]:
        """The games dealt at ``level``: its own; else the structure's, all of them in a
        rotation (``hands_per_game``) or the dealer's choice, or one game a level in
        turn when the structure lists several and neither (level 1 the first)."""
        if level.games is not None:
            return level.games
        if len(self.games) > 1 and self.hands_per_game is None and not self.dealers_choice:
            return (self.games[(level.number - 1) % len(self.games)],)
        return self.games

    def game_at(self, level: Level, table_hand: int, rng: random.Random | None = None) -> str:
        """The game of a table's hand ``table_hand`` (counted from 0 by the table) at
        ``level``: the rotation's, ``hands_per_game`` hands of each in turn; the dealer's
        choice at random from ``rng``; or the level's one game."""
        names = self.game_names(level)
        if self.dealers_choice and len(names) > 1:
            if rng is None:
                raise StructureError(f"{self.key}: the dealer's choice needs an rng")
            return rng.choice(names)
        return names[(table_hand // (self.hands_per_game or 1)) % len(names)]

    def format_of(self, name: str) -> Format:
        """The betting format of a game named ``name``: its alias's (``plo``: pot
        limit), else the structure's."""
        return alias_format(name) or self.format

    def stakes(self, level: Level, game: Game | str) -> Stakes:
        """``game``'s stakes at ``level`` (see the module docstring).  Pass the game's
        name as the structure lists it (``nlhe``, ``lhe``...) to take the format from
        its alias; a :class:`Game` plays the structure's format unless every name
        of the structure for it names one format.  By name, made once."""
        if isinstance(game, str):
            key = (level, game)
            found = self._stakes_made.get(key)
            if found is None:
                found = self._stakes_made[key] = self._make_stakes(level, game)
            return found
        return self._make_stakes(level, game)

    @cached_property
    def _stakes_made(self) -> dict[tuple[Level, str], Stakes]:
        return {}

    def _make_stakes(self, level: Level, game: Game | str) -> Stakes:
        if isinstance(game, str):
            fmt, found = self.format_of(game), find_game(game)
        else:
            fmt, found = self._format_for(game), game
        chip = self.smallest_chip(level)
        big = level.big_blind
        if found.is_stud or fmt in ("limit", "spread-limit"):
            small_bet, big_bet = level.bets or (big, 2 * big)
            if not small_bet and fmt in ("limit", "spread-limit"):
                raise StructureError(
                    f"{self.key} level {level.number}: {found.id} is played {fmt}: "
                    "the level needs bets = [small, big] or blinds"
                )
        else:
            small_bet = big_bet = 0
        try:
            if found.is_stud:
                bring_in = level.bring_in or _whole(small_bet / BRING_IN_PART, chip)
                return Stakes(
                    format=fmt,
                    ante=level.ante,
                    bring_in=min(bring_in, small_bet) if small_bet else bring_in,
                    small_bet=small_bet,
                    big_bet=big_bet,
                    min_bet=big,
                    chip=chip,
                )
            if found.forced == "antes":
                return Stakes(
                    format=fmt,
                    ante=level.ante,
                    small_bet=small_bet,
                    big_bet=big_bet,
                    min_bet=big,
                    chip=chip,
                )
            limit = fmt in ("limit", "spread-limit")
            return Stakes(
                format=fmt,
                blinds=level.blinds,
                ante=0 if limit else level.ante,
                big_blind_ante=level.big_blind_ante and not limit,
                small_bet=small_bet,
                big_bet=big_bet,
                min_bet=big or (0 if limit else level.ante),
                chip=chip,
            )
        except ValueError as exc:
            raise StructureError(f"{self.key} level {level.number}, {found.id}: {exc}") from None

    def _format_for(self, game: Game) -> Format:
        names = {n for lv in self.levels for n in self.game_names(lv)} | set(self.games)
        formats = {self.format_of(n) for n in names if find_game(n).id == game.id}
        if len(formats) > 1:
            raise StructureError(
                f"{self.key}: {game.id} is played {' and '.join(sorted(formats))}: "
                "ask for its stakes by the name the structure lists"
            )
        return formats.pop() if formats else self.format

    def bomb_ante(self, level: Level) -> int:
        """Each player's bomb-pot ante at ``level`` (000 §1.4: every hand a bomb pot,
        the level's ante), or 0."""
        return level.ante if self.bomb_pot else 0


def _whole(amount: float, chip: int) -> int:
    """``amount`` rounded up to whole chips of ``chip`` (at least one chip)."""
    return max(chip, math.ceil(amount / chip) * chip)


def load_structure(name_or_path: str) -> Structure:
    """A built-in structure by key (``nlhe``, ``oresteen`` ...) or a TOML file's path
    (:func:`pokerbook.tournament.structure_file.load_structure`)."""
    from pokerbook.tournament.structure_file import load_structure as load

    return load(name_or_path)


def structure_names() -> tuple[str, ...]:
    """The built-in structures' keys (``data/tournaments.toml``)."""
    from pokerbook.tournament.structure_file import structure_names as names

    return names()
