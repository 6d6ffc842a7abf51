"""Checking a hand's deal against the commitment published before it was dealt.

``pokerbook serve`` draws each hand's seed (and a salt) from the operating system's
secure random source, publishes ``SHA-256(salt:seed)`` (the seed in hex) before the
first action, and deals the hand with ``Hand(..., seed=seed)``.  Its hand histories
record all three in fields of pokerbook's own:

* ``_deal_seed``: the seed, in hexadecimal;
* ``_deal_salt``: the salt;
* ``_deal_commitment``: the SHA-256 digest published with the hand, in hex.

A history that records them is checked two ways (:func:`check_deal`): the
commitment must be the digest of its salt and seed (the seed was fixed before the
hand began), and dealing the hand again from the seed, with the same decisions,
must give every card and roll of the dice the history records (the cards came from
that seed and from nothing else).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping, Sequence
from typing import Any, Final, NamedTuple

from pokerbook.engine.events import Event
from pokerbook.engine.hand import Hand

SEED: Final = "_deal_seed"
SALT: Final = "_deal_salt"
COMMITMENT: Final = "_deal_commitment"
#: the fields of a committed deal, all three or none
DEAL_FIELDS: Final = (SEED, SALT, COMMITMENT)

_HEX: Final = re.compile(r"[0-9a-fA-F]+")
#: events that carry what the dealer dealt: cards, or a roll of a die
_DEALT: Final = frozenset({"deal-hole", "deal-board", "draw", "roll"})


def deal_commitment(salt: str, seed: int) -> str:
    """SHA-256 of ``salt:seed`` (the seed in lower-case hex), as hex: what the
    server publishes before a hand's first action."""
    return hashlib.sha256(f"{salt}:{seed:x}".encode()).hexdigest()


def deal_fields(seed: int, salt: str) -> dict[str, str]:
    """The PHH fields of a deal committed to: its seed (hex), salt and commitment."""
    return {SEED: f"{seed:x}", SALT: salt, COMMITMENT: deal_commitment(salt, seed)}


class DealCheck(NamedTuple):
    """Whether the history records a committed deal, and what is wrong with it
    (``problem`` is empty when the deal checks out, or when none is recorded)."""

    recorded: bool
    problem: str = ""


_NOT_RECORDED: Final = DealCheck(False)


def check_deal(fields: Mapping[str, Any], hand: Hand) -> DealCheck:
    """Check the committed deal a history's ``fields`` record against ``hand``,
    the history replayed (see the module)."""
    present = [name for name in DEAL_FIELDS if name in fields]
    if not present:
        return _NOT_RECORDED
    missing = [name for name in DEAL_FIELDS if name not in fields]
    if missing:
        return DealCheck(
            True,
            f"records {', '.join(present)} but not {', '.join(missing)}: "
            f"a deal is checked with all of {', '.join(DEAL_FIELDS)}",
        )
    seed_text, salt, committed = fields[SEED], fields[SALT], fields[COMMITMENT]
    if not isinstance(seed_text, str) or not _HEX.fullmatch(seed_text):
        return DealCheck(True, f"{SEED} must be a hexadecimal string, not {seed_text!r}")
    if not isinstance(salt, str):
        return DealCheck(True, f"{SALT} must be a string, not {salt!r}")
    if not isinstance(committed, str):
        return DealCheck(True, f"{COMMITMENT} must be a hexadecimal string, not {committed!r}")
    seed = int(seed_text, 16)
    digest = deal_commitment(salt, seed)
    if digest != committed.lower():
        return DealCheck(
            True,
            f"the deal commitment does not match: SHA-256 of {SALT}:{SEED} is {digest}, "
            f"the file records {committed}",
        )
    return DealCheck(True, _redeal_problem(hand, seed))


def _redeal_problem(hand: Hand, seed: int) -> str:
    """What the seed deals differently from ``hand`` ("" if nothing): the hand dealt
    again from ``seed``, its players making the same decisions."""
    refused = ""
    try:
        seeded = Hand(
            hand.game,
            hand.stakes,
            hand.starting_stacks,
            button=hand.button,
            house=hand.house,
            seed=seed,
            setup=hand.setup,
        )
        for seat, action in hand.actions:
            if seeded.actor != seat:
                refused = f"p{seat + 1}'s decision {action} comes when it is not their turn"
                break
            seeded.act(action)
    except (ValueError, IndexError) as exc:  # the seed's cards allow no such decision
        refused = str(exc)
    difference = _first_difference(_dealt(hand.events), _dealt(seeded.events))
    if difference:
        return f"the cards do not come from {SEED}: {difference}"
    if refused:
        return f"dealt again from {SEED}, the hand cannot be played as recorded: {refused}"
    return ""


def _dealt(events: Sequence[Event]) -> list[Event]:
    return [event for event in events if event.kind in _DEALT]


def _first_difference(recorded: list[Event], seeded: list[Event]) -> str:
    """The first card or roll the two deals do not share, said for a person."""
    for mine, theirs in zip(recorded, seeded, strict=False):
        if (mine.kind, mine.seat, mine.cards, mine.amount) != (
            theirs.kind,
            theirs.seat,
            theirs.cards,
            theirs.amount,
        ):
            return f"the file deals {_what(mine)}, the seed deals {_what(theirs)}"
    if len(recorded) > len(seeded):
        return f"the file deals {_what(recorded[len(seeded)])}, the seed deals nothing more"
    return ""


def _what(event: Event) -> str:
    if event.kind == "roll":
        return f"a roll of {event.amount}"
    cards = "".join(map(str, event.cards))
    if event.seat is None:
        return f"the board {cards}"
    return f"p{event.seat + 1} {cards}"
