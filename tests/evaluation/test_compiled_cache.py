"""Compiled kernels are cached in the user's cache folder, never in the installed
package: a read-only install evaluates batches and leaves its own tree untouched."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

import pokerbook

PACKAGE = Path(pokerbook.__file__).parent

SCRIPT = """
import numpy as np
from pokerbook import evaluate, evaluate_batch, parse
row = [c.index for c in parse("As Ks Qs Js Ts 2c 3d")]
got = evaluate_batch("high", np.array([row]))
assert int(got[0]) == int(evaluate("high", "As Ks Qs Js Ts 2c 3d")), got
print("ok")
"""


def _read_only_copy(tmp: Path) -> Path:
    """The package copied under ``tmp/site`` with no write permission anywhere."""
    site = tmp / "site"
    shutil.copytree(
        PACKAGE, site / "pokerbook", ignore=shutil.ignore_patterns("__pycache__", "*.nb?")
    )
    for folder, _, files in os.walk(site):
        for name in files:
            os.chmod(Path(folder) / name, stat.S_IRUSR | stat.S_IRGRP | stat.S_IROTH)
        os.chmod(folder, 0o555)
    return site


def _files_in(tree: Path) -> set[Path]:
    return {p.relative_to(tree) for p in tree.rglob("*") if p.is_file()}


@pytest.mark.slow
def test_a_read_only_install_compiles_its_kernels_into_the_user_cache(tmp_path: Path) -> None:
    site = _read_only_copy(tmp_path)
    cache = tmp_path / "cache"
    cache.mkdir()
    before = _files_in(site)
    env = {
        "PATH": os.environ.get("PATH", ""),
        "HOME": str(tmp_path),
        "PYTHONPATH": str(site),
        "POKERBOOK_CACHE": str(cache),
        "PYTHONDONTWRITEBYTECODE": "1",
    }
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"
    # nothing written into the installed package (root writes through permissions, so
    # the files are compared, not only the permissions trusted)
    assert _files_in(site) == before
    compiled = [p for p in (cache / "numba").rglob("*") if p.suffix in (".nbi", ".nbc")]
    assert compiled, "numba's index and code files belong in the user's cache folder"


def test_numba_cache_dir_follows_the_users_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    from pokerbook.evaluation.compiled import kernels_fingerprint, numba_cache_dir

    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    monkeypatch.setenv("POKERBOOK_CACHE", "/somewhere/pb")
    assert numba_cache_dir() == f"/somewhere/pb/numba/{kernels_fingerprint()}"
    monkeypatch.setenv("NUMBA_CACHE_DIR", "/their/choice")
    assert numba_cache_dir() == "/their/choice"


def test_an_edited_kernel_module_compiles_into_a_fresh_folder(tmp_path: Path) -> None:
    """numba checks a kernel against its own file only: a helper inlined from another
    kernel module must still invalidate it, so the folder follows every such file."""
    from pokerbook.evaluation.compiled import kernels_fingerprint

    (tmp_path / "evaluation").mkdir()
    (tmp_path / "equity").mkdir()
    helper = tmp_path / "equity" / "kernels.py"
    helper.write_text("x = 1\n", encoding="utf-8")
    (tmp_path / "equity" / "kernels_deal.py").write_text("y = 2\n", encoding="utf-8")
    (tmp_path / "equity" / "answer.py").write_text("z = 3\n", encoding="utf-8")
    before = kernels_fingerprint(tmp_path)
    (tmp_path / "equity" / "answer.py").write_text("z = 4\n", encoding="utf-8")
    assert kernels_fingerprint(tmp_path) == before  # not a kernel module
    helper.write_text("x = 10\n", encoding="utf-8")
    assert kernels_fingerprint(tmp_path) != before
