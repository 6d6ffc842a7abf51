"""Wild cards read from tables equal wild cards tried one substitution at a time."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from array import array
from pathlib import Path

import pytest

from pokerbook.cards.card import Card
from pokerbook.cards.notation import parse
from pokerbook.evaluation.categories import Category
from pokerbook.evaluation.scale import WildCardError, all_scales, get_scale
from pokerbook.evaluation.table_scale import TableScale
from pokerbook.evaluation.wild_lookup import MAX_WILD, WildTable, row_width
from pokerbook.evaluation.wild_reference import substitution_value
from pokerbook.evaluation.wild_tables import JOKER_MODES

TABLE_SCALES = [sc for sc in all_scales() if isinstance(sc, TableScale)]
CASES = [(sc.name, mode) for sc in TABLE_SCALES for mode in JOKER_MODES]


def _deck(scale: TableScale) -> list[Card]:
    return [
        Card(i) for i in range(52) if scale.deck_ranks is None or Card(i).rank in scale.deck_ranks
    ]


def random_hand(
    rng: random.Random, scale: TableScale, *, exact: bool, most_wild: int
) -> tuple[list[Card], int]:
    """Naturals and a wild count (up to ``most_wild``); half the time from two suits
    or six neighbouring ranks, where straights, flushes and straight flushes are
    common."""
    pool = _deck(scale)
    shape = rng.random()
    if shape < 0.25:
        suits = rng.sample(range(4), 2)
        pool = [c for c in pool if c.suit in suits]
    elif shape < 0.5:
        low = rng.randint(2, 9)
        pool = [c for c in pool if low <= c.rank <= low + 5 or c.rank == 14]
    total = rng.randint(1, 5 if exact else 9)
    wild = rng.randint(1, min(total, most_wild))
    return rng.sample(pool, min(total - wild, len(pool))), wild


def _table_scale(name: str) -> TableScale:
    scale = get_scale(name)
    assert isinstance(scale, TableScale)
    return scale


def _check(scale_name: str, mode: str, hands: int, seed: int) -> None:
    scale = _table_scale(scale_name)
    rng = random.Random(f"{seed}-{scale_name}-{mode}")
    for i in range(hands):
        exact = rng.random() < 0.5
        # trying every substitution of four or more wild cards takes thousands of
        # evaluations: one hand in ten
        most_wild = MAX_WILD + 1 if i % 10 == 9 else 3
        naturals, wild = random_hand(rng, scale, exact=exact, most_wild=most_wild)
        expected = substitution_value(scale, naturals, wild, mode, exact=exact)
        got = scale.wild_value(naturals, wild, mode, exact=exact)
        assert got == expected, (
            f"{scale_name} {mode} {'exact' if exact else 'best'}: "
            f"{' '.join(map(str, naturals))} + {wild} wild: {scale.describe(got)} "
            f"instead of {scale.describe(expected)}"
        )


@pytest.mark.parametrize(("scale_name", "mode"), CASES)
def test_tables_equal_substitution_on_random_hands(scale_name: str, mode: str) -> None:
    _check(scale_name, mode, hands=20, seed=1)


@pytest.mark.slow
@pytest.mark.parametrize(("scale_name", "mode"), CASES)
def test_tables_equal_substitution_on_many_random_hands(scale_name: str, mode: str) -> None:
    _check(scale_name, mode, hands=60, seed=2)


def _value(scale: str, naturals: str, wild: int, mode: str, *, exact: bool = False) -> int:
    return get_scale(scale).wild_value(parse(naturals), wild, mode, exact=exact)


def test_every_card_wild_is_five_aces_and_a_bug_alone_is_an_ace() -> None:
    high = get_scale("high")
    assert high.category(_value("high", "", 5, "wild")) is Category.FIVE_OF_A_KIND
    assert _value("high", "", 7, "wild") == _value("high", "", 5, "wild")
    assert _value("high", "", 1, "bug") == high.exact(parse("As"))


def test_bug_completes_a_straight_flush_from_seven_cards() -> None:
    # 9h Th Jh Qh with the bug: the king of hearts, not a third ace
    got = _value("high", "9h Th Jh Qh Ac Ad 2s", 1, "bug")
    assert got == get_scale("high").exact(parse("9h Th Jh Qh Kh"))


def test_more_than_seven_naturals_use_their_best_seven() -> None:
    naturals = "2c 3c 4c 7d 8h 9s Jd Qs Ks"
    for mode in JOKER_MODES:
        expected = substitution_value(_table_scale("high"), parse(naturals), 2, mode, exact=False)
        assert _value("high", naturals, 2, mode) == expected


def test_exact_hands_refuse_more_than_five_cards_and_unknown_modes() -> None:
    with pytest.raises(ValueError, match="at most 5 cards"):
        _value("high", "2c 3d 4h 5s", 2, "wild", exact=True)
    with pytest.raises(WildCardError, match="unknown joker mode"):
        _value("high", "2c", 1, "joker")


def test_a_table_of_the_wrong_shape_is_refused() -> None:
    with pytest.raises(ValueError, match="wild table"):
        WildTable(array("q", bytes(8 * 2 * 3)), flushes=True)
    with pytest.raises(ValueError, match="wild table"):
        WildTable(array("q", bytes(8 * (MAX_WILD * row_width() - 1))), flushes=True)


def test_wild_hands_read_their_tables_without_numpy_with_the_values_built(tmp_path: Path) -> None:
    """A first process builds the wild tables (with NumPy) and keeps them; the next
    reads them flat from disk, without importing NumPy, and values every hand the same."""
    script = (
        "import sys\n"
        "from pokerbook.cards import parse\n"
        "from pokerbook.evaluation.scale import get_scale\n"
        "sc = get_scale('high')\n"
        "hands = ['Ah Kh', '2c 3d 4h 5s 9c 9d', 'As Ks Qs', '7c 7d']\n"
        "print([sc.wild_value(parse(h), w, m, exact=False)"
        " for m in ('wild', 'bug', 'ace') for h in hands for w in (1, 2, 3, 6)])\n"
        "print('numpy' in sys.modules)\n"
    )
    env = {"POKERBOOK_CACHE": str(tmp_path), "PATH": "", "PYTHONPATH": os.pathsep.join(sys.path)}
    run = [sys.executable, "-c", script]
    first = subprocess.run(run, env=env, capture_output=True, text=True, check=True)
    again = subprocess.run(run, env=env, capture_output=True, text=True, check=True)
    values, numpy_first = first.stdout.splitlines()
    assert numpy_first == "True"
    assert again.stdout.splitlines() == [values, "False"]
    assert list(tmp_path.glob("high-wild-*.npy"))
