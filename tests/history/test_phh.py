"""PHH hand histories: reading, variant codes, the scripted dealer, replay, writing."""

from __future__ import annotations

import os
import random
import tomllib
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path

import pytest

from pokerbook.cards.card import Card
from pokerbook.cards.notation import parse
from pokerbook.engine.actions import Action
from pokerbook.engine.hand import Hand
from pokerbook.games.catalogue import find_game, games
from pokerbook.games.model import Format
from pokerbook.games.stakes import Stakes
from pokerbook.history.fast_toml import loads_flat
from pokerbook.history.phh import (
    GAME_FIELDS,
    HandHistory,
    PHHError,
    load,
    read_phh,
    read_phhs,
    write_phh,
    write_phhs,
)
from pokerbook.history.replay import ReplayError, lay_out, play, replay
from pokerbook.history.scripted_dealer import ScriptedDealer
from pokerbook.history.variants import (
    STANDARD_CODES,
    VariantError,
    code_table,
    resolve_variant,
    variant_code,
)

NLHE = """\
variant = 'NT'
ante_trimming_status = true
antes = [0, 0, 0]
blinds_or_straddles = [50, 100, 0]
min_bet = 100
starting_stacks = [10000, 10000, 10000]
actions = ['d dh p1 AcAd', 'd dh p2 KcKd', 'd dh p3 2c7d', 'p3 f', 'p1 cbr 300', 'p2 cc',
  'd db 2h3h4s', 'p1 cbr 500 # a commentary', '', 'p2 cc', 'd db 9s', 'p1 cc', 'p2 cc',
  'd db Jd', 'p1 cc', 'p2 cc', 'p1 sm AcAd', 'p2 sm']
finishing_stacks = [10800, 9200, 10000]
players = ['Ann', 'Bob', 'Cy']
"""


def one_line_actions(text: str) -> str:
    """The same document with its actions on one line (the common machine-written form)."""
    return text.replace(",\n  ", ", ")


# -- reading ---------------------------------------------------------------------------------


def test_reads_a_no_limit_hand() -> None:
    history = read_phh(NLHE, "nlhe")
    assert history.game.id == "F01"
    assert history.format == "no-limit"
    assert history.blinds == [50, 100, 0]
    assert history.min_bet == 100
    assert history.starting_stacks == [10000] * 3
    assert history.finishing_stacks == [Decimal(10800), Decimal(9200), Decimal(10000)]
    assert history.scale == 1
    kinds = [s.kind for s in history.steps]
    assert kinds[:5] == ["dh", "dh", "dh", "f", "cbr"]
    assert "" not in [s.text for s in history.steps]  # the no-op is dropped
    bet = history.steps[7]
    assert (bet.seat, bet.kind, bet.amount) == (0, "cbr", 500)  # commentary dropped
    assert history.steps[0].cards == parse("AcAd")
    assert history.fields["players"] == ["Ann", "Bob", "Cy"]


def test_decimal_amounts_are_played_in_whole_units_of_the_finest_decimal() -> None:
    text = (
        "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [0.25, 0.50]\nmin_bet = 0.5\n"
        "starting_stacks = [200.30, 81.65]\n"
        "actions = ['d dh p1 ????', 'd dh p2 ????', 'p2 cbr 3.00', 'p1 f']\n"
        "finishing_stacks = [199.80, 82.15]\n"
    )
    history = read_phh(text)
    assert history.scale == 100
    assert history.blinds == [25, 50]
    assert history.starting_stacks == [20030, 8165]
    assert history.steps[2].amount == 300
    assert history.finishing_stacks == [Decimal("199.80"), Decimal("82.15")]
    hand = replay(history)
    assert [history.unscale(s) for s in hand.stacks] == history.finishing_stacks


def test_the_results_do_not_set_the_chip_unit() -> None:
    text = NLHE.replace("[10800, 9200, 10000]", "[10800.5, 9199.5, 10000]")
    assert read_phh(text).scale == 1


def test_reads_windows_line_ends() -> None:
    history = read_phh(NLHE.replace("\n", "\r\n"))
    assert history.finishing_stacks == [Decimal(10800), Decimal(9200), Decimal(10000)]


def test_reads_a_multi_hand_file() -> None:
    one = NLHE.replace("\n", "\n", 1)
    text = f"[1]\n{one}\n[4]\n{one}"
    hands = read_phhs(text, "many.phhs")
    assert [h.source for h in hands] == ["many.phhs [1]", "many.phhs [4]"]


def test_load_picks_the_reader_by_suffix(tmp_path: Path) -> None:
    single = tmp_path / "a.phh"
    single.write_text(NLHE)
    multi = tmp_path / "b.phhs"
    multi.write_text(f"[1]\n{NLHE}\n[2]\n{NLHE}")
    assert len(load(single)) == 1
    assert len(load(multi)) == 2


@pytest.mark.parametrize(
    "text",
    [
        one_line_actions(NLHE),
        "a = 'x'\nb = \"y z\"\nc = 1\nd = -2\ne = 0.50\nf = true\ng = [1, 2.5, 'q']\nh = []\n",
        "k = ['a', 'b',]\n# a comment\n\nm = [0, 0]\n",
        "actions = [\n  'd dh p1 AcAd',\n  \"p1 f\",\n]\nn = 1\n",
        NLHE,
        "[1]\na = 1\n",  # a table
        "a = [\n  1, # one\n]\n",  # a comment inside an array
        "a = 'x' # comment\n",
        "a = 'x'\r\nb = 1\r\n",  # CRLF
    ],
)
def test_fast_reader_agrees_with_tomllib(text: str) -> None:
    fast = loads_flat(text)
    assert fast is not None
    slow = tomllib.loads(text, parse_float=Decimal)
    assert fast == slow
    assert [type(v) for v in fast.values()] == [type(v) for v in slow.values()]


@pytest.mark.parametrize(
    "text",
    [
        'a = "esc\\"aped"\n',
        "t = 00:00:09\n",
        "a = 007\n",  # not TOML: tomllib refuses it, so must the fast reader
        "a = 1\na = 2\n",
        "a = 'x\x01'\n",  # a control character
        "a = ['x\ny']\n",  # not TOML: a string over a line end
    ],
)
def test_fast_reader_declines_what_it_does_not_read(text: str) -> None:
    assert loads_flat(text) is None


# -- error messages ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda t: t.replace("variant = 'NT'\n", ""), "missing required field 'variant'"),
        (lambda t: t.replace("'NT'", "'XX'"), "unknown variant 'XX'"),
        (lambda t: t.replace("AcAd'", "AcZd'", 1), "cannot read card 'Zd'"),
        (lambda t: t.replace("'p3 f'", "'p9 f'"), "there are only 3 players"),
        (lambda t: t.replace("'p3 f'", "'q3 f'"), "'q3' is not an actor"),
        (lambda t: t.replace("'p3 f'", "'p3 jump'"), "unknown action"),
        (lambda t: t.replace("'p1 cbr 300'", "'p1 cbr lots'"), "'lots' is not an amount"),
        (lambda t: t.replace("[50, 100, 0]", "[50, 100]"), "blinds_or_straddles must list"),
        (lambda t: t.replace("[10000, 10000, 10000]", "[10000, -5, 10000]"), "negative"),
        (lambda t: t.replace("[10000, 10000, 10000]", "[10000, inf, 10000]"), "finite"),
        (lambda t: t.replace("min_bet = 100", "min_bet = [100"), "not valid TOML"),
        (lambda t: t.replace("'d dh p3 2c7d'", "'d dh p3 2cAc'"), "Ac dealt twice"),
        (lambda t: t.replace("'p1 sm AcAd'", "'p1 sm AcAh'"), "p1 shows Ah"),
    ],
)
def test_bad_files_say_what_is_wrong(change: Callable[[str], str], message: str) -> None:
    with pytest.raises(PHHError, match=r"bad\.phh") as info:
        replay(read_phh(change(NLHE), "bad.phh"))
    assert message in str(info.value)


def test_a_card_outside_the_games_deck_is_refused() -> None:
    text = NLHE.replace("'NT'", "'NS'").replace("2c7d", "Tc7d")
    with pytest.raises(PHHError, match="2h is not in the short deck"):
        read_phh(text)


def test_an_action_out_of_turn_names_the_player_to_act() -> None:
    text = NLHE.replace("'p3 f', 'p1 cbr 300'", "'p1 cbr 300', 'p3 f'")
    with pytest.raises(ReplayError, match=r"action 4 'p1 cbr 300': it is p3's turn"):
        replay(read_phh(text))


def test_an_illegal_action_names_the_rule() -> None:
    text = NLHE.replace("'p1 cbr 300'", "'p1 cbr 150'")
    with pytest.raises(ReplayError, match=r"'p1 cbr 150'.*a bet or raise must be to 200-10000"):
        replay(read_phh(text))


def test_an_action_after_the_hand_is_over() -> None:
    text = NLHE.replace("'p2 cc', 'p1 sm AcAd'", "'p2 cc', 'p2 f', 'p1 sm AcAd'")
    with pytest.raises(ReplayError, match="the hand is already over"):
        replay(read_phh(text))


# -- variant codes -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "game", "fmt"),
    [
        ("FT", "F01", "limit"),
        ("NT", "F01", "no-limit"),
        ("NS", "F03", "no-limit"),
        ("PO", "F16", "pot-limit"),
        ("FO/8", "F17", "limit"),
        ("F7S", "S01", "limit"),
        ("F7S/8", "S02", "limit"),
        ("FR", "S05", "limit"),
        ("N2L1D", "D07", "no-limit"),
        ("F2L3D", "D09", "limit"),
        ("FB", "D11", "limit"),
    ],
)
def test_standard_codes_name_our_games(code: str, game: str, fmt: Format) -> None:
    resolved, resolved_fmt = resolve_variant(code)
    assert (resolved.id, resolved_fmt) == (game, fmt)
    assert variant_code(resolved, fmt) == (code, None)


def test_every_catalogue_game_and_format_has_a_code_that_reads_back() -> None:
    rows = code_table()
    assert {game_id for _, _, game_id, _ in rows} == set(games())
    for code, fmt, game_id, _ in rows:
        game, resolved_fmt = resolve_variant(code, fmt or None)
        assert game.id == game_id
        if code in STANDARD_CODES:
            assert not fmt
        else:
            assert code == f"PB-{game_id}"
            assert resolved_fmt == fmt


def test_our_codes_need_a_playable_format() -> None:
    assert resolve_variant("PB-F01", "pot-limit") == (find_game("F01"), "pot-limit")
    with pytest.raises(VariantError, match="needs a _format"):
        resolve_variant("PB-F01")
    with pytest.raises(VariantError, match="no catalogue game"):
        resolve_variant("PB-Z99", "limit")
    with pytest.raises(VariantError, match="is played no-limit"):
        resolve_variant("NT", "limit")


# -- the scripted dealer and the card layout ----------------------------------------------------


def test_scripted_dealer_deals_each_queue_in_order() -> None:
    dealer = ScriptedDealer([list(parse("As Ks Qs")), list(parse("2c 3c"))], list(parse("Th Jh")))
    assert dealer.deal(0, 2) == list(parse("As Ks"))
    assert dealer.deal(1, 1) == list(parse("2c"))
    dealer.burn()
    assert dealer.deal(None, 1) == list(parse("Th"))
    assert dealer.replace(0, list(parse("As"))) == list(parse("Qs"))
    assert dealer.unused() == 2
    assert dealer.remaining() == 52 - 6  # five dealt and a burn
    # more than the script holds: spare cards nobody was dealt
    extra = dealer.deal(None, 3)
    assert extra[0] == parse("Jh")[0]
    assert dealer.overdealt == 2
    assert not set(extra[1:]) & set(parse("As Ks Qs 2c 3c Th Jh"))


def test_unknown_cards_are_filled_with_cards_nobody_holds() -> None:
    text = NLHE.replace("KcKd", "????")
    layout = lay_out(read_phh(text))
    named = set(parse("AcAd 2c7d 2h3h4s 9s Jd"))
    assert len(layout.holes[1]) == 2
    assert not set(layout.holes[1]) & named
    assert set(layout.unknown) == set(layout.holes[1])


def test_cards_shown_later_fill_the_unknown_places() -> None:
    alice_carol = Path(
        os.environ.get("POKERBOOK_PHH_CORPUS")
        or Path(__file__).resolve().parents[2].parent / "shared" / "phh"
    )
    path = alice_carol / "alice-carol-wikipedia.phh"
    assert path.exists(), f"no PHH corpus at {alice_carol}"
    hand = replay(load(path)[0])
    assert sorted(map(str, hand.hole[3])) == sorted(["2s", "4c", "6d", "9h"])
    assert sorted(map(str, hand.hole[1])) == sorted(["3s", "5d", "7c", "8h"])
    assert hand.stacks == [196, 220, 200, 184]  # Carol's 8-7-5-3 badugi beats 9-6-4-2


RAZZ = """\
variant = 'FR'
antes = [10, 10, 10]
bring_in = 10
small_bet = 20
big_bet = 40
starting_stacks = [500, 500, 500]
actions = ['d dh p1 AcAd5h', 'd dh p2 ??????', 'd dh p3 2c3c4d', 'p1 pb', 'p2 f', 'p3 f']
finishing_stacks = [520, 490, 490]
"""


def test_an_unrecorded_stud_up_card_does_not_take_the_bring_in() -> None:
    history = read_phh(RAZZ)
    hand = replay(history)
    assert [history.unscale(s) for s in hand.stacks] == history.finishing_stacks
    up = hand.hole[1][2]
    assert up.rank == 14  # razz brings in the highest card, aces low: an ace never does


def test_a_skipped_player_who_never_acts_again_is_taken_to_fold() -> None:
    text = NLHE.replace("'p3 f', ", "")
    outcome = play(read_phh(text))
    assert outcome.hand.folded[2]
    assert outcome.notes == ["p3 has no action where the history skips them: taken as a fold"]
    with pytest.raises(ReplayError, match="it is p3's turn"):
        play(read_phh(text), strict=True)


LIMIT_ALL_IN = """\
variant = 'FT'
antes = [0, 0]
blinds_or_straddles = [10, 20]
small_bet = 20
big_bet = 40
starting_stacks = [30, 1000]
actions = ['d dh p1 AcAd', 'd dh p2 KcKd', 'p2 cbr 30', 'p1 cc',
  'd db 2h3h4s', 'd db 9s', 'd db Jd']
finishing_stacks = [60, 970]
"""


def test_a_limit_raise_written_as_what_the_others_can_call() -> None:
    outcome = play(read_phh(LIMIT_ALL_IN))
    # p2 (the button, small blind) raises the full 40; the 10 nobody can call comes back
    assert outcome.hand.stacks == [60, 970]
    assert "played as cbr 40" in outcome.notes[0]
    with pytest.raises(ReplayError, match="cbr 30"):
        play(read_phh(LIMIT_ALL_IN), strict=True)


def test_heads_up_the_lists_are_reversed_and_the_button_is_second() -> None:
    hand = replay(read_phh(LIMIT_ALL_IN))
    assert hand.button == 1
    assert hand.blinds_by_seat == [20, 10]  # p1 the big blind, p2 the button's small blind


# -- writing -----------------------------------------------------------------------------------


def round_trip(history: HandHistory) -> tuple[Hand, Hand, str]:
    first = replay(history)
    meta = {k: v for k, v in history.fields.items() if k not in GAME_FIELDS}
    text = write_phh(first, scale=history.scale, fields=meta)
    again = read_phh(text, "written")
    second = replay(again)
    assert again.finishing_stacks == [history.unscale(s) for s in first.stacks]
    return first, second, text


@pytest.mark.parametrize("text", [NLHE, RAZZ, LIMIT_ALL_IN])
def test_write_read_replay_gives_the_same_hand(text: str) -> None:
    first, second, written = round_trip(read_phh(text))
    assert second.events == first.events
    assert second.stacks == first.stacks
    assert "finishing_stacks = [" in written


def test_written_files_keep_metadata_and_unknown_cards() -> None:
    text = NLHE.replace("KcKd", "????").replace("'p2 sm'", "'p2 sm'")
    _, _, written = round_trip(read_phh(text))
    assert "'d dh p2 ????'" in written
    assert loads_flat(written) is not None  # our own files take the fast path
    assert 'players = ["Ann", "Bob", "Cy"]' in written
    assert tomllib.loads(written)["variant"] == "NT"


def test_write_phhs_numbers_the_hands() -> None:
    doc = write_phh(replay(read_phh(NLHE)))
    text = write_phhs([doc, doc])
    assert [h.source for h in read_phhs(text, "x")] == ["x [1]", "x [2]"]


def _random_hand(game_id: str, fmt: Format, seed: int) -> Hand:
    """A seeded hand of ``game_id`` played to its end with random legal actions."""
    game = find_game(game_id)
    rng = random.Random(seed)
    players = min(game.max_players, 2 + seed % 4)
    if game.is_stud:
        stakes = Stakes(fmt, ante=5, bring_in=10, small_bet=20, big_bet=40, min_bet=20)
    else:
        stakes = Stakes(fmt, blinds=(10, 20), small_bet=20, big_bet=40)
    stacks = [rng.randrange(60, 600) for _ in range(players)]
    hand = Hand(game, stakes, stacks, button=seed % players, seed=seed)
    while not hand.done:
        legal = hand.legal()
        assert legal is not None
        held = hand.hole[legal.seat]
        if legal.draw is not None:
            count = rng.randint(legal.draw[0], legal.draw[1])
            hand.act(Action("draw", None, tuple(rng.sample(held, count))))
        elif legal.discard is not None:
            throwable = held if legal.throwable is None else list(legal.throwable)
            hand.act(Action("discard", None, tuple(rng.sample(throwable, legal.discard))))
        elif legal.choose is not None:
            hand.act(Action("choose", option=rng.choice(legal.choose)))
        elif legal.bring_in is not None:
            hand.act(Action("bring-in"))
        else:
            options: list[Action] = [Action("call")]
            if legal.fold and rng.random() < 0.15:
                options = [Action("fold")]
            elif legal.min_to is not None and legal.max_to is not None:
                must_raise = legal.call is None and not legal.check  # no limping
                if rng.random() < 0.3 or must_raise:
                    options = [Action("bet", rng.randint(legal.min_to, legal.max_to))]
            hand.act(options[0])
    return hand


@pytest.mark.parametrize(
    ("game_id", "fmt"),
    [(g.id, f) for g in games().values() for f in g.formats if f != "spread-limit"],
)
def test_every_game_round_trips_through_phh(game_id: str, fmt: Format) -> None:
    for seed in range(6):
        hand = _random_hand(game_id, fmt, seed)
        history = read_phh(write_phh(hand), f"{game_id} {fmt} seed {seed}")
        again = replay(history)
        assert again.stacks == _in_phh_order(hand, hand.stacks)
        assert [e.kind for e in again.events] == [e.kind for e in hand.events]
        assert [str(c) for c in again.boards[0]] == [str(c) for c in hand.boards[0]]


def _in_phh_order(hand: Hand, values: list[int]) -> list[int]:
    return [values[s] for s in hand.order_from(hand.button + 1)]


def test_a_hand_with_a_shuffled_deck_writes_every_card() -> None:
    hand = _random_hand("F01", "no-limit", 3)
    assert "??" not in write_phh(hand)


def test_cards_are_compared_by_identity() -> None:
    # the layout relies on cards being singletons
    assert parse("As")[0] is Card.of(51)
