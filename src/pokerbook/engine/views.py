"""What one seat may see of a hand, as JSON-friendly data.

:func:`view` gives a seat its own cards, every face-up card, how many face-down
cards the others hold, the boards, stacks, pot and bets, whose turn it is, the
seat's legal actions when it is to act, a bomb pot's ante (``bomb_pot``) and both
runs of a board run twice (``runs``), and the event log with every card the
seat may not see replaced by ``"??"``.  A card is visible to a seat when it is the
seat's own, when it was dealt face up or to a board, or when its holder showed it
at the showdown.  Cards thrown in a draw or discard stay hidden from the others
unless they were face up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pokerbook.cards.card import Card
from pokerbook.engine.legality import legal as legal_actions
from pokerbook.engine.run_twice import second_board

if TYPE_CHECKING:
    from pokerbook.engine.betting import Legal
    from pokerbook.engine.events import Event
    from pokerbook.engine.state import HandState

HIDDEN = "??"


def view(hand: HandState, seat: int | None) -> dict[str, Any]:
    """The hand as ``seat`` sees it (see the module docs); ``None``: as a spectator,
    who holds no cards, sees it."""
    if seat is not None and not 0 <= seat < hand.seats:
        raise ValueError(f"no seat {seat}: seats are 0..{hand.seats - 1}")
    public = _public_cards(hand)
    players = [_player(hand, s, seat) for s in range(hand.seats)]
    legal = legal_actions(hand)
    extra: dict[str, Any] = {}
    if hand.bomb_pot:
        extra["bomb_pot"] = hand.bomb_pot
    if hand.runout_from is not None:  # run twice: both complete boards, first run first
        extra["runs"] = [[str(c) for c in run] for run in _runs(hand)]
    return {
        "game": hand.game.id,
        "format": hand.stakes.format,
        "seat": seat,
        "button": hand.button,
        "street": hand.street,
        "done": hand.done,
        "actor": hand.actor,
        "pot": hand.pot,
        "boards": [[str(c) for c in board] for board in hand.boards],
        "players": players,
        "legal": _legal(legal) if legal is not None and legal.seat == seat else None,
        "events": [_event(hand, e, seat, public) for e in hand.events],
        **extra,
    }


def seat_view(hand: HandState, seat: int, spectator: dict[str, Any]) -> dict[str, Any]:
    """``view(hand, seat)``, made from ``spectator`` (``view(hand, None)`` of the same
    hand as it stands): the seat's own cards and events shown, and its legal actions.
    Cheaper than :func:`view` when every seat's view of one moment is wanted."""
    if not 0 <= seat < hand.seats:
        raise ValueError(f"no seat {seat}: seats are 0..{hand.seats - 1}")
    out = dict(spectator)
    out["seat"] = seat
    players = list(spectator["players"])
    players[seat] = _player(hand, seat, seat)
    out["players"] = players
    events = spectator["events"]
    own = [i for i, event in enumerate(hand.events) if event.seat == seat]
    if own:
        events = list(events)
        for i in own:
            events[i] = hand.events[i].to_dict()  # a seat sees its own events whole
    out["events"] = events
    legal = legal_actions(hand)
    out["legal"] = _legal(legal) if legal is not None and legal.seat == seat else None
    return out


def _runs(hand: HandState) -> list[list[Card]]:
    """The two runs of a board run twice (the second once it is dealt)."""
    runs = [list(hand.boards[0])]
    if hand.second_run:
        runs.append(second_board(hand))
    return runs


def _public_cards(hand: HandState) -> set[Card]:
    """Every card dealt face up, to a seat or to a board, or turned up since."""
    public: set[Card] = set()
    for event in hand.events:
        if event.kind == "deal-hole":
            public.update(c for c, up in zip(event.cards, event.up, strict=False) if up)
        elif event.kind == "deal-board":
            public.update(event.cards)
    for cards, ups in zip(hand.hole, hand.face_up, strict=True):
        public.update(c for c, up in zip(cards, ups, strict=True) if up)
    return public


def _player(hand: HandState, s: int, viewer: int | None) -> dict[str, Any]:
    cards = hand.hole[s]
    ups = hand.face_up[s]
    out: dict[str, Any] = {
        "seat": s,
        "stack": hand.stacks[s],
        "committed": hand.committed[s],
        "contributed": hand.contributed[s],
        "folded": hand.folded[s],
        "all_in": hand.stacks[s] == 0 and not hand.folded[s],
        "up_cards": [str(c) for c, up in zip(cards, ups, strict=True) if up],
        "down_count": sum(1 for up in ups if not up),
    }
    if s == viewer or s in hand.shown:
        out["cards"] = [str(c) for c in cards]
    else:
        out["cards"] = [str(c) if up else HIDDEN for c, up in zip(cards, ups, strict=True)]
    return out


def _legal(legal: Legal) -> dict[str, Any]:
    return {
        "fold": legal.fold,
        "check": legal.check,
        "call": legal.call,
        "min_to": legal.min_to,
        "max_to": legal.max_to,
        "sizes": list(legal.sizes),
        "bring_in": legal.bring_in,
        "draw": list(legal.draw) if legal.draw is not None else None,
        "discard": legal.discard,
        "throwable": [str(c) for c in legal.throwable] if legal.throwable is not None else None,
        "choose": list(legal.choose) if legal.choose is not None else None,
        "text": legal.describe(),
    }


def _event(hand: HandState, event: Event, viewer: int | None, public: set[Card]) -> dict[str, Any]:
    out = event.to_dict()
    if event.seat == viewer or event.kind in ("deal-board", "show"):
        return out
    holder = event.seat
    shown = set(hand.hole[holder]) if holder is not None and holder in hand.shown else set()

    def mask(cards: tuple[Card, ...], visible: set[Card]) -> str:
        return " ".join(str(c) if c in visible else HIDDEN for c in cards)

    if event.kind == "choice" and holder not in hand.shown:
        out["detail"] = HIDDEN  # another player's choice may name hidden cards
    if event.cards:
        out["cards"] = mask(event.cards, public | shown)
    if event.discarded:
        out["discarded"] = mask(event.discarded, public)  # thrown cards are never shown
    return out
