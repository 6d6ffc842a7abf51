"""numba, with its cache kept in the user's cache folder.

numba's own default keeps compiled kernels in a ``__pycache__`` beside the source,
which writes into the installed package (and fails on a read-only install).  The
kernel modules import numba from here, so the cache goes under pokerbook's cache
folder (:func:`pokerbook.evaluation.table_cache.cache_dir`, ``numba/``) unless the
user chose a folder of their own with ``NUMBA_CACHE_DIR``.
"""

from __future__ import annotations

import os

import numba

from pokerbook.evaluation.table_cache import cache_dir


def numba_cache_dir() -> str:
    """Where compiled kernels are kept: ``$NUMBA_CACHE_DIR`` if set, else
    ``<pokerbook cache>/numba``."""
    return os.environ.get("NUMBA_CACHE_DIR") or str(cache_dir() / "numba")


# read by numba when a ``cache=True`` function is decorated, so set before any is
numba.config.CACHE_DIR = numba_cache_dir()  # type: ignore[attr-defined]

__all__ = ["numba", "numba_cache_dir"]
