"""get_scale finds the poker scales before every built-in module is loaded, and gives
the registry's own objects."""

from __future__ import annotations

import subprocess
import sys

from pokerbook.evaluation.scale import SCALES, all_scales, get_scale, scale_names


def test_every_name_and_alias_gives_the_registrys_scale() -> None:
    for scale in all_scales():
        for name in (scale.name, *scale.aliases, scale.name.upper().replace("-", "_")):
            assert get_scale(name) is SCALES.get(name) is scale


def registered_names(first: str) -> tuple[str, str]:
    """The scale ``first`` looks up in a fresh process, and the registry's names after."""
    code = (
        "from pokerbook.evaluation.scale import SCALES, get_scale\n"
        f"first = {first}\n"
        "print(getattr(first, 'name', '-'), ','.join(SCALES.names()))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    name, names = done.stdout.split()
    return name, names


def test_a_poker_scale_first_leaves_the_registry_in_its_order() -> None:
    name, names = registered_names("get_scale('hi')")
    assert name == "high"
    assert names == registered_names("len(SCALES)")[1]  # every module loaded first
    assert set(scale_names()) >= set(names.split(","))
    assert names.split(",")[0] == "high"
