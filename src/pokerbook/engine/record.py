"""A hand's record, and the hand replayed from it.

:func:`record` keeps what a seeded hand needs to be dealt again: the game, the
stakes (the fields that differ from their defaults), the house, the stacks, the
button, the seed, the table's agreements that differ from a plain hand's
(:meth:`HandSetup.changed`, under the setup's own field names) and every player's
decision.  :func:`replay` deals the hand again and plays the decisions in order.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import Any, Protocol, TypeVar

from pokerbook.engine.errors import HandConfigurationError
from pokerbook.engine.setup import FIELDS, HandSetup
from pokerbook.engine.state import HandState
from pokerbook.games.stakes import Stakes


class Playable(Protocol):
    """What :func:`replay` plays the record's decisions on (a hand)."""

    @property
    def actor(self) -> int | None: ...

    def act(self, action: str, /) -> object: ...


PlayableT = TypeVar("PlayableT", bound=Playable)


def record(state: HandState) -> dict[str, Any]:
    """Everything needed to replay the hand (for a shuffled dealer with a seed)."""
    agreed = {name: _plain(value) for name, value in state.setup.changed().items()}
    return {
        "game": state.game.id,
        "stakes": stakes_record(state.stakes),
        "house": state.house.name,
        "stacks": list(state.starting_stacks),
        "button": state.button,
        "seed": state.seed,
        **agreed,
        "actions": [f"p{seat + 1} {act}" for seat, act in state.actions],
    }


def _plain(value: object) -> object:
    """A setup field as JSON has it: lists for tuples and sets (sorted)."""
    if isinstance(value, frozenset):
        return sorted(value)
    if isinstance(value, tuple):
        return list(value)
    return value


def setup_of(record: dict[str, Any]) -> HandSetup:
    """The table's agreements a record keeps (every field it names)."""
    return HandSetup(**{name: record[name] for name in FIELDS if record.get(name) is not None})


def stakes_of(record: dict[str, Any]) -> Stakes:
    """The stakes a record keeps."""
    kept: dict[str, Any] = {
        k: tuple(v) if isinstance(v, list) else v for k, v in record["stakes"].items()
    }
    return Stakes(**kept)


def replay(make: Callable[..., PlayableT], record: dict[str, Any]) -> PlayableT:
    """Deal the hand of ``record`` again with ``make`` (the hand's class) and play its
    decisions; refuses a record without a seed, or one whose seat to act differs."""
    if record.get("seed") is None:
        raise HandConfigurationError("only a seeded hand can be replayed from its record")
    hand = make(
        record["game"],
        stakes_of(record),
        record["stacks"],
        button=record["button"],
        house=record["house"],
        seed=record["seed"],
        setup=setup_of(record),
    )
    for line in record["actions"]:
        who, text = line.split(" ", 1)
        if hand.actor != int(who[1:]) - 1:
            raise HandConfigurationError(f"record says {who} acts, but seat {hand.actor} is to act")
        hand.act(text)
    return hand


def stakes_record(stakes: Stakes) -> dict[str, Any]:
    """The stakes' fields that differ from their defaults (the format always)."""
    out: dict[str, Any] = {}
    for field in fields(stakes):
        value = getattr(stakes, field.name)
        if value != field.default or field.name == "format":
            out[field.name] = list(value) if isinstance(value, tuple) else value
    return out
