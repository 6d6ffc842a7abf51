"""Where built tables are kept between runs.

Tables are built once per machine and stored as ``.npy`` files under
``$POKERBOOK_CACHE`` (default: ``$XDG_CACHE_HOME/pokerbook`` or
``~/.cache/pokerbook``).  Each file name carries a fingerprint of the code that
built it, so a change of rules never reads a stale table.  If the folder
cannot be written, tables are simply rebuilt in memory.  An int64 table on disk
can be read without NumPy (:func:`read_ints`, :func:`read_array`), which a scale's first
hand uses.
"""

from __future__ import annotations

import importlib
import os
import re
import sys
from array import array
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pathlib import Path

    import numpy as np
    import numpy.typing as npt


FORMAT = "1"


def cache_dir() -> Path:
    """The folder tables are kept in."""
    from pathlib import Path

    return Path(cache_folder())


def cache_folder() -> str:
    """:func:`cache_dir` as text (what reading a table needs: no :mod:`pathlib`, whose
    import costs more than the read)."""
    explicit = os.environ.get("POKERBOOK_CACHE")
    if explicit:
        return explicit
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "pokerbook")


def fingerprint(*parts: object) -> str:
    """A short digest of ``parts`` (their ``repr``), stable from run to run."""
    digest: str = _sha256()(repr((FORMAT, *parts)).encode()).hexdigest()
    return digest[:16]


@cache
def _sha256() -> Callable[[bytes], Any]:
    """SHA-256 from the interpreter's own module where there is one: the same digests as
    :mod:`hashlib`'s, without loading OpenSSL, which costs a first hand more time than
    the tables it reads."""
    for module in ("_sha256", "_sha2"):  # Python 3.11; 3.12 and later
        try:
            found: Callable[[bytes], Any] = importlib.import_module(module).sha256
        except (ImportError, AttributeError):
            continue
        return found
    import hashlib

    return hashlib.sha256


def remembered(name: str, parts: tuple[object, ...], code: type, work: Callable[[], str]) -> str:
    """``work()`` (a short line of text, such as a fingerprint that takes more work to
    find than to read), kept on disk as ``name`` under a fingerprint of ``parts`` and of
    the sources it may depend on: the size and modification time of every module of
    :mod:`pokerbook.evaluation` and of the module defining ``code``.  A change to any
    of them, or a file that cannot be read, means ``work()`` is done again."""
    key = fingerprint(*parts, _source_stamps(code))
    path = os.path.join(cache_folder(), f"{name}-{key}.txt")
    try:
        with open(path, encoding="utf-8") as file:  # utf-8: its codec is loaded already
            found = file.read()
    except (OSError, ValueError):
        found = ""
    if found and found.isascii() and found.isalnum():
        return found
    value = work()
    try:
        import tempfile

        os.makedirs(os.path.dirname(path), exist_ok=True)
        with tempfile.NamedTemporaryFile(
            "w", dir=os.path.dirname(path), suffix=".txt", delete=False, encoding="ascii"
        ) as tmp:
            tmp.write(value)
        os.replace(tmp.name, path)
    except OSError:
        pass
    return value


def _source_stamps(code: type) -> list[tuple[str, int, int]]:
    """(name, size, modification time) of each module of the evaluation package, its
    scales, and the module defining ``code``."""
    here = os.path.dirname(os.path.abspath(__file__))
    folders = {here, os.path.join(here, "scales")}
    defining = getattr(sys.modules.get(code.__module__), "__file__", None)
    stamps = []
    if defining:
        folders.add(os.path.dirname(os.path.abspath(defining)))
    for folder in sorted(folders):
        try:
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError:
            continue
        for entry in entries:
            if entry.name.endswith(".py"):
                info = entry.stat()
                stamps.append((entry.path, info.st_size, info.st_mtime_ns))
    return stamps


def cached_array(
    name: str, tag: str, build: Callable[[], npt.NDArray[np.int64]]
) -> npt.NDArray[np.int64]:
    """Load the array ``name`` built by code with fingerprint ``tag``, or build and store it."""
    import numpy as np

    return cached_typed(name, tag, build, np.int64)


def cached_typed(
    name: str,
    tag: str,
    build: Callable[[], npt.NDArray[Any]],
    dtype: type[Any],
    *,
    mmap: bool = False,
) -> npt.NDArray[Any]:
    """:func:`cached_array` for any dtype; ``mmap`` maps the file instead of reading it."""
    import numpy as np

    path = cache_dir() / f"{name}-{tag}.npy"
    try:
        loaded = np.load(path, allow_pickle=False, mmap_mode="r" if mmap else None)
    except (OSError, ValueError):
        loaded = None
    if loaded is not None and loaded.dtype == dtype:
        return loaded if mmap else np.asarray(loaded, dtype=dtype)
    array = np.asarray(build(), dtype=dtype)
    try:
        import tempfile

        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=path.parent, suffix=".npy", delete=False) as tmp:
            np.save(tmp, array, allow_pickle=False)
        os.replace(tmp.name, path)
    except OSError:
        pass
    return array


_NPY_MAGIC = b"\x93NUMPY"
_SHAPE = re.compile(r"'shape': \(([0-9, ]*)\)")


#: the NumPy type names :func:`read_array` reads, by ``array`` type code
NPY_TYPES = {"q": "<i8", "I": "<u4", "H": "<u2"}


def read_ints(name: str, tag: str) -> array[int] | None:
    """The int64 table :func:`cached_array` keeps as ``name`` with fingerprint ``tag``,
    read without NumPy (its items in C order, flat), or None if it is not on disk as
    such a table (then :func:`cached_array` builds or reads it)."""
    return read_array(name, tag, "q")


def read_array(name: str, tag: str, typecode: str) -> array[int] | None:
    """The table :func:`cached_typed` keeps as ``name`` with fingerprint ``tag``, of the
    type ``typecode`` names (``"q"`` int64, ``"I"`` uint32, ``"H"`` uint16; see
    :data:`NPY_TYPES`), read without NumPy, flat, or None if it is not on disk as such
    a table."""
    try:
        with open(os.path.join(cache_folder(), f"{name}-{tag}.npy"), "rb") as file:
            data = file.read()
    except OSError:
        return None
    if data[:6] != _NPY_MAGIC or data[6] not in (1, 2, 3):
        return None
    width = 2 if data[6] == 1 else 4
    start = 8 + width
    end = start + int.from_bytes(data[8:start], "little")
    header = data[start:end].decode("latin-1")
    shape = _SHAPE.search(header)
    if (
        f"'descr': '{NPY_TYPES[typecode]}'" not in header
        or "'fortran_order': False" not in header
        or not shape
    ):
        return None
    count = 1
    for size in shape.group(1).replace(" ", "").split(","):
        count *= int(size) if size else 1
    out = array(typecode)
    if len(data) - end != out.itemsize * count or out.itemsize != int(NPY_TYPES[typecode][2]):
        return None
    out.frombytes(data[end:])
    if sys.byteorder != "little":
        out.byteswap()
    return out


def cached_ints(name: str, tag: str, build: Callable[[], npt.NDArray[np.int64]]) -> array[int]:
    """The int64 table :func:`cached_array` keeps, as its items in C order: read
    without NumPy where it is on disk, else read or built (and kept) with NumPy."""
    stored = read_ints(name, tag)
    if stored is not None:
        return stored
    return array("q", cached_array(name, tag, build).astype("<i8", copy=False).tobytes())


def _multiset_keys_tag() -> str:
    from pokerbook.cards.card import RANK_KEYS
    from pokerbook.evaluation.multisets import MAX_CARDS

    return fingerprint("multiset-keys", RANK_KEYS, MAX_CARDS)


def multiset_key_list() -> list[int]:
    """:func:`multiset_key_array` as a list, read without NumPy when it is on disk."""
    found = read_ints("multiset-keys", _multiset_keys_tag())
    return found.tolist() if found is not None else multiset_key_array().tolist()


def multiset_key_array() -> npt.NDArray[np.int64]:
    """The rank key of every rank multiset (``multisets.multiset_keys``), kept on disk:
    working it out takes a fraction of a second, loading it a millisecond."""
    from pokerbook.evaluation.multisets import multiset_keys

    return cached_array("multiset-keys", _multiset_keys_tag(), multiset_keys)


@cache
def size_block(size: int) -> slice:
    """Where the multisets of ``size`` cards sit in ``rank_multisets()`` order (by size)."""
    from pokerbook.evaluation.multisets import MAX_CARDS

    ways = [1] + [0] * MAX_CARDS  # multisets of each size over the ranks so far
    for _ in range(13):
        ways = [sum(ways[n - c] for c in range(min(4, n) + 1)) for n in range(MAX_CARDS + 1)]
    return slice(sum(ways[:size]), sum(ways[: size + 1]))


def size_hash(
    size: int, *, build: bool = True
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]] | None:
    """The displacement hash of the rank keys of ``size`` cards: (displacement per row
    of ``key >> ROW_SHIFT``, slot of each multiset of the size block), so that a key's
    slot is ``disp[key >> ROW_SHIFT] + (key & ROW_MASK)``.  Built once (with the compiled
    helper, so NumPy and numba) and kept on disk; with ``build=False``, None unless it is
    on disk already."""
    from pokerbook.cards.card import RANK_KEYS
    from pokerbook.evaluation.multisets import ROW_SHIFT, build_displacement

    keys = multiset_key_array()[size_block(size)]
    n_rows = int(keys.max() >> ROW_SHIFT) + 1

    def make() -> npt.NDArray[np.int64]:
        import numpy as np

        disp, slots, _ = build_displacement(keys)
        return np.concatenate([disp, slots]).astype(np.int64)

    tag = fingerprint("size-hash", size, RANK_KEYS, ROW_SHIFT, len(keys), int(keys.sum()))
    name = f"batch-hash-{size}"
    if not build and not (cache_dir() / f"{name}-{tag}.npy").is_file():
        return None
    both = cached_array(name, tag, make)
    return both[:n_rows], both[n_rows:]


def rank_hash_tag() -> str:
    """The fingerprint of :func:`rank_hash`'s tables."""
    from pokerbook.cards.card import RANK_KEYS
    from pokerbook.evaluation.multisets import MAX_CARDS, ROW_SHIFT

    return fingerprint("rank-hash", RANK_KEYS, MAX_CARDS, ROW_SHIFT)


def rank_hash() -> tuple[npt.NDArray[np.uint32], npt.NDArray[np.uint32]]:
    """The displacement hash of every rank key of up to seven cards: (displacement of
    each ``key >> ROW_SHIFT``, slot of each multiset in ``rank_multisets()`` order), so
    that a key's slot is ``disp[key >> ROW_SHIFT] + (key & ROW_MASK)``.  Built once with
    NumPy (no compiler) and kept on disk as ``rank-hash-disp`` and
    ``rank-hash-slots``, which :func:`read_array` reads without NumPy."""
    import numpy as np

    from pokerbook.evaluation.multisets import first_fit_numpy

    built: list[npt.NDArray[np.int32]] = []

    def build(part: int) -> npt.NDArray[np.uint32]:
        if not built:
            built.extend(first_fit_numpy(multiset_key_array()))
        return built[part].astype(np.uint32)

    tag = rank_hash_tag()
    disp = cached_typed("rank-hash-disp", tag, lambda: build(0), np.uint32)
    slots = cached_typed("rank-hash-slots", tag, lambda: build(1), np.uint32)
    return disp, slots
