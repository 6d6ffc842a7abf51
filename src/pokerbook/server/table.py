"""One table of the server: its night and its players, changed only by events.

A :class:`Table` is what its log says it is.  Every change is an event
(``kind``, ``data``) applied by :meth:`Table.apply`, which checks it first and
changes nothing when it refuses it (:class:`CommandError`, or the engine's
:class:`~pokerbook.engine.errors.IllegalActionError`); replaying a table's events
in order rebuilds it exactly, mid-hand included, because everything random comes
from events (each deal's seed) or from the night's own seeded generator (the bots'
choices, which are made again on replay and checked against the log).

Seats are numbered from 0 here and from 1 in the API.  Changes a night allows only
between hands (joining after the start, sitting out, coming back, leaving, stacks,
Overs buttons and Show 'Em chips) that arrive during a hand are logged when they
arrive and made when the hand is over, in the order they came.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from pokerbook.bots import Policy, get_policy
from pokerbook.engine.actions import Action, parse_action
from pokerbook.engine.hand import Hand
from pokerbook.engine.views import view
from pokerbook.games.bug import base_id, with_bug
from pokerbook.games.catalogue import find_game
from pokerbook.history.deal_check import deal_commitment
from pokerbook.server.config import MAX_NAME, TableConfig, build_night
from pokerbook.server.driver import (
    ActionRequest,
    BombRequest,
    GameRequest,
    HandOver,
    NightDriver,
    Request,
    SeatRequest,
    SeedRequest,
)
from pokerbook.server.hand_words import results
from pokerbook.table.night import Night, NightError, Seat
from pokerbook.table.play import GameNight, HandResult

#: events a night allows only between hands: made at once, or when the hand is over
BETWEEN_HANDS = frozenset(
    {
        "join",
        "sit_out",
        "sit_in",
        "leave",
        "kick",
        "stack",
        "overs",
        "show_em_buy",
        "show_em",
        "night",
    }
)


class CommandError(ValueError):
    """A command the table refuses as it stands; ``status`` is the HTTP status."""

    def __init__(self, message: str, status: int = 409) -> None:
        super().__init__(message)
        self.status = status


@dataclass
class Player:
    """Someone in a seat: a person (with a token's hash) or a bot (its policy)."""

    name: str
    token: str | None
    bot: str | None = None
    policy: Policy | None = None
    #: decisions in a row the clock made for them (two: away, 001 Dead Hands r.1f)
    timeouts: int = 0
    away: bool = False
    #: seconds left in their time bank
    bank: float = 0.0
    #: whether they agree to run it twice when all in (001 Procedures r.14)
    run_twice: bool = False


@dataclass(frozen=True)
class Deal:
    """A hand's deal: its seed (the order of the deck and every die), the salt, and the
    SHA-256 commitment published before the first action."""

    number: int
    seed: int
    salt: str

    @property
    def commitment(self) -> str:
        return deal_commitment(self.salt, self.seed)


@dataclass(frozen=True)
class FinishedHand:
    """A hand that is over, with its deal."""

    result: HandResult
    deal: Deal
    names: tuple[str, ...]
    #: the token hashes of the people dealt in (None for a bot), by the hand's seat:
    #: who may see their own cards again in the hand's replay
    tokens: tuple[str | None, ...] = ()

    @cached_property
    def results(self) -> list[dict[str, Any]]:
        """Who won what (:func:`pokerbook.server.hand_words.results`), made once for
        every reader of every state after it."""
        return results(self.result.hand, self.result.dealt)


@dataclass
class Table:
    """See the module.  ``version`` is the number of the last event applied."""

    id: str
    config: TableConfig
    seed: int
    host: str
    night: Night = field(init=False)
    version: int = 0
    status: str = "waiting"  # waiting, playing, paused, ended
    players: list[Player | None] = field(init=False)
    #: seat requests waiting for the host: id -> (name, token hash)
    requests: dict[str, tuple[str, str]] = field(default_factory=dict)
    driver: NightDriver | None = None
    pending: SeatRequest | None = None
    deal: Deal | None = None
    hands: list[FinishedHand] = field(default_factory=list)
    queued: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    #: the reasons given for the host's stack changes: (hand, player, change, reason)
    adjustments: list[tuple[int, str, int, str]] = field(default_factory=list)
    ending: bool = False
    #: the hand as a spectator sees it, kept for the version it was made at
    _spectator: tuple[int, dict[str, Any]] | None = field(default=None, repr=False)
    #: the events as told to readers (table seats from 1), by the engine's event dict's
    #: id, for one version (:func:`pokerbook.server.state.table_state`)
    told_events: tuple[int, dict[int, tuple[dict[str, Any], dict[str, Any]]]] = field(
        default=(0, {}), repr=False
    )

    def __post_init__(self) -> None:
        self.night = build_night(self.config)
        self.players = [None] * self.config.seats

    # -- looking -----------------------------------------------------------------------
    @property
    def in_hand(self) -> bool:
        return self.driver is not None and self.driver.in_hand

    @property
    def hand(self) -> Hand | None:
        """The hand being dealt, or the last one."""
        return None if self.driver is None else self.driver.hand

    def spectator_view(self) -> dict[str, Any]:
        """``view(hand, None)`` of the hand being dealt or the last one, made once a
        version (every seat's view is made from it: :func:`~pokerbook.engine.views.
        seat_view`); treat it as read-only."""
        hand = self.hand
        assert hand is not None
        kept = self._spectator
        if kept is None or kept[0] != self.version:
            kept = self._spectator = (self.version, view(hand, None))
        return kept[1]

    def seated_names(self) -> set[str]:
        return {p.name for p in self.players if p is not None}

    def people(self) -> list[str]:
        return [p.name for p in self.players if p is not None and p.bot is None]

    def can_deal(self) -> bool:
        """Whether a hand can start: the night is on and two players can play."""
        if self.driver is None or self.status != "playing" or self.in_hand or self.ending:
            return False
        night = self.driver.table
        ready = 0
        for seat, player in enumerate(self.players):
            if player is None or player.away:
                continue
            if night.stacks[seat] > 0 or night.night.rebuys.allows(night.rebuys_used[seat]):
                ready += 1
        return ready >= 2

    # -- events ------------------------------------------------------------------------
    def apply(self, kind: str, data: dict[str, Any], *, replay: bool = False) -> None:
        """Make event ``kind`` (see the module); refused events change nothing."""
        if self.status == "ended" and kind != "end":
            raise CommandError("the night is over")
        handler = getattr(self, f"_on_{kind}", None)
        if handler is None:
            raise CommandError(f"unknown event {kind!r}", 400)
        if kind in BETWEEN_HANDS and self.in_hand:
            self._check_between(kind, data)
            self.queued.append((kind, data))
        else:
            handler(data, replay)
        self.version += 1

    def _check_between(self, kind: str, data: dict[str, Any]) -> None:
        """What can be checked of a change that waits for the hand to end: a change
        the night can never make is refused now, not dropped when the hand is over."""
        if kind == "join":
            self._check_join(data)
            return
        if self.players[_seat(data, self.config.seats)] is None:
            raise CommandError(f"seat {data['seat'] + 1} is empty")
        assert self.driver is not None
        night = self.night
        if kind == "overs" and night.overs is None:
            raise CommandError(f"night {night.key!r} plays no Overs buttons")
        if kind in ("show_em_buy", "show_em") and night.show_em is None:
            raise CommandError(f"night {night.key!r} plays no Show 'Em chips")
        if kind == "show_em":
            _seat({"seat": data.get("shown")}, self.config.seats)
        if kind == "stack" and self.driver.table.tournament is not None:
            raise CommandError("a tournament's stacks are its chips: the host cannot change them")

    # seats --------------------------------------------------------------------------
    def _check_join(self, data: dict[str, Any]) -> None:
        seat = _seat(data, self.config.seats)
        name = data["name"]
        _check_name(name)
        if self.players[seat] is not None or any(
            k == "join" and d["seat"] == seat for k, d in self.queued
        ):
            raise CommandError(f"seat {seat + 1} is taken")
        queued = {d["name"] for k, d in self.queued if k == "join"}
        if name in self.seated_names() | queued:
            raise CommandError(f"{name!r} is already at the table")

    def free_seat(self) -> int | None:
        """The first empty seat (none waiting to be taken), or None."""
        waiting = {d["seat"] for k, d in self.queued if k == "join"}
        for seat, player in enumerate(self.players):
            if player is None and seat not in waiting:
                return seat
        return None

    def _on_request(self, data: dict[str, Any], replay: bool) -> None:
        name = data["name"]
        _check_name(name)
        if name in self.seated_names() or name in {n for n, _ in self.requests.values()}:
            raise CommandError(f"{name!r} is already at the table or waiting for a seat")
        self.requests[data["id"]] = (name, data["token"])

    def _on_refuse(self, data: dict[str, Any], replay: bool) -> None:
        if self.requests.pop(data["id"], None) is None:
            raise CommandError("no such seat request", 404)

    def _on_join(self, data: dict[str, Any], replay: bool) -> None:
        self._check_join(data)
        seat, name = data["seat"], data["name"]
        buy_in = data["buy_in"]
        bot = data.get("bot")
        policy = get_policy(bot) if bot is not None else None
        player = Player(name, data.get("token"), bot, policy, bank=self.config.time_bank)
        if self.driver is not None:
            try:
                self.driver.table.join(seat, name, buy_in, policy=self.driver.asks)
            except NightError as exc:
                raise CommandError(str(exc)) from None
        self.players[seat] = player
        self.requests.pop(data.get("request", ""), None)
        self._tell_people()

    def _on_sit_out(self, data: dict[str, Any], replay: bool) -> None:
        seat = _seat(data, self.config.seats)
        player = self._player(seat)
        if self.driver is not None and self.driver.table.seating.status(seat) != "away":
            self._night_call(lambda night: night.sit_out(seat))
        player.away = True

    def _on_sit_in(self, data: dict[str, Any], replay: bool) -> None:
        seat = _seat(data, self.config.seats)
        player = self._player(seat)
        if self.driver is not None and self.driver.table.seating.status(seat) == "away":
            self._night_call(lambda night: night.sit_in(seat))
        player.away = False
        player.timeouts = 0

    def _on_away(self, data: dict[str, Any], replay: bool) -> None:
        """The player steps away: they sit out from the next hand, and the clock acts
        for them at once until then."""
        seat = _seat(data, self.config.seats)
        self._player(seat).away = True
        self.queued.append(("sit_out", {"seat": seat}))
        self._run_queue_if_idle()

    def _on_back(self, data: dict[str, Any], replay: bool) -> None:
        seat = _seat(data, self.config.seats)
        player = self._player(seat)
        player.away = False
        player.timeouts = 0
        self.queued = [(k, d) for k, d in self.queued if not (k == "sit_out" and d["seat"] == seat)]
        if self.driver is not None and self.driver.table.seating.status(seat) == "away":
            self.queued.append(("sit_in", {"seat": seat}))
        self._run_queue_if_idle()

    def _on_leave(self, data: dict[str, Any], replay: bool) -> None:
        seat = _seat(data, self.config.seats)
        self._player(seat)
        if self.driver is not None:
            self._night_call(lambda night: night.leave(seat))
        self.players[seat] = None
        self._tell_people()

    _on_kick = _on_leave

    def _on_stack(self, data: dict[str, Any], replay: bool) -> None:
        """The host sets a player's stack (the ledger records the chips bought or
        cashed out, and the reason)."""
        seat = _seat(data, self.config.seats)
        player = self._player(seat)
        amount = data["amount"]
        if self.driver is None:
            raise CommandError("stacks change once the night has started")
        night = self.driver.table
        if night.tournament is not None:
            raise CommandError("a tournament's stacks are its chips: the host cannot change them")
        change = amount - night.stacks[seat]
        number = night.hands_played
        if change > 0:
            night.ledger.rebuy(player.name, change, number)
        elif change < 0:
            night.ledger.cash_out(player.name, -change, number)
        night.stacks[seat] = amount
        if amount > 0:
            night.out[seat] = False
        self.adjustments.append((number, player.name, change, data["reason"]))

    def _on_overs(self, data: dict[str, Any], replay: bool) -> None:
        seat = _seat(data, self.config.seats)
        self._night_call(lambda night: night.take_overs(seat))

    def _on_show_em_buy(self, data: dict[str, Any], replay: bool) -> None:
        seat = _seat(data, self.config.seats)
        self._night_call(lambda night: night.buy_show_em(seat))

    def _on_show_em(self, data: dict[str, Any], replay: bool) -> None:
        seat = _seat(data, self.config.seats)
        shown = _seat({"seat": data["shown"]}, self.config.seats)
        self._night_call(lambda night: night.present_show_em(seat, shown))

    def _night_call(self, call: Callable[[GameNight], object]) -> None:
        """``call`` on the night, its refusal (:class:`NightError`) a command error."""
        if self.driver is None:
            raise CommandError("the night has not started")
        try:
            call(self.driver.table)
        except NightError as exc:
            raise CommandError(str(exc)) from None

    def _player(self, seat: int) -> Player:
        player = self.players[seat]
        if player is None:
            raise CommandError(f"seat {seat + 1} is empty")
        return player

    def _tell_people(self) -> None:
        if self.driver is not None:
            self.driver.table.played_by_people(self.people())

    # the night ------------------------------------------------------------------------
    def _on_start(self, data: dict[str, Any], replay: bool) -> None:
        if self.driver is not None:
            raise CommandError("the night has started")
        seated = [(s, p) for s, p in enumerate(self.players) if p is not None]
        if len(seated) < 2:
            raise CommandError("two players are needed to start")
        seats = [Seat(p.name, self.night.buy_in) for _, p in seated]
        try:
            driver = NightDriver(self.night, seats, self.seed, table_seats=self.config.seats)
        except NightError as exc:
            raise CommandError(str(exc)) from None
        _move_seats(driver, [s for s, _ in seated])
        driver.table.people_agree_to_run_twice = self._agree_to_run_twice
        self.driver = driver
        self.status = "playing"
        self._tell_people()

    def _agree_to_run_twice(self, dealt: tuple[int, ...]) -> bool:
        """Whether every person dealt in agrees to run it twice (bots agree at the
        night's chance)."""
        players = [self.players[s] for s in dealt]
        return all(p.run_twice for p in players if p is not None and p.bot is None)

    def _on_run_twice(self, data: dict[str, Any], replay: bool) -> None:
        """A player says whether they agree to run it twice, from the next deal."""
        seat = _seat(data, self.config.seats)
        if not self.night.run_twice:
            raise CommandError("this table does not run it twice")
        self._player(seat).run_twice = bool(data["on"])

    def _on_night(self, data: dict[str, Any], replay: bool) -> None:
        """The host changes the night: its games and stakes from the next deal."""
        from pokerbook.table.night_file import night_registry

        nights = night_registry()
        if data["night"] not in nights:
            raise CommandError(
                f"no night {data['night']!r}; nights: {', '.join(nights.names())}", 400
            )
        night = replace(nights.get(data["night"]), table_seats=self.config.seats, seats=())
        if self.driver is not None:
            self._night_call(lambda table: table.change_night(night))
        self.night = night

    def _on_pause(self, data: dict[str, Any], replay: bool) -> None:
        if self.status != "playing":
            raise CommandError("only a table in play pauses")
        self.status = "paused"

    def _on_resume(self, data: dict[str, Any], replay: bool) -> None:
        if self.status != "paused":
            raise CommandError("the table is not paused")
        self.status = "playing"

    def _on_next_game(self, data: dict[str, Any], replay: bool) -> None:
        game = find_game(data["game"])
        if self.driver is None:
            raise CommandError("the night has not started")
        if base_id(game.id) not in self.night.selection.games:
            raise CommandError(f"{game.id} is not one of the night's games")
        self.driver.table.next_game = game

    def _on_end(self, data: dict[str, Any], replay: bool) -> None:
        if self.status == "ended":
            raise CommandError("the night is over")
        if self.in_hand:
            self.ending = True  # the hand is played out first
        else:
            self._finish()

    def _finish(self) -> None:
        if self.driver is not None:
            self.driver.table.finish()
        self.status = "ended"
        self.pending = None

    # the hand -------------------------------------------------------------------------
    def _on_deal(self, data: dict[str, Any], replay: bool) -> None:
        if self.driver is None or self.in_hand:
            raise CommandError("no hand can be dealt now")
        self.deal = Deal(data["number"], int(data["seed"], 16), data["salt"])
        self._advance(self.driver.deal())

    def _on_act(self, data: dict[str, Any], replay: bool) -> None:
        request = self.pending
        seat = data["seat"]
        if not isinstance(request, ActionRequest) or request.seat != seat:
            raise CommandError(f"it is not seat {seat + 1}'s turn")
        assert self.driver is not None
        player = self._player(seat)
        action: Action | str
        if player.policy is not None and data.get("bot"):
            chosen = player.policy.choose(request.hand, self.driver.table.rng)
            if "action" in data and str(chosen) != data["action"]:
                raise RuntimeError(f"replay: the bot chose {chosen}, the log says {data['action']}")
            action = chosen
            data["action"] = str(chosen)
        else:
            action = parse_action(data["action"])
        self._advance(self.driver.act(action))
        if data.get("timeout"):
            player.timeouts += 1
            if player.timeouts >= 2 and not player.away:
                player.away = True
                self.queued.append(("sit_out", {"seat": seat}))
        else:
            player.timeouts = 0
        if "bank" in data:
            player.bank = float(data["bank"])
        self._run_queue_if_idle()

    def _on_game(self, data: dict[str, Any], replay: bool) -> None:
        request = self.pending
        if not isinstance(request, GameRequest) or request.seat != data["seat"]:
            raise CommandError(f"seat {data['seat'] + 1} is not choosing the game")
        assert self.driver is not None
        if data.get("auto"):
            game = self.driver.table.bots_chooser(request.seat, request.menu, self.driver.table.rng)
        else:
            game = _menu_game(data["game"], request.menu)
            if data.get("bug"):
                if not self.driver.table.deals_bug or game.deck != "standard":
                    raise CommandError("the Bug cannot be added to this game here")
                game = with_bug(game)
        if data.get("auto") and "game" in data and game.id != data["game"]:
            raise RuntimeError(f"replay: the dealer chose {game.id}, the log says {data['game']}")
        data["game"] = game.id
        self._advance(self.driver.answer(game))

    def _on_bomb(self, data: dict[str, Any], replay: bool) -> None:
        request = self.pending
        if not isinstance(request, BombRequest) or request.seat != data["seat"]:
            raise CommandError(f"seat {data['seat'] + 1} is not calling a bomb pot")
        assert self.driver is not None
        call = bool(data["call"])
        if data.get("auto"):
            call = self.driver.bots_bomb(request.seat, request.game, self.driver.table.rng)
            data["call"] = call
        self._advance(self.driver.answer(call))

    def _advance(self, out: Request | HandOver) -> None:
        """Go on from the driver's last answer until something needs a player."""
        assert self.driver is not None
        while isinstance(out, SeedRequest):
            assert self.deal is not None
            out = self.driver.answer(self.deal.seed)
        if isinstance(out, HandOver):
            self.pending = None
            if out.result is not None and self.deal is not None:
                dealt = out.result.dealt
                names = tuple(self.driver.table.seating.occupant(s).name for s in dealt)
                tokens = tuple(_token_of(self.players[s]) for s in dealt)
                self.hands.append(FinishedHand(out.result, self.deal, names, tokens))
            self._run_queue_if_idle()
            night = self.driver.table
            limit = self.config.hands
            won = night.tournament is not None and night.tournament.winner is not None
            if self.ending or won or (limit is not None and night.hands_played >= limit):
                self._finish()
            return
        self.pending = out

    def _run_queue_if_idle(self) -> None:
        if self.in_hand:
            return
        queued, self.queued = self.queued, []
        for kind, data in queued:
            with contextlib.suppress(CommandError):  # (no longer possible: nothing to do)
                getattr(self, f"_on_{kind}")(data, False)


def _seat(data: dict[str, Any], seats: int) -> int:
    seat = data.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < seats:
        told = seat + 1 if isinstance(seat, int) and not isinstance(seat, bool) else seat
        raise CommandError(f"no seat {told!r}: the table has seats 1 to {seats}", 400)
    return seat


def _check_name(name: object) -> None:
    """A player's name: 1 to MAX_NAME printable characters (it is shown to everyone and
    written in the ledger)."""
    if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
        raise CommandError(f"a name is 1 to {MAX_NAME} characters", 400)
    if not name.isprintable():
        raise CommandError("a name is printable characters only (no tabs or new lines)", 400)


def _menu_game(name: object, menu: tuple[Any, ...]) -> Any:
    if not isinstance(name, str):
        raise CommandError("'game' is a catalogue ID", 400)
    for game in menu:
        if base_id(game.id) == base_id(name.upper()) or game.id == name:
            return game
    raise CommandError(f"{name!r} is not on the menu: {', '.join(g.id for g in menu)}")


def _move_seats(driver: NightDriver, seats: list[int]) -> None:
    """Put the players the night seated in its first seats into their table seats."""
    night = driver.table
    occupants = night.seating.occupants
    placed: list[Any] = [None] * len(occupants)
    stacks = [0] * len(occupants)
    for index, seat in enumerate(seats):
        placed[seat] = occupants[index]
        stacks[seat] = night.stacks[index]
    night.seating.occupants[:] = placed
    night.stacks[:] = stacks


def _token_of(player: Player | None) -> str | None:
    return None if player is None else player.token
