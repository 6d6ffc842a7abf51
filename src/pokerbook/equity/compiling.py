"""Saying so before the equity kernels are compiled.

numba keeps each compiled kernel in its cache folder
(:func:`pokerbook.evaluation.compiled.numba_cache_dir`), one index file a kernel
(``<module>.<name>-<line>.py311.nbi``, under a folder per source folder).  In a
fresh install, or after pokerbook changed, the folder has none, and the first
answer by the kernels compiles them first: about a minute with no output.  A
caller that can show a message (the command line) asks to be told within
:func:`telling`; :func:`before_running` tells it, once, when a kernel about to
run has no index file and is not loaded in this process yet.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

MESSAGE = "compiling the equity kernels once (about a minute); later runs start at once"

#: the listeners told within :func:`telling`, each with whether it has been told
_LISTENERS: list[list[Any]] = []


def index_name(kernel: Any) -> str:
    """The name of a compiled kernel's index file in numba's cache."""
    function = kernel.py_func
    module = function.__module__.rsplit(".", 1)[-1]
    version = f"py{sys.version_info.major}{sys.version_info.minor}"
    return f"{module}.{function.__qualname__}-{function.__code__.co_firstlineno}.{version}.nbi"


def is_cached(kernel: Any, folder: str | Path | None = None) -> bool:
    """Whether ``kernel`` is ready without compiling: loaded in this process, or kept
    in numba's cache ``folder`` (by default pokerbook's,
    :func:`~pokerbook.evaluation.compiled.numba_cache_dir`)."""
    if not hasattr(kernel, "py_func"):  # numba's compiler switched off: a plain function
        return True
    if folder is None:
        if kernel.signatures:
            return True
        from pokerbook.evaluation.compiled import numba_cache_dir

        folder = numba_cache_dir()
    root = Path(folder)
    name = index_name(kernel)
    return (root / name).exists() or any(root.glob(f"*/{name}"))


@contextmanager
def telling(tell: Callable[[str], None]) -> Iterator[None]:
    """Within the block, ``tell(MESSAGE)`` once, before the first kernel that has to be
    compiled."""
    listener: list[Any] = [tell, False]
    _LISTENERS.append(listener)
    try:
        yield
    finally:
        _LISTENERS.remove(listener)


def listening() -> bool:
    """Whether a listener waits to be told (within :func:`telling`, not told yet)."""
    return any(not listener[1] for listener in _LISTENERS)


def before_running(*kernels: Any) -> None:
    """Tell the listeners not told yet if one of ``kernels`` is about to be compiled."""
    waiting = [listener for listener in _LISTENERS if not listener[1]]
    if not waiting or all(is_cached(kernel) for kernel in kernels):
        return
    for listener in waiting:
        listener[1] = True
        listener[0](MESSAGE)


__all__ = ["MESSAGE", "before_running", "index_name", "is_cached", "listening", "telling"]
