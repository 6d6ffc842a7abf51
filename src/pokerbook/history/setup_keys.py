"""The PHH key of each of a hand's table agreements (:class:`HandSetup`).

One row per :data:`pokerbook.engine.setup.FIELDS` name: the key a ``.phh``
file records it under and how its value is written.  The reader
(:mod:`pokerbook.history.reader`) and the writer
(:mod:`pokerbook.history.writer`) go through this table, so a new field of
:class:`HandSetup` is one row here (and a line in docs/phh.md).

How a value is written (``kind``):

* ``STAKES``: a standard PHH list (``antes``, ``blinds_or_straddles``), read
  and written with the stakes;
* ``AMOUNT``: one amount in the file's units (``_carried_in = 12``);
* ``AMOUNTS``: one amount per player, in the order of ``antes`` (heads-up the
  standard lists the button's amount first);
* ``PLAYER``: one player, 1 for ``p1`` ...;
* ``PLAYERS``: players in order (``_straddles = [3, 4]``), none twice;
* ``PLAYER_SET``: players in any order, written sorted (``_overs = [1, 3]``);
* ``FLAG``: ``true`` when the table agreed (``_run_twice = true``: the players
  agreed to run it twice; the second run's board cards follow the first run's
  as ``d db`` lines, see docs/phh.md).

Every field but the ``STAKES`` ones is written only when it is set (not its
default, and for amounts not all zero).
"""

from __future__ import annotations

from typing import Final, NamedTuple

STAKES: Final = "stakes"
AMOUNT: Final = "amount"
AMOUNTS: Final = "amounts"
PLAYER: Final = "player"
PLAYERS: Final = "players"
PLAYER_SET: Final = "player set"
FLAG: Final = "flag"


class SetupKey(NamedTuple):
    """A :class:`HandSetup` field, the PHH key it is recorded under, and how."""

    field: str
    key: str
    kind: str


#: every field of :class:`HandSetup`, in its order
SETUP_KEYS: Final = (
    SetupKey("blinds", "blinds_or_straddles", STAKES),
    SetupKey("antes", "antes", STAKES),
    SetupKey("dead_blinds", "_dead_blinds", AMOUNTS),
    SetupKey("carried_in", "_carried_in", AMOUNT),
    SetupKey("first_to_act", "_first_to_act", PLAYER),
    SetupKey("last_to_act", "_last_to_act", PLAYER),
    SetupKey("kill", "_kill", PLAYER),
    SetupKey("straddles", "_straddles", PLAYERS),
    SetupKey("bomb_pot", "_bomb_pot", AMOUNT),
    SetupKey("run_twice", "_run_twice", FLAG),
    SetupKey("overs", "_overs", PLAYER_SET),
)

#: the rows pokerbook records in fields of its own (names beginning with ``_``)
OWN_SETUP_KEYS: Final = tuple(row for row in SETUP_KEYS if row.key.startswith("_"))
