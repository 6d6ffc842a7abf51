"""Tables kept on disk: built once, read back with NumPy or without it."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from pokerbook.evaluation.table_cache import (
    FORMAT,
    cache_dir,
    cache_folder,
    cached_array,
    cached_ints,
    cached_typed,
    fingerprint,
    read_array,
    read_ints,
    remembered,
)


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("POKERBOOK_CACHE", str(tmp_path))
    assert cache_dir() == tmp_path
    return tmp_path


def test_a_table_read_without_numpy_has_the_items_numpy_reads(cache: Path) -> None:
    table = np.arange(-6, 6, dtype=np.int64).reshape(2, 6) * (1 << 40)
    cached_array("probe", "t1", lambda: table)
    found = read_ints("probe", "t1")
    assert found is not None
    assert found.tolist() == table.ravel().tolist()


def test_what_is_not_an_int64_table_is_not_read(cache: Path) -> None:
    assert read_ints("absent", "t1") is None
    np.save(cache / "small-t1.npy", np.arange(5, dtype=np.int32))
    assert read_ints("small", "t1") is None
    np.save(cache / "fortran-t1.npy", np.asfortranarray(np.ones((3, 2), dtype=np.int64)))
    assert read_ints("fortran", "t1") is None
    (cache / "cut-t1.npy").write_bytes((cache / "small-t1.npy").read_bytes()[:-3])
    assert read_ints("cut", "t1") is None
    (cache / "text-t1.npy").write_text("not a table")
    assert read_ints("text", "t1") is None


@pytest.mark.parametrize(
    ("scale", "better", "worse"),
    [
        ("high", "Ah Kh Qh Jh Th 2c 3d", "Ah Ad Ac Kd Ks 2c 3d"),
        ("badugi", "Ac 2d 3h 4s", "Ac 2d 3h 4h"),  # (its four-card table)
    ],
)
def test_a_scale_with_its_tables_on_disk_evaluates_without_numpy(
    cache: Path, scale: str, better: str, worse: str
) -> None:
    # the first run builds the tables (with NumPy); the second only reads them
    script = (
        "import sys\n"
        "from pokerbook.cards import parse\n"
        "from pokerbook.evaluation.scale import get_scale\n"
        f"sc = get_scale({scale!r})\n"
        f"print(sc.best(parse({better!r})) > sc.best(parse({worse!r})),"
        " 'numpy' in sys.modules)\n"
    )
    env = {"POKERBOOK_CACHE": str(cache), "PATH": ""}
    run = [sys.executable, "-c", script]
    first = subprocess.run(run, env=env, capture_output=True, text=True, check=True)
    again = subprocess.run(run, env=env, capture_output=True, text=True, check=True)
    assert first.stdout.split() == ["True", "True"]
    assert again.stdout.split() == ["True", "False"]


def test_an_int_table_comes_as_its_items_in_c_order_built_or_read(cache: Path) -> None:
    """``cached_ints``: the items of the int64 table, row after row, whether it was
    just built (and kept) or is read back from disk without NumPy."""
    table = np.arange(3 * 7, dtype=np.int64).reshape(3, 7) * 5 - 40
    built = cached_ints("rows", "t1", lambda: table)
    assert list(cache.glob("rows-t1.npy"))
    read = cached_ints("rows", "t1", lambda: table * 0)  # (read, not built)
    assert built.tolist() == read.tolist() == table.ravel().tolist()
    assert built.typecode == read.typecode == "q"


@pytest.mark.parametrize(
    ("typecode", "dtype"), [("H", np.uint16), ("I", np.uint32), ("q", np.int64)]
)
def test_a_typed_table_is_read_without_numpy_as_numpy_reads_it(
    cache: Path, typecode: str, dtype: type[np.integer]
) -> None:
    table = np.arange(3 * 7, dtype=dtype).reshape(3, 7) * 3
    cached_typed("typed", "t1", lambda: table, dtype)
    found = read_array("typed", "t1", typecode)
    assert found is not None
    assert found.typecode == typecode
    assert found.tolist() == table.ravel().tolist()
    other = {"H": "I", "I": "q", "q": "H"}[typecode]
    assert read_array("typed", "t1", other) is None  # another type is not read as this one


def test_the_cache_folder_as_text_is_the_folder(cache: Path) -> None:
    assert Path(cache_folder()) == cache_dir() == cache


def test_a_fingerprint_is_a_sha256_digest_of_its_parts() -> None:
    import hashlib

    digest = hashlib.sha256(repr((FORMAT, "high", 3, (1, 2))).encode()).hexdigest()
    assert fingerprint("high", 3, (1, 2)) == digest[:16]


def test_remembered_work_is_read_back_until_its_parts_change(cache: Path) -> None:
    calls: list[str] = []

    def work(answer: str) -> Callable[[], str]:
        def run() -> str:
            calls.append(answer)
            return answer

        return run

    assert remembered("probe-tag", ("a", 1), int, work("abc123")) == "abc123"
    assert remembered("probe-tag", ("a", 1), int, work("other")) == "abc123"  # read back
    assert remembered("probe-tag", ("a", 2), int, work("def456")) == "def456"  # new parts
    assert calls == ["abc123", "def456"]
    for memo in cache.glob("probe-tag-*.txt"):
        memo.write_text("")  # a file cut short is worked out again
    assert remembered("probe-tag", ("a", 1), int, work("abc123")) == "abc123"
    assert calls == ["abc123", "def456", "abc123"]
