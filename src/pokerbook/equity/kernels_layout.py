"""The layout the equity kernels and their planner share: the columns of a share's
``info`` row and of an accumulator row, the ways a share is valued, and the fixed
accumulator rows.  Plain numbers, so planning a spot needs no compiler: the kernels
(:mod:`pokerbook.equity.kernels`) read them as constants when compiled."""

from __future__ import annotations

#: columns of ``info`` (one row per share)
MODE, FLUSH, THRESHOLD, PAIR_START, PAIR_END = range(5)
INFO_COLUMNS = 5
POOL, SPLIT = 0, 1
NO_FLUSH, FLUSH_GOOD, FLUSH_EXACT = 0, 1, 2
#: columns of an accumulator row
EQUITY, EQUITY_SQ, FIRST, SECOND, SCOOP = range(5)
SUMS = 5
#: what happens when no share has a qualifying hand
UNQUALIFIED_SPLIT, UNQUALIFIED_FIRST_SHARE = 0, 1
#: accumulator rows: a deal goes to a fixed row whatever the number of threads,
#: so sums come out the same on any machine
CHUNKS = 64
#: the key and bit of the card index past the deck (a board card not dealt)
NO_CARD = 52
