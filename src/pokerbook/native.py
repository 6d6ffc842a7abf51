"""The optional C modules, where built.

The install compiles each C source when a C compiler is at hand and goes on without
it when not: :mod:`pokerbook.evaluation.quick_native` (the fast path's readers) and
:mod:`pokerbook.engine.deal_native` (the dealer's loop).  Each answers only what its
Python twin would answer, and leaves everything else to it, so values and errors
are the same either way.  ``POKERBOOK_PURE_PYTHON=1`` leaves them unused (to compare
the two, or to rule them out), as it does the engine's compiled modules
(:mod:`pokerbook.compiled`).
"""

from __future__ import annotations

import importlib
from types import ModuleType

from pokerbook.compiled import pure_python_asked

#: the fast path's C readers
QUICK_READERS = "pokerbook.evaluation.quick_native"
#: the dealer's C loop
DEALER = "pokerbook.engine.deal_native"


def native_module(name: str = QUICK_READERS) -> ModuleType | None:
    """The C module ``name`` (the fast path's readers unless named), or None if it
    was not built or ``POKERBOOK_PURE_PYTHON`` is set."""
    if pure_python_asked():
        return None
    try:
        return importlib.import_module(name)
    except ImportError:
        return None
