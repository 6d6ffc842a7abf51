"""The built-in scales.  Each module registers its scales when imported."""

from __future__ import annotations

import importlib

MODULES = ("poker", "badugi", "points", "special")


def load_all() -> None:
    for module in MODULES:
        importlib.import_module(f"pokerbook.evaluation.scales.{module}")
