"""003's home games with declares and cards that change hands: the rules of
:mod:`pokerbook.engine.rules.declares` (``choose declare``, ``choose order``,
``do roll-next``, ``do zero-scoop``) and :mod:`pokerbook.engine.rules.pushes`
(``choose push``, ``do pass``, ``choose trade``), with Suffestud (S18), Pass the
Trash (H09) and the push games (S27, S28, S31, S32)."""

from __future__ import annotations

import random
import tomllib
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from pokerbook.bots import CallPolicy, Policy, RandomPolicy
from pokerbook.bots.simulation import Table as SimTable
from pokerbook.bots.simulation import play_hand, simulate
from pokerbook.cards.decks import deck
from pokerbook.cards.notation import parse
from pokerbook.engine.dealing import ShuffledDealer
from pokerbook.engine.events import Event
from pokerbook.engine.hand import Hand
from pokerbook.engine.invariants import check_invariants
from pokerbook.engine.rules import choice_rule, effect_rule
from pokerbook.engine.rules.declares import (
    ZERO_SCOOP,
    ZERO_VALUE,
    best_showing,
    declare_options,
)
from pokerbook.engine.rules.pushes import trade_options
from pokerbook.engine.showdown import hand_values
from pokerbook.engine.views import HIDDEN, view
from pokerbook.evaluation.scale import get_scale
from pokerbook.games.catalogue import find_game, games
from pokerbook.games.model import Choice, Effect, Game
from pokerbook.games.rules_page import rules_page
from pokerbook.games.stakes import Stakes
from pokerbook.history.phh import read_phh, write_phh
from pokerbook.history.replay import replay
from pokerbook.history.scripted_dealer import ScriptedDealer

if TYPE_CHECKING:
    from conftest import Table

STUD = Stakes(format="limit", ante=1, bring_in=1, small_bet=2, big_bet=4)
ANTES = Stakes(format="limit", ante=1, small_bet=2, big_bet=4)
SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"
PUSH_IDS = ("S27", "S28", "S31", "S32")
#: Suffestud, scenario hand 1: everyone calls to the trade
SUFFESTUD = {
    0: "Ah Kd Ks 7c 4h Kc",
    1: "2s 3c 6d 9h 4d Ac",
    2: "Qc Qh 8s 5h Jd Qs",
}
SUFFESTUD_TO_TRADE = ["pb", "cc", "cc"] + ["cc"] * 9
#: Pass the Trash, scenario hand 1 (four players)
ANACONDA = {
    0: "As Ks Qs 2h 7d 9c Tc",
    1: "Ah 3d 5c Jh Jd 8s 6h",
    2: "2c 4h Kd Kh 9s Th 3s",
    3: "Qh Qd 7c 8c 5s 4c 6d",
}
ANACONDA_PASSES = [
    "dc JhJd8s", "dc 2c4h3s", "dc 5s4c6d", "dc 9cTc7d",
    "dc 9cTc", "dc 9s8s", "dc 2c3s", "dc 4c6d",
    "dc 7d", "dc 4c", "dc 4h", "dc 2h",
]  # fmt: skip
ANACONDA_ORDERS = [
    "dc 5c3s", "dc 6d4h", "dc 7c2h", "dc 5s7d",
    "ch 6hAh2c3d4c", "ch KdJdKhJhTh", "ch Tc9c8cQhQd", "ch 8s9sQsKsAs",
]  # fmt: skip


def cards(hand: Hand, seat: int) -> str:
    """The seat's cards in the order it holds them, as text."""
    return " ".join(str(c) for c in hand.hole[seat])


def events_of(hand: Hand, kind: str) -> list[Event]:
    return [e for e in hand.events if e.kind == kind]


def suffestud(table: Table) -> Hand:
    """Suffestud dealt from scenario hand 1, played to the trade."""
    hand = table.hand("S18", STUD, [100] * 3, SUFFESTUD)
    table.play(hand, *SUFFESTUD_TO_TRADE)
    return hand


def anaconda(table: Table) -> Hand:
    """Pass the Trash dealt from scenario hand 1."""
    return table.hand("H09", ANTES, [100] * 4, ANACONDA)


def push_games() -> dict[str, Game]:
    """The push games (003), as registered."""
    return {gid: games()[gid] for gid in PUSH_IDS}


def push_hand(game_id: str, seats: dict[int, str]) -> Hand:
    """A push game for three, dealt from a stacked deck (each seat's cards in the order
    the dealer deals them: pushed cards come from the seat they were offered to)."""
    dealer = ScriptedDealer([parse(seats.get(s, "")) for s in range(3)], ())
    return Hand(push_games()[game_id], STUD, [100] * 3, dealer=dealer)


def play_scenario(game: Game, spec: dict[str, Any]) -> tuple[Hand, ScriptedDealer]:
    """Play a scenario hand (the format of tests/scenarios), invariants checked."""
    dealer = ScriptedDealer(
        [parse(c) for c in spec["seats"]], parse(spec.get("board", "")), deck=deck(game.deck).cards
    )
    fields: dict[str, Any] = {
        k: tuple(v) if isinstance(v, list) else v for k, v in spec["stakes"].items()
    }
    stakes = Stakes(**fields)
    hand = Hand(game, stakes, spec["stacks"], button=spec.get("button", 0), dealer=dealer)
    for line in spec["actions"]:
        who, code = line.split(maxsplit=1)
        assert hand.actor == int(who[1:]) - 1, f"{line!r}: seat {hand.actor} is to act"
        hand.act(code)
        check_invariants(hand)
    return hand, dealer


def push_scenarios() -> list[tuple[str, int, dict[str, Any]]]:
    """Every hand of the push games' scenario files: (game, number, hand)."""
    out = []
    for path in sorted(SCENARIOS / f"{gid}.toml" for gid in PUSH_IDS):
        with path.open("rb") as f:
            raw = tomllib.load(f)
        for index, spec in enumerate(raw["hands"], 1):
            full = {k: raw[k] for k in ("stakes", "stacks", "button") if k in raw} | spec
            out.append((raw["game"], index, full))
    return out


# -- the games ----------------------------------------------------------------------


def test_home_games_declare_their_rules() -> None:
    suffestud_game = find_game("suffestud")
    assert Choice("trade", ("1", "2")) in suffestud_game.steps
    assert suffestud_game.steps[-1] == Choice("declare", ("high", "low"))
    anaconda_game = find_game("anaconda")
    assert anaconda_game.id == "H09"
    passes = [s for s in anaconda_game.steps if isinstance(s, Effect) and s.rule == "pass"]
    assert [p.args for p in passes] == [("1",), ("2",), ("3",)]
    assert anaconda_game.steps.count(Effect("roll-next")) == 4
    assert anaconda_game.steps[-1] == Choice("declare", ("high", "low"))
    for game in (suffestud_game, anaconda_game):
        assert [s.scale for s in game.showdown.shares] == ["high", "a6-low"]
    for rule in ("declare", "order", "push", "trade"):
        assert choice_rule(rule) is not None
    for name in ("pass", "roll-next", "zero-scoop"):
        assert effect_rule(name) is not None


def test_rules_page_describes_trade_pass_and_declare_steps() -> None:
    streets = rules_page(find_game("H09")).section("Streets").lines
    assert any(
        "The dealer: pass (1): each player's cards just discarded go" in line for line in streets
    )
    assert any("Each player chooses: declare (high low)" in line for line in streets)
    trade = rules_page(find_game("S18")).section("Streets").lines
    assert any("Each player chooses: trade (1 2): trade one card" in line for line in trade)


# -- choose declare ------------------------------------------------------------------


def test_declare_offers_each_share_and_both_ways(table: Table) -> None:
    hand = suffestud(table)
    table.play(hand, "ch stand", "ch stand", "ch stand", "cc", "cc", "cc")
    legal = hand.legal()
    assert legal is not None
    assert legal.seat == 1  # from the button's left
    assert legal.choose == ("high", "low", "both")


def test_declare_no_pig_offers_one_side_only() -> None:
    game = push_games()["S31"]
    assert game.steps[-1] == Choice("declare", ("high", "low", "no-pig"))
    hand = Hand(game, STUD, [100] * 3, seed=1)
    options = declare_options(hand, ("high", "low", "no-pig"))
    assert options == {"high": frozenset({"high"}), "low": frozenset({"low"})}


def test_declare_names_only_the_games_shares(table: Table) -> None:
    hand = suffestud(table)
    with pytest.raises(ValueError, match="no share 'hi'"):
        declare_options(hand, ("hi", "low"))
    with pytest.raises(ValueError, match="two share names"):
        declare_options(hand, ("high", "low", "pig"))


def test_declare_is_hidden_until_every_player_has_declared(table: Table) -> None:
    hand = suffestud(table)
    table.play(hand, "ch stand", "ch stand", "ch stand", "cc", "cc", "cc")
    table.play(hand, "ch low", "ch both")
    assert hand.situation.declared == {}  # nothing decided until the last declare
    assert not table.kinds(hand.events, "declare")
    seen = view(hand, 0)["events"]
    assert [e["detail"] for e in seen if e["kind"] == "choice"][-2:] == [HIDDEN, HIDDEN]
    assert [e["detail"] for e in seen if e["kind"] == "choose"][-2:] == ["declare"] * 2
    table.play(hand, "ch high")
    declares = table.kinds(hand.events, "declare")
    assert [(e.seat, e.detail) for e in declares] == [(1, "low"), (2, "high low"), (0, "high")]
    assert hand.situation.declared == {
        1: frozenset({"low"}),
        2: frozenset({"high", "low"}),
        0: frozenset({"high"}),
    }


def test_declare_counts_a_player_only_for_the_shares_declared(table: Table) -> None:
    hand = suffestud(table)
    table.play(hand, "ch stand", "ch stand", "ch stand", "cc", "cc", "cc")
    # p2 (9-6-4-3-2) declares high and plays alone for it, though p1's kings and p3's
    # queens are better high hands; on the low, p3's pair of queens beats p1's kings
    table.play(hand, "ch high", "ch low", "ch low")
    assert hand.done
    assert table.awards(hand) == {1: 3, 2: 3}  # a pot of 6: 3 antes and 3 called


# -- choose order and do roll-next -----------------------------------------------------


def test_order_offers_every_order_of_the_five_cards_the_order_held_first(
    table: Table,
) -> None:
    hand = anaconda(table)
    table.play(hand, *ANACONDA_PASSES, *ANACONDA_ORDERS[:4])
    legal = hand.legal()
    assert legal is not None
    assert legal.choose is not None
    assert len(legal.choose) == 120
    assert legal.choose[0] == cards(hand, 1).replace(" ", "")
    assert len(set(legal.choose)) == 120


def test_order_is_secret_and_the_cards_roll_in_that_order(table: Table) -> None:
    hand = anaconda(table)
    table.play(hand, *ANACONDA_PASSES, *ANACONDA_ORDERS)
    rolled = [(e.seat, str(e.cards[0])) for e in table.kinds(hand.events, "expose")]
    assert rolled == [(1, "6h"), (2, "Kd"), (3, "Tc"), (0, "8s")]

    def p2_order(viewer: int) -> str:
        events = view(hand, viewer)["events"]
        return str(
            next(
                e["cards"]
                for e in events
                if e["kind"] == "choose" and e.get("detail") == "order" and e["seat"] == 1
            )
        )

    assert p2_order(1) == "6h Ah 2c 3d 4c"
    assert p2_order(0) == "6h ?? ?? ?? ??"  # the card turned up, the rest unseen
    with pytest.raises(ValueError, match="not an order"):
        choice_rule("order").apply(hand, 1, "6h6h2c3d4c", ())


def test_roll_next_lets_the_best_hand_showing_bet_first(table: Table) -> None:
    hand = anaconda(table)
    table.play(hand, *ANACONDA_PASSES, *ANACONDA_ORDERS)
    assert hand.actor == 2  # p3's Kd is the best card showing
    table.play(hand, "cbr 2", "cc", "cc", "cc")
    assert hand.actor == 1  # p2's ace beats p3's king-jack
    assert best_showing(hand, "high") == 1


def test_best_showing_ties_go_to_the_first_seat_left_of_the_button(table: Table) -> None:
    hand = anaconda(table)
    table.play(hand, *ANACONDA_PASSES, *ANACONDA_ORDERS)
    for seat in range(4):
        hand.up[seat] = list(parse(["2c", "2d", "2h", "2s"][seat]))
    assert best_showing(hand, "high") == 1


# -- do pass -------------------------------------------------------------------------


def test_pass_sends_each_players_discards_offset_seats_to_the_left(table: Table) -> None:
    hand = anaconda(table)
    table.play(hand, *ANACONDA_PASSES[:4])
    assert cards(hand, 0) == "As Ks Qs 2h 5s 4c 6d"  # from p4, one seat to the right
    assert cards(hand, 2) == "Kd Kh 9s Th Jh Jd 8s"  # from p2
    passed = table.kinds(hand.events, "deal-hole")[-4:]
    assert [(e.seat, e.detail) for e in passed] == [
        (2, "passed from seat 1"),
        (3, "passed from seat 2"),
        (0, "passed from seat 3"),
        (1, "passed from seat 0"),
    ]
    table.play(hand, *ANACONDA_PASSES[4:8])
    assert cards(hand, 3)[-5:] == "9c Tc"  # two seats left of p2
    table.play(hand, *ANACONDA_PASSES[8:])
    assert cards(hand, 0)[-2:] == "7d"  # three seats left of p2
    assert all(len(hand.hole[s]) == 7 and not any(hand.face_up[s]) for s in range(4))
    check_invariants(hand)


def test_pass_cards_stay_hidden_from_the_other_players(table: Table) -> None:
    hand = anaconda(table)
    table.play(hand, *ANACONDA_PASSES[:4])
    by_p3 = view(hand, 2)["events"]
    received = [e for e in by_p3 if e.get("detail") == "passed from seat 1"]
    assert received[0]["cards"] == "Jh Jd 8s"
    by_p1 = view(hand, 0)["events"]
    assert [e["cards"] for e in by_p1 if e.get("detail") == "passed from seat 1"] == ["?? ?? ??"]


def test_pass_round_a_short_table_can_come_back_to_the_passer(table: Table) -> None:
    hand = table.hand("H09", ANTES, [100] * 3, {s: ANACONDA[s] for s in range(3)})
    table.play(hand, "dc JhJd8s", "dc 2c4h3s", "dc 9cTc7d", "dc 5c6h", "dc 9sTh", "dc AsKs")
    before = [sorted(cards(hand, s).split()) for s in range(3)]
    table.play(hand, "dc Ah", "dc Kd", "dc Qs")  # three seats left of three players: home
    assert [sorted(cards(hand, s).split()) for s in range(3)] == before
    assert cards(hand, 1).endswith("Ah")


def test_pass_takes_the_cards_back_out_of_a_shuffled_decks_muck() -> None:
    hand = Hand("H09", ANTES, [100] * 7, seed=11)
    rng = random.Random(3)
    while hand.step < 7:  # the three passes
        legal = hand.legal()
        assert legal is not None
        assert legal.discard is not None
        hand.act(f"dc {''.join(map(str, rng.sample(hand.hole[legal.seat], legal.discard)))}")
        check_invariants(hand)
    assert isinstance(hand.dealer, ShuffledDealer)
    assert hand.dealer.discards == []  # every pass came back out of the muck
    assert all(len(hand.hole[s]) == 7 for s in range(7))


def test_pass_takes_one_argument(table: Table) -> None:
    with pytest.raises(ValueError, match="one argument"):
        effect_rule("pass")(anaconda(table), ())


# -- choose trade ----------------------------------------------------------------------


def test_trade_offers_each_card_with_the_new_cards_face_and_price(table: Table) -> None:
    hand = suffestud(table)
    legal = hand.legal()
    assert legal is not None
    assert legal.seat == 1
    assert legal.choose == (
        "stand", "2s down", "3c up", "3c down", "6d up", "6d down",
        "9h up", "9h down", "4d up", "4d down",
    )  # fmt: skip
    trades = trade_options(hand, 1, ("1", "2"))
    assert trades["2s down"][1:] == (False, 1)
    assert trades["9h up"][1:] == (True, 1)
    assert trades["9h down"][1:] == (False, 2)


@pytest.mark.parametrize(
    ("stack", "options"),
    [
        (3, ("stand", "2s down", "3c up", "6d up", "9h up", "4d up")),  # 1 chip left
        (2, ("stand",)),  # all in on the bring-in
    ],
)
def test_trade_offers_only_what_the_player_can_pay(
    table: Table, stack: int, options: tuple[str, ...]
) -> None:
    hand = table.hand("S18", STUD, [100, stack, 100], SUFFESTUD)
    while hand.decision != "choose":
        hand.act("pb" if hand.decision == "bring-in" else "cc")
    assert hand.stacks[1] == stack - 2
    assert choice_rule("trade").options(hand, 1, ("1", "2")) == options


def test_trade_up_card_for_a_down_card_pays_two_and_deals_it_face_down(table: Table) -> None:
    hand = suffestud(table)
    events = table.play(hand, "ch 9h down")
    assert cards(hand, 1) == "2s 3c 6d 4d Ac"
    assert hand.face_up[1] == [False, True, True, True, False]
    assert [str(c) for c in hand.up[1]] == ["3c", "6d", "4d"]
    assert hand.stacks[1] == 100 - 2 - 2
    trade = table.kinds(hand.events, "trade")[-1]
    assert (trade.amount, trade.detail) == (2, "an up card for a down card")
    assert (events[0].kind, events[0].up, events[0].detail) == ("deal-hole", (False,), "traded")
    check_invariants(hand)
    assert view(hand, 0)["players"][1]["cards"] == ["??", "3c", "6d", "4d", "??"]


def test_trade_fee_is_dead_money_every_player_can_win(table: Table) -> None:
    hand = suffestud(table)
    table.play(hand, "ch 9h down", "ch 5h up", "ch Ah down")
    assert hand.dead == [1, 2, 1]
    table.play(hand, "cbr 4", "cc", "cc", "ch low", "ch high", "ch high")
    assert table.awards(hand) == {0: 11, 1: 11}  # no side pot for p2's extra chip


# -- choose push -----------------------------------------------------------------------


def test_push_keep_offers_the_next_player_a_new_card() -> None:
    hand = push_hand("S27", {0: "As Ad 8s", 1: "2c 3c 9c", 2: "Kh Qh Jh"})
    assert hand.actor == 1  # the first seat left of the button
    assert cards(hand, 1) == "2c 3c 9c"
    hand.act("ch keep")
    assert hand.actor == 2
    assert cards(hand, 2) == "Kh Qh Jh"
    assert hand.face_up[2] == [False, False, True]


def test_push_pushers_get_forced_up_cards_once_someone_keeps() -> None:
    hand = push_hand("S27", {0: "As Ad 8s", 1: "2c 3c 9c 4d", 2: "Kh Qh Jh"})
    hand.act("ch push")
    assert cards(hand, 1) == "2c 3c"
    assert cards(hand, 2) == "Kh Qh 9c"  # the pushed card, offered to p3
    assert hand.actor == 2
    legal = hand.legal()
    assert legal is not None
    assert legal.choose == ("keep", "push")
    hand.act("ch keep")
    assert cards(hand, 1) == "2c 3c 4d"  # p2's forced up card
    assert cards(hand, 0) == "As Ad 8s"  # p1 is offered a new card
    assert hand.actor == 0
    forced = events_of(hand, "deal-hole")[-2]
    assert (forced.seat, forced.detail, forced.up) == (1, "forced", (True,))
    check_invariants(hand)


def test_push_by_the_last_player_goes_to_the_bottom_of_the_deck() -> None:
    seats = {0: "As Ad 8s 7s", 1: "2c 3c 9c 4d", 2: "Kh Qh Jh"}
    hand = push_hand("S27", seats)
    for _ in range(3):
        hand.act("ch push")
    bottom = events_of(hand, "bottom")
    assert [(e.seat, str(e.cards[0])) for e in bottom] == [(0, "9c")]
    assert (cards(hand, 1), cards(hand, 2), cards(hand, 0)) == (
        "2c 3c 4d",
        "Kh Qh Jh",
        "As Ad 8s",
    )
    assert hand.decision == "bring-in"  # everyone has a card: the betting begins
    assert hand.actor == 2  # the Jh is the highest up card
    assert isinstance(hand.dealer, ScriptedDealer)
    assert [str(c) for c in hand.dealer.mucked] == ["9c"]


def test_push_first_card_goes_one_seat_further_each_round() -> None:
    game = push_games()["S27"]
    hand = Hand(game, STUD, [100] * 3, button=2, seed=5)
    first: dict[int, int | None] = {}  # push step -> the seat offered the first card
    while not hand.done:
        step = game.steps[hand.step]
        legal = hand.legal()
        assert legal is not None
        if legal.choose is not None:
            if isinstance(step, Choice) and step.rule == "push":
                first.setdefault(hand.step, hand.actor)
            hand.act(f"ch {legal.choose[0]}")
        else:
            hand.act("pb" if hand.decision == "bring-in" else "cc")
    assert list(first.values()) == [0, 1, 2, 0]


def test_push_cards_are_public() -> None:
    hand = push_hand("S27", {0: "As Ad 8s", 1: "2c 3c 9c 4d", 2: "Kh Qh Jh"})
    hand.act("ch push")
    seen = view(hand, 0)
    assert seen["players"][2]["up_cards"] == ["9c"]
    gave = [e for e in seen["events"] if e["kind"] == "give"]
    assert gave == [{"kind": "give", "seat": 1, "amount": 1, "discarded": "9c", "detail": "push"}]


@pytest.mark.parametrize(
    ("game_id", "index", "spec"),
    [pytest.param(*scenario, id=f"{scenario[0]}-{scenario[1]}") for scenario in push_scenarios()],
)
def test_push_games_play_their_rulebook_scenarios(
    game_id: str, index: int, spec: dict[str, Any]
) -> None:
    hand, dealer = play_scenario(push_games()[game_id], spec)
    where = f"{game_id} hand {index} ({spec['about'][:40]})"
    assert hand.done, where
    assert dealer.overdealt == 0, where
    assert dealer.unused() == 0, where
    assert hand.stacks == spec["final_stacks"], where
    awards = Counter(
        f"p{e.seat + 1} {e.detail or 'pot'} {e.amount}"
        for e in hand.events
        if e.kind == "award" and e.seat is not None
    )
    assert awards == Counter(spec["awards"]), where


@pytest.mark.parametrize("game_id", ["S27", "S28", "S31", "S32"])
def test_push_games_survive_random_and_calling_bots(game_id: str) -> None:
    game = push_games()[game_id]
    for index, fmt in enumerate(game.formats):
        stakes = Stakes(format=fmt, ante=1, bring_in=1, small_bet=2, big_bet=4)
        bots: list[Policy] = [RandomPolicy() for _ in range(6)]
        hands = list(simulate(SimTable(game, stakes, (200,) * 6), bots, 100, seed=index))
        assert all(sum(h.stacks) == 1200 for h in hands)
        assert any(e.kind == "bottom" for h in hands for e in h.events)
    callers: list[Policy] = [CallPolicy() for _ in range(6)]
    hands = list(simulate(SimTable(game, STUD, (200,) * 6), callers, 30, seed=9))
    assert all(len(h.live) == 6 and h.done for h in hands)


def test_push_games_round_trip_through_phh_with_give_and_receive_lines() -> None:
    # S27 hand 1: p1 pushes the 5h to p2, who keeps it and shows it at the showdown;
    # the history records the card leaving p1 (gv) and reaching p2 (rc)
    spec = next(s for gid, i, s in push_scenarios() if gid == "S27" and i == 1)
    hand, _ = play_scenario(push_games()["S27"], spec)
    again = replay(read_phh(write_phh(hand), "S27 hand 1"))
    assert again.stacks == [hand.stacks[s] for s in hand.order_from(hand.button + 1)]


# -- do zero-scoop -----------------------------------------------------------------------


def test_zero_scoop_scale_beats_every_red_black_hand_on_either_side() -> None:
    zero = get_scale(ZERO_SCOOP)
    assert zero.best(parse("Th 3c 5h 5s 7d 4c Qs")) == ZERO_VALUE
    assert zero.best(parse("Th 3c 5h 5s 7d 4c 2h")) == -ZERO_VALUE
    best_high = get_scale("red-black-eo-high").best(parse("Ah Ad Kh Kd Qh Qd Jh"))
    best_low = get_scale("red-black-eo-low").best(parse("As Ac Ks Kc Qs Qc Js"))
    assert max(best_high, best_low) < ZERO_VALUE
    assert zero.describe(ZERO_VALUE) == "exactly 0 points: scoops"


def test_zero_scoop_plays_every_share_whatever_was_declared() -> None:
    spec = next(s for gid, i, s in push_scenarios() if gid == "S32" and i == 1)
    hand, _ = play_scenario(push_games()["S32"], spec)
    assert hand.situation.declared[2] == frozenset({"high", "low"})
    scoop = events_of(hand, "zero-scoop")
    assert [e.seat for e in scoop] == [2]
    values = hand_values(hand, 2)
    assert [v.value if v else None for v in values] == [ZERO_VALUE, ZERO_VALUE]


def test_home_games_play_random_hands_with_every_invariant() -> None:
    rng = random.Random(4)
    for game_id, stakes in (("S18", STUD), ("H09", ANTES)):
        for seed in range(20):
            hand = Hand(game_id, stakes, [50] * 5, button=seed % 5, seed=seed)
            bots: list[Policy] = [RandomPolicy() for _ in range(5)]
            play_hand(hand, bots, rng)
            assert hand.done
            assert sum(hand.stacks) == 250
