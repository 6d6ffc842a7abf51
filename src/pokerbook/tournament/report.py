"""A simulated tournament's report: JSON-ready records of everything the director did.

The schema (``REPORT_VERSION`` 1), keys in this order::

    {
      "version": 1,
      "structure": "nlhe",              # the structure's key
      "seed": 7,
      "entrants": 1000,                 # players (places run 1 .. entrants)
      "entries": 1000,                  # buy-ins, re-entries included
      "hands": 20512,                   # hands finished at all tables
      "pool": 1000000,                  # the prize pool: buy-ins, rebuys, add-ons
      "bounty_money": 0,                # the bounties bought (paid out in "bounties")
      "places": [{"player": "p412", "place": 1, "prize": 250000, "bounties": 0}, ...],
      "moves": [{"hand": 31, "player": "p9", "from": [4, 2], "to": [1, 7],
                 "reason": "balance"}, ...],          # "balance", "break" or "redraw"
      "table_sizes": [{"after_hand": 0, "sizes": [9, 9, ...]}, ...],
      "chips": [{"after_hand": 0, "total": 10000000}, ...],
      "levels": [{"level": 1, "minute": 0.0, "after_hand": 0}, ...],
      "chip_races": [{"after_hand": 900, "level": 6, "table": 3, "removed": 25,
                      "denomination": 100, "before": [...], "after": [...],
                      "cards": [["As", "7d"], ...], "change": 100}, ...],
      "chip_changes": [{"after_hand": 0, "player": "p1", "kind": "entry",
                        "chips": 10000}, ...],
      "side_game": null,                # or {"minute", "after_hand", "players", "joined", ...}
      "hand_for_hand": [{"after_hand": 1480, "tables": 2, "players": 15}, ...],  # each round
      "deal": null,                     # or the deal that ended the event
      "event": {"name": "No-Limit Hold'em Freezeout", "currency": "USD", "buy_in": 100,
                "fee": 10, "bounty": 0, "starting_chips": 20000, "table_size": 9,
                "level_seconds": 1200, "minutes": 1234.5, "rebuy_price": null,
                "add_on_price": null, "re_entries": 0, "shootout": false,
                "jam_or_fold": false, "policy": "random",
                "structure_digest": "5f0c..."},  # only when known (summary_event)
      "seconds": 12.3                   # wall time of the run
    }

``after_hand`` (and a move's ``hand``) counts the hands finished at all tables when the
thing happened.  ``table_sizes`` gets an entry once the director has finished with a
hand that changed any table (busts, moves, broken or new tables, arrivals), with the
players at each open table in table-number order; ``chips`` has one entry for each,
the chips in play then (every stack at every table).  The chips change only by the
``chip_races``' ``change`` and the ``chip_changes`` (entries, re-entries, rebuys,
add-ons, lammers turned in, absent entrants' chips removed), so each ``chips`` total
is the first one plus those with ``after_hand`` up to its own.  ``event`` is what a
tournament summary needs beyond the play (:mod:`pokerbook.tournament.summary_event`):
the structure's name and prices, the starting stack and the simulated clock at the end;
a report made without it has no ``event`` key.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypedDict

REPORT_VERSION = 1


class PlaceRecord(TypedDict):
    """Where an entrant finished: prize money and bounty money won."""

    player: str
    place: int
    prize: int
    bounties: int


#: a player moved: ``from`` and ``to`` are [table, seat], both from 1
MoveRecord = TypedDict(
    "MoveRecord", {"hand": int, "player": str, "from": list[int], "to": list[int], "reason": str}
)


class SizesRecord(TypedDict):
    """The players at each open table after a change."""

    after_hand: int
    sizes: list[int]


class ChipsRecord(TypedDict):
    """The chips in play after a change."""

    after_hand: int
    total: int


class LevelRecord(TypedDict):
    """A level as it started: its scheduled minute and the hands finished by its
    first deal."""

    level: int
    minute: float
    after_hand: int


class RaceRecord(TypedDict):
    """One table's chip race (001 Tournaments r.8)."""

    after_hand: int
    level: int
    table: int
    removed: int
    denomination: int
    before: list[int]
    after: list[int]
    cards: list[list[str]]
    change: int


class ChipChangeRecord(TypedDict):
    """Chips put into play or taken out of it, other than by a chip race."""

    after_hand: int
    player: str
    kind: str
    chips: int


@dataclass
class TournamentReport:
    """Everything a simulated event did (see the module's schema)."""

    structure: str
    seed: int
    entrants: int
    entries: int = 0
    hands: int = 0
    pool: int = 0
    bounty_money: int = 0
    places: list[PlaceRecord] = field(default_factory=list)
    moves: list[MoveRecord] = field(default_factory=list)
    table_sizes: list[SizesRecord] = field(default_factory=list)
    chips: list[ChipsRecord] = field(default_factory=list)
    levels: list[LevelRecord] = field(default_factory=list)
    chip_races: list[RaceRecord] = field(default_factory=list)
    chip_changes: list[ChipChangeRecord] = field(default_factory=list)
    side_game: dict[str, Any] | None = None
    hand_for_hand: list[dict[str, int]] = field(default_factory=list)
    #: the deal that ended the event (Structure.deal), or None
    deal: dict[str, Any] | None = None
    #: what a tournament summary needs beyond the play (summary_event.EventRecord)
    event: dict[str, Any] | None = None
    seconds: float = 0.0

    @property
    def winner(self) -> str:
        """The player in first place."""
        return next(p["player"] for p in self.places if p["place"] == 1)

    @property
    def tables(self) -> int:
        """The most tables open at once."""
        return max((len(s["sizes"]) for s in self.table_sizes), default=0)

    def to_json(self) -> dict[str, Any]:
        """The report as JSON-ready data, keys in the schema's order (``event`` only
        when known)."""
        data: dict[str, Any] = {
            "version": REPORT_VERSION,
            "structure": self.structure,
            "seed": self.seed,
            "entrants": self.entrants,
            "entries": self.entries,
            "hands": self.hands,
            "pool": self.pool,
            "bounty_money": self.bounty_money,
            "places": self.places,
            "moves": self.moves,
            "table_sizes": self.table_sizes,
            "chips": self.chips,
            "levels": self.levels,
            "chip_races": self.chip_races,
            "chip_changes": self.chip_changes,
            "side_game": self.side_game,
            "hand_for_hand": self.hand_for_hand,
            "deal": self.deal,
        }
        if self.event is not None:
            data["event"] = self.event
        data["seconds"] = round(self.seconds, 3)
        return data

    def summary(self) -> list[str]:
        """A few lines for a person: the winner, hands, tables, moves, races, time."""
        return [
            f"winner: {self.winner} of {self.entrants} entrants "
            f"({self.entries} entries, prize pool {self.pool})",
            f"hands: {self.hands} at up to {self.tables} tables",
            f"moves: {len(self.moves)}, chip races: {len(self.chip_races)}, "
            f"levels reached: {len(self.levels)}",
            f"time: {self.seconds:.2f} s ({self.hands / max(self.seconds, 1e-9):.0f} hands/s)",
        ]


def write_report(report: TournamentReport, path: Path | str) -> None:
    """Write the report's JSON to ``path`` atomically: a reader sees the old file or
    the whole new one, never a part."""
    target = Path(path)
    text = json.dumps(report.to_json(), separators=(",", ":"))
    handle, temporary = tempfile.mkstemp(
        dir=target.parent or Path("."), prefix=f".{target.name}.", suffix=".tmp"
    )
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
