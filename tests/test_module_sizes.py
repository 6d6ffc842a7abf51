"""Small modules: every module of the package stays under 800 lines (DESIGN.md, Style)."""

from __future__ import annotations

from pathlib import Path

import pokerbook

MOST_LINES = 800


def test_every_module_is_at_most_800_lines() -> None:
    package = Path(pokerbook.__file__).parent
    sizes = {
        str(path.relative_to(package)): len(path.read_text(encoding="utf-8").splitlines())
        for path in package.rglob("*.py")
    }
    assert len(sizes) > 50  # the whole package was found
    too_long = {name: lines for name, lines in sizes.items() if lines > MOST_LINES}
    assert not too_long, f"modules over {MOST_LINES} lines: {too_long}"
