"""The engine's parts depend on the state, not on the hand, and on each other in one
direction: no module under ``engine/`` imports ``hand.py``, the import graph has no
cycle (imports made only for type checking count), and no module reads a private
``_name`` of another (an attribute of an object that is not its own, or a name
imported from another module)."""

from __future__ import annotations

import ast
from pathlib import Path

import pokerbook

SRC = Path(pokerbook.__file__).parent
ENGINE = SRC / "engine"
# namedtuple methods are public, named with an underscore to keep clear of fields
NAMEDTUPLE_API = frozenset({"_replace", "_fields", "_asdict", "_make", "_field_defaults"})


def _module_name(path: Path) -> str:
    parts = path.relative_to(SRC.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path, package: str) -> set[str]:
    """Every module the file at ``path`` (in ``package``) imports, wherever the import
    stands (a function, an ``if TYPE_CHECKING:`` block): ``from a import b`` gives
    both ``a`` and ``a.b`` (whichever is a module counts)."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{anchor}.{base}" if base else anchor
            for alias in node.names:
                out.add(f"{base}.{alias.name}")
            out.add(base)
    return out


def _engine_graph() -> dict[str, set[str]]:
    modules = {_module_name(p): p for p in ENGINE.rglob("*.py")}
    return {
        name: _imports(path, _package(name, path)) & set(modules) for name, path in modules.items()
    }


def _package(name: str, path: Path) -> str:
    return name if path.name == "__init__.py" else name.rsplit(".", 1)[0]


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle of ``graph`` (its modules in order, the first again last), or None."""
    done: set[str] = set()

    def visit(name: str, path: list[str]) -> list[str] | None:
        if name in path:
            return [*path[path.index(name) :], name]
        if name in done:
            return None
        for dep in sorted(graph.get(name, ())):
            found = visit(dep, [*path, name])
            if found:
                return found
        done.add(name)
        return None

    for name in sorted(graph):
        found = visit(name, [])
        if found:
            return found
    return None


def test_no_engine_module_imports_the_hand() -> None:
    graph = _engine_graph()
    users = sorted(name for name, deps in graph.items() if "pokerbook.engine.hand" in deps)
    assert users == [], f"engine modules importing hand.py (they should take the state): {users}"


def test_the_state_imports_no_rule_showdown_or_part_above_it() -> None:
    above = {
        "pokerbook.engine.hand",
        "pokerbook.engine.legality",
        "pokerbook.engine.turns",
        "pokerbook.engine.record",
        "pokerbook.engine.showdown",
        "pokerbook.engine.run_twice",
        "pokerbook.engine.sevens_rule",
    }
    deps = _engine_graph()["pokerbook.engine.state"]
    assert not deps & above
    assert not any(d.startswith("pokerbook.engine.rules") for d in deps)


def test_the_engine_has_no_import_cycle() -> None:
    cycle = _cycle(_engine_graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle or ())


def test_an_import_made_only_for_type_checking_makes_a_cycle(tmp_path: Path) -> None:
    rule = tmp_path / "rule.py"
    rule.write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from pokerbook.engine.state import HandState\n"
    )
    deps = _imports(rule, "pokerbook.engine.rules")
    assert "pokerbook.engine.state" in deps
    graph = {
        "pokerbook.engine.rules.rule": deps,
        "pokerbook.engine.state": {"pokerbook.engine.rules.rule"},
    }
    assert _cycle(graph) == [
        "pokerbook.engine.rules.rule",
        "pokerbook.engine.state",
        "pokerbook.engine.rules.rule",
    ]


def _private_reads(path: Path, root: Path = SRC) -> list[str]:
    """``x._name`` in the file at ``path`` for an ``x`` other than ``self``, ``cls`` or
    a class of the file's own, and (under ``engine/``) ``_name`` imported from
    another module."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    own = {"self", "cls"} | {n.name for n in ast.walk(tree) if isinstance(n, ast.ClassDef)}
    where = path.relative_to(root)
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            name = node.attr
            if not name.startswith("_") or name.startswith("__") or name in NAMEDTUPLE_API:
                continue
            owner = ast.unparse(node.value)
            if owner not in own:
                found.append(f"{where}:{node.lineno}: {owner}.{name}")
        elif isinstance(node, ast.ImportFrom) and where.parts[0] == "engine":
            for alias in node.names:
                if alias.name.startswith("_") and not alias.name.startswith("__"):
                    found.append(f"{where}:{node.lineno}: from {node.module} import {alias.name}")
    return found


def test_no_module_reads_another_modules_private_names() -> None:
    found = [read for path in sorted(SRC.rglob("*.py")) for read in _private_reads(path)]
    assert found == [], "private names read from outside their module:\n" + "\n".join(found)


def test_the_private_read_scan_sees_a_hand_attribute_and_an_imported_name(tmp_path: Path) -> None:
    package = tmp_path / "pokerbook"
    (package / "engine").mkdir(parents=True)
    module = package / "engine" / "rule.py"
    module.write_text(
        "from pokerbook.engine.showdown import _hidden\n"
        "def rule(hand, args):\n"
        "    self = hand\n"
        "    return hand._plan, self._own, args._replace()\n"
    )
    reads = _private_reads(module, package)
    assert reads == [
        "engine/rule.py:1: from pokerbook.engine.showdown import _hidden",
        "engine/rule.py:4: hand._plan",
    ]
