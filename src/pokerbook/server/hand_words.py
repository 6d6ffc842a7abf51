"""What the page shows beside the cards: a hand's value in words, how a game's boards
are laid out, the wild cards, and who won what.

Everything here is told only to whoever may know it: a seat's value to that seat (it
is made from the seat's own cards), the results from the award events and the cards
shown at the showdown, which every reader sees.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from pokerbook.engine.showdown import hand_values
from pokerbook.games.bug import base_id
from pokerbook.games.model import Effect

if TYPE_CHECKING:
    from pokerbook.engine.state import HandState
    from pokerbook.games.model import Game


#: values made lately, by what they are made from (see :func:`hand_value`)
_VALUES: dict[tuple[Any, ...], tuple[HandState, list[dict[str, Any]] | None]] = {}
_VALUES_KEPT = 4096
#: the events that change no card and nothing the showdown reads
_BETTING = frozenset(
    {"fold", "check", "call", "bet", "raise", "complete", "blind", "ante", "bring-in", "street"}
)


def hand_value(hand: HandState, seat: int) -> list[dict[str, Any]] | None:
    """The hand seat ``seat`` (the hand's own numbering) holds now, in words, for each
    of the game's shares in play (Paradise Road Pick'em's chosen game plays some):
    ``[{"share": "high", "text": "Flush, ace high"}, {"share": "low", "text": None}]``
    (None: no qualifying hand, or a share the seat did not declare).  None when the
    seat holds no cards or the game cannot value its cards yet (an Omaha hand before
    the flop must use two hole cards and three of a board)."""
    if not hand.hole[seat]:
        return None
    # A value changes only with the cards and what the hand's rules decided, each of
    # which is an event other than a bet: it is made once for every state of every
    # reader between two such events.
    changes = sum(1 for event in hand.events if event.kind not in _BETTING)
    key = (id(hand), seat, changes, tuple(hand.hole[seat]))
    cached = _VALUES.get(key)
    if cached is not None and cached[0] is hand:  # (held, so its id is its own)
        return cached[1]
    try:
        values = hand_values(hand, seat)
    except ValueError:
        told = None
    else:
        in_play = hand.situation.shares  # (the game a rule chose plays some shares only)
        told = [
            {"share": share.name, "text": None if value is None else str(value)}
            for share, value in zip(hand.plan.shares, values, strict=True)
            if in_play is None or share.name in in_play
        ]
    if len(_VALUES) >= _VALUES_KEPT:
        _VALUES.clear()
    _VALUES[key] = (hand, told)
    return told


@cache
def _layouts() -> dict[str, dict[str, Any]]:
    text = (resources.files("pokerbook.data") / "board-layouts.toml").read_text("utf-8")
    return tomllib.loads(text)


def discard_purpose(hand: HandState) -> str:
    """What the discard being made is for: ``"pass"`` when the step after it passes
    the thrown cards on (Pass the Trash), else ``"discard"``."""
    steps = hand.game.steps
    following = steps[hand.step + 1] if hand.step + 1 < len(steps) else None
    if isinstance(following, Effect) and following.rule == "pass":
        return "pass"
    return "discard"


def board_layout(game: Game) -> dict[str, Any] | None:
    """Where each board of the game goes (data/board-layouts.toml): None for one board."""
    if game.boards < 2:
        return None
    entry = _layouts().get(base_id(game.id))
    if entry is None:
        return {"rows": [[b] for b in range(game.boards)], "paths": None, "columns": False}
    rows = [[None if b < 0 else b for b in row] for row in entry["rows"]]
    return {"rows": rows, "paths": entry.get("paths"), "columns": entry.get("columns", False)}


def wild_cards(hand: HandState) -> list[str]:
    """The ranks or cards wild for every player now: the game's own (7 with a Twist's
    one-eyed jacks and suicide king) and those the hand decided (Follow the Queen)."""
    wild = list(hand.situation.wild)
    for share in hand.game.showdown.shares:
        wild.extend(w for w in share.wild if w not in wild)
    return wild


def own_wild(hand: HandState, seat: int) -> list[str] | None:
    """The wild cards that hold for ``seat`` alone (Low-Hole-Wild: its lowest hole
    card's rank), told to that seat only, or None."""
    for (holder, _), override in hand.situation.overrides.items():
        if holder == seat and override.wild is not None:
            return list(override.wild)
    return None


def results(hand: HandState, dealt: tuple[int, ...]) -> list[dict[str, Any]]:
    """Who won what: each award, with the winner's hand in words and cards when the
    seat showed them (table seats from 1)."""
    values: dict[int, list[Any]] = {}
    names = [share.name for share in hand.plan.shares]
    out = []
    for event in hand.events:
        if event.kind != "award" or event.seat is None:
            continue
        seat = event.seat
        shown = seat in hand.shown
        text = None
        if shown:
            if seat not in values:
                try:
                    values[seat] = hand_values(hand, seat)
                except ValueError:
                    values[seat] = []
            if event.detail in names and values[seat]:
                value = values[seat][names.index(event.detail)]
                text = None if value is None else str(value)
        out.append(
            {
                "seat": dealt[seat] + 1,
                "amount": event.amount,
                "share": event.detail,
                "hand": text,
                "cards": [str(c) for c in hand.hole[seat]] if shown else [],
            }
        )
    return out
