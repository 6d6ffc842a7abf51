"""A hand's deal checked against its commitment: SHA-256 of ``salt:seed`` is the
commitment, and the seed deals every card and roll the history records."""

from __future__ import annotations

import hashlib
import random
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from pokerbook.bots import get_policy
from pokerbook.cards.card import STANDARD_CARDS
from pokerbook.cli.main import cli
from pokerbook.cli.table_setup import default_stakes
from pokerbook.engine.hand import Hand
from pokerbook.games.catalogue import all_games
from pokerbook.games.stakes import Stakes
from pokerbook.history.deal_check import deal_commitment, deal_fields
from pokerbook.history.phh import read_phh, write_phh
from pokerbook.history.verify import Outcome, Summary, verify_history
from pokerbook.server.table import Deal

NL = Stakes(format="no-limit", blinds=(1, 2))
SEED = 0x9F3A_1C07_55E2_B4D8_0123_4567_89AB_CDEF
SALT = "5be1f0c2a4d39e8877aa00ff1234abcd"


def played(game: str, stakes: Stakes, players: int, seed: int, button: int = 0) -> Hand:
    """A hand dealt from ``seed`` as the server deals one, played by random bots."""
    hand = Hand(game, stakes, [200] * players, seed=seed, button=button)
    policy, rng = get_policy("random"), random.Random(seed)
    while not hand.done:
        hand.act(policy.choose(hand, rng))
    return hand


def committed(hand: Hand) -> str:
    """The hand's PHH with its deal's seed, salt and commitment, as the server writes it."""
    assert hand.seed is not None
    return write_phh(hand, fields=deal_fields(hand.seed, SALT))


def verified(text: str) -> Outcome:
    return verify_history(read_phh(text, "hand"))


def holdem() -> str:
    return committed(played("F01", NL, 4, SEED))


def test_the_commitment_is_sha256_of_the_salt_and_the_seed_in_hex_as_the_server_makes_it() -> None:
    assert deal_commitment("abc", 255) == hashlib.sha256(b"abc:ff").hexdigest()
    assert deal_commitment(SALT, SEED) == Deal(1, SEED, SALT).commitment
    assert deal_fields(255, "abc") == {
        "_deal_seed": "ff",
        "_deal_salt": "abc",
        "_deal_commitment": hashlib.sha256(b"abc:ff").hexdigest(),
    }


def test_a_hand_dealt_from_its_committed_seed_matches_and_is_counted() -> None:
    outcome = verified(holdem())
    assert (outcome.status, outcome.deal_checked) == ("matched", True)
    summary = Summary()
    summary.add(outcome)
    assert summary.line() == (
        "verified 1 hands: 1 matched, 0 differed, 0 failed, 0 skipped; 1 committed deal checked"
    )


def test_a_hand_without_deal_fields_is_verified_as_before() -> None:
    outcome = verified(write_phh(played("F01", NL, 4, SEED)))
    assert (outcome.status, outcome.deal_checked) == ("matched", False)


def _unused_card(text: str) -> str:
    return next(str(c) for c in STANDARD_CARDS if str(c) not in text)


def test_a_tampered_card_fails_the_hand_naming_the_card_and_the_seeds() -> None:
    text = holdem()
    dealt = re.search(r"'d dh p2 (\w\w)(\w\w)'", text)
    assert dealt is not None
    swapped = _unused_card(text)
    tampered = text.replace(dealt.group(0), f"'d dh p2 {swapped}{dealt.group(2)}'")
    outcome = verified(tampered)
    assert outcome.status == "failed"
    assert outcome.detail == (
        f"the cards do not come from _deal_seed: the file deals p2 {swapped}{dealt.group(2)}, "
        f"the seed deals p2 {dealt.group(1)}{dealt.group(2)}"
    )


def test_a_tampered_board_card_fails_the_hand() -> None:
    texts = (committed(played("F01", NL, 3, seed)) for seed in range(SEED, SEED + 50))
    text = next(t for t in texts if "'d db " in t)  # a hand that reaches the flop
    flop = re.search(r"'d db (\w\w)", text)
    assert flop is not None
    tampered = text.replace(flop.group(0), f"'d db {_unused_card(text)}", 1)
    outcome = verified(tampered)
    assert outcome.status == "failed"
    assert outcome.detail.startswith("the cards do not come from _deal_seed: the file deals the")


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("_deal_salt", "0" * 32),
        ("_deal_commitment", "0" * 64),
        ("_deal_seed", f"{SEED + 1:x}"),
    ],
)
def test_a_tampered_salt_commitment_or_seed_fails_the_commitment(field: str, value: str) -> None:
    text = re.sub(rf'{field} = "\w+"', f'{field} = "{value}"', holdem())
    outcome = verified(text)
    assert outcome.status == "failed"
    assert outcome.detail.startswith(
        "the deal commitment does not match: SHA-256 of _deal_salt:_deal_seed is "
    )
    assert outcome.detail.endswith(
        f"the file records {value if field == '_deal_commitment' else deal_commitment(SALT, SEED)}"
    )


def test_a_tampered_roll_of_the_dice_fails_the_hand() -> None:
    stakes = Stakes(format="pot-limit", blinds=(1, 2))
    for seed in range(SEED, SEED + 50):
        text = committed(played("F20", stakes, 3, seed))  # Binglaha: one die after the flop
        roll = re.search(r"'d rd (\d)'", text)
        if roll is None:
            continue  # everybody folded before the die
        other = 1 + int(roll.group(1)) % 6
        outcome = verified(text.replace(roll.group(0), f"'d rd {other}'"))
        assert outcome.status == "failed"
        assert outcome.detail == (
            "the cards do not come from _deal_seed: the file deals a roll of "
            f"{other}, the seed deals a roll of {roll.group(1)}"
        )
        return
    pytest.fail("no hand of 50 reached the die")


def test_a_history_with_part_of_a_committed_deal_cannot_be_checked() -> None:
    text = re.sub(r"_deal_(salt|commitment) = .*\n", "", holdem())
    outcome = verified(text)
    assert outcome.status == "failed"
    assert outcome.detail == (
        "records _deal_seed but not _deal_salt, _deal_commitment: a deal is checked with "
        "all of _deal_seed, _deal_salt, _deal_commitment"
    )


def test_a_seed_that_is_not_hexadecimal_is_refused() -> None:
    outcome = verified(re.sub(r'_deal_seed = "\w+"', '_deal_seed = "xyz"', holdem()))
    assert outcome.status == "failed"
    assert outcome.detail == "_deal_seed must be a hexadecimal string, not 'xyz'"


def test_every_catalogue_game_dealt_from_a_seed_checks_against_it() -> None:
    # draws, passes, trades, dice, wild cards and stud, the button anywhere
    for game in all_games():
        stakes = default_stakes(game, game.formats[0])
        players = min(game.max_players, 6)
        for seed in (SEED, SEED + 1):
            text = committed(played(game.id, stakes, players, seed, button=seed % players))
            outcome = verified(text)
            assert (outcome.status, outcome.deal_checked) == ("matched", True), (game.id, outcome)


def test_phh_verify_fails_a_tampered_deal_and_exits_1(tmp_path: Path) -> None:
    good, bad = tmp_path / "good.phh", tmp_path / "bad.phh"
    good.write_text(holdem(), encoding="utf-8")
    bad.write_text(holdem().replace(f'_deal_salt = "{SALT}"', '_deal_salt = "x"'))
    result = CliRunner().invoke(cli, ["phh", "verify", str(good)])
    assert result.exit_code == 0, result.output
    assert "1 matched" in result.output
    assert "1 committed deal checked" in result.output
    result = CliRunner().invoke(cli, ["phh", "verify", "--quiet", str(tmp_path)])
    assert result.exit_code == 1
    assert f"FAILED {bad}: the deal commitment does not match" in result.output


def test_an_engine_fault_dealing_again_fails_the_hand_and_the_run_goes_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken(fields: object, hand: Hand) -> object:
        raise RuntimeError("a fault")

    monkeypatch.setattr("pokerbook.history.verify.check_deal", broken)
    outcome = verified(holdem())
    assert outcome.status == "failed"
    assert outcome.detail == (
        "dealing the hand again from its seed, the engine raised RuntimeError: a fault"
    )
