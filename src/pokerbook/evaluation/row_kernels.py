"""How the batch kernels read their card rows: bytes as they are, int64 in place.

A kernel reads ``(N, k)`` C-contiguous rows of ``uint8`` or ``int64`` (NumPy's
default integer, read where it lies rather than copied) through four helpers,
each compiled for the row type it is given, so the ``uint8`` kernels hold none
of the ``int64`` work:

- :func:`card_at` is card ``j`` of row ``i`` as an index into the 256-entry
  per-card tables.  From ``int64`` rows it loads the value's low byte alone:
  one byte load a card, as from ``uint8`` rows, where clamping the whole value
  took a compare and a select more.
- :func:`row_block` is the number of rows read between two checks: all of
  them for ``uint8`` rows, :data:`WIDE_BLOCK` for ``int64`` rows.
- :func:`with_wide_rows` checks a block of ``int64`` rows once it is read, by
  one vectorised OR over the block while it is still in cache (a call out of the
  row loop): a row holding a value outside 0..255 (whose low byte may well be a
  card) counts as a bad row, so the kernel reports it and the caller names the
  value.
- :func:`ask_ahead` asks the memory for the ``int64`` row :data:`AHEAD_BYTES`
  past the one being read.  Eight bytes a card are more than the processor's
  own prefetching keeps up with beside the kernels' table lookups: on rows
  read from memory rather than cache this halved the time of 7-card high.
"""

from __future__ import annotations

import sys
from typing import Any, Final

import numpy as np
from llvmlite import ir  # type: ignore[import-untyped]
from numba.core import cgutils
from numba.extending import intrinsic, overload

from pokerbook.evaluation.compiled import numba

#: rows of ``int64`` read between two checks of their values (a few KiB, in cache)
WIDE_BLOCK: Final = 256
#: how far past the row being read :func:`ask_ahead` asks for (16 KiB)
AHEAD_BYTES: Final = 1 << 14
#: the byte of an int64 that holds its low eight bits
LOW_BYTE: Final = 0 if sys.byteorder == "little" else 7
#: llvm.prefetch's locality hint: 2 keeps the line in the outer caches
_LOCALITY: Final = 2

_types = numba.types


def _low_byte(typingctx: Any, cards: Any, i: Any, j: Any) -> Any:
    """The low byte of ``cards[i, j]`` (an int64 array), loaded alone, as uint64."""
    sig = _types.uint64(cards, i, j)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        aryty = signature.args[0]
        ary = context.make_array(aryty)(context, builder, args[0])
        index = [
            context.cast(builder, value, kind, _types.intp)
            for value, kind in zip(args[1:], signature.args[1:], strict=True)
        ]
        get = cgutils.get_item_pointer
        item = get(context, builder, aryty, ary, index, wraparound=False)  # type: ignore[no-untyped-call]
        byte = builder.gep(
            builder.bitcast(item, ir.IntType(8).as_pointer()),
            [ir.Constant(ir.IntType(64), LOW_BYTE)],
        )
        return builder.zext(builder.load(byte), ir.IntType(64))

    return sig, codegen


def _prefetch(typingctx: Any, cards: Any, flat: Any) -> Any:
    """Ask for the cache line of item ``flat`` of ``cards`` (counted in row order)."""
    sig = _types.void(cards, flat)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        ary = context.make_array(signature.args[0])(context, builder, args[0])
        offset = context.cast(builder, args[1], signature.args[1], _types.intp)
        address = builder.bitcast(builder.gep(ary.data, [offset]), ir.IntType(8).as_pointer())
        i32 = ir.IntType(32)
        fnty = ir.FunctionType(ir.VoidType(), [address.type, i32, i32, i32])
        fn = builder.module.declare_intrinsic("llvm.prefetch", [address.type], fnty)
        # read (0), locality, data cache (1)
        builder.call(
            fn, [address, ir.Constant(i32, 0), ir.Constant(i32, _LOCALITY), ir.Constant(i32, 1)]
        )
        return context.get_dummy_value()

    return sig, codegen


low_byte: Any = intrinsic(_low_byte)
prefetch: Any = intrinsic(_prefetch)


def _is_bytes(cards: Any) -> bool:
    return bool(cards.dtype == _types.uint8)


def card_at(cards: Any, i: Any, j: Any) -> int:
    """Card ``j`` of row ``i`` as a safe index into the 256-entry tables (compiled only)."""
    raise NotImplementedError  # pragma: no cover - replaced by the overload when compiled


@overload(card_at, inline="always")
def _card_at(cards: Any, i: Any, j: Any) -> Any:
    if _is_bytes(cards):

        def byte(cards: Any, i: Any, j: Any) -> Any:
            return np.uint64(cards[i, j])

        return byte

    def wide(cards: Any, i: Any, j: Any) -> Any:
        return low_byte(cards, i, j)

    return wide


def row_block(cards: Any) -> int:
    """Rows read between two calls of :func:`with_wide_rows` (compiled only)."""
    raise NotImplementedError  # pragma: no cover


@overload(row_block, inline="always")
def _row_block(cards: Any) -> Any:
    if _is_bytes(cards):

        def every(cards: Any) -> Any:
            return max(cards.shape[0], 1)

        return every

    def block(cards: Any) -> Any:
        return WIDE_BLOCK

    return block


def with_wide_rows(cards: Any, first: int, end: int, bad: int) -> int:
    """``bad``, the first bad row found so far (or -1), made the first row of
    ``first..end-1`` with a value outside 0..255 if there is one before it
    (compiled only)."""
    raise NotImplementedError  # pragma: no cover


@numba.njit(cache=True, boundscheck=False)
def _first_wide_row(cards: Any, first: int, end: int, bad: int) -> int:
    """:func:`with_wide_rows` for ``int64`` rows, kept out of the kernels' row loops:
    inlined, it cost 7-card high about 1 ns a row where the rows sit in cache."""
    flat = cards.reshape(-1)
    m = cards.shape[1]
    bits = np.uint64(0)
    for x in range(np.uint64(first * m), np.uint64(end * m)):
        bits |= np.uint64(flat[x])
    if bits >> np.uint64(8) == 0:
        return bad
    for i in range(first, end if bad < 0 else min(end, bad)):
        for j in range(m):
            if np.uint64(cards[i, j]) >> np.uint64(8):
                return i
    return bad


@overload(with_wide_rows, inline="always")
def _with_wide_rows(cards: Any, first: Any, end: Any, bad: Any) -> Any:
    if _is_bytes(cards):

        def unchanged(cards: Any, first: Any, end: Any, bad: Any) -> Any:
            return bad

        return unchanged

    def check(cards: Any, first: Any, end: Any, bad: Any) -> Any:
        return _first_wide_row(cards, first, end, bad)

    return check


def ask_ahead(cards: Any, i: Any) -> None:
    """Ask for the row :data:`AHEAD_BYTES` past row ``i`` (compiled only)."""
    raise NotImplementedError  # pragma: no cover


@overload(ask_ahead, inline="always")
def _ask_ahead(cards: Any, i: Any) -> Any:
    if _is_bytes(cards):

        def nothing(cards: Any, i: Any) -> Any:
            return None

        return nothing
    ahead = AHEAD_BYTES // 8

    def ask(cards: Any, i: Any) -> Any:
        # Not clamped to the array: a prefetch past its end is harmless (it never
        # faults), where clamping cost about 1 ns a row on rows in cache.
        prefetch(cards, np.uint64(i) * np.uint64(cards.shape[1]) + np.uint64(ahead))

    return ask
