"""The hand state machine.

A :class:`Hand` runs one deal of any game declared as data: it posts the forced
bets, deals, runs betting, draw and discard rounds, and settles the pots.  Player
decisions go through :meth:`Hand.act`, which validates first and changes nothing
when it refuses.  Every change is an :class:`Event` appended to ``hand.events``;
``hand.record()`` and :meth:`Hand.replay` rebuild an identical hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields
from typing import Any

from pokerbook.cards.card import Card
from pokerbook.cards.decks import deck
from pokerbook.engine.actions import Action, parse_action
from pokerbook.engine.betting import Legal, Round
from pokerbook.engine.dealing import Dealer, ShuffledDealer
from pokerbook.engine.errors import HandConfigurationError, IllegalActionError
from pokerbook.engine.events import Event
from pokerbook.engine.showdown import settle
from pokerbook.evaluation.scale import get_scale
from pokerbook.games.catalogue import find_game
from pokerbook.games.house import BARGE, House, find_house
from pokerbook.games.model import BetRound, DealBoard, DealHole, DiscardRound, DrawRound, Game
from pokerbook.games.stakes import Stakes

_PARSED: dict[str, Action] = {}


class Hand:
    """One hand of ``game`` for ``len(stacks)`` seats, seat ``button`` holding the button."""

    def __init__(
        self,
        game: Game | str,
        stakes: Stakes,
        stacks: Sequence[int],
        *,
        button: int = 0,
        house: House | str = BARGE,
        seed: int | None = None,
        dealer: Dealer | None = None,
        blinds: Sequence[int] | None = None,
        antes: Sequence[int] | None = None,
    ) -> None:
        self.game = find_game(game) if isinstance(game, str) else game
        self.stakes = stakes
        self.house = find_house(house) if isinstance(house, str) else house
        n = len(stacks)
        self.seats = n
        if not 2 <= n <= self.game.max_players:
            raise HandConfigurationError(
                f"{self.game.name} is played by 2 to {self.game.max_players} players, not {n}"
            )
        if stakes.format not in self.game.formats:
            raise HandConfigurationError(
                f"{self.game.name} is not played {stakes.format}; "
                f"formats: {', '.join(self.game.formats)}"
            )
        if any(s <= 0 for s in stacks):
            raise HandConfigurationError(f"every seat needs chips to play; stacks {list(stacks)}")
        if not 0 <= button < n:
            raise HandConfigurationError(f"the button must be a seat 0..{n - 1}, not {button}")
        self.button = button
        self.seed = seed
        self.starting_stacks = tuple(stacks)
        self.stacks = list(stacks)
        self.committed = [0] * n
        self.contributed = [0] * n
        self.folded = [False] * n
        self.hole: list[list[Card]] = [[] for _ in range(n)]
        self.face_up: list[list[bool]] = [[] for _ in range(n)]
        self.boards: list[list[Card]] = [[] for _ in range(max(1, self.game.boards))]
        self.dealer: Dealer = dealer or ShuffledDealer(deck(self.game.deck).cards, seed)
        self.events: list[Event] = []
        self.actions: list[tuple[int, Action]] = []
        self._legal: Legal | None = None  # a cache of legal(), valid until the hand changes
        self._legal_valid = False
        self.step = 0
        self.round: Round | None = None
        self.last_round: Round | None = None
        self.street = 0  # betting rounds started
        self.actor: int | None = None
        self.pending: list[int] = []  # seats still to draw or discard this step
        self.step_started = False
        self.done = False
        self.shown: set[int] = set()
        self.payouts = [0] * n
        # antes posted for the whole table (big blind or button ante): dead money that
        # goes to the main pot, not a stake of the poster's own (000 §1.2.1)
        self.dead = [0] * n
        self.blinds_by_seat = list(blinds) if blinds is not None else self._default_blinds()
        self.antes_by_seat = list(antes) if antes is not None else self._default_antes()
        if len(self.blinds_by_seat) != n or len(self.antes_by_seat) != n:
            raise HandConfigurationError("blinds and antes must give one amount per seat")
        self._post_forced()
        self._advance()

    # -- set-up ------------------------------------------------------------------
    def order_from(self, start: int) -> list[int]:
        """Every seat clockwise from ``start``."""
        return [(start + i) % self.seats for i in range(self.seats)]

    def _default_blinds(self) -> list[int]:
        out = [0] * self.seats
        if self.game.forced != "blinds":
            return out
        posts = self.stakes.blinds
        if self.seats == 2 and self.house.heads_up_button_small_blind and len(posts) >= 2:
            out[self.button] = posts[0]
            out[(self.button + 1) % 2] = posts[1]
            return out
        for offset, amount in enumerate(posts):
            if offset < self.seats:
                out[(self.button + 1 + offset) % self.seats] = amount
        return out

    def _default_antes(self) -> list[int]:
        if not self.stakes.ante:
            return [0] * self.seats
        if self.stakes.big_blind_ante:
            out = [0] * self.seats
            big = max(range(self.seats), key=lambda s: (self.blinds_by_seat[s], -s))
            out[big] = self.stakes.ante
            return out
        if self.stakes.dealer_ante:
            # 004 r.4: the dealer antes for every player
            out = [0] * self.seats
            out[self.button] = self.stakes.ante * self.seats
            return out
        return [self.stakes.ante] * self.seats

    def _pay(self, seat: int, amount: int, *, live: bool) -> int:
        paid = min(amount, self.stacks[seat])
        self.stacks[seat] -= paid
        self.contributed[seat] += paid
        if live:
            self.committed[seat] += paid
        return paid

    def _post_forced(self) -> None:
        # one ante for everyone when some seats post none (a big blind or button ante)
        table_ante = self.stakes.big_blind_ante or (
            any(self.antes_by_seat) and not all(self.antes_by_seat)
        )
        for seat in self.order_from(self.button + 1):
            if self.antes_by_seat[seat]:
                paid = self._pay(seat, self.antes_by_seat[seat], live=False)
                if table_ante:
                    self.dead[seat] += paid
                self._log(Event("ante", seat, paid, all_in=self.stacks[seat] == 0))
        for seat in self.order_from(self.button + 1):
            if self.blinds_by_seat[seat] and self.stacks[seat]:
                paid = self._pay(seat, self.blinds_by_seat[seat], live=True)
                self._log(Event("blind", seat, paid, all_in=self.stacks[seat] == 0))

    # -- state queries ---------------------------------------------------------------
    def _log(self, event: Event) -> None:
        self.events.append(event)

    @property
    def live(self) -> list[int]:
        """Seats still in the hand."""
        return [s for s, folded in enumerate(self.folded) if not folded]

    def can_act(self, seat: int) -> bool:
        return not self.folded[seat] and self.stacks[seat] > 0

    def _able_count(self) -> int:
        """How many seats are still in with chips behind (can still bet)."""
        seats = zip(self.folded, self.stacks, strict=True)
        return sum(1 for out, chips in seats if not out and chips > 0)

    def _only_one_able(self) -> bool:
        """Whether exactly one seat is still in with chips (stops at the second)."""
        found = 0
        for out, chips in zip(self.folded, self.stacks, strict=True):
            if not out and chips > 0:
                found += 1
                if found > 1:
                    return False
        return found == 1

    @property
    def pot(self) -> int:
        """Every chip put in this hand (including the current round's bets)."""
        return sum(self.contributed)

    def cards_of(self, seat: int) -> list[Card]:
        return self.hole[seat]

    def up_cards(self, seat: int) -> list[Card]:
        return [c for c, up in zip(self.hole[seat], self.face_up[seat], strict=True) if up]

    def legal(self) -> Legal | None:
        """What the player to act may do, or None when nobody is to act.

        The answer is kept until the hand changes: treat it as read-only."""
        if self._legal_valid:
            return self._legal
        self._legal = self._compute_legal()
        self._legal_valid = True
        return self._legal

    def _compute_legal(self) -> Legal | None:
        seat = self.actor
        if seat is None or self.done:
            return None
        step = self.game.steps[self.step]
        if isinstance(step, DrawRound):
            return Legal(seat, fold=False, draw=(0, min(step.max_cards, len(self.hole[seat]))))
        if isinstance(step, DiscardRound):
            return Legal(seat, fold=False, discard=step.count)
        rnd = self.round
        assert rnd is not None
        committed, stack = self.committed[seat], self.stacks[seat]
        legal = Legal(seat)
        if self._owes_bring_in(seat, rnd):
            legal.fold = False
            legal.bring_in = min(self.stakes.bring_in, stack)
            bounds = self._raise_bounds(seat, rnd)
            legal.min_to, legal.max_to = bounds if bounds else (None, None)
            return legal
        to_call = rnd.current - committed
        if to_call <= 0:
            legal.check = True
        else:
            legal.call = min(to_call, stack)
        check_raise_banned = (
            self.game.no_check_raise_in_limit
            and self.stakes.format == "limit"
            and seat in rnd.checked
        )
        open_to_raise = rnd.may_raise(seat) and not check_raise_banned
        # no raise yet: no cap can bite, so the cap (a count of seats) is not needed
        if open_to_raise and not (
            rnd.capped or (rnd.raises > 0 and rnd.is_capped(self.folded.count(False), self._cap()))
        ):
            bounds = self._raise_bounds(seat, rnd)
            if bounds is not None:
                legal.min_to, legal.max_to = bounds
                if self.stakes.format == "limit" and bounds[0] != bounds[1]:
                    legal.sizes = bounds
        return legal

    def _cap(self) -> int | None:
        if self.stakes.format != "limit":
            return None
        rnd = self.round
        cap = self.house.raise_cap
        if rnd is not None and cap is not None and rnd.raises <= cap:
            return cap  # not yet at the cap: the seat count cannot matter
        # "a pot involving three or more players who are not all-in" (001 Betting r.3)
        return self.house.capped(self._able_count())

    def _raise_bounds(self, seat: int, rnd: Round) -> tuple[int, int] | None:
        pot_after_call = self.pot + max(0, rnd.current - self.committed[seat])
        pot_after_call += self._small_blind_credit(rnd)
        return rnd.raise_bounds(
            self.committed[seat], self.stacks[seat], pot_after_call, self.stakes.minimum_bet()
        )

    def _small_blind_credit(self, rnd: Round) -> int:
        """Pot limit, house option (001 Pot-Limit r.6): until the big blind has acted on
        the first round, a small blind counts as a big blind in sizing the pot."""
        if not (
            self.stakes.format == "pot-limit"
            and self.house.pot_limit_small_blind_as_big
            and self.street == 1
            and not self.game.is_stud
        ):
            return 0
        big = self.stakes.big_blind
        big_seats = [s for s in self.order_from(self.button + 1) if self.blinds_by_seat[s] == big]
        if not big_seats or big_seats[0] in rnd.acted:
            return 0
        return sum(
            max(0, big - self.committed[s])
            for s, b in enumerate(self.blinds_by_seat)
            if 0 < b < big
        )

    # -- actions ---------------------------------------------------------------------
    def act(self, action: Action | str) -> Event:
        """Apply the decision of the player to act; returns the event it made."""
        if isinstance(action, str):
            act = _PARSED.get(action)
            if act is None:
                act = parse_action(action)
                if len(_PARSED) < 10_000:
                    _PARSED[action] = act
        else:
            act = action
        seat = self.actor
        if seat is None or self.done:
            raise IllegalActionError(
                "turn order", f"nobody is to act ({self._why_no_actor()})", "nothing"
            )
        if self._plain(seat, act):
            event = self._apply_plain(seat, act)  # legal as it stands: no need for legal()
        else:
            legal = self._legal if self._legal_valid else self._compute_legal()
            assert legal is not None
            event = self._apply(seat, act, legal)
        self._legal_valid = False
        self.actions.append((seat, act if act.kind != "complete" else Action("bet", event.amount)))
        if self.round is not None:
            self._after_bet_action()
        else:
            self.actor = None  # a draw or discard: the next drawer is found by _advance
        self._advance()
        return event

    def _why_no_actor(self) -> str:
        return "the hand is over" if self.done else "no decision is pending"

    def _refuse(self, legal: Legal, rule: str, message: str) -> IllegalActionError:
        return IllegalActionError(rule, f"seat {legal.seat}: {message}", legal.describe())

    def _check_or_call(self, seat: int, rnd: Round) -> Event:
        """Check, or call what is owed (all-in for less if short); the caller has
        made sure the seat may."""
        to_call = rnd.current - self.committed[seat]
        rnd.acted[seat] = rnd.raise_id
        if to_call <= 0:
            rnd.checked.add(seat)
            return Event("check", seat)
        paid = self._pay(seat, to_call, live=True)
        return Event("call", seat, paid, all_in=self.stacks[seat] == 0)

    def _owes_bring_in(self, seat: int, rnd: Round) -> bool:
        """Whether the seat must post the bring-in (or complete) before anything else."""
        return rnd.bring_in_seat == seat and rnd.current == 0 and self.stakes.bring_in > 0

    def _plain(self, seat: int, act: Action) -> bool:
        """Whether the action is a fold, check or call, or standing pat, that the rules
        allow as it stands: the commonest decisions, taken without building ``legal()``."""
        kind = act.kind
        rnd = self.round
        if rnd is None:
            return (
                kind == "draw" and not act.cards and type(self.game.steps[self.step]) is DrawRound
            )
        if kind not in ("fold", "check", "call") or self._owes_bring_in(seat, rnd):
            return False
        return kind != "check" or rnd.current <= self.committed[seat]

    def _apply_plain(self, seat: int, act: Action) -> Event:
        """Fold, check or call, or stand pat; the caller has made sure the seat may."""
        rnd = self.round
        if rnd is None:
            event = Event("draw", seat, 0)
            self.pending.remove(seat)
        else:
            if act.kind == "fold":
                self.folded[seat] = True
                rnd.acted[seat] = rnd.raise_id
                event = Event("fold", seat)
            else:
                event = self._check_or_call(seat, rnd)
            if rnd.first is None:
                rnd.first = seat
        self._log(event)
        return event

    @property
    def decision(self) -> str | None:
        """The kind of decision pending: ``bet``, ``bring-in``, ``draw``, ``discard``, or
        None (a cheap way for bots to know what to do; ``legal()`` gives the amounts)."""
        seat = self.actor
        if seat is None or self.done:
            return None
        step = type(self.game.steps[self.step])
        if step is DrawRound:
            return "draw"
        if step is DiscardRound:
            return "discard"
        rnd = self.round
        return "bring-in" if rnd is not None and self._owes_bring_in(seat, rnd) else "bet"

    def _apply(self, seat: int, act: Action, legal: Legal) -> Event:
        if legal.draw is not None or legal.discard is not None:
            return self._apply_draw(seat, act, legal)
        rnd = self.round
        assert rnd is not None
        kind = act.kind
        if kind in ("fold", "check", "call"):
            if kind == "fold" and not legal.fold:
                raise self._refuse(legal, "forced bet", "the bring-in cannot fold")
            if kind != "fold" and not legal.check:
                if legal.call is None:
                    raise self._refuse(
                        legal, "bring-in", "the bring-in must be posted or completed"
                    )
                if kind == "check":
                    raise self._refuse(
                        legal, "facing a bet", f"cannot check facing {legal.call} to call"
                    )
            return self._apply_plain(seat, act)
        if kind == "bring-in":
            if legal.bring_in is None:
                raise self._refuse(legal, "bring-in", "there is no bring-in to post now")
            self._pay(seat, legal.bring_in, live=True)
            rnd.current = self.committed[seat]
            rnd.last_raise = max(rnd.last_raise, legal.bring_in)
            rnd.acted[seat] = rnd.raise_id
            event = Event("bring-in", seat, legal.bring_in, all_in=self.stacks[seat] == 0)
        elif kind in ("bet", "complete"):
            if legal.min_to is None or legal.max_to is None:
                why = (
                    "the raises are capped"
                    if rnd.capped
                    else "the betting is not open to this seat"
                )
                raise self._refuse(legal, "raising", f"cannot bet or raise: {why}")
            to = legal.min_to if act.amount is None else act.amount
            all_in_to = self.committed[seat] + self.stacks[seat]
            if legal.sizes and to not in legal.sizes and to != all_in_to:
                raise self._refuse(
                    legal,
                    "limit bet size",
                    f"bet or raise to one of {', '.join(map(str, legal.sizes))}, not {to}",
                )
            if not legal.min_to <= to <= legal.max_to:
                raise self._refuse(
                    legal,
                    f"{self.stakes.format} bet size",
                    f"a bet or raise must be to {legal.min_to}-{legal.max_to}, not {to}",
                )
            self._pay(seat, to - self.committed[seat], live=True)
            kind_name = rnd.record_bet(seat, to, all_in=to == all_in_to)
            cap = self._cap()
            if cap is not None and rnd.raises >= cap + 1:
                rnd.capped = True  # stays capped if a fold then leaves two (001 r.4)
            event = Event(kind_name, seat, to, all_in=self.stacks[seat] == 0)
        else:
            raise self._refuse(legal, "betting round", f"cannot {kind} in a betting round")
        if rnd.first is None:
            rnd.first = seat
        self._log(event)
        return event

    def _apply_draw(self, seat: int, act: Action, legal: Legal) -> Event:
        cards = act.cards
        held = self.hole[seat]
        if act.kind not in ("draw", "discard"):
            raise self._refuse(legal, "draw round", f"cannot {act.kind} now")
        if len(set(cards)) != len(cards) or any(c not in held for c in cards):
            raise self._refuse(
                legal, "draw", f"can only throw cards held ({' '.join(map(str, held))})"
            )
        if legal.draw is not None:
            lo, hi = legal.draw
            if not lo <= len(cards) <= hi:
                raise self._refuse(legal, "draw", f"draw {lo}-{hi} cards, not {len(cards)}")
            keep = [c for c in held if c not in cards]
            new = self.dealer.replace(seat, cards)
            self.hole[seat] = keep + new
            self.face_up[seat] = [False] * len(self.hole[seat])
            event = Event("draw", seat, len(new), cards=tuple(new), discarded=tuple(cards))
        else:
            if len(cards) != legal.discard:
                raise self._refuse(legal, "discard", f"discard exactly {legal.discard} card(s)")
            keep_up = [
                (c, u) for c, u in zip(held, self.face_up[seat], strict=True) if c not in cards
            ]
            self.hole[seat] = [c for c, _ in keep_up]
            self.face_up[seat] = [u for _, u in keep_up]
            self.dealer.muck(cards)
            event = Event("discard", seat, len(cards), discarded=tuple(cards))
        self._log(event)
        self.pending.remove(seat)
        return event

    # -- flow --------------------------------------------------------------------------
    def _advance(self) -> None:
        while not self.done:
            if self.folded.count(False) == 1:
                self._finish()
                return
            if self.actor is not None:
                return
            if self.step >= len(self.game.steps):
                self._finish()
                return
            step = self.game.steps[self.step]
            if isinstance(step, BetRound):
                if not self.step_started:
                    self.step_started = True
                    self._start_round(step)
                    if self.actor is not None:
                        return
                self._end_round()
            elif isinstance(step, DrawRound | DiscardRound):
                if not self.step_started:
                    self.step_started = True
                    self.pending = [
                        s for s in self.order_from(self.button + 1) if not self.folded[s]
                    ]
                if self.pending:
                    self.actor = self.pending[0]
                    return
            elif isinstance(step, DealHole):
                self._deal_hole(step)
            elif isinstance(step, DealBoard):
                self.dealer.burn()
                cards = self.dealer.deal(None, step.count)
                self.boards[step.board].extend(cards)
                self._log(Event("deal-board", None, cards=tuple(cards), board=step.board))
            self.step += 1
            self.step_started = False

    def _deal_hole(self, step: DealHole) -> None:
        live = [s for s in self.order_from(self.button + 1) if not self.folded[s]]
        count = step.down + step.up
        if self.game.is_stud and count == 1 and self.dealer.remaining() < len(live):
            # not enough cards for everyone: one community card plays for all (001 Stud r.11)
            cards = self.dealer.deal(None, 1)
            self.boards[0].extend(cards)
            self._log(Event("deal-board", None, cards=tuple(cards), detail="common card"))
            return
        for seat in live:
            cards = self.dealer.deal(seat, count)
            up = (False,) * step.down + (True,) * step.up
            self.hole[seat].extend(cards)
            self.face_up[seat].extend(up)
            self._log(Event("deal-hole", seat, cards=tuple(cards), up=up))

    def _start_round(self, step: BetRound) -> None:
        fmt = self.stakes.format
        size = self.stakes.bet_size(step.size) if fmt == "limit" else self.stakes.minimum_bet()
        rnd = Round(fmt, size, self.folded.count(False), spread=self.stakes.spread, cap=self._cap())
        if fmt == "limit" and self._open_pair_showing():
            rnd.double = self.stakes.bet_size("big")  # 001 Stud r.4: small or big on 4th street
        posted = max(self.committed)
        current = posted
        if self.street == 0 and not self.game.is_stud:
            # a blind all-in for less does not lower the bet the others must call
            # (001 Tournaments r.19, 004 r.104: a side pot is made for the rest)
            current = max(current, *self.blinds_by_seat)
        if current:
            rnd.current = current
            rnd.last_raise = max(current, size if fmt != "limit" else 0)
            if fmt == "limit" and current >= size:
                rnd.full_level = current
                rnd.raises = 1
        self.round = rnd
        self.street += 1
        self._log(Event("street", None, self.street, detail=step.size))
        able = [s for s in range(self.seats) if self.can_act(s)]
        if len(able) == 0 or (len(able) == 1 and self.committed[able[0]] >= posted):
            self.actor = None
            return
        first = self._first_to_act(rnd)
        self.actor = self._next_actor(first, include_start=True)

    def _open_pair_showing(self) -> bool:
        if not (self.game.open_pair_double and self.house.open_pair_double and self.street == 1):
            return False
        for seat in self.live:
            ranks = [c.rank for c in self.up_cards(seat)]
            if len(ranks) != len(set(ranks)):
                return True
        return False

    def _first_to_act(self, rnd: Round) -> int:
        if self.game.is_stud:
            if self.street == 1 and self.game.bring_in:
                seat = self._bring_in_seat()
                rnd.bring_in_seat = seat
                return seat
            return self._best_showing()
        if self.street == 1 and any(self.blinds_by_seat):
            # blinds go clockwise from the small blind: left of the button, but heads-up
            # the button posts it and so acts first pre-flop (004 r.31, 001 Blinds r.3)
            first_blind = self.button + 1
            if (
                self.seats == 2
                and self.house.heads_up_button_small_blind
                and self.blinds_by_seat[self.button]
            ):
                first_blind = self.button
            last_blind = max(
                (s for s in range(self.seats) if self.blinds_by_seat[s]),
                key=lambda s: (s - first_blind) % self.seats,
            )
            return (last_blind + 1) % self.seats
        return (self.button + 1) % self.seats

    def _bring_in_seat(self) -> int:
        kind = self.game.bring_in

        def key(seat: int) -> tuple[int, int]:
            card = self.up_cards(seat)[-1]
            if kind == "low":
                return (-card.rank, -card.suit)
            rank = 1 if (card.rank == 14 and kind == "high") else card.rank
            return (rank, card.suit)

        live = [s for s in self.live if self.up_cards(s)]
        return max(live, key=key)

    def _best_showing(self) -> int:
        scale = get_scale(self.game.first_to_act or "high")
        order = self.order_from(self.button + 1)
        candidates = [s for s in order if self.can_act(s)] or [
            s for s in order if not self.folded[s]
        ]
        return max(
            candidates,
            key=lambda s: (scale.best(self.up_cards(s)), -order.index(s)),
        )

    def _next_actor(self, start: int, *, include_start: bool) -> int | None:
        """The first seat from ``start`` that still owes a decision this round."""
        rnd = self.round
        assert rnd is not None
        offsets = range(self.seats) if include_start else range(1, self.seats)
        for i in offsets:
            seat = (start + i) % self.seats
            if self.folded[seat] or self.stacks[seat] <= 0:  # cannot act
                continue
            last = rnd.acted.get(seat)
            if last is None or last < rnd.raise_id or self.committed[seat] < rnd.current:
                return seat
        return None

    def _after_bet_action(self) -> None:
        seat = self.actor
        assert seat is not None
        if self.folded.count(False) == 1:
            self.actor = None
            return
        rnd = self.round
        assert rnd is not None
        nxt = self._next_actor(seat, include_start=False)
        if nxt is not None and self._only_one_able():
            facing = max(c for s, c in enumerate(self.committed) if s != nxt)
            if self.committed[nxt] >= facing:
                nxt = None  # nobody left to bet against
        self.actor = nxt

    def _end_round(self) -> None:
        self._return_uncalled()
        self.committed = [0] * self.seats
        if self.round is not None:
            self.last_round = self.round
        self.round = None

    def _return_uncalled(self) -> None:
        top = max(self.committed)
        if top == 0:
            return
        holders = [s for s in range(self.seats) if self.committed[s] == top]
        if len(holders) != 1:
            return
        second = max(c for s, c in enumerate(self.committed) if s != holders[0])
        excess = top - second
        if excess > 0:
            seat = holders[0]
            self.committed[seat] -= excess
            self.contributed[seat] -= excess
            self.stacks[seat] += excess
            self._log(Event("return", seat, excess))

    def _finish(self) -> None:
        if self.round is not None:
            self._end_round()
        self._return_uncalled()
        for event in settle(self):
            self._log(event)
        self.actor = None
        self.done = True

    # -- records -----------------------------------------------------------------------
    def record(self) -> dict[str, Any]:
        """Everything needed to replay this hand (for a shuffled dealer with a seed)."""
        return {
            "game": self.game.id,
            "stakes": _stakes_record(self.stakes),
            "house": self.house.name,
            "stacks": list(self.starting_stacks),
            "button": self.button,
            "seed": self.seed,
            "blinds": self.blinds_by_seat,
            "antes": self.antes_by_seat,
            "actions": [f"p{seat + 1} {act}" for seat, act in self.actions],
        }

    @classmethod
    def replay(cls, record: dict[str, Any]) -> Hand:
        """Rebuild a hand from :meth:`record` (its seed and its actions)."""
        if record.get("seed") is None:
            raise HandConfigurationError("only a seeded hand can be replayed from its record")
        stakes: dict[str, Any] = {
            k: tuple(v) if isinstance(v, list) else v for k, v in record["stakes"].items()
        }
        hand = cls(
            record["game"],
            Stakes(**stakes),
            record["stacks"],
            button=record["button"],
            house=record["house"],
            seed=record["seed"],
            blinds=record["blinds"],
            antes=record["antes"],
        )
        for line in record["actions"]:
            who, text = line.split(" ", 1)
            if hand.actor != int(who[1:]) - 1:
                raise HandConfigurationError(
                    f"record says {who} acts, but seat {hand.actor} is to act"
                )
            hand.act(text)
        return hand


def _stakes_record(stakes: Stakes) -> dict[str, Any]:
    """The stakes' fields that differ from their defaults (the format always)."""
    out: dict[str, Any] = {}
    for field in fields(stakes):
        value = getattr(stakes, field.name)
        if value != field.default or field.name == "format":
            out[field.name] = list(value) if isinstance(value, tuple) else value
    return out
