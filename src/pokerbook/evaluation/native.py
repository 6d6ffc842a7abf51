"""The fast path's C readers (:mod:`pokerbook.evaluation.quick_native`), where built.

The install compiles ``quick_native.c`` when a C compiler is at hand and goes on
without it when not; the readers answer only what the Python fast path would
answer from the same tables, and leave everything else to it, so values and
errors are the same either way.  ``POKERBOOK_PURE_PYTHON=1`` leaves the module
unused (to compare the two, or to rule it out).
"""

from __future__ import annotations

import os
from types import ModuleType


def pure_python_asked() -> bool:
    """Whether ``POKERBOOK_PURE_PYTHON`` asks for Python alone."""
    return os.environ.get("POKERBOOK_PURE_PYTHON", "") not in ("", "0")


def native_module() -> ModuleType | None:
    """:mod:`pokerbook.evaluation.quick_native`, or None if it was not built or
    ``POKERBOOK_PURE_PYTHON`` is set."""
    if pure_python_asked():
        return None
    try:
        from pokerbook.evaluation import quick_native
    except ImportError:
        return None
    return quick_native
