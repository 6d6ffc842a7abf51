"""``pokerbook play --night``: a whole game night at the terminal, you against bots.

You sit in seat 1 of a :class:`~pokerbook.table.play.GameNight` as its player
(:class:`NightPlayer` is your seat's policy): you choose the game when it is your
deal in a dealer's-choice night, call a bomb pot on your button when the night
allows, see each hand as it is played, who won what and the stacks between hands,
and at the end the ledger: each player's net and who pays whom.

The table's notices (:mod:`pokerbook.table.notices`) are printed as they come: before
the hand (a kill pot and its limits, straddles, a Show 'Em chip bought, an Overs
button taken, midnight ...) under its header, the rest after it.  Seats are the
table's, from 1, everywhere: the table view's ``Seat`` column, ``Bot 3``, the
notices and ``show 3`` all mean the third seat; players holding an Overs button are
marked ``(Overs)``.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path

from rich.console import Console, RenderableType
from rich.table import Table
from rich.text import Text

from pokerbook.bots import Policy, get_policy
from pokerbook.cards.notation import format_cards
from pokerbook.cli.play_input import QuitError, ask_action, read_line
from pokerbook.cli.table_setup import describe_stakes
from pokerbook.cli.table_view import (
    describe_options,
    narrate,
    render_table,
    seat_names,
    showdown_lines,
)
from pokerbook.engine.actions import Action
from pokerbook.engine.hand import Hand
from pokerbook.games.bug import with_bug
from pokerbook.games.catalogue import UnknownGameError, find_game
from pokerbook.games.model import Game
from pokerbook.table.agreements import bots_choice
from pokerbook.table.ledger import Ledger
from pokerbook.table.night import Night, NightError, Seat
from pokerbook.table.notices import OWN_DOINGS, Notice, verb
from pokerbook.table.play import GameNight, HandResult
from pokerbook.table.tournament import Tournament, ordinal

HUMAN = 0
YES = frozenset({"y", "yes"})
NO = frozenset({"", "n", "no"})


class NightPlayer:
    """You at a night's table, in seat 1, against bots playing ``policy``.

    It is your seat's policy in the :class:`GameNight` (``choose`` asks you for an
    action), its dealer's-choice chooser (``choose_game``) and its bomb-pot caller
    (``call_bomb``); the bots choose as they would without you.
    """

    name = "you"

    def __init__(
        self, night: Night, players: int | None, policy: str, seed: int, console: Console
    ) -> None:
        self.night = night
        self.console = console
        bought = night.seated(players)
        self.names = seat_names(len(bought), HUMAN)
        seats = [Seat(name, seat.buy_in) for name, seat in zip(self.names, bought, strict=True)]
        policies: list[Policy] = [self, *(get_policy(policy) for _ in seats[1:])]
        chance = night.bomb_pots.button_chance if night.bomb_pots else 0.0
        self._bots_bomb = bots_choice(chance)
        self.table = GameNight(
            night,
            policies,
            seed,
            seats=seats,
            chooser=self.choose_game,
            bomb_chooser=self.call_bomb,
        )
        self.table.played_by_people([self.names[HUMAN]])  # you decide your own extras
        if self.table.tournament is not None:
            self.table.tournament.clock = datetime.now  # levels by minutes too (004 r.103)
        self.hand: Hand | None = None
        self.seen = 0
        #: the notices of the hand in play printed so far
        self.told = 0
        self.played = 0

    # -- the night -------------------------------------------------------------------
    def run(self, hands: int | None, ledger_path: Path | None) -> Ledger:
        """Play until ``hands`` hands are done, the night ends or you quit; then the
        ledger (written to ``ledger_path`` as CSV if given)."""
        try:
            while hands is None or self.played < hands:
                if self.played and not self.between_hands():
                    break
                result = next(iter(self.table.play(1)), None)
                if result is None:
                    self.console.print(f"The night is over: {self.table.ended}.")
                    break
                self.played += 1
                self.after_hand(result)
        except QuitError:
            self.console.print("You leave the table.")
        return self.farewell(ledger_path)

    def between_hands(self) -> bool:
        """Between deals: Enter deals the next hand; on a night with them you may also
        take an Overs button (``overs``, 004 r.8), buy a Show 'Em chip (``chip``) or
        present yours to a player who held a hand to the end (``show N``, 004 r.6h)."""
        words = []
        if self.table.overs is not None:
            words.append("'overs' to play Overs")
        if self.table.show_em is not None:
            words.append("'chip' to buy a Show 'Em chip, 'show N' to use it on seat N")
        prompt = "Enter for the next hand, q to quit" + "".join(f", {w}" for w in words) + ":"
        while True:
            try:
                text = read_line(prompt).strip().lower()
            except QuitError:
                return False
            if not text:
                return True
            try:
                self._between(text)
            except NightError as exc:
                self.console.print(f"[red]Not allowed:[/red] {exc}", highlight=False)

    def _between(self, text: str) -> None:
        """One of your between-deals requests (see :meth:`between_hands`)."""
        table = self.table
        if text == "overs" and table.overs is not None:
            table.take_overs(HUMAN)
            self.console.print("You play with an Overs button for the rest of the night.")
        elif text == "chip" and table.show_em is not None:
            table.buy_show_em(HUMAN)
            self.console.print("You bought a Show 'Em chip.")
        elif text.startswith("show ") and table.show_em is not None:
            number = text.removeprefix("show ").strip()
            if not number.isdigit() or not 1 <= int(number) <= len(self.names):
                raise NightError(f"show a seat 1 to {len(self.names)}, not {number!r}")
            shown = table.present_show_em(HUMAN, int(number) - 1)
            self.console.print(
                f"{self.names[shown.shown]} shows you {format_cards(shown.cards)} "
                f"and is paid {shown.paid} by the bank."
            )
        else:
            raise NightError(f"{text!r}: press Enter for the next hand, or q to quit")

    # -- your decisions ------------------------------------------------------------------
    def choose(self, hand: Hand, rng: random.Random) -> Action:
        """Your action: the table, your options, and a prompt until the engine takes it."""
        self.follow(hand)
        legal = hand.legal()
        assert legal is not None
        number = self.table.hands_played + 1
        self.console.print(self.view(hand, legal.seat, f"Hand {number}: your turn"))
        self.show_options(hand)
        # each action is tried on a copy first: the engine's own check
        return ask_action(self.console, legal, lambda: self.show_options(hand), _trial(hand).act)

    def show_options(self, hand: Hand) -> None:
        legal = hand.legal()
        assert legal is not None
        self.console.print(f"Your options: {describe_options(legal, hand)}", highlight=False)

    def choose_game(self, dealer: int, menu: tuple[Game, ...], rng: random.Random) -> Game:
        """The dealer's choice: yours on your deal (asked until you name a game on the
        menu), a bot's at random otherwise."""
        if dealer != HUMAN:
            return self.table.bots_chooser(dealer, menu, rng)
        self.console.rule(f"Hand {self.table.hands_played + 1}: your deal", style="cyan")
        self.console.print("Choose the game (dealer's choice):")
        for number, game in enumerate(menu, 1):
            stakes = describe_stakes(self.night.stakes.for_game(game))
            self.console.print(f"  {number:>2}  {game.id}  {game.name} ({stakes})")
        while True:
            text = read_line("Your game (number or ID, q quits) >")
            picked, problem = _pick(text, menu)
            if picked is not None:
                if self.table.deals_bug and picked.deck == "standard":
                    picked = self._maybe_bug(picked)
                self.console.print(f"You deal {picked.name}.")
                return picked
            self.console.print(f"[red]Not on the menu:[/red] {problem}", highlight=False)

    def _maybe_bug(self, game: Game) -> Game:
        """Asks whether you add the Bug (004 r.3: the dealer may)."""
        while True:
            text = read_line("Add the Bug, the joker? (y/N, q quits) >")
            if text.lower() in YES | NO:
                return with_bug(game) if text.lower() in YES else game
            self.console.print("[red]Answer y or n[/red]")

    def call_bomb(self, button: int, game: Game, rng: random.Random) -> bool:
        """On your button, whether you call a bomb pot; a bot's call otherwise."""
        if button != HUMAN:
            return self._bots_bomb(button, game, rng)
        assert self.night.bomb_pots is not None
        ante = self.night.bomb_pots.ante
        while True:
            text = read_line(f"You have the button: a bomb pot of {ante} each? (y/N, q quits) >")
            if text.lower() in YES | NO:
                return text.lower() in YES
            self.console.print("[red]Answer y or n[/red]")

    # -- what you see --------------------------------------------------------------------
    def hand_names(self) -> list[str]:
        """The names of the hand's seats (the players dealt in, in seat order)."""
        return [self.names[s] for s in self.table.dealt]

    def marked(self, seat: int) -> str:
        """The name of the player in table ``seat``, marked if they hold an Overs button."""
        overs = self.table.overs
        name = self.names[seat]
        return name + " (Overs)" if overs is not None and name in overs.holders else name

    def view(self, hand: Hand, viewer: int, title: str) -> RenderableType:
        """The table as ``viewer`` (a hand seat) sees it, numbered by table seat, the
        Overs holders marked."""
        dealt = self.table.dealt
        names = [self.marked(s) for s in dealt]
        return render_table(hand, names, viewer, title, seat_numbers=[s + 1 for s in dealt])

    def tell(self, notices: Sequence[Notice]) -> None:
        """Print the notices not printed yet, but what you did yourself (you were told)."""
        for notice in notices[self.told :]:
            if notice.seat == HUMAN and notice.kind in OWN_DOINGS:
                continue
            self.console.print(_capital(notice.text), highlight=False)
        self.told = max(self.told, len(notices))

    def follow(self, hand: Hand) -> None:
        """Print the hand's header once, then every event not yet shown."""
        if hand is not self.hand:
            self.hand, self.seen, self.told = hand, 0, 0
            names = self.hand_names()
            number = self.table.hands_played + 1
            bomb = f", bomb pot of {hand.bomb_pot}" if hand.bomb_pot else ""
            self.console.rule(
                f"Hand {number}: {hand.game.name}, {describe_stakes(hand.stakes)}{bomb}",
                style="cyan",
            )
            dealer = names[hand.button]
            self.console.print(f"{dealer} {verb(dealer, 'have')} the button")
            if HUMAN not in self.table.dealt:
                self.console.print("You sit this hand out.")
            self.tell(self.table.notices)
        viewer = self._viewer()
        names = self.hand_names()
        for event in hand.events[self.seen :]:
            line = narrate(event, names, viewer)
            if line:
                self.console.print(line, highlight=False)
        self.seen = len(hand.events)

    def _viewer(self) -> int:
        dealt = self.table.dealt
        return dealt.index(HUMAN) if HUMAN in dealt else -1

    def after_hand(self, result: HandResult) -> None:
        """The hand's end: the rest of its events, the table, who won what, the stacks."""
        hand = result.hand
        self.follow(hand)
        names, viewer = self.hand_names(), self._viewer()
        if viewer >= 0:
            self.console.print(self.view(hand, viewer, f"Hand {result.number} is over"))
        for line in showdown_lines(hand, names):
            self.console.print(line, highlight=False)
        self.tell(result.notices)
        self.console.print(self.stacks_table(result))

    def stacks_table(self, result: HandResult) -> Table:
        """Every player's stack after the hand and what the hand won or lost them."""
        table = Table(title="Stacks", title_justify="left")
        table.add_column("Seat", justify="right")
        table.add_column("Player")
        table.add_column("Stack", justify="right")
        table.add_column("This hand", justify="right")
        rebought = dict(result.rebuys)
        for seat in range(len(self.names)):
            delta = result.deltas[seat]
            style = "green" if delta > 0 else ("red" if delta < 0 else "")
            note = f" (rebought {rebought[seat]})" if seat in rebought else ""
            table.add_row(
                str(seat + 1),
                self.marked(seat) + note,
                str(self.table.stacks[seat]),
                Text(f"{delta:+d}", style=style),
            )
        return table

    def farewell(self, ledger_path: Path | None) -> Ledger:
        """Cash everybody out; show the ledger and the settlement; write the CSV."""
        unfinished = self.hand is not None and not self.hand.done
        left = " (the unfinished hand is called off)" if unfinished else ""
        self.console.print(f"{self.played} hand(s) played{left}.", highlight=False)
        ledger = self.table.finish()
        tournament = self.table.tournament
        if tournament is not None:
            self.console.print(places_table(tournament))
        self.console.print(ledger_table(ledger))
        payments = ledger.settlement()
        if payments:
            for payment in payments:
                pays = verb(payment.payer, "pay")
                self.console.print(
                    f"{payment.payer} {pays} {payment.payee} {payment.amount}", highlight=False
                )
        else:
            self.console.print("Settlement: nobody owes anybody.")
        if ledger_path is not None:
            ledger_path.write_text(ledger.entries_csv(), encoding="utf-8")
            self.console.print(f"Wrote the ledger to {ledger_path}", highlight=False)
        return ledger


def places_table(tournament: Tournament) -> Table:
    """A tournament's places: who finished where and won what."""
    title = "Places" + (
        " (by chips: the tournament did not finish)" if tournament.stopped_early else ""
    )
    table = Table(title=title, title_justify="left")
    for column in ("Place", "Player", "Out in hand", "Won"):
        table.add_column(column, justify="left" if column == "Player" else "right")
    for place in tournament.standings():
        out = "" if place.hand is None else str(place.hand)
        table.add_row(ordinal(place.place), place.name, out, str(place.payout))
    return table


def ledger_table(ledger: Ledger) -> Table:
    """Each player's buy-in, rebuys, cash-out and net."""
    table = Table(title="Ledger", title_justify="left")
    for column in ("Player", "Bought in", "Rebuys", "Cashed out", "Net"):
        table.add_column(column, justify="left" if column == "Player" else "right")
    for player in ledger.players:
        t = ledger.totals(player)
        style = "green" if t.net > 0 else ("red" if t.net < 0 else "")
        table.add_row(
            player, str(t.buy_in), str(t.rebuys), str(t.cash_out), Text(f"{t.net:+d}", style=style)
        )
    return table


def _pick(text: str, menu: Sequence[Game]) -> tuple[Game | None, str]:
    """The menu's game named by ``text`` (its number, ID, name or alias), or None and
    what is wrong."""
    hint = f"type a number from 1 to {len(menu)} or a game's ID such as {menu[0].id}"
    if not text:
        return None, hint
    if text.isdigit():
        number = int(text)
        if 1 <= number <= len(menu):
            return menu[number - 1], ""
        return None, f"there is no game {number}: {hint}"
    try:
        game = find_game(text)
    except UnknownGameError:
        return None, f"no game named {text!r}: {hint}"
    if game not in menu:
        return None, f"{game.id} ({game.name}) is not on tonight's menu: {hint}"
    return game, ""


def _capital(text: str) -> str:
    """``text`` with its first letter a capital (notices start lower case)."""
    return text[:1].upper() + text[1:]


def _trial(hand: Hand) -> Hand:
    """A copy of ``hand`` to try an action on (the game, house and plan are shared)."""
    memo = {id(hand.game): hand.game, id(hand.house): hand.house, id(hand.plan): hand.plan}
    return copy.deepcopy(hand, memo)
