"""The table server's benchmark runs end to end (``--quick``: 10 tables for a few
seconds) and prints its figures; its timings are not checked here."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_server.py"


def test_the_server_benchmark_plays_its_quick_run_and_prints_every_figure() -> None:
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--quick"],
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "10 tables x 6 seats = 60 seated clients" in out
    warm = next(line for line in out.splitlines() if line.startswith("warm "))
    assert int(warm.split()[1].replace(",", "")) > 0  # actions were played and measured
    assert "refused actions: none" in out
    assert "KB a table" in out
    assert "ms an action" in out
    assert out.splitlines()[-1].startswith("README: 60 seated clients at 10 tables")
