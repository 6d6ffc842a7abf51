"""Shootout table sizes (000 §1.3.3, E-36): each table plays down to its winner (or its
last two), and the winners of a round fill the next round's tables.

A *full* shootout has tables whose winners fill the next round: with ``size`` seats a
table and ``advance`` players going on from each, the final is one table and each round
before a round of ``t`` tables has ``t * size // advance`` tables (six-max, one
advancing: 1, 6, 36, 216 ... tables, the powers of 6; nine-max: 1, 9, 81 ...; nine-max,
two advancing: 1, 4, 18, 81 ..., the final then seating 8).

The first round's tables, for ``entrants`` players:

* the fewest tables that seat them, ``ceil(entrants / size)``, unless
* a full count of tables is at least that and seats them with every table at most one
  player short (000 §1.3.3: "six of the nine tables would start with one fewer
  player"): then that count, so every later round is full.

Within a round the players are spread as evenly as they go, the bigger tables first
(75 nine-max: three of 9, then six of 8).  Every later round seats the players advancing
at the fewest tables, evenly, until a round has one table: the final, played to a
winner.
"""

from __future__ import annotations

import math


class ShootoutError(ValueError):
    """A shootout that cannot be seated or cannot finish."""


def _check(entrants: int, table_size: int, advance: int) -> None:
    if advance not in (1, 2):
        raise ShootoutError(f"one or two players advance from a table, not {advance}")
    if table_size < advance + 2:
        raise ShootoutError(
            f"tables of {table_size} are too small for {advance} advancing from each"
        )
    if entrants < 2:
        raise ShootoutError(f"a shootout needs two or more entrants, not {entrants}")


def full_table_counts(table_size: int, advance: int, most: int) -> list[int]:
    """The first-round table counts, up to ``most``, whose winners fill every later
    round: 1, then each count's seats divided by ``advance``, rounded down."""
    counts = [1]
    while counts[-1] * table_size // advance <= most:
        counts.append(counts[-1] * table_size // advance)
    return counts


def spread(players: int, tables: int) -> list[int]:
    """``players`` over ``tables`` as evenly as they go, the bigger tables first."""
    base, extra = divmod(players, tables)
    return [base + 1] * extra + [base] * (tables - extra)


def first_round_tables(entrants: int, table_size: int, advance: int = 1) -> int:
    """How many tables the first round uses (the module's rule)."""
    _check(entrants, table_size, advance)
    fewest = math.ceil(entrants / table_size)
    for count in full_table_counts(table_size, advance, fewest * table_size):
        if count >= fewest and entrants >= count * (table_size - 1):
            return count
    return fewest


def shootout_tables(entrants: int, table_size: int, advance: int = 1) -> list[int]:
    """E-36: the players at each first-round table, table 1 first (216 six-max: 36
    tables of 6; 75 nine-max: three of 9 and six of 8)."""
    return spread(entrants, first_round_tables(entrants, table_size, advance))


def shootout_rounds(entrants: int, table_size: int, advance: int = 1) -> list[list[int]]:
    """Every round's table sizes, the first round first and the final (one table)
    last.  A table of ``advance`` players or fewer sends them all on."""
    rounds = [shootout_tables(entrants, table_size, advance)]
    while len(rounds[-1]) > 1:
        players = sum(min(advance, seated) for seated in rounds[-1])
        if players >= sum(rounds[-1]):
            raise ShootoutError(f"a round of {rounds[-1]} sends everyone on: no end")
        rounds.append(spread(players, math.ceil(players / table_size)))
    return rounds
