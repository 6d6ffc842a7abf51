"""docs/engine.md documents every game-file key and every rule with its words, as the
model and the rules' declarations say."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pokerbook.engine.rules import CHOICES, EFFECTS, usage
from pokerbook.engine.rules.arguments import SIGNATURES, RuleKind
from pokerbook.games.game_file import Key, default_words, game_keys, share_keys, type_words
from pokerbook.registry import Registry

DOC = (Path(__file__).parents[2] / "docs" / "engine.md").read_text(encoding="utf-8")


def table_after(heading: str) -> list[list[str]]:
    """The cells of each row of the first table after ``heading`` (the header row left out)."""
    lines = DOC.split(heading, 1)[1].splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("|"))
    rows: list[list[str]] = []
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip("|").split(" | ")])
    return rows


def documented(rows: list[list[str]]) -> dict[str, tuple[str, str]]:
    return {row[0].strip("`"): (row[1], row[2]) for row in rows}


def model(keys: dict[str, Key]) -> dict[str, tuple[str, str]]:
    return {name: (type_words(key.hint), default_words(key)) for name, key in keys.items()}


def test_every_model_key_is_documented() -> None:
    game_table, share_table = (
        table_after("A game's table takes exactly"),
        table_after("Each table of `showdown`"),
    )
    assert documented(game_table) == model(game_keys())
    assert documented(share_table) == model(share_keys())
    assert all(row[3] for row in (*game_table, *share_table)), "every key says what it means"


def test_every_rule_is_documented_with_the_words_it_takes() -> None:
    rows = table_after("### Rules and the words they take")
    expected: dict[str, str] = {}
    kinds: tuple[tuple[RuleKind, Registry[Any]], ...] = (("do", EFFECTS), ("choose", CHOICES))
    for kind, registry in kinds:
        for name in registry.names():
            params = SIGNATURES.get((kind, name), ())
            words = "; ".join(p.describe() for p in params) or "no words"
            expected[usage(kind, name)] = words
    assert {row[0].strip("`"): row[1] for row in rows} == expected
    assert all(row[2] for row in rows), "every rule says what it does"
