"""The night's procedures as table rules (:mod:`pokerbook.table.rules`), in their order.

:data:`RULE_ORDER` is the order :class:`~pokerbook.table.play.GameNight` runs them in,
at each of the points of a deal (between hands, before the hand, after it):

1. :class:`RebuyOrOut`: busted players rebuy if the night allows, else are out;
2. :class:`ComeAndGo`: players join, sit out, come back and leave (a night's
   ``churn``; not before the first hand);
3. :class:`DoubleAtMidnight`: after midnight the stakes double (004 r.6g);
4. :class:`PlayTournament`: a tournament's level sets the stakes; after the hand,
   players with no chips are out and placed (004 r.101-r.109);
5. :class:`CarryUnopenedPots`: a pot nobody opened waits for the next deal of its
   game, which starts with it (001 JoB r.1);
6. :class:`PostBlinds`: blinds by the dead button (001 Blinds r.1(b)), players coming
   in post (001 Blinds r.4, r.9); after the hand, blinds that passed a player away are
   owed;
7. :class:`CallBombPot`: a bomb pot by the schedule or the button's call (000 §1.4);
8. :class:`KillPots`: the kill blind, the kill's stakes and order; after the hand the
   legs move (004 r.10, 001 Kill Pots);
9. :class:`Straddle`: straddles left of the big blind (004 r.7e), not in a bomb pot
   or a killed pot;
10. :class:`DeclareOvers`: bots take Overs buttons between deals; the hand's seats
    holding one (004 r.8);
11. :class:`UseShowEmChips`: bots buy Show 'Em chips between deals; after the hand
    they present them (004 r.6h);
12. :class:`Shuffle`: the deal's seed;
13. :class:`AgreeToRunTwice`: whether the table runs it twice (001 Procedures r.14).

Each rule tells the table what its players must know (:mod:`pokerbook.table.notices`):
a Show 'Em chip bought or presented, an Overs button taken, a kill pot and its limits,
a straddle, midnight, a tournament level, a player out.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING

from pokerbook.engine.setup import can_be_bomb_pot
from pokerbook.games.bug import base_id
from pokerbook.table.kills import Kill, KillButton
from pokerbook.table.midnight import Midnight, double_stakes
from pokerbook.table.night import Churn
from pokerbook.table.notices import limits, who
from pokerbook.table.overs import OversButtons
from pokerbook.table.rules import BetweenHands, HandContext, Rule, TableRule
from pokerbook.table.show_em import ShowEmChips
from pokerbook.table.straddles import StraddleRule, add_straddles, default_blinds, may_straddle
from pokerbook.table.tournament import Tournament, ordinal

if TYPE_CHECKING:
    from pokerbook.engine.hand import Hand
    from pokerbook.table.agreements import BombPots
    from pokerbook.table.play import GameNight


class RebuyOrOut(Rule):
    """Busts: before each deal a player left with no chips buys in again, if the
    night's :class:`~pokerbook.table.night.RebuyRule` allows, else is out."""

    def between_hands(self, ctx: BetweenHands) -> None:
        table = ctx.table
        out_before = list(table.out)
        ctx.rebuys.extend(table.rebuy_busted(ctx.number))
        for seat, chips in ctx.rebuys:
            ctx.tell("rebuy", seat, f"rebuys for {chips}")
        if table.tournament is not None:
            return  # a tournament places who goes out (:class:`PlayTournament`)
        for seat, out in enumerate(table.out):
            if out and not out_before[seat]:
                ctx.tell("out", seat, "is out of chips and out of the night")


class ComeAndGo(Rule):
    """Players come and go at random between hands (a night's ``churn``), from the
    first hand played on; the draws come from their own generator."""

    def __init__(self, churn: Churn, seed: int) -> None:
        self.churn = churn
        self.rng = random.Random(f"churn-{seed}")

    def between_hands(self, ctx: BetweenHands) -> None:
        if ctx.table.hands_played:
            ctx.table.seating.churn(ctx.table, self.churn, self.rng)


class DoubleAtMidnight(Rule):
    """The Midnight Rule (004 r.6g): once midnight has struck, after a number of hands
    or at a time on the night's :attr:`clock`, every hand is played at double stakes."""

    def __init__(self, midnight: Midnight) -> None:
        self.midnight = midnight
        #: a live night's clock (None: midnight falls only after a number of hands)
        self.clock: Callable[[], datetime] | None = None
        self.started: datetime | None = None
        #: whether midnight has passed
        self.doubled = False

    def before_hand(self, ctx: HandContext) -> None:
        if not self.doubled:
            now = self.clock() if self.clock is not None else None
            if now is not None and self.started is None:
                self.started = now
            self.doubled = self.midnight.struck(ctx.table.hands_played, now, self.started)
            if self.doubled:
                ctx.tell("midnight", None, "midnight: the stakes double from this hand on")
        if self.doubled:
            ctx.stakes = double_stakes(ctx.stakes)
            ctx.doubled = True


class PlayTournament(Rule):
    """A tournament's stakes come from the level in play (004 r.103-r.104); after each
    hand the players it left with no chips are placed (r.109)."""

    def __init__(self, tournament: Tournament) -> None:
        self.tournament = tournament

    def before_hand(self, ctx: HandContext) -> None:
        tournament = self.tournament
        ctx.stakes = tournament.stakes_for(ctx.stakes, ctx.table.hands_played)
        levels = tournament.hand_levels
        if len(levels) == 1 or levels[-1] != levels[-2]:
            level = tournament.rule.levels[levels[-1]]
            ctx.tell("level", None, f"level {levels[-1] + 1}: {level.describe()}")

    def after_hand(self, ctx: HandContext, hand: Hand) -> None:
        for place in self.tournament.after_hand(ctx.number, hand, ctx.dealt, ctx.table.stacks):
            verb = "wins the tournament" if place.place == 1 else "goes out"
            ctx.tell("place", place.seat, f"{verb} in {ordinal(place.place)} place")


class CarryUnopenedPots(Rule):
    """Pots nobody opened (001 JoB r.1): the chips wait for the next deal of the same
    game, which starts with them in its pot; each seat's share is kept so that a player
    who leaves, or the end of the night, gives it back."""

    def before_hand(self, ctx: HandContext) -> None:
        ctx.waiting = ctx.table.carried.pop(base_id(ctx.game.id), None)
        if ctx.waiting is not None:
            ctx.setup = replace(ctx.setup, carried_in=sum(ctx.waiting))

    def after_hand(self, ctx: HandContext, hand: Hand) -> None:
        if hand.carried:
            table = ctx.table
            shares = ctx.waiting if ctx.waiting is not None else [0] * table.players
            for index, seat in enumerate(ctx.dealt):
                shares[seat] += hand.contributed[index]
            table.carried[base_id(ctx.game.id)] = shares
            ctx.carried = hand.carried - hand.carried_in
        else:
            ctx.carried_won = hand.carried_in


class PostBlinds(Rule):
    """The blinds of the deal: by the dead button where the house has one (001 Blinds
    r.1(b)), and what players coming in post, live and dead (001 Blinds r.4, r.9;
    :mod:`pokerbook.table.seating`); after the hand, who owes the blinds that passed
    them while away."""

    def before_hand(self, ctx: HandContext) -> None:
        table, positions, dealt = ctx.table, ctx.positions, ctx.dealt
        posts = table.seating.posts(ctx.game, ctx.stakes, positions, dealt)
        blinds = self._dead_button_blinds(ctx)
        if posts.live:
            if blinds is None:
                by_seat = positions.blinds(table.players, ctx.stakes.blinds)
                blinds = [by_seat[s] for s in dealt]
            blinds = [max(b, posts.live.get(s, 0)) for b, s in zip(blinds, dealt, strict=True)]
        if blinds is None and not posts.dead:
            return
        ctx.setup = replace(
            ctx.setup,
            blinds=None if blinds is None else tuple(blinds),
            dead_blinds=tuple(posts.dead.get(s, 0) for s in dealt) if posts.dead else None,
            # the posters act in turn, from left of the big blind
            first_to_act=(dealt.index(positions.big_blind) + 1) % len(dealt)
            if posts.live
            else None,
        )

    @staticmethod
    def _dead_button_blinds(ctx: HandContext) -> list[int] | None:
        """Each dealt seat's live blind with a dead button (two blinds), else None: the
        hand posts its own blinds left of the button."""
        positions, stakes = ctx.positions, ctx.stakes
        if not positions.dead_button and positions.small_blind is not None:
            return None
        if ctx.game.forced != "blinds" or len(stakes.blinds) != 2:
            return None
        by_seat = positions.blinds(ctx.table.players, stakes.blinds)
        return [by_seat[s] for s in ctx.dealt]

    def after_hand(self, ctx: HandContext, hand: Hand) -> None:
        ctx.table.seating.after_hand(
            ctx.game, ctx.stakes, ctx.before, ctx.positions, ctx.active, ctx.dealt
        )


class CallBombPot(Rule):
    """Bomb pots (000 §1.4): every ``every`` hands, or when the button calls one (the
    night's :attr:`~pokerbook.table.play.GameNight.bomb_chooser`), in a game with
    blinds: every player antes and nobody posts a blind."""

    def __init__(self, rule: BombPots) -> None:
        self.rule = rule

    def before_hand(self, ctx: HandContext) -> None:
        rule, table = self.rule, ctx.table
        if not can_be_bomb_pot(ctx.game):
            return
        button = ctx.positions.button
        if rule.scheduled(ctx.number) or (
            rule.button and table.bomb_chooser(button, ctx.game, table.rng)
        ):
            ctx.setup = replace(ctx.setup, bomb_pot=rule.ante, blinds=None)


def posted_blinds(ctx: HandContext) -> list[int]:
    """Each hand seat's blind as the setup has it so far, or as the engine would post
    the stakes' blinds left of the button."""
    if ctx.setup.blinds is not None:
        return list(ctx.setup.blinds)
    posts = ctx.stakes.blinds if ctx.game.forced == "blinds" else ()
    return default_blinds(len(ctx.dealt), ctx.button, posts, ctx.table.night.house)


class KillPots(Rule):
    """Kill pots (:mod:`pokerbook.table.kills`): the killer's kill blind, the kill's
    stakes (doubled too after midnight) and the first round's order; after the hand
    the legs move.  A bomb pot is not killed (the kill waits)."""

    def __init__(self, button: KillButton) -> None:
        self.button = button

    def before_hand(self, ctx: HandContext) -> None:
        if ctx.setup.bomb_pot:
            return
        table = ctx.table
        declared = table.night.stakes.killed_for(ctx.game)
        if declared is not None and ctx.doubled:
            declared = double_stakes(declared)
        kill = self.button.kill_for(
            ctx.game,
            ctx.stakes,
            declared,
            ctx.names,
            ctx.button,
            ctx.stacks,
            posted_blinds(ctx),
            ctx.setup,
            table.rng,
        )
        if kill is None:
            return
        ctx.kill = kill
        ctx.setup = kill.setup
        ctx.tell("kill", ctx.dealt[kill.killer], describe_kill(kill))

    def after_hand(self, ctx: HandContext, hand: Hand) -> None:
        self.button.after_hand(ctx.game, hand, ctx.names, ctx.kill)


def describe_kill(kill: Kill) -> str:
    """What the table is told of a kill: ``kills the pot with a kill blind of 200;
    kill pot: limits 200/400``."""
    how = f"with a kill blind of {kill.blind}" if kill.blind else "and opens the betting"
    why = "" if kill.required else " (a voluntary kill)"
    return f"kills the pot {how}{why}; kill pot: {limits(kill.stakes)}"


class Straddle(Rule):
    """Straddles (:mod:`pokerbook.table.straddles`): players left of the big blind
    straddle with the night's chance, where the house allows it; a person is never
    straddled for by chance.  Not in a bomb pot or a killed pot."""

    def __init__(self, rule: StraddleRule) -> None:
        self.rule = rule

    def before_hand(self, ctx: HandContext) -> None:
        table = ctx.table
        house = table.night.house
        if ctx.setup.bomb_pot or ctx.kill is not None:
            return
        if not may_straddle(ctx.game, ctx.stakes, house):
            return
        people = {seat for seat, name in enumerate(ctx.names) if name in table.people}
        blinds, taken = add_straddles(
            posted_blinds(ctx), ctx.stacks, house, self.rule, table.rng, people
        )
        if not taken:
            return
        ctx.straddles = tuple(taken)
        ctx.setup = replace(
            ctx.setup, blinds=tuple(blinds), straddles=tuple(seat for seat, _ in taken)
        )
        for seat, chips in taken:
            ctx.tell("straddle", ctx.dealt[seat], f"straddles for {chips}")


class DeclareOvers(Rule):
    """Overs buttons (:mod:`pokerbook.table.overs`): between deals bots take a button
    with the night's chances, and every new holder is announced; the hand's seats
    holding a button, where the buttons count in its game and stakes."""

    def __init__(self, buttons: OversButtons) -> None:
        self.buttons = buttons
        #: holders the table has been told of
        self.announced: set[str] = set()

    def between_hands(self, ctx: BetweenHands) -> None:
        table = ctx.table
        sitting = table.seating.names()
        self.buttons.bots_take([None if n in table.people else n for n in sitting])
        for seat, name in enumerate(sitting):
            if name in self.buttons.holders and name not in self.announced:
                self.announced.add(name)
                ctx.tell("overs-taken", seat, "plays Overs: takes an Overs button (004 r.8)")

    def before_hand(self, ctx: HandContext) -> None:
        overs = self.buttons.seats(ctx.game, ctx.hand_stakes, ctx.names)
        if overs:
            ctx.setup = replace(ctx.setup, overs=overs)


class UseShowEmChips(Rule):
    """Show 'Em chips (:mod:`pokerbook.table.show_em`): between deals bots sitting down
    buy one with the night's chance, and every chip bought is announced; after a pot
    nobody contested, bots holding one may present it to the winner."""

    def __init__(self, chips: ShowEmChips) -> None:
        self.chips = chips

    def between_hands(self, ctx: BetweenHands) -> None:
        self.chips.bots_buy(ctx.table)
        ctx.show_em_bought = self.chips.bought_before_hand()
        for seat, price in ctx.show_em_bought:
            ctx.tell("show-em-bought", seat, f"buys a Show 'Em chip for {price} (004 r.6h)")

    def after_hand(self, ctx: HandContext, hand: Hand) -> None:
        ctx.show_em = tuple(self.chips.bots_use(ctx.table, ctx.dealt))
        names = ctx.table.seating.names()
        for use in ctx.show_em:
            ctx.tell("show-em-presented", use.by, presented(use.shown, names[use.shown], use.paid))


def presented(shown: int, name: str | None, paid: int) -> str:
    """What the table is told of a Show 'Em chip presented (the cards are not told)."""
    return (
        f"presents a Show 'Em chip to {who(shown, name)}, who shows their hand to "
        f"them alone and is paid {paid}"
    )


class Shuffle(Rule):
    """The deal's seed, drawn from the night's generator once the forced money is
    settled (the order the night has always drawn it in), or given by the table's
    ``shuffle`` (a server's seed from the operating system's secure source)."""

    def before_hand(self, ctx: HandContext) -> None:
        shuffle = ctx.table.shuffle
        ctx.seed = ctx.table.rng.getrandbits(48) if shuffle is None else shuffle(ctx.number)


class AgreeToRunTwice(Rule):
    """Running it twice (001 Procedures r.14): the table agrees with the night's
    chance, drawn each hand, and where people play, only if every person dealt in
    agrees (the table's ``people_agree_to_run_twice``)."""

    def __init__(self, chance: float) -> None:
        self.chance = chance

    def before_hand(self, ctx: HandContext) -> None:
        agreed = ctx.table.rng.random() < self.chance
        people = ctx.table.people_agree_to_run_twice
        if agreed and people is not None:
            agreed = people(ctx.dealt)  # each person dealt in says yes for themselves
        if agreed:
            ctx.setup = replace(ctx.setup, run_twice=True)


#: the table rules, in the order they run (see the module)
RULE_ORDER: tuple[type[TableRule], ...] = (
    RebuyOrOut,
    ComeAndGo,
    DoubleAtMidnight,
    PlayTournament,
    CarryUnopenedPots,
    PostBlinds,
    CallBombPot,
    KillPots,
    Straddle,
    DeclareOvers,
    UseShowEmChips,
    Shuffle,
    AgreeToRunTwice,
)


def night_rules(table: GameNight) -> list[TableRule]:
    """The rules ``table``'s night plays, in :data:`RULE_ORDER`."""
    night = table.night
    rules: list[TableRule] = [RebuyOrOut()]
    if night.churn is not None:
        rules.append(ComeAndGo(night.churn, table.seed))
    if night.midnight is not None:
        rules.append(DoubleAtMidnight(night.midnight))
    if table.tournament is not None:
        rules.append(PlayTournament(table.tournament))
    rules += [CarryUnopenedPots(), PostBlinds()]
    if night.bomb_pots is not None:
        rules.append(CallBombPot(night.bomb_pots))
    if table.kills is not None:
        rules.append(KillPots(table.kills))
    if night.straddles is not None:
        rules.append(Straddle(night.straddles))
    if table.overs is not None:
        rules.append(DeclareOvers(table.overs))
    if table.show_em is not None:
        rules.append(UseShowEmChips(table.show_em))
    rules.append(Shuffle())
    if night.run_twice:
        rules.append(AgreeToRunTwice(night.run_twice))
    return rules
