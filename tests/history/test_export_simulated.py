"""Simulated hands of every game the export formats cover, exported and read back
by independent readers: seats, stacks, actions, boards, pots and results must be
the PHH's, with straddles, side pots, boards run twice and bomb pots among them."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from pokerbook.cli.main import cli
from pokerbook.games.model import Format
from pokerbook.history import load
from pokerbook.history.export_names import export_names, holders

sys.path.insert(0, str(Path(__file__).parent))  # the export tests' helpers, beside them
from export_round_trip import round_trip, simulated

#: every game with a PokerStars name, at a format it is played at
GAMES: list[tuple[str, Format]] = [
    ("F01", "no-limit"),
    ("F01", "limit"),
    ("F01", "pot-limit"),
    ("F03", "no-limit"),
    ("F16", "pot-limit"),
    ("F17", "limit"),
    ("F21", "pot-limit"),
    ("F22", "pot-limit"),
    ("F23", "pot-limit"),
    ("S01", "limit"),
    ("S02", "limit"),
    ("S05", "limit"),
    ("D01", "limit"),
    ("D07", "no-limit"),
    ("D09", "limit"),
    ("D11", "limit"),
]
HANDS = 12


def test_the_games_cover_every_pokerstars_name() -> None:
    assert {g for g, _ in GAMES} == set(export_names().pokerstars_games)


def _trips(
    game: str, fmt: Format, *, straddle: bool = False, bomb: int = 0, twice: bool = False
) -> Counter[str]:
    """Round trips of simulated hands; counts what the hands held."""
    seen: Counter[str] = Counter()
    seed = 1 + bomb + straddle
    hands = simulated(game, fmt, HANDS, seed, straddle=straddle, bomb=bomb, twice=twice)
    for history in hands:
        trip = round_trip(history)
        assert not trip.refused, f"{history.source}: {trip.refused}"
        assert trip.problems is not None
        assert trip.model is not None
        for target, problems in trip.problems.items():
            assert problems == [], f"{history.source} as {target}: {problems}"
            seen[target] += 1
        seen["side pots"] += len(trip.model.pots) > 1
        seen["run twice"] += len(trip.model.boards) == 2
        seen["straddle"] += any(p.kind == "straddle" for p in trip.model.posts)
        seen["bomb pot"] += trip.model.bomb_pot > 0
    return seen


@pytest.mark.parametrize(("game", "fmt"), GAMES)
def test_simulated_hands_read_back(game: str, fmt: Format) -> None:
    seen = _trips(game, fmt)
    assert seen["pokerstars"] == HANDS


@pytest.mark.parametrize(("game", "fmt"), [g for g in GAMES if not g[0].startswith("S")])
def test_straddles_and_boards_run_twice_read_back(game: str, fmt: Format) -> None:
    seen = _trips(game, fmt, straddle=True, twice=True)
    assert seen["straddle"] == HANDS
    if fmt == "no-limit" and not game.startswith("D"):
        assert seen["run twice"] > 0
        assert seen["side pots"] > 0


@pytest.mark.parametrize(("game", "fmt"), [g for g in GAMES if not g[0].startswith("S")])
def test_bomb_pots_read_back(game: str, fmt: Format) -> None:
    seen = _trips(game, fmt, bomb=3, twice=True)
    assert seen["bomb pot"] == HANDS


@pytest.mark.parametrize(
    ("game", "fmt"), [("F01", "no-limit"), ("S02", "limit"), ("D07", "no-limit")]
)
def test_heads_up_hands_read_back(game: str, fmt: Format) -> None:
    """Heads-up, the button posts the small blind and PHH lists its blind first."""
    for history in simulated(game, fmt, HANDS, seed=9, players=2):
        trip = round_trip(history)
        assert trip.problems is not None, trip.refused
        for target, problems in trip.problems.items():
            assert problems == [], f"{history.source} as {target}: {problems}"


@pytest.mark.parametrize(("game", "fmt"), [("F01", "no-limit"), ("S01", "limit"), ("D11", "limit")])
def test_a_heros_hands_show_only_the_heros_hole_cards(game: str, fmt: Format) -> None:
    hero = "Bob Smith"
    for history in simulated(game, fmt, HANDS, seed=4):
        trip = round_trip(history, hero=hero)
        assert trip.problems is not None, trip.refused
        assert trip.read is not None
        assert trip.model is not None
        for target, problems in trip.problems.items():
            assert problems == [], f"{history.source} as {target}: {problems}"
        stars = trip.read["pokerstars"]
        me = stars.names.index(hero)
        shown = {a.seat for a in trip.model.showdown if a.kind == "show" and a.cards}
        for seat, cards in stars.holes.items():
            ups = sum(
                u for s in trip.model.streets for d in s.dealt if d.seat == seat for u in d.up
            )
            assert seat == me or seat in shown or len(cards) <= ups
        if "ohh" in trip.read:
            assert trip.model.hero is not None


#: why a hand of a night may be refused: what neither format can write
NIGHT_REFUSALS = ("the hand has a kill blind", "the hand has a 'discard' event")


@pytest.mark.parametrize("night", ["horse", "oresteen-holdem-night"])
def test_night_hands_read_back(night: str, tmp_path: Path) -> None:
    """A simulated night (stacks carried, rebuys, straddles, kills, the Bug): every
    hand of a game the formats name reads back, or is refused for what they cannot
    write."""
    path = tmp_path / "night.phhs"
    args = ["simulate", "--night", night, "--players", "6", "--hands", "40", "--seed", "3"]
    result = CliRunner().invoke(cli, [*args, "--phh", str(path)])
    assert result.exit_code == 0, result.output
    exported = 0
    for history in load(path):
        if holders(history.game, history.format) == ["phh"]:
            continue
        trip = round_trip(history)
        if trip.refused:
            assert trip.refused.startswith(NIGHT_REFUSALS), trip.refused
            continue
        assert trip.problems is not None
        for target, problems in trip.problems.items():
            assert problems == [], f"{history.source} as {target}: {problems}"
        exported += 1
    assert exported > 5
