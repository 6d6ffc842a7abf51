"""The engine compiled by mypyc: used when built from these sources, the sources
otherwise, and the same hands either way."""

from __future__ import annotations

import importlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pokerbook import compiled

PACKAGE = Path(compiled.__file__).parent

# a few hands of three games in a fresh process: what they end with, and where the
# engine's modules came from
PLAY = """
import json, sys
from pokerbook import compiled
from pokerbook.bots import get_policy
from pokerbook.bots.simulation import simulate
from pokerbook.cli.table_setup import choose_table
from pokerbook.bots.simulation import Table
ends = []
for game in ("F01", "S05", "D11"):
    chosen = choose_table(game, None, None, None, None, "barge")
    table = Table(chosen.game, chosen.stakes, (chosen.stack,) * chosen.players, chosen.house)
    policies = [get_policy("random") for _ in range(chosen.players)]
    for hand in simulate(table, policies, 30, 5, checks="action"):
        ends.append([len(hand.events), list(hand.stacks), [str(c) for c in hand.hole[0]]])
files = {m: sys.modules[m].__file__ for m in compiled.MODULES}
print(json.dumps({"state": compiled.STATE, "files": files, "ends": ends}))
"""


def _play(pure: bool) -> dict[str, object]:
    env = dict(os.environ, POKERBOOK_PURE_PYTHON="1" if pure else "0")
    out = subprocess.run(
        [sys.executable, "-c", PLAY], env=env, check=True, capture_output=True, text=True
    ).stdout
    found: dict[str, object] = json.loads(out)
    return found


def _is_extension(path: str) -> bool:
    return path.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def test_the_engine_runs_compiled_where_it_was_built() -> None:
    """Skipped where nothing was compiled (failed where ``POKERBOOK_NATIVE_REQUIRED=1``,
    as in CI, where the install must compile it)."""
    if compiled.STATE != "compiled":
        if os.environ.get("POKERBOOK_NATIVE_REQUIRED") == "1":
            pytest.fail(f"the engine is not compiled ({compiled.STATE})")
        pytest.skip(f"the engine is not compiled here ({compiled.STATE})")
    for module in compiled.MODULES:
        path = importlib.import_module(module).__file__
        assert path is not None, module
        assert _is_extension(path), module


def test_compiled_and_source_modules_play_the_same_hands() -> None:
    ran = _play(pure=False)
    pure = _play(pure=True)
    assert pure["state"] == "asked"
    assert all(str(path).endswith(".py") for path in dict(pure["files"]).values())  # type: ignore[call-overload]
    assert ran["state"] != "asked"
    if os.environ.get("POKERBOOK_NATIVE_REQUIRED") == "1":
        assert ran["state"] == "compiled"
    assert len(pure["ends"]) == 90  # type: ignore[arg-type]
    assert ran["ends"] == pure["ends"]


def _package_copy(tmp_path: Path) -> Path:
    """The compiled modules' sources under a package directory of their own."""
    package = tmp_path / "pokerbook"
    for module in compiled.MODULES:
        target = Path(compiled.source_of(module, package))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(compiled.source_of(module), target)
    return package


def test_a_package_never_compiled_uses_its_sources(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("POKERBOOK_PURE_PYTHON", raising=False)
    package = _package_copy(tmp_path)
    before = list(sys.meta_path)
    try:
        assert compiled.choose(package) == "not built"
        finder = sys.meta_path[0]
        assert isinstance(finder, compiled.SourceFinder)
        spec = finder.find_spec("pokerbook.engine.hand", None)
        assert spec is not None
        assert spec.origin == str(package / "engine" / "hand.py")
        assert finder.find_spec("pokerbook.engine.pots", None) is None  # not compiled
    finally:
        sys.meta_path[:] = before


def test_changed_sources_are_used_rather_than_what_was_compiled(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("POKERBOOK_PURE_PYTHON", raising=False)
    package = _package_copy(tmp_path)
    (package / compiled.DIGEST_FILE).write_text(compiled.digest(package) + "\n")
    before = list(sys.meta_path)
    try:
        assert compiled.choose(package) == "compiled"
        assert sys.meta_path == before  # nothing put ahead of the compiled modules
        turns = Path(compiled.source_of("pokerbook.engine.turns", package))
        turns.write_text(turns.read_text() + "\n# changed\n")
        assert compiled.choose(package) == "sources changed"
        assert isinstance(sys.meta_path[0], compiled.SourceFinder)
        monkeypatch.setenv("POKERBOOK_PURE_PYTHON", "1")
        (package / compiled.DIGEST_FILE).write_text(compiled.digest(package) + "\n")
        assert compiled.choose(package) == "asked"
    finally:
        sys.meta_path[:] = before


def test_the_digest_covers_every_compiled_module_in_order(tmp_path: Path) -> None:
    package = _package_copy(tmp_path)
    first = compiled.digest(package)
    assert first == compiled.digest(package)
    assert first != compiled.digest(package, tuple(reversed(compiled.MODULES)))
    for module in compiled.MODULES:
        source = Path(compiled.source_of(module, package))
        text = source.read_text()
        source.write_text(text + " ")
        assert compiled.digest(package) != first, module
        source.write_text(text)
    assert compiled.digest(package) == first
