"""What a tournament summary needs to know of an event beyond its record of play: the
entry's price and parts, the chips, the clock, the formats (docs/tournaments.md, "The
report"; docs/phh.md, "Open Tournament Summary").

:func:`run_event` plays an event as :func:`~pokerbook.tournament.director.run_tournament`
does and adds this record to its report (``report.event``), so a saved report holds
everything a summary says.
"""

from __future__ import annotations

import hashlib
from typing import TextIO, TypedDict

from pokerbook.history.export_ots import tournament_number
from pokerbook.tournament.director import Director, Progress
from pokerbook.tournament.report import TournamentReport
from pokerbook.tournament.structure import Structure
from pokerbook.tournament.summary_hands import CURRENCY, HandWriter


class EventRecord(TypedDict):
    """The report's ``event``: the structure's name and prices, the starting stack, the
    seats a table, the first level's length, the simulated clock at the end and the
    formats a summary flags."""

    name: str
    currency: str
    #: money to the prize pool per entry, the house's fee, the bounty bought with it
    buy_in: int
    fee: int
    bounty: int
    starting_chips: int
    table_size: int
    #: the first level's length on the clock, in whole seconds
    level_seconds: int
    #: minutes on the simulated clock from the first deal to the end
    minutes: float
    #: a rebuy's and an add-on's price (None: the structure has none)
    rebuy_price: int | None
    add_on_price: int | None
    #: re-entries allowed to each player
    re_entries: int
    shootout: bool
    jam_or_fold: bool
    #: how the bots played, and 16 hex digits of SHA-256 of the whole structure: with
    #: the key, seed and field they make the tournament number
    policy: str
    structure_digest: str


def event_record(
    structure: Structure, entrants: int, minutes: float, policy: str = "random"
) -> EventRecord:
    """The record of an event of ``structure`` for ``entrants``, played by ``policy``
    bots, that ended ``minutes`` into its clock."""
    first = structure.levels[0]
    digest = hashlib.sha256(repr(structure).encode("utf-8")).hexdigest()[:16]
    return {
        "name": structure.name,
        "currency": CURRENCY,
        "buy_in": structure.buy_in,
        "fee": structure.fee,
        "bounty": structure.bounty,
        "starting_chips": structure.starting_stack(entrants),
        "table_size": structure.table_size,
        "level_seconds": round(structure.level_minutes(first) * 60),
        "minutes": round(minutes, 3),
        "rebuy_price": structure.rebuys.price if structure.rebuys else None,
        "add_on_price": structure.add_on.price if structure.add_on else None,
        "re_entries": structure.re_entries,
        "shootout": structure.shootout is not None,
        "jam_or_fold": structure.jam_or_fold,
        "policy": policy,
        "structure_digest": digest,
    }


def run_event(
    structure: Structure,
    players: int,
    seed: int,
    *,
    policy: str = "random",
    check: bool = False,
    progress: Progress | None = None,
    phh: TextIO | None = None,
) -> TournamentReport:
    """Play the event (:func:`~pokerbook.tournament.director.run_tournament`'s
    arguments) and return its report with its :class:`EventRecord`; with ``phh``,
    write every hand to it as a ``.phhs`` stream
    (:class:`~pokerbook.tournament.summary_hands.HandWriter`), under the tournament
    number its summaries will have."""
    director: Director
    if phh is None:
        director = Director(structure, players, seed, policy=policy, check=check, progress=progress)
    else:
        writer = HandWriter(
            structure, players, seed, phh, policy=policy, check=check, progress=progress
        )
        identity = {
            "structure": structure.key,
            "seed": seed,
            "entrants": players,
            "event": event_record(structure, players, 0.0, policy),
        }
        writer.number = tournament_number(identity)
        director = writer
    report = director.run()
    report.event = dict(event_record(structure, players, director.now / 60, policy))
    return report
