"""The game model: a game is data.

A :class:`Game` declares its deck, how forced money works, the sequence of
steps (deal, board, bet, draw, discard ...) and the showdown.  The engine
knows no game by name: it runs the steps.  Games are declared in
``pokerbook/data/games*.toml`` (or a user's own file) and read by
:mod:`pokerbook.games.game_file`, which accepts exactly the fields declared here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, TypeAlias

from pokerbook.games.bring_in import BringIn

Family = Literal["flop", "stud", "draw", "hybrid", "other"]
Format = Literal["limit", "pot-limit", "no-limit", "spread-limit"]
BetSize = Literal["small", "big"]

#: the metadata of a field that a game file does not declare under its own name: it is
#: read from something else (the table's name, a step's ending); the value says what
DERIVED = "derived"


@dataclass(frozen=True)
class DealHole:
    """Deal each player ``down`` face-down and ``up`` face-up cards (down first)."""

    down: int = 0
    up: int = 0


@dataclass(frozen=True)
class DealBoard:
    """Deal ``count`` community cards to board ``board`` (after a burn, unless ``burn``
    is False: a street that lays out several boards after one burn)."""

    count: int
    board: int = 0
    burn: bool = True


@dataclass(frozen=True)
class BetRound:
    """A betting round at the small or big bet (limit); the size is ignored in big-bet play."""

    size: BetSize = "small"


@dataclass(frozen=True)
class DrawRound:
    """Each player in turn discards 0..``max_cards`` cards and is dealt as many."""

    max_cards: int = 5


@dataclass(frozen=True)
class DiscardRound:
    """Each player in turn discards exactly ``count`` cards (no replacement); with
    ``down_only``, only face-down cards (Super Stud: two of the four down cards)."""

    count: int
    down_only: bool = False


@dataclass(frozen=True)
class Effect:
    """Something the dealer does between deals and bets: roll dice, turn board cards
    down, remove a board ...  ``rule`` names it in the engine's rule registry
    (:mod:`pokerbook.engine.rules`); ``args`` are its words."""

    rule: str
    args: tuple[str, ...] = ()


@dataclass(frozen=True)
class Choice:
    """Players decide something that is neither a bet nor a draw: expose a card,
    declare high or low, pass cards, choose a suit or a game.  ``rule`` names it in
    the engine's rule registry, which says who chooses, in what order, from what."""

    rule: str
    args: tuple[str, ...] = ()


Step: TypeAlias = DealHole | DealBoard | BetRound | DrawRound | DiscardRound | Effect | Choice


@dataclass(frozen=True)
class Share:
    """One way to win part of the pot at showdown."""

    name: str
    scale: str
    #: hole cards the hand must use (see ``pokerbook.evaluate``); None = any
    hole_use: tuple[int, ...] | None = None
    qualifier: str | None = None
    #: the cards it is made from: ``all`` (hole and board), ``hole`` (the hole cards
    #: only: Dramaha's points hands) or ``down`` (face-down hole cards only: the
    #: Chicagos' spade in the hole)
    cards: Literal["all", "hole", "down"] = "all"
    #: ranks or cards always wild for this share (``("Js", "Jh", "Kd")``: 7 with a Twist)
    wild: tuple[str, ...] = ()
    #: a tie wins nothing: only a sole best hand takes the share (Terrible Twos)
    sole: bool = False


@dataclass(frozen=True)
class Showdown:
    """The shares a pot is divided into.

    ``divide``: ``"split"``, the pot splits evenly among the shares that have a
    qualifying hand (high/low: half each; no qualifying low: the high takes all);
    ``"first"``, the first share in order with a qualifying hand takes the whole
    pot (Duck Flush: the high if it is a flush or better, else the low).
    ``unqualified``, when no share has a qualifying hand: ``"split"``, the pot is
    split among all its players (004 r.13.08, Sixty Four); ``"first-share"``, the
    best hand on the first share takes it, its qualifier waived (000 §2.4, Archie).
    """

    shares: tuple[Share, ...] = field(
        metadata={DERIVED: "the shares are the game's `showdown` tables"}
    )
    divide: Literal["split", "first"] = "split"
    unqualified: Literal["split", "first-share"] = "split"


@dataclass(frozen=True)
class Game:
    """A poker game as data."""

    id: str = field(metadata={DERIVED: "the game's ID is its table's name, such as [F01]"})
    name: str
    family: Family
    steps: tuple[Step, ...]
    showdown: Showdown
    aliases: tuple[str, ...] = ()
    #: aliases named for a betting format, and the format each deals (``nlhe``: no limit)
    alias_formats: tuple[tuple[str, Format], ...] = ()
    deck: str = "standard"
    #: "blinds" (button games), "bring-in" (stud: antes and a forced bring-in) or
    #: "antes" (button games with antes only, whatever blinds the stakes name: a
    #: rule may post them later, as Jackson's lowball round does)
    forced: Literal["blinds", "bring-in", "antes"] = "blinds"
    #: stud: which up card brings in (:mod:`pokerbook.games.bring_in`): "low" (2c
    #: lowest), "high" (aces low, Ks highest), "high-ace-high" (2-7 razz: As highest),
    #: "low-deuces-high" (Suffecool's lowest three) or "lowest-red" (Red/Black Push)
    bring_in: BringIn | None = None
    #: stud: the scale whose best up cards act first from 4th street on
    first_to_act: str | None = None
    formats: tuple[Format, ...] = ("limit", "pot-limit", "no-limit")
    max_players: int = 10
    #: limit stud: a player with an open pair on 4th street may bet the big bet
    open_pair_double: bool = False
    #: limit play forbids check-raise (limit California lowball)
    no_check_raise_in_limit: bool = False
    #: limit play: a seven or better must bet after the draw (the Sevens Rule, 000 App.B;
    #: :mod:`pokerbook.engine.sevens_rule`)
    sevens_rule: bool = False
    #: no-limit: nobody may just call the big blind on the first round (000 App.A: no
    #: limping in no-limit 2-7)
    no_limping: bool = False
    #: the hand a player needs to open the first betting round, as a qualifier on
    #: the high scale (Jacks-or-Better: ``pair-of-jacks-or-better``)
    openers: str | None = None
    #: nobody opens: ``carry`` (the deal ends and the antes stay in the pot for the
    #: next, 001 JoB r.1) or ``continue`` (the steps go on: Jackson turns lowball)
    no_opener: Literal["carry", "continue"] = "carry"
    #: per step, a note the step waits for (``"bet small if lowball"``): the step is
    #: skipped unless a rule set ``hand.situation.notes[note]``; empty: no conditions
    when: tuple[str | None, ...] = field(
        default=(), metadata={DERIVED: "a step waits for a note by ending 'if NOTE'"}
    )
    sources: tuple[str, ...] = field(default=())
    #: the Bug was added to the deck at the dealer's choice (004 r.3,
    #: :mod:`pokerbook.games.bug`)
    bug: bool = field(
        default=False, metadata={DERIVED: "the Bug is added by looking a game up as ID+bug"}
    )

    @property
    def playable_formats(self) -> tuple[Format, ...]:
        """The formats a hand may use: the declared ones, and spread limit wherever
        limit is played (004 r.7: spread limit is a limit house's way of betting)."""
        if "limit" in self.formats and "spread-limit" not in self.formats:
            return (*self.formats, "spread-limit")
        return self.formats

    @property
    def is_stud(self) -> bool:
        """A stud game with a bring-in (antes, the bring-in card, stud odd chips)."""
        return self.forced == "bring-in"

    @property
    def stud_dealing(self) -> bool:
        """Dealt like stud, to each player's own up cards: with a bring-in, or with blinds
        and the best hand showing acting first (Mississippi); a short stub deals a
        common card (001 Stud r.11)."""
        return self.is_stud or self.first_to_act is not None

    @property
    def hole_cards(self) -> int:
        return sum(s.down + s.up for s in self.steps if isinstance(s, DealHole))

    @property
    def boards(self) -> int:
        return max((s.board + 1 for s in self.steps if isinstance(s, DealBoard)), default=0)
