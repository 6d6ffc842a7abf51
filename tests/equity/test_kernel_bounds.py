"""The equity kernels read inside their arrays: spots run in a fresh process whose
kernels are compiled with bounds checks (``NUMBA_BOUNDSCHECK=1``, a cache folder of
its own), where a read past an array raises instead of reading whatever lies there."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "hands", "board"),
    [
        # three aces between the first hand and the flop, the fourth unseen: a pair of
        # new aces cannot come, and must not be looked up (it would be five aces)
        ("F16", ("Ah Ad Kc Qs", "9s 9d 8c 7c"), "As 7d 2h"),
        ("F17", ("Ah Ad Kc 2s", "9s 9d 8c 3c", "Kd Qd Jh Th"), "As 7d 4h"),
    ],
)
def test_the_last_card_walk_reads_inside_its_tables(
    tmp_path: Path, game: str, hands: tuple[str, ...], board: str
) -> None:
    env = {**os.environ, "NUMBA_BOUNDSCHECK": "1", "NUMBA_CACHE_DIR": str(tmp_path)}
    command = [sys.executable, "-m", "pokerbook", "equity", game, *hands, "-b", board, "--exact"]
    run = subprocess.run(command, check=False, capture_output=True, text=True, env=env)
    assert run.returncode == 0, run.stderr
    assert "exact over" in run.stdout
