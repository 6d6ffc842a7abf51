"""``pokerbook games`` as a user runs it."""

from __future__ import annotations

import json
from typing import Any

from click.testing import CliRunner

from pokerbook.cli.main import cli
from pokerbook.games.catalogue import all_games


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.output


def rows(*args: str) -> list[dict[str, Any]]:
    code, out = run("games", "--json", *args)
    assert code == 0
    data: list[dict[str, Any]] = json.loads(out)
    return data


def test_json_lists_every_game_in_id_order_with_its_fields() -> None:
    data = rows()
    assert [r["id"] for r in data] == [g.id for g in all_games()]
    holdem = next(r for r in data if r["id"] == "F01")
    assert holdem["name"] == "Texas Hold'em"
    assert "holdem" in holdem["aliases"]
    assert holdem["family"] == "flop"
    assert holdem["formats"] == ["limit", "pot-limit", "no-limit"]
    assert "house_notes" not in holdem


def test_family_filters_the_list() -> None:
    stud = rows("--family", "stud")
    assert stud
    assert {r["family"] for r in stud} == {"stud"}
    assert "S05" in [r["id"] for r in stud]
    assert len(stud) < len(rows())


def test_an_unknown_family_is_an_error_naming_the_valid_ones() -> None:
    code, out = run("games", "--family", "poker")
    assert code == 2
    for family in ("flop", "stud", "draw", "hybrid", "other"):
        assert family in out


def test_house_oresteen_notes_odd_chip_low_and_raise_cap() -> None:
    data = {r["id"]: r for r in rows("--house", "oresteen")}
    notes = data["F17"]["house_notes"]
    assert data["F17"]["house"] == "oresteen"
    assert any(n.startswith("Odd chip:") and "dealer's left" in n for n in notes)
    assert "Low: played on a6-low, not a5-low" in notes
    assert "Low: qualifier 9-or-better, not 8-or-better" in notes
    assert "Limit: a bet and 3 raises, unlimited heads-up" in notes


def test_table_shows_ids_names_and_the_house() -> None:
    code, out = run("games", "--house", "roberts", "--family", "draw")
    assert code == 0
    assert "house roberts" in out
    assert "D11" in out
    assert "Badugi" in out
    assert "F01" not in out


def test_an_unknown_house_is_an_error() -> None:
    code, out = run("games", "--house", "casino")
    assert code == 2
    assert "oresteen" in out
