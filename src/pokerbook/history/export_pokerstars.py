"""PokerStars hand-history text, the layout hand trackers read (docs/phh.md, "Exports").

:func:`pokerstars_text` writes one :class:`~pokerbook.history.export_model.ExportHand`:
the header (hand number, tournament, mix, game, limit, stakes, date), the table and
its seats, the posts (antes, blinds, straddles as ``posts straddle``), the streets
(``*** HOLE CARDS ***`` and the board's, stud's ``*** 3rd STREET ***`` ...,
draw games' ``*** DEALING HANDS ***`` and ``*** FIRST DRAW ***`` ...), every action in
order, uncalled bets returned, the showdown, who collected what from which pot,
and the ``*** SUMMARY ***``.  A board run twice has ``*** FIRST FLOP ***`` ...
``*** SECOND RIVER ***``, two showdowns and two boards in the summary.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from decimal import Decimal

from pokerbook.cards.card import Card
from pokerbook.history.export_model import Act, ExportHand, Street, draw_rounds
from pokerbook.history.export_names import pokerstars_mix, pokerstars_name

_SYMBOLS = {"USD": "$", "EUR": "€", "GBP": "£", "CAD": "$"}
_STUD_STREETS = {1: "3rd STREET", 2: "4th STREET", 3: "5th STREET", 4: "6th STREET"}
_DRAWS = {1: "FIRST DRAW", 2: "SECOND DRAW", 3: "THIRD DRAW"}
_BLIND_LABELS = {"small blind": "small blind", "big blind": "big blind"}


def money_text(value: Decimal) -> str:
    """An amount as PokerStars writes it: ``5``, ``0.50``, ``2.125``."""
    if value == value.to_integral_value():
        return str(int(value))
    if (value * 100) % 1 == 0:
        return f"{value:.2f}"
    return format(value.normalize(), "f")


def cards_text(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards)


class _Writer:
    def __init__(self, hand: ExportHand) -> None:
        self.hand = hand
        self.symbol = _SYMBOLS.get(hand.currency, "")
        #: a tournament's amounts are chips: only its buy-in is money
        self.chip_symbol = "" if hand.tournament is not None else self.symbol
        self.lines: list[str] = []

    def money(self, amount: int) -> str:
        value = self.hand.money(amount)
        return self.chip_symbol + money_text(value)

    def name(self, seat: int) -> str:
        return self.hand.name(seat)

    # -- header and seats ------------------------------------------------------------

    def stakes(self) -> str:
        hand = self.hand
        if hand.format == "limit" and hand.big_bet:
            low, high = hand.small_bet, hand.big_bet
        elif hand.blinds:
            low, high = hand.blinds[0], hand.blinds[-1]
        else:
            low = high = max(hand.bring_in, hand.ante, 1)
        iso = f" {hand.currency}" if self.chip_symbol else ""
        return f"{self.money(low)}/{self.money(high)}{iso}"

    def header(self) -> None:
        hand = self.hand
        game, limit = pokerstars_name(hand.game, hand.format)
        year, month, day, hour, minute, second = hand.date
        when = f"{year:04d}/{month:02d}/{day:02d} {hour}:{minute:02d}:{second:02d} {hand.time_zone}"
        title = f"PokerStars Hand #{hand.number}: "
        level = ""
        if hand.tournament is not None:
            title += f"Tournament #{hand.tournament['id']}, {self.buy_in()} "
            if hand.tournament.get("level") is not None:
                level = f" - Level {hand.tournament['level']}"
        stakes = self.stakes()
        if hand.mix is None:
            kind = f"{game} {limit}{level} ({stakes})"
        elif level:  # a mixed tournament: HORSE (Razz Limit) - Level 3 (40/80)
            kind = f"{pokerstars_mix(hand.mix)} ({game} {limit}){level} ({stakes})"
        else:  # a mixed cash game: HORSE (Razz Limit, 4/8)
            kind = f"{pokerstars_mix(hand.mix)} ({game} {limit}, {stakes})"
        self.lines.append(f"{title}{kind} - {when}")
        button = "" if hand.game.is_stud else f" Seat #{hand.button} is the button"
        self.lines.append(f"Table '{hand.table}' {hand.table_size}-max{button}")
        for seat in sorted(hand.seats, key=lambda s: s.number):
            self.lines.append(
                f"Seat {seat.number}: {seat.name} ({self.money(seat.stack)} in chips)"
            )

    def buy_in(self) -> str:
        info = self.hand.tournament or {}
        buy_in, fee = info.get("buy_in"), info.get("fee")
        if buy_in is None:
            return "Freeroll"
        text = f"{self.symbol}{buy_in}"
        if fee is not None:
            text += f"+{self.symbol}{fee}"
        return text + (f" {self.hand.currency}" if self.symbol else "")

    def posts(self) -> None:
        words = {
            "ante": "posts the ante",
            "small blind": "posts small blind",
            "big blind": "posts big blind",
            "straddle": "posts straddle",
            "blind": "posts big blind",
        }
        for post in self.hand.posts:
            allin = " and is all-in" if post.all_in else ""
            line = f"{self.name(post.seat)}: {words[post.kind]} {self.money(post.added)}{allin}"
            self.lines.append(line)

    # -- streets ---------------------------------------------------------------------

    def street_title(self, street: Street, board: Sequence[Card]) -> str:
        hand = self.hand
        kind = street.kind
        if kind == "preflop":  # with a board card dealt before the flop (Courchevel)
            return f"*** HOLE CARDS *** [{cards_text(board)}]" if board else "*** HOLE CARDS ***"
        if kind == "deal":
            return "*** DEALING HANDS ***"
        if kind == "stud":
            return "*** " + _STUD_STREETS.get(street.index, "RIVER") + " ***"
        if kind == "draw":
            single = draw_rounds(hand.game) == 1
            return "*** DRAW ***" if single else f"*** {_DRAWS[street.index]} ***"
        title = kind.upper()
        if street.twice:
            title = ("SECOND " if street.run else "FIRST ") + title
        before = board[: len(board) - len(street.board)]
        if before:
            return f"*** {title} *** [{cards_text(before)}] [{cards_text(street.board)}]"
        return f"*** {title} *** [{cards_text(street.board)}]"

    def dealt(self, street: Street, held: dict[int, list[Card]]) -> None:
        for deal in street.dealt:
            before = held.setdefault(deal.seat, [])
            if deal.all_known and self.hand.sees(deal.seat):
                new = list(deal.cards)
            else:  # what the table saw: the known cards dealt face up
                seen = zip(deal.cards, deal.up, deal.known, strict=True)
                new = [c for c, up, known in seen if up and known]
            if not new:
                continue
            if before:
                text = f"[{cards_text(before)}] [{cards_text(new)}]"
            else:
                text = f"[{cards_text(new)}]"
            self.lines.append(f"Dealt to {self.name(deal.seat)} {text}")
            before.extend(new)

    def act(self, act: Act, level: int) -> None:
        name = self.name(act.seat)
        allin = " and is all-in" if act.all_in else ""
        kind = act.kind
        if kind == "fold":
            line = f"{name}: folds"
        elif kind == "check":
            line = f"{name}: checks"
        elif kind == "call":
            line = f"{name}: calls {self.money(act.added)}{allin}"
        elif kind == "bet":
            line = f"{name}: bets {self.money(act.to)}{allin}"
        elif kind == "raise":
            line = f"{name}: raises {self.money(act.to - level)} to {self.money(act.to)}{allin}"
        elif kind == "complete":
            line = f"{name}: completes it to {self.money(act.to)}{allin}"
        elif kind == "bring-in":
            line = f"{name}: brings in for {self.money(act.added)}{allin}"
        elif kind == "uncalled":
            line = f"Uncalled bet ({self.money(act.added)}) returned to {name}"
        else:
            line = self.draw(act)
        self.lines.append(line)

    def draw(self, act: Act) -> str:
        name = self.name(act.seat)
        if not act.count:
            return f"{name}: stands pat"
        plural = "s" if act.count > 1 else ""
        if act.discarded and self.hand.sees(act.seat):
            return f"{name}: discards {act.count} card{plural} [{cards_text(act.discarded)}]"
        return f"{name}: discards {act.count} card{plural}"

    def streets(self) -> None:
        hand = self.hand
        held: dict[int, list[Card]] = {}
        boards: list[list[Card]] = [[], []]
        level = max((p.to for p in hand.posts), default=0)
        for number, street in enumerate(hand.streets):
            if street.run == 1 and not boards[1]:
                boards[1] = list(boards[0][: len(hand.boards[1]) - _second_cards(hand)])
            boards[street.run].extend(street.board)
            self.lines.append(self.street_title(street, boards[street.run]))
            if number:
                level = 0
            self.dealt(street, held)
            for act in street.acts:
                self.act(act, level)
                if act.kind in ("bet", "raise", "complete", "bring-in"):
                    level = max(level, act.to)
                seen = self.hand.sees(act.seat)
                if (
                    act.kind == "draw"
                    and act.cards
                    and act.discarded
                    and seen
                    and held.get(act.seat)
                ):
                    self.redealt(act, held)

    def redealt(self, act: Act, held: dict[int, list[Card]]) -> None:
        cards = held.setdefault(act.seat, [])
        kept = [c for c in cards if c not in act.discarded]
        self.lines.append(
            f"Dealt to {self.name(act.seat)} [{cards_text(kept)}] [{cards_text(act.cards)}]"
            if kept
            else f"Dealt to {self.name(act.seat)} [{cards_text(act.cards)}]"
        )
        held[act.seat] = kept + list(act.cards)

    # -- showdown and summary --------------------------------------------------------

    def pot_name(self, pot: int) -> str:
        if len(self.hand.pots) == 1:
            return "pot"
        return "main pot" if pot == 0 else f"side pot-{pot}"

    def showdown(self) -> None:
        hand = self.hand
        runs = 2 if hand.run_twice else 1
        for run in range(runs):
            if hand.showdown:
                title = ("FIRST " if run == 0 else "SECOND ") if runs == 2 else ""
                self.lines.append(f"*** {title}SHOW DOWN ***")
                if run == 0:
                    for act in hand.showdown:
                        self.shown(act)
            for award in hand.awards:
                if award.run == run:
                    pot = self.pot_name(award.pot)
                    self.lines.append(
                        f"{self.name(award.seat)} collected {self.money(award.amount)} from {pot}"
                    )

    def shown(self, act: Act) -> None:
        name = self.name(act.seat)
        if act.kind == "show" and act.cards:
            self.lines.append(f"{name}: shows [{cards_text(act.cards)}]")
        else:
            self.lines.append(f"{name}: mucks hand")

    def summary(self) -> None:
        hand = self.hand
        self.lines.append("*** SUMMARY ***")
        pots = hand.pots
        total = f"Total pot {self.money(hand.total)}"
        if len(pots) > 1:
            total += f" Main pot {self.money(pots.get(0, 0))}."
            total += "".join(f" Side pot-{p} {self.money(a)}." for p, a in pots.items() if p)
        self.lines.append(f"{total} | Rake {self.money(0)}")
        if len(hand.boards) == 2:
            self.lines.append("Hand was run twice")
            self.lines.append(f"FIRST Board [{cards_text(hand.boards[0])}]")
            self.lines.append(f"SECOND Board [{cards_text(hand.boards[1])}]")
        elif hand.boards:
            self.lines.append(f"Board [{cards_text(hand.boards[0])}]")
        for seat in sorted(hand.seats, key=lambda s: s.number):
            self.lines.append(
                f"Seat {seat.number}: {seat.name}{self.labels(seat.seat)} {self.outcome(seat.seat)}"
            )

    def labels(self, seat: int) -> str:
        hand = self.hand
        out = ""
        if hand.seats[seat].number == hand.button:
            out += " (button)"
        for post in hand.posts:
            if post.seat == seat and post.kind in _BLIND_LABELS:
                out += f" ({_BLIND_LABELS[post.kind]})"
        return out

    def outcome(self, seat: int) -> str:
        hand = self.hand
        won = sum(a.amount for a in hand.awards if a.seat == seat)
        shown = next((a for a in hand.showdown if a.seat == seat), None)
        folded = next(
            (s for s in hand.streets if any(a.seat == seat and a.kind == "fold" for a in s.acts)),
            None,
        )
        if folded is not None:
            return f"folded {_where(folded)}"
        if shown is not None and shown.kind == "show" and shown.cards:
            cards = cards_text(shown.cards)
            if won:
                return f"showed [{cards}] and won ({self.money(won)})"
            return f"showed [{cards}] and lost"
        if won:
            return f"collected ({self.money(won)})"
        return "mucked"

    def text(self) -> str:
        self.header()
        self.posts()
        self.streets()
        self.showdown()
        self.summary()
        return "\n".join(self.lines) + "\n"


def _second_cards(hand: ExportHand) -> int:
    return sum(len(s.board) for s in hand.streets if s.run == 1)


def _where(street: Street) -> str:
    if street.kind in ("preflop", "deal"):
        return "before Flop" if street.kind == "preflop" else "before the Draw"
    if street.kind == "stud":
        return f"on the {_STUD_STREETS.get(street.index, 'RIVER').replace('STREET', 'Street')}"
    if street.kind == "draw":
        return "after the Draw"
    return f"on the {street.kind.title()}"


def pokerstars_text(hand: ExportHand) -> str:
    """One hand as PokerStars hand-history text (raises
    :class:`~pokerbook.history.export_names.ExportError` for a game PokerStars has no
    name for)."""
    return _Writer(hand).text()


def pokerstars_file(texts: Iterable[str]) -> str:
    """Hands' texts as one file: each hand followed by two blank lines."""
    return "".join(text + "\n\n" for text in texts)
