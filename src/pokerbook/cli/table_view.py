"""Rendering a hand for a player at the terminal: the table, the options, what happened.

Cards are written in the text form the prompt accepts (``As Kd``), with red
hearts and diamonds on a colour terminal; other players' down cards are ``##``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from pokerbook.cards.card import Card
from pokerbook.engine.betting import Legal
from pokerbook.engine.events import SECOND_RUN, Event
from pokerbook.engine.hand import Hand
from pokerbook.engine.run_twice import second_board
from pokerbook.engine.showdown import hand_values
from pokerbook.table.notices import verb

HIDDEN = "##"


def seat_names(players: int, human: int) -> list[str]:
    """``You`` for the human's seat and ``Bot N`` (1-based seat numbers) for the others."""
    return ["You" if seat == human else f"Bot {seat + 1}" for seat in range(players)]


def card_text(cards: Sequence[Card]) -> Text:
    """Cards as ``As Kd``, hearts and diamonds in red."""
    out = Text()
    for i, card in enumerate(cards):
        if i:
            out.append(" ")
        out.append(str(card), style="red" if card.suit in (1, 2) else "bold")
    return out


def seat_cards(hand: Hand, seat: int, viewer: int) -> Text:
    """The cards of ``seat`` as ``viewer`` sees them: all of their own, others' up cards."""
    if hand.folded[seat] and seat != viewer:
        return Text("-", style="dim")
    if seat in hand.shown or (seat == viewer and not any(hand.face_up[seat])):
        return card_text(hand.hole[seat])
    out = Text()
    for i, (card, up) in enumerate(zip(hand.hole[seat], hand.face_up[seat], strict=True)):
        if i:
            out.append(" ")
        if up:
            out.append_text(card_text([card]))
        elif seat == viewer:
            out.append_text(Text.assemble("[", card_text([card]), "]"))
        else:
            out.append(HIDDEN, style="dim")
    return out


def _status(hand: Hand, seat: int) -> str:
    if hand.folded[seat]:
        return "folded"
    if hand.stacks[seat] == 0 and not hand.done:
        return "all in"
    if hand.actor == seat:
        return "to act"
    return ""


def render_table(
    hand: Hand,
    names: Sequence[str],
    viewer: int,
    title: str,
    *,
    seat_numbers: Sequence[int] | None = None,
) -> RenderableType:
    """The whole table as ``viewer`` sees it: seats, stacks, bets, cards, board(s), pot.
    ``seat_numbers`` are the numbers the table gives the hand's seats (a night's table
    seat of each player dealt in, so that what you type, ``show 3``, names the seat
    shown as 3); by default the hand's seats from 1."""
    numbers = list(seat_numbers) if seat_numbers is not None else range(1, hand.seats + 1)
    mixed = any(hand.face_up[viewer]) and not all(hand.face_up[viewer])
    caption = "your down cards in [ ], others' as ##" if mixed else None
    table = Table(title=title, caption=caption, title_justify="left", caption_justify="left")
    table.add_column("Seat", justify="right")
    table.add_column("Player")
    table.add_column("Stack", justify="right")
    table.add_column("Bet", justify="right")
    table.add_column("Cards")
    table.add_column("")
    for seat in range(hand.seats):
        name = names[seat] + (" (button)" if seat == hand.button else "")
        style = "bold" if seat == viewer else ""
        table.add_row(
            str(numbers[seat]),
            Text(name, style=style),
            str(hand.stacks[seat]),
            str(hand.committed[seat] or ""),
            seat_cards(hand, seat, viewer),
            Text(_status(hand, seat), style="yellow" if hand.actor == seat else "dim"),
        )
    lines: list[RenderableType] = [table]
    boards = [b for b in hand.boards if b]
    twice = bool(hand.second_run)
    for index, board in enumerate(boards):
        label = "Board" if len(boards) == 1 else f"Board {index + 1}"
        lines.append(Text.assemble(f"{'Run 1' if twice else label}: ", card_text(board)))
    if twice:
        lines.append(Text.assemble("Run 2: ", card_text(second_board(hand))))
    lines.append(Text(f"Pot: {hand.pot}", style="bold"))
    return Group(*lines)


def describe_options(legal: Legal, hand: Hand) -> str:
    """The legal actions with their amounts and what to type for each."""
    held = list(legal.throwable) if legal.throwable is not None else hand.hole[legal.seat]
    if legal.draw is not None:
        lo, hi = legal.draw
        two = held[-2:] if len(held) >= 2 else held
        words, code = " ".join(map(str, two)), "".join(map(str, two))
        return (
            f"draw {lo}-{hi} cards: 'draw {words}' (or 'sd {code}') throws those cards, "
            "'stand' (or 'sd') stands pat"
        )
    if legal.discard is not None:
        some = held[-legal.discard :] if legal.discard else []
        words, code = " ".join(map(str, some)), "".join(map(str, some))
        which = " of your face-down cards" if legal.throwable is not None else ""
        return f"discard {legal.discard} card(s){which}: 'discard {words}' (or 'dc {code}')"
    if legal.choose is not None:
        return f"choose one of {', '.join(legal.choose)} (type it, or 'ch OPTION')"
    parts: list[str] = []
    if legal.bring_in is not None:
        parts.append(f"bring-in {legal.bring_in} ('bring-in' or 'pb')")
    if legal.check:
        parts.append("check ('check' or 'cc')")
    if legal.call is not None:
        all_in = " all in" if legal.call >= hand.stacks[legal.seat] else ""
        parts.append(f"call {legal.call}{all_in} ('call' or 'cc')")
    if legal.min_to is not None and legal.max_to is not None:
        rnd = hand.round
        verb = "raise to" if rnd is not None and rnd.current else "bet"
        if legal.bring_in is not None:
            verb = "complete to"
        if legal.min_to == legal.max_to:
            parts.append(f"{verb} {legal.min_to} ('{verb.split()[0]}' or 'cbr {legal.min_to}')")
        elif legal.sizes:
            sizes = " or ".join(map(str, legal.sizes))
            parts.append(f"{verb} {sizes} ('{verb.split()[0]} N' or 'cbr N')")
        else:
            parts.append(
                f"{verb} {legal.min_to}-{legal.max_to} ('{verb.split()[0]} N' or 'cbr N'; 'all-in')"
            )
    if legal.fold:
        parts.append("fold ('fold' or 'f')")
    return "; ".join(parts)


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(map(str, cards))


def _posts(event: Event, who: str, you: bool) -> str:
    what = {"ante": "an ante", "blind": "a blind", "bring-in": "the bring-in"}[event.kind]
    return f"{who} post{'' if you else 's'} {what} of {event.amount}" + _all_in(event)


def _dealt(event: Event, who: str, you: bool) -> str | None:
    if you:
        return f"You are dealt {_cards(event.cards)}"
    up = [c for c, u in zip(event.cards, event.up, strict=True) if u]
    return f"{who} is dealt {_cards(up)} face up" if up else None


def _board(event: Event, who: str, you: bool) -> str:
    if event.detail == SECOND_RUN:
        return f"Run 2: {_cards(event.cards)}"
    label = "Common card" if event.detail else "Board"
    if event.board:
        label = f"Board {event.board + 1}"
    return f"{label}: {_cards(event.cards)}"


def _bets(event: Event, who: str, you: bool) -> str:
    verb = {"call": "call", "bet": "bet", "raise": "raise to", "complete": "complete to"}
    word, _, to = verb[event.kind].partition(" ")
    said = f"{word}{'' if you else 's'}" + (f" {to}" if to else "")
    return f"{who} {said} {event.amount}" + _all_in(event)


def _draws(event: Event, who: str, you: bool) -> str:
    if not event.discarded:
        return f"{who} stand{'' if you else 's'} pat"
    if you:
        return f"You draw {event.amount}: out {_cards(event.discarded)}, in {_cards(event.cards)}"
    return f"{who} draws {event.amount}"


def _discards(event: Event, who: str, you: bool) -> str:
    if you:
        return f"You discard {_cards(event.discarded)}"
    return f"{who} discards {event.amount}"


def _returned(event: Event, who: str, you: bool) -> str:
    return f"{event.amount} uncalled returned to {'you' if you else who}"


_NARRATORS: dict[str, Callable[[Event, str, bool], str | None]] = {
    **dict.fromkeys(("ante", "blind", "bring-in"), _posts),
    **dict.fromkeys(("call", "bet", "raise", "complete"), _bets),
    "deal-hole": _dealt,
    "deal-board": _board,
    "bomb-pot": lambda e, who, you: (
        f"Bomb pot: everyone antes {e.amount}; no betting before the flop"
    ),
    "run-twice": lambda e, who, you: "All in: the rest of the board is run twice",
    "fold": lambda e, who, you: f"{who} fold{'' if you else 's'}",
    "check": lambda e, who, you: f"{who} check{'' if you else 's'}",
    "draw": _draws,
    "discard": _discards,
    "return": _returned,
}


def narrate(event: Event, names: Sequence[str], viewer: int) -> str | None:
    """One line for an event as ``viewer`` sees it (hidden cards stay hidden), or None;
    the viewer is "You", with the verb to match ("You call", "Bot 2 calls")."""
    narrator = _NARRATORS.get(event.kind)
    if narrator is None:
        return None
    who = names[event.seat] if event.seat is not None else ""
    return narrator(event, who, event.seat == viewer)


def _all_in(event: Event) -> str:
    return " (all in)" if event.all_in else ""


def showdown_lines(hand: Hand, names: Sequence[str]) -> list[str]:
    """The hand's ending: who showed what (with hand names), who mucked, who won what
    (on a board run twice, on each run)."""
    lines: list[str] = []
    shares = hand.game.showdown.shares
    twice = bool(hand.second_run)
    for event in hand.events:
        if event.kind == "show" and event.seat is not None:
            # a hand's name on a board run twice would be one run's: the runs say who won
            values = [None] * len(shares) if twice else hand_values(hand, event.seat)
            named = [
                f"{share.name}: {value}" if len(shares) > 1 else str(value)
                for share, value in zip(shares, values, strict=True)
                if value is not None
            ]
            made = f" ({'; '.join(named)})" if named else ""
            who = names[event.seat]
            lines.append(f"{who} {verb(who, 'show')} {_cards(event.cards)}{made}")
        elif event.kind == "muck" and event.seat is not None:
            who = names[event.seat]
            lines.append(f"{who} {verb(who, 'muck')}")
    won: dict[tuple[int, int], int] = {}
    for event in hand.events:
        if event.kind == "award" and event.seat is not None:
            key = (event.board if twice else 0, event.seat)
            won[key] = won.get(key, 0) + event.amount
    for (run, seat), amount in won.items():
        on = f"Run {run + 1}: " if twice else ""
        lines.append(f"{on}{names[seat]} {verb(names[seat], 'win')} {amount}")
    lines += [
        f"The house takes the pot of {e.amount}: {e.detail}"
        for e in hand.events
        if e.kind == "house-takes"
    ]
    return lines


def results_table(hand: Hand, names: Sequence[str]) -> RenderableType:
    """Each seat's stack before and after the hand and the difference."""
    table = Table(title="Result", title_justify="left")
    table.add_column("Player")
    table.add_column("Before", justify="right")
    table.add_column("After", justify="right")
    table.add_column("Net", justify="right")
    for seat in range(hand.seats):
        before, after = hand.starting_stacks[seat], hand.stacks[seat]
        net = after - before
        style = "green" if net > 0 else ("red" if net < 0 else "")
        table.add_row(names[seat], str(before), str(after), Text(f"{net:+d}", style=style))
    return table
