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

import os
import sys
import zlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from importlib.machinery import ModuleSpec
    from types import ModuleType

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

# (the standard library's cheapest imports: this runs on every ``import pokerbook``)
_PACKAGE: Final = os.path.dirname(os.path.abspath(__file__))


def pure_python_asked() -> bool:
    """Whether ``POKERBOOK_PURE_PYTHON`` asks for Python alone."""
    return os.environ.get("POKERBOOK_PURE_PYTHON", "") not in ("", "0")


def source_of(module: str, package: str | os.PathLike[str] = _PACKAGE) -> str:
    """The source file of ``module`` (one of :data:`MODULES`) under ``package``."""
    return os.path.join(package, *module.split(".")[1:]) + ".py"


def digest(package: str | os.PathLike[str] = _PACKAGE, modules: Sequence[str] = MODULES) -> str:
    """A digest of the sources of ``modules`` under ``package`` (this package's own
    directory unless named): two checksums of their names and texts, enough to tell
    an edited source from the one compiled."""
    crc, adler = 0, 1
    for module in modules:
        with open(source_of(module, package), "rb") as source:
            data = module.encode() + b"\0" + source.read() + b"\0"
        crc, adler = zlib.crc32(data, crc), zlib.adler32(data, adler)
    return f"{crc:08x}{adler:08x}"


class SourceFinder:
    """Finds the sources of :data:`MODULES`, ahead of their compiled modules (a
    finder for ``sys.meta_path``)."""

    def __init__(self, package: str | os.PathLike[str] = _PACKAGE) -> None:
        self.package = os.fspath(package)

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: ModuleType | None = None,
    ) -> ModuleSpec | None:
        if fullname not in MODULES:
            return None
        from importlib.util import spec_from_file_location

        return spec_from_file_location(fullname, source_of(fullname, self.package))


def choose(package: str | os.PathLike[str] = _PACKAGE) -> str:
    """``compiled`` when the compiled modules under ``package`` are the sources',
    else why not (``asked``, ``not built``, ``sources changed``), the sources then
    found first (a :class:`SourceFinder` on ``sys.meta_path``)."""
    package = os.fspath(package)
    recorded = os.path.join(package, DIGEST_FILE)
    if pure_python_asked():
        reason = "asked"
    elif not os.path.isfile(recorded):
        reason = "not built"
    else:
        with open(recorded, encoding="ascii") as file:
            if file.read().strip() == digest(package):
                return "compiled"
        reason = "sources changed"
    if not any(getattr(finder, "package", None) == package for finder in sys.meta_path):
        sys.meta_path.insert(0, SourceFinder(package))
    return reason


#: whether the engine runs compiled: ``compiled``, or why not
STATE: Final = choose()
