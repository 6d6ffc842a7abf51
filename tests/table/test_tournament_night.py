"""Oresteen's Tournament Night at one table (004 r.101-r.109): the chips, the levels,
the games, busts, places and payouts, and the books."""

from __future__ import annotations

import itertools
import json
import re
import tomllib
from collections.abc import Iterator
from dataclasses import replace
from datetime import datetime, timedelta
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerbook.bots import get_policy
from pokerbook.cli.main import cli
from pokerbook.engine.rules import uses_wild_cards
from pokerbook.table.night import Night, NightError, Seat
from pokerbook.table.night_file import NightFileError, builtin_nights, parse_night
from pokerbook.table.play import GameNight, HandResult
from pokerbook.table.tournament import Place, Tournament, TournamentRule

KEY = "oresteen-tournament-night"


def night() -> Night:
    return builtin_nights()[KEY]


def rule() -> TournamentRule:
    found = night().tournament
    assert found is not None
    return found


def raw_night() -> dict[str, Any]:
    """The built-in night's TOML table, to change one thing in."""
    text = resources.files("pokerbook.data").joinpath("nights.toml").read_text(encoding="utf-8")
    table: dict[str, Any] = tomllib.loads(text)[KEY]
    return table


def table_for(players: int, seed: int, policy: str = "random", **kwargs: Any) -> GameNight:
    return GameNight(night(), [get_policy(policy) for _ in range(players)], seed, **kwargs)


def play_out(table: GameNight, most: int = 3000) -> list[HandResult]:
    results = list(table.play(most))
    table.finish()
    return results


# -- the structure: chips, payouts, players (r.101, r.102; E-11) ------------------------


def test_payouts_sum_to_the_prize_pool_e11() -> None:
    tournament = rule()
    entry = night().buy_in
    for players in range(tournament.min_players, tournament.max_players + 1):
        prizes = tournament.prizes(players)
        assert len(prizes) == players
        assert sum(prizes) == players * entry  # r.101: $125 for 5 ... $400 for 16
        assert list(prizes) == sorted(prizes, reverse=True)
    assert tournament.prizes(16)[:4] == (215, 100, 50, 35)  # E-11's example row


def test_a_payout_row_that_misses_the_prize_pool_is_refused_e11() -> None:
    raw = raw_night()
    raw["tournament"]["payouts"]["8"] = [125, 50, 20, 0]
    with pytest.raises(NightFileError, match=r"payouts\.8: .* sum to 195, not the prize pool 200"):
        parse_night(raw, key=KEY, source="test")


def test_chip_distribution_for_16_players_e11() -> None:
    tournament = rule()
    assert tournament.denominations == (50, 100, 500, 1000, 5000)
    assert tournament.chips[16] == (9, 9, 3, 3, 3)
    assert tournament.starting_stack(16) == 20_850  # E-11: 9x50 + 9x100 + 3x500 + ...
    assert tournament.chip_pool(16) == 333_600
    # every row of r.102: the seed's "Total Each Player" times the players is its pool
    each = {5: 34_000, 11: 27_500, 13: 21_500, 14: 21_000, 16: 20_850}
    for players, chips in each.items():
        assert tournament.starting_stack(players) == chips
        assert tournament.chip_pool(players) == players * chips


def test_each_player_starts_with_the_chip_table_row_for_the_field_004_r102() -> None:
    table = table_for(6, seed=1)
    tournament = table.tournament
    assert tournament is not None
    assert table.stacks == [rule().starting_stack(6)] * 6 == [34_000] * 6
    assert table.chips_at_table == tournament.chip_pool
    # the ledger is money: each player's entry, not chips
    assert [e.amount for e in table.ledger.entries] == [night().buy_in] * 6


def test_a_seventeenth_player_is_refused_004_r101() -> None:
    with pytest.raises(NightError, match=r"5 to 16 players \(004 r\.101\), not 17"):
        night().seated(17)
    with pytest.raises(NightError, match=r"5 to 16 players \(004 r\.101\), not 4"):
        night().seated(4)
    with pytest.raises(NightError, match=r"9 players need more than one table.* at most 8"):
        night().seated(9)
    assert len(night().seated(8)) == 8
    names = [Seat(f"p{i}", 25) for i in range(17)]
    with pytest.raises(NightError, match="not 17"):
        GameNight(night(), [get_policy("call")] * 17, seats=names)
    result = CliRunner().invoke(cli, ["simulate", "--night", KEY, "--players", "17"])
    assert result.exit_code != 0
    assert "5 to 16 players (004 r.101), not 17" in result.output


def test_a_tournament_is_a_freezeout_no_rebuys_004_r101() -> None:
    raw = raw_night()
    raw["rebuys"] = 1
    with pytest.raises(NightFileError, match=r"freezeout: rebuys = 0 \(004 r\.101"):
        parse_night(raw, key=KEY, source="test")
    table = table_for(5, seed=2)
    with pytest.raises(NightError, match="a tournament keeps its seats"):
        table.join(4, "late", 25)
    with pytest.raises(NightError, match="a tournament keeps its seats"):
        table.leave(0)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda t: t["chips"].pop("7"), r"tournament: chips: no row for 7 players"),
        (lambda t: t.update(colour_up=True), r"tournament: unknown key 'colour_up'"),
        (lambda t: t["levels"].append({"blinds": [75, 150]}), r"level 10, F01: .*chips of 50"),
        (lambda t: t.pop("level_hands") and t.pop("level_minutes"), r"level_hands, level_minutes"),
        (lambda t: t["payouts"].update({"6": [25, 125]}), r"payouts\.6: a place pays more"),
    ],
)
def test_a_bad_tournament_declaration_is_refused_with_the_key(change: Any, message: str) -> None:
    raw = raw_night()
    change(raw["tournament"])
    with pytest.raises(NightFileError, match=message):
        parse_night(raw, key=KEY, source="test")


# -- games (004 introduction, r.101, r.103) ---------------------------------------------


def test_only_holdem_variants_or_chicago_lowball_on_tournament_night() -> None:
    tournament_night = night()
    holdem_night = builtin_nights()["oresteen-holdem-night"]
    menu = set(tournament_night.selection.games)
    assert menu == set(holdem_night.selection.games) | {"D06"}
    for game in tournament_night.games:
        assert game.family == "flop" or game.id == "D06"
        assert not uses_wild_cards(game.steps, any(s.wild for s in game.showdown.shares))
    results = play_out(table_for(8, seed=4))
    assert results
    assert {r.game.id for r in results} <= menu
    assert {r.stakes.format for r in results} == {"no-limit"}  # r.103
    for r in results:
        assert r.stakes.min_bet == r.stakes.blinds[1]  # "equal to or greater than the BB"


# -- levels (r.103, r.104) --------------------------------------------------------------


def test_blinds_rise_on_the_next_deal_after_a_level_ends_004_r104() -> None:
    levels = rule().levels
    per_level = rule().level_hands
    assert per_level is not None
    table = table_for(5, seed=5, policy="call")
    results = list(table.play(2 * per_level + 1))
    assert len(results) == 2 * per_level + 1
    blinds = [r.stakes.blinds for r in results]
    first = (levels[0].small_blind, levels[0].big_blind)
    second = (levels[1].small_blind, levels[1].big_blind)
    assert blinds[:per_level] == [first] * per_level
    assert blinds[per_level : 2 * per_level] == [second] * per_level
    assert results[2 * per_level].stakes.ante == levels[2].ante

    # on a clock: the level's 20 minutes end during the second hand, which keeps its
    # limits; the third deal has the new ones (r.104: "apply on the next deal")
    timed = raw_night()
    del timed["tournament"]["level_hands"]
    clock_night = parse_night(timed, key="timed", source="test")
    start = datetime(2026, 1, 1, 20, 0)
    deals = iter([start, start + timedelta(minutes=19, seconds=59), start + timedelta(minutes=21)])
    table = GameNight(clock_night, [get_policy("call") for _ in range(5)], 5)
    assert table.tournament is not None
    table.tournament.clock = lambda: next(deals)
    hands = list(table.play(3))
    assert [h.stakes.blinds for h in hands] == [first, first, second]
    assert [h.hand.stakes.blinds for h in hands] == [first, first, second]


def test_after_the_last_level_the_last_one_stays_004_r103() -> None:
    tournament = rule()
    assert tournament.level_hands is not None
    last = len(tournament.levels) - 1
    assert tournament.level_index(tournament.level_hands * last - 1) == last - 1
    assert tournament.level_index(tournament.level_hands * last) == last
    assert tournament.level_index(tournament.level_hands * 50) == last
    # the antes begin in the second hour (levels 4 to 9: rules.md §7.1's reading)
    assert [lv.ante for lv in tournament.levels] == [0, 0, 0, 50, 100, 200, 400, 500, 600]


# -- busts, places and payouts (r.101, r.106, r.109) -------------------------------------


def finished(players: int, seed: int) -> tuple[GameNight, list[HandResult]]:
    table = table_for(players, seed)
    results = play_out(table)
    return table, results


def assert_places_rank(standings: list[Place]) -> None:
    """Places 1, 2, 3 ... in order, players tied on a place sharing it (the next place
    skipping as many): ties only between players out in the same hand with the same
    stack (r.109)."""
    for index, place in enumerate(standings):
        tied = [q for q in standings if q.place == place.place]
        assert place.place == standings.index(tied[0]) + 1 <= index + 1
        assert place.tied == len(tied)
        assert {q.hand for q in tied} == {place.hand}
        assert {q.stack for q in tied} == {place.stack}


def test_places_and_payouts_in_elimination_order() -> None:
    for seed in range(3):
        table, results = finished(8, seed)
        tournament = table.tournament
        assert tournament is not None
        assert tournament.winner is not None
        assert (
            table.ended == f"{tournament.winner.name} won the tournament after {len(results)} hands"
        )
        standings = tournament.standings()
        assert len(standings) == 8
        assert_places_rank(standings)
        # the later a player went out, the better the place
        out_hands = [p.hand for p in standings[1:]]
        assert all(h is not None for h in out_hands)
        assert out_hands == sorted(out_hands, key=lambda h: -(h or 0))
        # each went out in the hand that left them with no chips
        for place in standings[1:]:
            assert place.hand is not None
            hand = results[place.hand - 1]
            assert place.seat in hand.busted
        # players out in the same hand: the bigger starting stack places higher (r.109)
        for a, b in itertools.pairwise(standings):
            if a.hand == b.hand:
                assert a.stack >= b.stack
        prizes = tournament.prizes
        for place in standings:
            tied = [q for q in standings if q.place == place.place]
            shared = prizes[place.place - 1 : place.place - 1 + len(tied)]
            assert sum(q.payout for q in tied) == sum(shared)
            assert max(q.payout for q in tied) - min(q.payout for q in tied) < len(tied)
        nets = table.ledger.nets()
        for place in standings:
            assert nets[place.name] == place.payout - night().buy_in
        assert sum(nets.values()) == 0
        paid = sum(p.amount for p in table.ledger.settlement())
        assert paid == sum(n for n in nets.values() if n > 0)


def test_equal_stacks_out_together_split_the_places_prizes_004_r109() -> None:
    names = [f"p{i}" for i in range(1, 9)]
    tournament = Tournament(rule(), 25, names, 8)
    # nobody out yet: a night stopped by a hand limit places everybody by chips
    tournament.close([500, 300, 300, 100, 50, 40, 40, 10])
    prizes = tournament.prizes
    standings = tournament.standings()
    by_name = {p.name: p for p in standings}
    assert by_name["p1"].place == 1
    assert by_name["p1"].payout == prizes[0]
    assert by_name["p2"].place == by_name["p3"].place == 2
    assert by_name["p2"].tied == by_name["p3"].tied == 2
    shared = prizes[1] + prizes[2]
    assert by_name["p2"].payout + by_name["p3"].payout == shared
    assert abs(by_name["p2"].payout - by_name["p3"].payout) == shared % 2
    assert by_name["p6"].place == by_name["p7"].place == 6
    assert sum(p.payout for p in standings) == tournament.prize_pool
    assert tournament.stopped_early


def test_a_hand_limit_places_the_players_still_in_by_their_chips() -> None:
    table = table_for(6, seed=3, policy="call")
    results = list(table.play(5))
    assert len(results) == 5
    stacks = list(table.stacks)
    ledger = table.finish()
    tournament = table.tournament
    assert tournament is not None
    assert tournament.stopped_early
    standings = tournament.standings()
    in_order = [stacks[p.seat] for p in standings if p.hand is None]
    assert in_order == sorted(in_order, reverse=True)
    assert sum(ledger.nets().values()) == 0
    assert sum(p.payout for p in standings) == tournament.prize_pool


def test_blinds_after_a_bust_follow_the_dead_button_004_r106() -> None:
    table = table_for(6, seed=0)
    house = table.night.house
    assert house.name == "oresteen"
    assert house.dead_button_after_bust
    assert house.tournament
    assert not house.dead_button
    results = play_out(table)
    # heads-up the button posts the small blind (r.106: "the SB is always on the button")
    heads_up = [r for r in results if len(r.dealt) == 2]
    for r in heads_up:
        hand = r.hand
        assert hand.blinds_by_seat[hand.button] == r.stakes.blinds[0]


# -- the whole tournament: chips conserved, one player left with them all ----------------


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(min_value=5, max_value=8),
    seed=st.integers(0, 10_000),
    policy=st.sampled_from(["random", "call"]),
)
def test_chips_are_conserved_and_one_player_ends_with_every_chip(
    players: int, seed: int, policy: str
) -> None:
    table = table_for(players, seed, policy)
    tournament = table.tournament
    assert tournament is not None
    pool = tournament.chip_pool
    results = list(table.play(5000))
    for r in results:
        assert sum(r.deltas) == 0
    assert table.chips_at_table == pool
    assert sorted(table.stacks) == [0] * (players - 1) + [pool]
    winner = tournament.winner
    assert winner is not None
    assert table.stacks[winner.seat] == pool
    ledger = table.finish()
    assert sum(ledger.nets().values()) == 0
    assert len(tournament.places) == players
    assert_places_rank(tournament.standings())


# -- the programs -----------------------------------------------------------------------


def lines_of(output: str) -> Iterator[str]:
    return (line.strip() for line in output.splitlines())


def test_simulate_plays_to_a_winner_and_reports_places_and_payouts(tmp_path: Path) -> None:
    path = tmp_path / "tournament.json"
    args = ["simulate", "--night", KEY, "--players", "7", "--seed", "3", "--report", str(path)]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    report = json.loads(path.read_text(encoding="utf-8"))
    places = report["tournament"]["places"]
    prizes = list(rule().prizes(7))
    # players out in the same hand with the same stack tie (001 r.35): they share the
    # place of the best of them and split the prizes of the places they span
    tied: dict[int, list[int]] = {}
    for p in places:
        tied.setdefault(p["place"], []).append(p["payout"])
    assert sum(len(payouts) for payouts in tied.values()) == 7
    first = 1
    for place, payouts in tied.items():
        assert place == first
        shared = prizes[place - 1 : place - 1 + len(payouts)]
        assert sum(payouts) == sum(shared)
        assert max(payouts) - min(payouts) <= 1  # an odd chip at most
        first += len(payouts)
    assert report["ended"] == f"{places[0]['name']} won the tournament after " + (
        f"{report['hands_played']} hands"
    )
    for hand in report["hands"]:
        assert {"game", "button", "deltas"} <= set(hand)
        assert sum(hand["deltas"]) == 0
    nets = {p["name"]: p["net"] for p in report["ledger"]["players"]}
    assert sum(nets.values()) == 0
    for place in places:
        assert nets[place["name"]] == place["payout"] - report["tournament"]["entry"]
    out = list(lines_of(result.output))
    assert f"1st  {places[0]['name']} won {places[0]['payout']}" in " ".join(out)
    assert sum(1 for line in out if re.match(r"\d+(st|nd|rd|th)  ", line)) == 7


def test_play_a_tournament_night_at_the_terminal() -> None:
    keys = "\n".join(["f", ""] * 30 + ["q"]) + "\n"
    result = CliRunner().invoke(
        cli,
        ["play", "--night", KEY, "--players", "5", "--seed", "1", "--policy", "call"],
        input=keys,
    )
    assert result.exit_code == 0, result.output
    assert "Oresteen Tournament Night" in result.output
    assert "Places" in result.output
    assert "1st" in result.output


def test_the_tournament_house_does_not_change_the_built_in_house() -> None:
    table = table_for(5, seed=1)
    assert night().house.dead_button_after_bust is False
    assert table.night.house == replace(night().house, tournament=True, dead_button_after_bust=True)
