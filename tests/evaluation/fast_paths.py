"""Runs a fast-path test module twice: with the C readers of
:mod:`pokerbook.evaluation.quick_native` and in Python alone (a helper module, not a
test module).  A module that imports :func:`both_fast_paths` into its namespace runs
every test under each; each way keeps its own fast tables for the whole session.

Where the C module was not built the native run is skipped, unless
``POKERBOOK_NATIVE_REQUIRED=1`` (CI), where it fails.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from types import ModuleType

import pytest

from pokerbook.evaluation.quick import QUICK, QuickTables
from pokerbook.native import native_module

NATIVE, PYTHON = "native", "python"
#: each way's fast tables, kept between modules
_TABLES: dict[str, dict[object, QuickTables | None]] = {NATIVE: {}, PYTHON: {}}


def require_native() -> ModuleType:
    """The C module; where it was not built, the test is skipped (failed where
    ``POKERBOOK_NATIVE_REQUIRED=1``)."""
    module = native_module()
    if module is None:
        if os.environ.get("POKERBOOK_NATIVE_REQUIRED") == "1":
            pytest.fail("quick_native was not built (POKERBOOK_NATIVE_REQUIRED=1)")
        pytest.skip("quick_native was not built (no C compiler at install)")
    return module


@pytest.fixture(scope="module", params=[NATIVE, PYTHON], autouse=True)
def both_fast_paths(request: pytest.FixtureRequest) -> Iterator[str]:
    """The fast path the module's tests run under: its own tables in ``QUICK``."""
    way: str = request.param
    with pytest.MonkeyPatch.context() as patch:
        if way == PYTHON:
            patch.setenv("POKERBOOK_PURE_PYTHON", "1")
        else:
            require_native()
        outer = dict(QUICK)
        QUICK.clear()
        QUICK.update(_TABLES[way])
        try:
            yield way
        finally:
            _TABLES[way] = dict(QUICK)
            QUICK.clear()
            QUICK.update(outer)
