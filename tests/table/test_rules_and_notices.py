"""The night's procedures as table rules run in one documented order, the one
HandSetup each hand is dealt with, and the notices the table is told."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from pokerbook.bots import get_policy
from pokerbook.engine.hand import Hand
from pokerbook.engine.setup import HandSetup
from pokerbook.table import play as play_module
from pokerbook.table.night import Night
from pokerbook.table.night_file import parse_night
from pokerbook.table.notices import Notice, limits
from pokerbook.table.play import GameNight
from pokerbook.table.procedures import RULE_ORDER, DoubleAtMidnight, describe_kill
from pokerbook.table.rules import BetweenHands, HandContext, TableRule

DOCS = Path(__file__).parents[2] / "docs" / "nights.md"
SPREAD = {"format": "spread-limit", "blinds": [50, 100], "ante": 50, "spread": [100, 500]}
LIMIT = {"format": "limit", "blinds": [50, 100], "ante": 50, "small_bet": 100, "big_bet": 200}


def night_of(**extra: Any) -> Night:
    raw: dict[str, Any] = {
        "house": "oresteen",
        "buy_in": 10000,
        "rebuys": "unlimited",
        "selection": {"kind": "rotation", "games": ["F01", "D01"], "hands_per_game": 3},
        "stakes": {"default": SPREAD},
        **extra,
    }
    return parse_night(raw, key="test", source="test")


def every_procedure() -> Night:
    """A night with every rule (the homegame house: straddles off, running it twice on)."""
    return night_of(
        house="roberts",
        kills={"kind": "full", "rules": "roberts"},
        midnight={"after_hands": 2},
        churn={"sit_out": 0.1, "come_back": 0.5, "leave": 0.0, "join": 0.5},
        bomb_pots={"ante": 50, "every": 3},
        run_twice=0.5,
        overs={"chance": 0.5},
        show_em={"buy": 0.5, "use": 0.5},
        stakes={"default": LIMIT},
        table_seats=7,
    )


def table_of(night: Night, players: int = 5, seed: int = 1) -> GameNight:
    return GameNight(night, [get_policy("call") for _ in range(players)], seed)


class Recorder(TableRule):
    """Wraps a rule and writes down each hook it is asked to run."""

    def __init__(self, rule: TableRule, log: list[tuple[int, str, str]]) -> None:
        self.rule, self.log = rule, log
        self.name = type(rule).__name__

    def between_hands(self, ctx: BetweenHands) -> None:
        self.log.append((ctx.number, "between", self.name))
        self.rule.between_hands(ctx)

    def before_hand(self, ctx: HandContext) -> None:
        self.log.append((ctx.number, "before", self.name))
        self.rule.before_hand(ctx)

    def after_hand(self, ctx: HandContext, hand: Hand) -> None:
        self.log.append((ctx.number, "after", self.name))
        self.rule.after_hand(ctx, hand)


def test_table_rules_run_in_their_documented_order() -> None:
    night = every_procedure()
    table = table_of(night)
    names = [type(rule).__name__ for rule in table.rules]
    order = [kind.__name__ for kind in RULE_ORDER]
    # a night with everything but straddles (the roberts house has none) and a tournament
    assert names == [n for n in order if n not in ("Straddle", "PlayTournament")]
    straddles = table_of(night_of(straddles={"chance": 0.5}))
    assert [type(r).__name__ for r in straddles.rules] == [
        "RebuyOrOut",
        "CarryUnopenedPots",
        "PostBlinds",
        "Straddle",
        "Shuffle",
    ]
    log: list[tuple[int, str, str]] = []
    table.rules = [Recorder(rule, log) for rule in table.rules]
    results = list(table.play(4))
    assert len(results) == 4
    for number in range(1, 5):
        hooks = [(phase, name) for n, phase, name in log if n == number]
        expected = [(phase, name) for phase in ("between", "before", "after") for name in names]
        assert hooks == expected
    # the docs' table lists the rules in the same order
    documented = re.findall(r"^\| (\d+) \| `(\w+)`", DOCS.read_text(encoding="utf-8"), re.M)
    assert [name for _, name in documented] == order
    assert [int(n) for n, _ in documented] == list(range(1, len(order) + 1))


def test_the_night_passes_one_hand_setup(monkeypatch: pytest.MonkeyPatch) -> None:
    passed: list[dict[str, Any]] = []

    class Spy(Hand):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            passed.append(kwargs)
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(play_module, "Hand", Spy)
    night = night_of(kills={"kind": "full"}, straddles={"chance": 0.6}, overs={"chance": 0.5})
    table = table_of(night, players=6, seed=4)
    results = list(table.play(40))
    assert {frozenset(kwargs) for kwargs in passed} == {
        frozenset({"button", "house", "seed", "setup"})
    }
    killed = [r for r in results if r.killer is not None]
    straddled = [r for r in results if r.straddles]
    assert killed
    assert straddled
    for result in results:
        setup = result.hand.setup
        killer = None if result.killer is None else result.dealt.index(result.killer)
        assert setup.kill == killer
        assert setup.straddles == tuple(result.dealt.index(s) for s, _ in result.straddles)
        assert setup.overs == frozenset(result.dealt.index(s) for s in result.overs)


def kinds(notices: tuple[Notice, ...] | list[Notice], kind: str) -> list[Notice]:
    return [n for n in notices if n.kind == kind]


def test_a_kill_pot_is_named_with_its_limits() -> None:
    night = night_of(kills={"kind": "full"}, stakes={"default": LIMIT})
    table = table_of(night, players=4, seed=2)
    assert table.kills is not None
    table.kills.due = table.seats[2].name
    result = next(iter(table.play(1)))
    assert result.killer == 2
    (kill,) = kinds(result.notices, "kill")
    assert kill.seat_number == 3  # the third seat, as the table shows it
    assert kill.seat == 2
    assert (
        kill.text == "seat 3 (p3) kills the pot with a kill blind of 200; kill pot: limits 200/400"
    )
    assert result.hand.stakes.small_bet == 200


def test_a_stud_kill_is_told_as_an_opening_bet_and_spread_limits_by_their_spread() -> None:
    stud = {"format": "spread-limit", "ante": 50, "bring_in": 100, "spread": [100, 500]}
    night = night_of(
        kills={"kind": "full"},
        selection={"kind": "rotation", "games": ["S01"], "hands_per_game": 5},
        stakes={"default": stud},
    )
    table = table_of(night, players=4, seed=2)
    assert table.kills is not None
    table.kills.due = table.seats[1].name
    result = next(iter(table.play(1)))
    (kill,) = kinds(result.notices, "kill")
    assert kill.text.endswith(
        "kills the pot and opens the betting; kill pot: spread limit 200-1000"
    )
    assert result.hand.setup.kill == result.dealt.index(1)


def test_limits_name_each_format() -> None:
    from pokerbook.games.stakes import Stakes

    assert limits(Stakes("limit", blinds=(1, 2), small_bet=2, big_bet=4)) == "limits 2/4"
    assert limits(Stakes("no-limit", blinds=(1, 2))) == "no-limit, minimum bet 2"


def test_a_voluntary_kill_says_so() -> None:
    from pokerbook.games.stakes import Stakes
    from pokerbook.table.kills import Kill

    stakes = Stakes("limit", blinds=(50, 100), small_bet=200, big_bet=400)
    kill = Kill(1, "p2", False, stakes, HandSetup(kill=1), 200)
    assert describe_kill(kill) == (
        "kills the pot with a kill blind of 200 (a voluntary kill); kill pot: limits 200/400"
    )


def test_a_bots_show_em_purchase_is_announced() -> None:
    table = table_of(night_of(show_em={"buy": 1.0}), players=4)
    first = next(iter(table.play(1)))
    bought = kinds(first.notices, "show-em-bought")
    assert [n.seat_number for n in bought] == [1, 2, 3, 4]
    assert bought[1].text == "seat 2 (p2) buys a Show 'Em chip for 300 (004 r.6h)"
    assert [(s + 1, p) for s, p in first.show_em_bought] == [(n.seat_number, 300) for n in bought]
    second = next(iter(table.play(1)))
    assert not kinds(second.notices, "show-em-bought")  # one chip a night


def test_a_persons_purchase_is_announced_at_the_next_deal_and_a_presented_chip_at_once() -> None:
    table = table_of(night_of(show_em={"buy": 0.0}), players=3, seed=5)
    table.played_by_people(["p1"])
    next(iter(table.play(1)))
    table.buy_show_em(0)
    result = next(iter(table.play(1)))
    assert [(n.kind, n.seat_number) for n in kinds(result.notices, "show-em-bought")] == [
        ("show-em-bought", 1)
    ]
    hand = result.hand
    showable = [s for s in range(hand.seats) if not hand.folded[s] and s not in hand.shown]
    others = [result.dealt[s] for s in showable if result.dealt[s] != 0]
    assert others  # seed 5: a player held a hand to the end without showing it
    table.present_show_em(0, others[0])
    told = table.notices[-1]
    assert told.kind == "show-em-presented"
    assert told.seat_number == 1
    assert f"to seat {others[0] + 1} (p{others[0] + 1})" in told.text


def test_a_bots_overs_button_is_announced_once() -> None:
    table = table_of(night_of(overs={"chance": 1.0}, stakes={"default": LIMIT}), players=3)
    first = next(iter(table.play(1)))
    taken = kinds(first.notices, "overs-taken")
    assert [n.seat_number for n in taken] == [1, 2, 3]
    assert taken[0].text == "seat 1 (p1) plays Overs: takes an Overs button (004 r.8)"
    second = next(iter(table.play(1)))
    assert not kinds(second.notices, "overs-taken")


def test_a_notice_numbers_the_table_seat_not_the_hand_seat() -> None:
    """A player in the sixth table seat is told of as seat 6 while the hand deals them
    as its fourth seat."""
    night = night_of(straddles={"chance": 1.0}, table_seats=7)
    table = table_of(night, players=3, seed=3)
    table.join(5, "joe", 10000)
    for result in table.play(12):
        for notice in kinds(result.notices, "straddle"):
            assert notice.seat is not None
            assert notice.seat in result.dealt
            assert notice.text.startswith(
                f"seat {notice.seat_number} ({table.seating.name(notice.seat)})"
            )
        if 5 in result.dealt and any(n.seat == 5 for n in result.notices):
            assert result.dealt.index(5) == 3
            return
    pytest.fail("joe never straddled")


def test_midnight_and_tournament_levels_and_places_are_told() -> None:
    night = night_of(midnight={"after_hands": 2})
    results = list(table_of(night).play(4))
    told = [kinds(r.notices, "midnight") for r in results]
    assert [len(t) for t in told] == [0, 0, 1, 0]
    assert told[2][0].seat_number is None
    from pokerbook.table.night_file import builtin_nights

    tournament = table_of(builtin_nights()["oresteen-tournament-night"], players=5, seed=1)
    played = list(tournament.play(300))
    assert kinds(played[0].notices, "level")[0].text.startswith("level 1: blinds ")
    places = [n for r in played for n in kinds(r.notices, "place")]
    assert len(places) == 5
    assert places[-1].text.endswith("wins the tournament in 1st place")
    assert not any(kinds(r.notices, "out") for r in played)  # places say who is out


def test_a_live_nights_midnight_clock_is_its_rules() -> None:
    table = table_of(night_of(midnight={"after_hands": 50}))
    rule = table.rule(DoubleAtMidnight)
    assert rule is not None
    assert table.rule(type(table.rules[0])) is table.rules[0]
    assert table_of(night_of()).rule(DoubleAtMidnight) is None


def test_rebuys_are_told() -> None:
    night = night_of(buy_in=200, stakes={"default": {"format": "no-limit", "blinds": [50, 100]}})
    results = list(table_of(night, players=3, seed=2).play(30))
    rebuys = [(r.number, s) for r in results for s, _ in r.rebuys]
    told = [(r.number, n.seat) for r in results for n in kinds(r.notices, "rebuy")]
    assert rebuys
    assert told == rebuys
