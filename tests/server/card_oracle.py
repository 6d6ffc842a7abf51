"""Which cards a seat may see at a moment of a hand, and which it never may: the
oracle the server's and the page's hidden-card tests judge every message by."""

from __future__ import annotations

from pokerbook.engine.hand import Hand


def visible(hand: Hand, viewer: int | None, count: int) -> set[str]:
    """The cards hand seat ``viewer`` (None: a spectator) may see once the hand's first
    ``count`` events have happened."""
    seen: set[str] = set()
    for event in hand.events[:count]:
        if event.kind in ("deal-board", "show"):
            seen.update(str(c) for c in event.cards)
        if viewer is not None and event.seat == viewer:
            seen.update(str(c) for c in (*event.cards, *event.discarded))
        seen.update(str(c) for c, up in zip(event.cards, event.up, strict=False) if up)
    return seen


def secret(hand: Hand, viewer: int | None) -> set[str]:
    """Every card that was in another seat's hands during ``hand``."""
    cards: set[str] = set()
    for event in hand.events:
        if event.seat is not None and event.seat != viewer:
            cards.update(str(c) for c in (*event.cards, *event.discarded))
    for seat, hole in enumerate(hand.hole):
        if seat != viewer:
            cards.update(str(c) for c in hole)
    return cards
