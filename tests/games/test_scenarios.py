"""Every registered game plays a stacked-deck scenario as its rulebook says.

Each game has a file ``tests/scenarios/<ID>.toml``.  Top-level keys give the
game and defaults shared by the file's hands; each ``[[hands]]`` table is one
hand and may override any default::

    game = "F04"                  # catalogue ID
    about = "what the file shows"
    stakes = { format = "limit", blinds = [1, 2], small_bet = 2, big_bet = 4 }
    stacks = [100, 100, 100]      # starting stacks, seat 0 first
    button = 0                    # the button's seat (default 0)
    house = "barge"               # house profile (default barge)

    [[hands]]
    about = "why the result is what it is"
    seats = ["Th 3c", "Kc 2h", "9s 8s"]  # each seat's cards in the order dealt,
                                         # draw replacements included
    board = "Ah Kh Qh Jh 2c"      # community cards in order (stud: a common card)
    dice = [3, 5]                 # the rolls of the dice in order (dice games)
    actions = ["p1 cc", "p2 cc"]  # pN = seat N-1; PHH action codes
    final_stacks = [98, 104, 98]
    awards = ["p2 high 6"]        # "pN <share> <chips>" per award; "pot" when
                                  # uncontested; " side K" for the K-th side pot

Every scripted card must be dealt and no other card may be needed, every action
must be made by the seat it names, and the hand must be over at the end.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from pokerbook.cards.decks import deck
from pokerbook.cards.notation import parse
from pokerbook.engine.hand import Hand
from pokerbook.games.catalogue import games
from pokerbook.games.model import Game
from pokerbook.games.stakes import Stakes
from pokerbook.history.scripted_dealer import ScriptedDealer

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"
_DEFAULTS = ("stakes", "stacks", "button", "house")


def scenario_files() -> list[Path]:
    """The scenario files, in name order."""
    return sorted(SCENARIOS.glob("*.toml"))


def load(path: Path) -> tuple[Game, list[dict[str, Any]]]:
    """A scenario file's game and its hands, each with the file's defaults filled in."""
    with path.open("rb") as f:
        raw = tomllib.load(f)
    game = games()[raw["game"]]
    hands = []
    for spec in raw["hands"]:
        full = {key: raw[key] for key in _DEFAULTS if key in raw}
        full.update(spec)
        hands.append(full)
    return game, hands


def stakes_of(spec: dict[str, Any]) -> Stakes:
    """The stakes of a scenario hand (TOML arrays become tuples)."""
    fields: dict[str, Any] = {
        k: tuple(v) if isinstance(v, list) else v for k, v in spec["stakes"].items()
    }
    return Stakes(**fields)


def play(game: Game, spec: dict[str, Any]) -> tuple[Hand, ScriptedDealer]:
    """Deal a scenario hand from its stacked deck and make its actions."""
    dealer = ScriptedDealer(
        [parse(cards) for cards in spec["seats"]],
        parse(spec.get("board", "")),
        deck=deck(game.deck).cards,
        dice=spec.get("dice", []),
    )
    hand = Hand(
        game,
        stakes_of(spec),
        spec["stacks"],
        button=spec.get("button", 0),
        house=spec.get("house", "barge"),
        dealer=dealer,
    )
    for number, line in enumerate(spec["actions"], 1):
        who, code = line.split(maxsplit=1)
        seat = int(who.removeprefix("p")) - 1
        assert hand.actor == seat, (
            f"action {number} {line!r}: seat p{seat + 1} named, "
            f"but {'nobody' if hand.actor is None else f'p{hand.actor + 1}'} is to act"
        )
        hand.act(code)
    return hand, dealer


def awards(hand: Hand) -> Counter[str]:
    """The award events as ``"pN share chips"`` (``" side K"`` for side pots)."""
    out: Counter[str] = Counter()
    for event in hand.events:
        if event.kind == "award" and event.seat is not None:
            text = f"p{event.seat + 1} {event.detail or 'pot'} {event.amount}"
            out[text + (f" side {event.pot}" if event.pot else "")] += 1
    return out


@pytest.mark.parametrize("path", scenario_files(), ids=lambda p: p.stem)
def test_scenario_plays_out_as_the_rulebook_says(path: Path) -> None:
    game, hands = load(path)
    assert path.stem == game.id
    assert hands
    for index, spec in enumerate(hands, 1):
        where = f"{path.name} hand {index} ({spec.get('about', '')})"
        hand, dealer = play(game, spec)
        assert hand.done, f"{where}: the hand is not over"
        assert dealer.overdealt == 0, f"{where}: the engine dealt unscripted cards"
        assert dealer.unused() == 0, f"{where}: scripted cards were never dealt"
        assert hand.stacks == spec["final_stacks"], where
        assert awards(hand) == Counter(spec["awards"]), where
        # chips are conserved; when nobody opens, the pot stays for the next deal
        assert sum(hand.stacks) + hand.carried == sum(spec["stacks"]), where


def test_every_registered_game_has_a_scenario() -> None:
    have = {p.stem for p in scenario_files()}
    missing = [gid for gid in games() if gid not in have]
    assert not missing, f"games without a scenario file: {missing}"
    unknown = sorted(have - set(games()))
    assert not unknown, f"scenario files for unregistered games: {unknown}"
