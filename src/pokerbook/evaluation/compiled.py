"""numba, with its cache kept in the user's cache folder.

numba's own default keeps compiled kernels in a ``__pycache__`` beside the source,
which writes into the installed package (and fails on a read-only install).  The
kernel modules import numba from here, so the cache goes under pokerbook's cache
folder (:func:`pokerbook.evaluation.table_cache.cache_dir`, ``numba/``) unless the
user chose a folder of their own with ``NUMBA_CACHE_DIR``.

numba checks a cached kernel against its own source file only, not against the
helpers it inlines from other modules, so an edited helper could leave a stale
kernel running.  The folder is therefore named after a fingerprint of every kernel
module's file (name, size and time of change): a change to any of them, or a new
version of pokerbook, compiles afresh into a folder of its own.
"""

from __future__ import annotations

import os
from hashlib import blake2b
from pathlib import Path

import numba

from pokerbook.evaluation.table_cache import cache_dir

#: the package's modules that hold compiled kernels (globs under ``src/pokerbook``)
KERNEL_MODULES = ("evaluation/*kernels*.py", "equity/kernels*.py", "equity/fast.py")


def kernels_fingerprint(root: Path | None = None) -> str:
    """A digest of the kernel modules' files under ``root`` (the package's folder):
    their names, sizes and times of change."""
    root = root or Path(__file__).resolve().parents[1]
    digest = blake2b(digest_size=6)
    for pattern in KERNEL_MODULES:
        for path in sorted(root.glob(pattern)):
            stat = path.stat()
            digest.update(f"{path.name}:{stat.st_size}:{stat.st_mtime_ns};".encode())
    return digest.hexdigest()


def numba_cache_dir() -> str:
    """Where compiled kernels are kept: ``$NUMBA_CACHE_DIR`` if set, else
    ``<pokerbook cache>/numba/<fingerprint of the kernel modules>``."""
    return os.environ.get("NUMBA_CACHE_DIR") or str(cache_dir() / "numba" / kernels_fingerprint())


# read by numba when a ``cache=True`` function is decorated, so set before any is
numba.config.CACHE_DIR = numba_cache_dir()  # type: ignore[attr-defined]

__all__ = ["kernels_fingerprint", "numba", "numba_cache_dir"]
