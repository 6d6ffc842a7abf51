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


def test_a_poker_scale_first_leaves_the_registry_in_its_order() -> None:
    code = (
        "from pokerbook.evaluation.scale import get_scale, scale_names, SCALES\n"
        "high = get_scale('hi')\n"
        "print(high.name, ','.join(SCALES.names()), ','.join(scale_names()))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    name, registered, names = done.stdout.split()
    assert name == "high"
    assert registered.split(",") == list(SCALES.names())
    assert names.split(",") == scale_names()
