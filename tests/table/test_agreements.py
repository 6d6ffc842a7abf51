"""Nights with bomb pots (000 §1.4) and running it twice (001 Procedures r.14, 004 r.26j),
and whole-chip stakes (004 r.7) over a night."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pokerbook.bots import get_policy
from pokerbook.games.model import Game
from pokerbook.table.agreements import BombPots
from pokerbook.table.night_file import NightFileError, builtin_nights, parse_night
from pokerbook.table.play import GameNight

BOMB_NIGHT: dict[str, Any] = {
    "house": "barge",
    "buy_in": 400,
    "rebuys": "unlimited",
    "selection": {"kind": "rotation", "games": ["F01", "razz"], "hands_per_game": 3},
    "stakes": {
        "default": {"format": "no-limit", "blinds": [1, 2]},
        "stud": {"format": "limit", "ante": 1, "bring_in": 2, "small_bet": 4, "big_bet": 8},
    },
    "bomb_pots": {"ante": 10, "every": 4},
}


def night(**changes: Any) -> GameNight:
    raw = {**BOMB_NIGHT, **changes}
    parsed = parse_night(raw, key="bombs", source="test")
    return GameNight(parsed, [get_policy("random") for _ in range(4)], seed=3)


def test_a_bomb_pot_every_fourth_hand_in_games_with_blinds_000_s1_4() -> None:
    table = night()
    results = list(table.play(24))
    bombs = [r.number for r in results if r.hand.bomb_pot]
    # hands 1-3 hold'em, 4-6 razz, 7-9 hold'em ...: every 4th hand, razz never
    expected = [n for n in range(4, 25, 4) if results[n - 1].game.id == "F01"]
    assert bombs == expected
    assert bombs  # the schedule reaches some hold'em hands
    for result in results:
        kinds = [e.kind for e in result.hand.events]
        if result.hand.bomb_pot:
            assert kinds.count("ante") == len(result.dealt)
            assert "blind" not in kinds
            assert kinds.index("bomb-pot") < kinds.index("deal-board")
        else:
            assert "bomb-pot" not in kinds
    ledger = table.finish()
    assert sum(ledger.nets().values()) == 0


def test_bomb_pots_at_the_buttons_call_ask_the_button() -> None:
    asked: list[tuple[int, str]] = []

    def button_calls(button: int, game: Game, rng: random.Random) -> bool:
        asked.append((button, game.id))
        return button == 0

    parsed = parse_night(
        {**BOMB_NIGHT, "bomb_pots": {"ante": 5, "button": True}}, key="b", source="t"
    )
    table = GameNight(
        parsed, [get_policy("call") for _ in range(4)], seed=1, bomb_chooser=button_calls
    )
    results = list(table.play(12))
    assert [g for _, g in asked] == [r.game.id for r in results if r.game.id == "F01"]
    for result in results:
        assert bool(result.hand.bomb_pot) == (result.game.id == "F01" and result.button == 0)


def test_a_night_that_agrees_to_run_it_twice_runs_all_in_boards_twice() -> None:
    raw = {**BOMB_NIGHT, "run_twice": 1.0, "buy_in": 60}
    del raw["bomb_pots"]
    table = GameNight(
        parse_night(raw, key="twice", source="t"), [get_policy("random") for _ in range(3)], 7
    )
    results = list(table.play(80))
    twice = [r for r in results if r.hand.runout_from is not None]
    assert twice
    for result in twice:
        runs = {e.board for e in result.hand.events if e.kind == "award"}
        assert runs == {0, 1}
    assert sum(table.finish().nets().values()) == 0


def test_the_oresteen_house_refuses_a_night_that_runs_it_twice_004_r26j() -> None:
    raw = {**BOMB_NIGHT, "house": "oresteen", "run_twice": 0.5}
    with pytest.raises(NightFileError, match=r"oresteen house does not allow running it twice"):
        parse_night(raw, key="o", source="t")


def test_bomb_pots_need_a_game_with_blinds_and_are_checked_when_read() -> None:
    raw = {**BOMB_NIGHT, "selection": {"kind": "rotation", "games": ["razz"]}}
    with pytest.raises(NightFileError, match="bomb pots need a game played with blinds"):
        parse_night(raw, key="r", source="t")
    with pytest.raises(NightFileError, match=r"bomb_pots: .*every = N hands or the button"):
        parse_night({**BOMB_NIGHT, "bomb_pots": {"ante": 5}}, key="r", source="t")
    with pytest.raises(NightFileError, match=r"bomb_pots: unknown key 'size'"):
        parse_night({**BOMB_NIGHT, "bomb_pots": {"ante": 5, "size": 1}}, key="r", source="t")
    assert BombPots(10, every=5, button=True).describe() == (
        "bomb pots of 10 every 5 hands and on the button's choice"
    )


def test_the_oresteen_nights_bet_in_whole_50_cent_chips_004_r7() -> None:
    for key in ("oresteen-dealers-choice", "oresteen-holdem-night"):
        oresteen = builtin_nights()[key]
        assert {stakes.chip for _, stakes in oresteen.stakes.entries} == {50}
        table = GameNight(oresteen, [get_policy("random") for _ in range(6)], seed=2)
        bets = [
            e
            for r in table.play(60)
            for e in r.hand.events
            if e.kind in ("bet", "raise", "complete") and not e.all_in
        ]
        assert bets
        assert all(e.amount % 50 == 0 for e in bets), [e.amount for e in bets if e.amount % 50]


def test_a_night_file_may_set_the_chip() -> None:
    raw = {
        **BOMB_NIGHT,
        "stakes": {"default": {"format": "no-limit", "blinds": [25, 50], "chip": 25}},
    }
    raw["selection"] = {"kind": "rotation", "games": ["F01"]}
    parsed = parse_night(raw, key="c", source="t")
    assert parsed.stakes.entries[0][1].chip == 25
    bad = {**raw, "stakes": {"default": {"format": "no-limit", "blinds": [25, 50], "chip": 50}}}
    with pytest.raises(NightFileError, match="whole chips of 50, not 25"):
        parse_night(bad, key="c", source="t")
