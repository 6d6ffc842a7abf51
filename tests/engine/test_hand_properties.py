"""Properties of random legal play in every betting format and family: chips are
conserved, stacks never go negative, a player to act always has a legal action,
replaying ``hand.record()`` gives the same events, a refused action changes nothing,
and no view shows a seat another player's face-down cards."""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerbook.cards.card import STANDARD_CARDS
from pokerbook.engine.betting import Legal
from pokerbook.engine.errors import IllegalActionError
from pokerbook.engine.hand import Hand
from pokerbook.engine.views import view
from pokerbook.games.catalogue import find_game
from pokerbook.games.house import BARGE, ROBERTS
from pokerbook.games.model import Format
from pokerbook.games.stakes import Stakes

if TYPE_CHECKING:
    from conftest import Table

GAMES: list[tuple[str, Format]] = [
    ("F01", "no-limit"),
    ("F16", "pot-limit"),
    ("F17", "limit"),
    ("S01", "limit"),
    ("S02", "limit"),
    ("S05", "limit"),
    ("D01", "limit"),
    ("D07", "limit"),
    ("D09", "limit"),
    ("D11", "limit"),
]
CARD = re.compile(r"^[2-9TJQKA][cdhs]$")


def _stakes(game: str, fmt: Format) -> Stakes:
    if find_game(game).is_stud:
        return Stakes(format=fmt, ante=1, bring_in=2, small_bet=5, big_bet=10)
    return Stakes(format=fmt, blinds=(1, 2))


def _has_an_action(legal: Legal) -> bool:
    return (
        legal.fold
        or legal.check
        or legal.call is not None
        or legal.min_to is not None
        or legal.bring_in is not None
        or legal.draw is not None
        or legal.discard is not None
    )


def _choose(data: st.DataObject, hand: Hand, legal: Legal) -> str:
    held = hand.hole[legal.seat]
    if legal.draw is not None:
        count = data.draw(st.integers(*legal.draw), label="draw count")
        thrown = data.draw(st.permutations(held), label="order")[:count]
        return "sd " + "".join(map(str, thrown))
    if legal.discard is not None:
        thrown = data.draw(st.permutations(held), label="order")[: legal.discard]
        return "dc " + "".join(map(str, thrown))
    options = ["cc", "cc"] if legal.call is not None or legal.check else []
    if legal.fold:
        options.append("f")
    if legal.bring_in is not None:
        options += ["pb", "pb"]
    if legal.min_to is not None and legal.max_to is not None:
        options += [f"cbr {legal.min_to}", f"cbr {legal.max_to}"]
        if legal.sizes:
            options += [f"cbr {s}" for s in legal.sizes]
        else:
            amount = data.draw(st.integers(legal.min_to, legal.max_to), label="amount")
            options.append(f"cbr {amount}")
    return data.draw(st.sampled_from(options), label="action")


JUNK = st.one_of(
    st.integers(0, 1200).map(lambda n: f"cbr {n}"),
    st.sampled_from(["check", "call", "f", "pb", "cbr", "sd", "dc"]),
    st.sampled_from(STANDARD_CARDS).map(lambda c: f"sd {c}"),
    st.sampled_from(STANDARD_CARDS).map(lambda c: f"dc {c}"),
)


def _allowed_cards(hand: Hand, seat: int) -> set[str]:
    """Every card ``seat`` may have seen: its own, face-up ones, boards, shown hands."""
    allowed: set[str] = set()
    for event in hand.events:
        if event.seat == seat or event.kind in ("deal-board", "show"):
            allowed.update(str(c) for c in (*event.cards, *event.discarded))
        elif event.kind == "deal-hole":
            allowed.update(str(c) for c, up in zip(event.cards, event.up, strict=False) if up)
    for s in hand.shown:
        allowed.update(str(c) for c in hand.hole[s])
    return allowed


def _card_tokens(value: object) -> list[str]:
    if isinstance(value, str):
        return [t for t in value.split() if CARD.match(t)]
    if isinstance(value, dict):
        return [t for v in value.values() for t in _card_tokens(v)]
    if isinstance(value, list):
        return [t for v in value for t in _card_tokens(v)]
    return []


def _check_views(hand: Hand) -> None:
    for seat in range(hand.seats):
        seen = view(hand, seat)
        json.dumps(seen)
        leaked = set(_card_tokens(seen)) - _allowed_cards(hand, seat)
        assert not leaked, f"seat {seat} sees {leaked}"
        if hand.actor == seat and not hand.done:
            assert seen["legal"] is not None
        else:
            assert seen["legal"] is None


@pytest.mark.parametrize(("game", "fmt"), GAMES, ids=[f"{g}-{f}" for g, f in GAMES])
@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_random_legal_play_keeps_the_rules(
    table: Table, game: str, fmt: Format, data: st.DataObject
) -> None:
    max_players = min(find_game(game).max_players, 6)
    players = data.draw(st.integers(2, max_players), label="players")
    stacks = data.draw(st.lists(st.integers(1, 300), min_size=players, max_size=players))
    button = data.draw(st.integers(0, players - 1), label="button")
    seed = data.draw(st.integers(0, 2**32), label="seed")
    house = data.draw(st.sampled_from([BARGE, ROBERTS]), label="house")
    hand = Hand(game, _stakes(game, fmt), stacks, button=button, house=house, seed=seed)
    total = sum(stacks)
    steps = 0
    while not hand.done:
        steps += 1
        assert steps < 300
        assert all(s >= 0 for s in hand.stacks)
        assert sum(hand.stacks) + hand.pot == total
        legal = hand.legal()
        assert legal is not None, "a hand that is not over has someone to act"
        assert legal.seat == hand.actor
        assert hand.can_act(legal.seat) or legal.draw is not None or legal.discard is not None
        assert _has_an_action(legal)
        if data.draw(st.integers(0, 5), label="try junk") == 0:
            junk = data.draw(JUNK, label="junk")
            before = table.snapshot(hand)
            try:
                hand.act(junk)
            except IllegalActionError:
                assert table.snapshot(hand) == before, f"refused {junk!r} changed the hand"
            else:
                continue  # the junk was legal after all and was played
            legal = hand.legal()
            assert legal is not None
        hand.act(_choose(data, hand, legal))
        if data.draw(st.integers(0, 3), label="check views") == 0:
            _check_views(hand)
    assert all(s >= 0 for s in hand.stacks)
    assert sum(hand.stacks) == total
    assert hand.legal() is None
    _check_views(hand)
    again = Hand.replay(hand.record())
    assert again.events == hand.events
    assert again.stacks == hand.stacks
