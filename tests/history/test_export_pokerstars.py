"""PokerStars hand-history text: the layout trackers read, each hand read back by
the independent reader (``export_readers``) and checked line by line where the
layout is fixed (posts, raises, uncalled bets, the summary, the idioms of
straddles, boards run twice, bomb pots, stud and draw streets)."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from pokerbook.games.model import Format
from pokerbook.history import play, read_phh
from pokerbook.history.export_model import ExportHand, export_hand
from pokerbook.history.export_pokerstars import pokerstars_file, pokerstars_text
from pokerbook.history.export_run import GAME, export_history

sys.path.insert(0, str(Path(__file__).parent))  # the export tests' helpers, beside them
from export_readers import read_pokerstars, split_pokerstars
from export_round_trip import MILLION, round_trip, simulated


def _text(phh: str) -> str:
    history = read_phh(phh)
    return pokerstars_text(export_hand(history, play(history).hand))


def test_a_hand_has_the_layout_trackers_read() -> None:
    lines = _text(MILLION).splitlines()
    assert re.fullmatch(
        r"PokerStars Hand #\d+: Hold'em No Limit \(\$1000/\$2000 USD\) - 2009/01/01 0:00:00 UTC",
        lines[0],
    )
    assert lines[1] == "Table 'pokerbook' 3-max Seat #3 is the button"
    assert lines[2] == "Seat 1: Phil Ivey ($1125600 in chips)"
    assert lines[5:10] == [
        "Phil Ivey: posts the ante $500",
        "Patrik Antonius: posts the ante $500",
        "Tom Dwan: posts the ante $500",
        "Phil Ivey: posts small blind $1000",
        "Patrik Antonius: posts big blind $2000",
    ]
    # a raise says by how much it raises the bet, and to what
    assert "Tom Dwan: raises $5000 to $7000" in lines
    assert "Phil Ivey: raises $16000 to $23000" in lines
    assert "Tom Dwan: calls $262400 and is all-in" in lines
    # Ivey's shove less what Dwan could call (232600 + 262400) comes back
    assert "Uncalled bet ($572100) returned to Phil Ivey" in lines
    assert "*** RIVER *** [Jc 3d 5c 4h] [Jh]" in lines
    # the pot: both players' 553500, the blind and antes Antonius left behind
    assert "Tom Dwan collected $1109500 from pot" in lines
    assert lines[-6:] == [
        "*** SUMMARY ***",
        "Total pot $1109500 | Rake $0",
        "Board [Jc 3d 5c 4h Jh]",
        "Seat 1: Phil Ivey (small blind) showed [Ac 2d] and lost",
        "Seat 2: Patrik Antonius (big blind) folded before Flop",
        "Seat 3: Tom Dwan (button) showed [7h 6h] and won ($1109500)",
    ]
    # a card the file does not show is written nowhere
    assert not any(line.startswith("Dealt to Patrik Antonius") for line in lines)


def test_hand_numbers_are_stable_and_distinct() -> None:
    first = _text(MILLION).split(":")[0]
    assert _text(MILLION).split(":")[0] == first
    other = MILLION.replace('"p2 f"', '"p2 f # folded"')
    assert _text(other).split(":")[0] == first  # a comment is not the hand
    changed = MILLION.replace("1125600", "1125700")
    assert _text(changed).split(":")[0] != first
    own = MILLION + "hand = 3017237436\n"
    assert _text(own).startswith("PokerStars Hand #3017237436: ")


def test_a_tournament_hand_names_its_tournament_and_level() -> None:
    text = _text(MILLION + "_tournament = 77\n_buy_in = 10\n_fee = 1\nlevel = 3\n")
    assert "Tournament #77, $10+$1 USD Hold'em No Limit - Level 3 (1000/2000)" in text
    # a tournament's amounts are chips: only the buy-in is money
    assert "Seat 1: Phil Ivey (1125600 in chips)" in text
    assert "$1" not in text.replace("$10+$1 USD", "")
    (read,) = read_pokerstars(text)
    assert read.game == "Hold'em"


def test_a_hand_of_a_mix_names_the_mix() -> None:
    (history,) = list(simulated("S05", "limit", 1, seed=3))
    history.fields["_mix"] = "horse"
    text = pokerstars_text(export_hand(history, play(history).hand))
    assert text.split(" - ")[0].endswith("HORSE (Razz Limit, 4/8)")
    (read,) = read_pokerstars(text)
    assert read.game == "Razz"
    history.fields.update({"_tournament": 5, "level": 3})
    text = pokerstars_text(export_hand(history, play(history).hand))
    assert text.split(" - 2000/")[0].endswith("Freeroll HORSE (Razz Limit) - Level 3 (4/8)")
    (read,) = read_pokerstars(text)
    assert read.game == "Razz"


def test_a_game_without_a_pokerstars_name_is_refused_naming_what_holds_it() -> None:
    (history,) = list(simulated("F28", "pot-limit", 1, seed=1))  # Chowaha
    exported = export_history(history, "pokerstars")
    assert exported.text is None
    assert exported.reason == GAME
    assert exported.why == "Chowaha (pot-limit) has no PokerStars name: it can be exported as phh"
    # razz has a PokerStars name, and no OHH game type
    (razz,) = list(simulated("S05", "limit", 1, seed=1))
    why = export_history(razz, "ohh").why
    assert why.endswith("no Open Hand History game type: it can be exported as pokerstars, phh")


def _first(
    game: str,
    fmt: Format,
    wanted: Callable[[ExportHand], bool],
    *,
    straddle: bool = False,
    bomb: int = 0,
    twice: bool = False,
) -> str:
    """The text of the first simulated hand with what the test wants."""
    hands = simulated(game, fmt, 40, seed=5, straddle=straddle, bomb=bomb, twice=twice)
    for history in hands:
        trip = round_trip(history)
        assert trip.model is not None
        if wanted(trip.model):
            return pokerstars_text(trip.model)
    raise AssertionError("no simulated hand has it")


def test_a_straddle_is_posted_as_a_straddle() -> None:
    text = _first("F01", "no-limit", lambda m: True, straddle=True)
    posts = [line for line in text.splitlines() if ": posts " in line]
    assert [p.split(": ", 1)[1].rsplit(" ", 1)[0] for p in posts] == [
        "posts small blind",
        "posts big blind",
        "posts straddle",
    ]
    assert " Hold'em No Limit (1/2) - " in text.splitlines()[0]  # the blinds, not the straddle
    (read,) = read_pokerstars(text)
    assert len(read.straddles) == 1


def test_a_board_run_twice_has_two_runs_and_two_showdowns() -> None:
    text = _first("F01", "no-limit", lambda m: len(m.boards) == 2, straddle=True, twice=True)
    titles = [line.split(" ***")[0] for line in text.splitlines() if line.startswith("***")]
    runs = [t for t in titles if "FIRST" in t or "SECOND" in t]
    assert runs[-2:] == ["*** FIRST SHOW DOWN", "*** SECOND SHOW DOWN"]
    assert runs.index("*** SECOND RIVER") > runs.index("*** FIRST RIVER")
    assert "Hand was run twice" in text
    (read,) = read_pokerstars(text)
    assert len(read.boards) == 2
    assert len(read.boards[0]) == len(read.boards[1]) == 5


def test_a_bomb_pot_goes_from_the_antes_to_the_flop() -> None:
    text = _first("F16", "pot-limit", lambda m: True, bomb=5)
    lines = text.splitlines()
    hole, flop = (
        lines.index("*** HOLE CARDS ***"),
        next(i for i, line in enumerate(lines) if line.startswith("*** FLOP ***")),
    )
    assert all(line.startswith("Dealt to ") for line in lines[hole + 1 : flop])
    assert sum(": posts the ante 5" in line for line in lines) == 5
    assert not any("blind" in line for line in lines[:hole])


def test_stud_streets_and_the_bring_in() -> None:
    def brought_in(model: ExportHand) -> bool:
        return len(model.streets) == 5 and any(a.kind == "bring-in" for a in model.streets[0].acts)

    text = _first("S02", "limit", brought_in)
    titles = [line for line in text.splitlines() if line.startswith("***")]
    assert titles[:5] == [
        "*** 3rd STREET ***",
        "*** 4th STREET ***",
        "*** 5th STREET ***",
        "*** 6th STREET ***",
        "*** RIVER ***",
    ]
    assert re.search(r"^.+: brings in for 2$", text, re.MULTILINE)
    assert "is the button" not in text.splitlines()[1]


@pytest.mark.parametrize(("game", "fmt", "draws"), [("D09", "limit", 3), ("D07", "no-limit", 1)])
def test_draw_streets(game: str, fmt: Format, draws: int) -> None:
    text = _first(game, fmt, lambda m: sum(s.kind == "draw" for s in m.streets) == draws)
    titles = [line for line in text.splitlines() if line.startswith("***")]
    assert titles[0] == "*** DEALING HANDS ***"
    if draws == 1:
        assert titles[1] == "*** DRAW ***"
    else:
        assert titles[1:4] == ["*** FIRST DRAW ***", "*** SECOND DRAW ***", "*** THIRD DRAW ***"]
    assert re.search(r"^.+: (discards \d cards?( \[.+\])?|stands pat)$", text, re.MULTILINE)


def test_a_file_separates_hands_with_blank_lines() -> None:
    texts = [_text(MILLION), _text(MILLION.replace("1125600", "1125700"))]
    blocks = split_pokerstars(pokerstars_file(texts))
    assert blocks == [t.strip() for t in texts]
