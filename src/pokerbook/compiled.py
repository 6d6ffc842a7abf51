"""The engine's hot modules, compiled to C by mypyc where the install could.

The install (``setup.py``) compiles :data:`MODULES` with mypyc when a C compiler is
at hand, and records a digest of their sources beside them (:data:`DIGEST_FILE`).
The compiled modules run the same code as the sources, about twice as fast.  When
this package is imported, the sources are used instead of the compiled modules
when:

- ``POKERBOOK_PURE_PYTHON=1`` asks for Python alone (to compare, or to rule the
  compiled code out);
- nothing was compiled (no C compiler, or no mypyc at build time);
- the sources changed since they were compiled (an editable install being worked
  on: ``pip install -e .`` again compiles them anew).

:data:`STATE` says which.  This module uses the standard library alone: the
install reads :data:`MODULES` and :func:`digest` from it before the package's
dependencies are there.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Final

#: the modules compiled, in the order the digest reads them
MODULES: Final = (
    "pokerbook.engine.hand",
    "pokerbook.engine.state",
    "pokerbook.engine.dealing",
    "pokerbook.engine.betting",
    "pokerbook.engine.turns",
    "pokerbook.engine.legality",
    "pokerbook.engine.showdown",
    "pokerbook.engine.steps",
    "pokerbook.engine.invariants",
    "pokerbook.bots.base",
    "pokerbook.bots.call",
    "pokerbook.bots.simulation",
)
#: the name mypyc's shared library takes (``pokerbook/compiled__mypyc...``)
GROUP: Final = "pokerbook.compiled"
#: the file, beside this one, holding the digest of the sources compiled
DIGEST_FILE: Final = "compiled.digest"

_PACKAGE: Final = Path(__file__).resolve().parent


def pure_python_asked() -> bool:
    """Whether ``POKERBOOK_PURE_PYTHON`` asks for Python alone."""
    return os.environ.get("POKERBOOK_PURE_PYTHON", "") not in ("", "0")


def source_of(module: str, package: Path = _PACKAGE) -> Path:
    """The source file of ``module`` (one of :data:`MODULES`) under ``package``."""
    return package.joinpath(*module.split(".")[1:]).with_suffix(".py")


def digest(package: Path = _PACKAGE, modules: Sequence[str] = MODULES) -> str:
    """A digest of the sources of ``modules`` under ``package`` (this package's own
    directory unless named)."""
    hashed = hashlib.blake2b(digest_size=16)
    for module in modules:
        hashed.update(module.encode() + b"\0")
        hashed.update(source_of(module, package).read_bytes() + b"\0")
    return hashed.hexdigest()


class SourceFinder(importlib.abc.MetaPathFinder):
    """Finds the sources of :data:`MODULES`, ahead of their compiled modules."""

    def __init__(self, package: Path = _PACKAGE) -> None:
        self.package = package

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in MODULES:
            return None
        return importlib.util.spec_from_file_location(fullname, source_of(fullname, self.package))


def choose(package: Path = _PACKAGE) -> str:
    """``compiled`` when the compiled modules under ``package`` are the sources',
    else why not (``asked``, ``not built``, ``sources changed``), the sources then
    found first (a :class:`SourceFinder` on ``sys.meta_path``)."""
    recorded = package / DIGEST_FILE
    if pure_python_asked():
        reason = "asked"
    elif not recorded.is_file():
        reason = "not built"
    elif recorded.read_text(encoding="ascii").strip() != digest(package):
        reason = "sources changed"
    else:
        return "compiled"
    if not any(getattr(finder, "package", None) == package for finder in sys.meta_path):
        sys.meta_path.insert(0, SourceFinder(package))
    return reason


#: whether the engine runs compiled: ``compiled``, or why not
STATE: Final = choose()
