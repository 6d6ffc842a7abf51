"""Open Tournament Summary (OTS, ts-specs.handhistory.org, spec 1.1.5): one JSON object
``{"ots": {...}}`` a file (``.ots``), the event as one player saw it: what the entry
cost, the prize pool, every player's place and prize (docs/phh.md, "Open Tournament
Summary").

:func:`summary_input` checks a tournament report's JSON (``pokerbook tournament
simulate --report``) and :func:`ots_object` makes a player's summary of it.  The event
has no calendar date: it starts at 2000-01-01T00:00:00Z (the exports' date for a hand
without one) and ends as many minutes later as its simulated clock ran.  The
tournament number is made from what makes the event (:func:`tournament_number`), so
the same event gives the same number every time and a tracker does not import it
twice.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterator, Mapping
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from pokerbook import __version__

SPEC_VERSION = "1.1.5"
#: the simulated clock's zero
EVENT_START = datetime(2000, 1, 1, tzinfo=UTC)
#: the event record's keys a summary reads
_EVENT_KEYS = (
    "name", "currency", "buy_in", "fee", "bounty", "starting_chips", "table_size",
    "level_seconds", "minutes", "rebuy_price", "add_on_price", "re_entries", "shootout",
    "jam_or_fold", "policy", "structure_digest",
)  # fmt: skip
_NOT_ASCII_NAME = re.compile(r"[^A-Za-z0-9._-]+")


class SummaryError(ValueError):
    """A report a summary cannot be made from, or a player it does not hold."""


def summary_input(data: object, source: str = "the report") -> dict[str, Any]:
    """``data`` checked as a tournament report with its event record (raises
    :class:`SummaryError` naming what is missing or wrong)."""
    if not isinstance(data, dict) or not isinstance(data.get("places"), list):
        raise SummaryError(f"{source} is not a tournament report (no 'places')")
    for key in ("structure", "seed", "entrants", "entries", "hands", "pool", "bounty_money"):
        if key not in data:
            raise SummaryError(f"{source} is not a tournament report (no {key!r})")
    event = data.get("event")
    if not isinstance(event, dict):
        raise SummaryError(
            f"{source} has no event record: write the report with "
            "`pokerbook tournament simulate --report FILE`"
        )
    missing = [key for key in _EVENT_KEYS if key not in event]
    if missing:
        raise SummaryError(f"{source}'s event record lacks {', '.join(missing)}")
    places = data["places"]
    for record in places:
        if not isinstance(record, dict) or not {"player", "place", "prize"} <= set(record):
            raise SummaryError(f"{source} has a place without player, place and prize")
    if sorted(p["place"] for p in places) != list(range(1, len(places) + 1)):
        raise SummaryError(f"{source}'s places are not 1 to {len(places)}")
    return data


def tournament_number(report: Mapping[str, Any]) -> str:
    """Twelve digits from SHA-256 of what makes the event: its structure (key and
    digest), seed, field and the bots' policy, with the prices and chips of its event
    record (everything but the clock's end), so the same event always gets the same
    number, known before its first hand is dealt."""
    event = {k: v for k, v in (report.get("event") or {}).items() if k != "minutes"}
    content = {
        "structure": report.get("structure"),
        "seed": report.get("seed"),
        "entrants": report.get("entrants"),
        "event": event,
    }
    text = json.dumps(content, sort_keys=True, separators=(",", ":"))
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    return str(100_000_000_000 + int(digest[:15], 16) % 900_000_000_000)


def players(report: Mapping[str, Any]) -> list[str]:
    """The players in place order, the winner first."""
    return [p["player"] for p in sorted(report["places"], key=lambda p: p["place"])]


def _moment(minutes: float) -> str:
    """The time ``minutes`` after the simulated clock's zero, to the nearest second."""
    return (EVENT_START + timedelta(seconds=round(minutes * 60))).strftime("%Y-%m-%dT%H:%M:%SZ")


def _flags(event: Mapping[str, Any]) -> list[str]:
    """The specification's flags for the formats the event has."""
    flags = []
    if event["bounty"]:
        flags.append("Bounty")
    if event["shootout"]:
        flags.append("Shootout")
    if event["rebuy_price"] is not None:
        flags.append("Rebuy")
    if event["re_entries"]:
        flags.append("Re-Entry")
    if event["jam_or_fold"]:
        flags.append("Push_Or_Fold")
    return flags


def _rebuys(report: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Each player's rebuys (re-entries counted as rebuys, as the specification
    says) and add-ons, in place order; players with neither left out."""
    counts: dict[str, list[int]] = {}
    for change in report.get("chip_changes") or []:
        kind = change.get("kind")
        if kind in ("rebuy", "re-entry", "add-on"):
            count = counts.setdefault(str(change.get("player")), [0, 0])
            count[kind == "add-on"] += 1
    return [
        {"player_name": name, "rebuys": counts[name][0], "addons": counts[name][1]}
        for name in players(report)
        if name in counts
    ]


def ots_object(report: Mapping[str, Any], player: str) -> dict[str, Any]:
    """``player``'s summary of the event ``report`` (checked by
    :func:`summary_input`) as an OTS object; :class:`SummaryError` for a player the
    event does not have."""
    names = players(report)
    if player not in names:
        shown = ", ".join(names[:8]) + (" ..." if len(names) > 8 else "")
        raise SummaryError(f"no player {player!r} in the event; players: {shown}")
    event = report["event"]
    places = sorted(report["places"], key=lambda p: p["place"])
    body: dict[str, Any] = {
        "spec_version": SPEC_VERSION,
        "site_name": "pokerbook",
        "network_name": "pokerbook",
        "internal_version": __version__,
        "tournament_number": tournament_number(report),
        "tournament_name": event["name"],
        "start_date_utc": _moment(0),
        "end_date_utc": _moment(float(event["minutes"])),
        "currency": event["currency"],
        "buyin_amount": event["buy_in"],
        "fee_amount": event["fee"],
        "bounty_fee_amount": event["bounty"],
    }
    if event["bounty"]:
        body["bounty_value_amount"] = event["bounty"]
    table_size = int(event["table_size"])
    body.update(
        {
            "initial_stack": event["starting_chips"],
            "type": "STT" if int(report["entrants"]) <= table_size else "MTT",
            "flags": _flags(event),
            "speed": {"type": "Normal", "round_time": event["level_seconds"]},
            "prize_pool": int(report["pool"]) + int(report["bounty_money"]),
            "hero_player_name": player,
            "player_count": len(places),
            "tournament_finishes_and_winnings": [
                {
                    "player_name": p["player"],
                    "finish_position": p["place"],
                    "still_playing": False,
                    "prize": p["prize"] + p.get("bounties", 0),
                    "ticket_value": 0,
                }
                for p in places
            ],
        }
    )
    if event["rebuy_price"] is not None:
        body["rebuy_cost"] = event["rebuy_price"]
    elif event["re_entries"]:
        body["rebuy_cost"] = event["buy_in"] + event["fee"] + event["bounty"]
    if event["add_on_price"] is not None:
        body["addon_cost"] = event["add_on_price"]
    rebuys = _rebuys(report)
    if rebuys:
        body["tournament_rebuys"] = rebuys
    return {"ots": body}


def ots_text(summary: Mapping[str, Any], *, indent: int | None = None) -> str:
    """A summary as JSON text: one line, or indented by ``indent`` spaces."""
    return json.dumps(summary, indent=indent, ensure_ascii=False)


def file_name(number: str, player: str) -> str:
    """``NUMBER-PLAYER.ots``, ASCII only (the specification's rule for file names)."""
    safe = _NOT_ASCII_NAME.sub("_", player).strip("_") or "player"
    return f"{number}-{safe}.ots"


def summaries(report: Mapping[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every player's summary, in place order: (player, OTS object)."""
    for name in players(report):
        yield name, ots_object(report, name)


def write_summaries(
    report: Mapping[str, Any],
    target: Path,
    player: str | None = None,
    *,
    indent: int | None = None,
) -> list[Path]:
    """Write ``player``'s summary to the file ``target`` (a folder: into it under its
    :func:`file_name`), or every player's into the folder ``target`` (made if need
    be), one file each; return the files written."""
    number = tournament_number(report)
    if player is not None:
        summary = ots_object(report, player)
        path = target / file_name(number, player) if target.is_dir() else target
        path.write_text(ots_text(summary, indent=indent) + "\n", encoding="utf-8")
        return [path]
    if target.suffix.lower() == ".ots" or target.is_file():
        raise SummaryError(
            f"{target} is a file: every player's summary goes to a folder "
            "(or name one player for a single file)"
        )
    target.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    used: set[str] = set()
    for name, summary in summaries(report):
        base = file_name(number, name)
        while base.lower() in used:  # two names made the same by the ASCII rule
            base = base[: -len(".ots")] + "_.ots"
        used.add(base.lower())
        path = target / base
        path.write_text(ots_text(summary, indent=indent) + "\n", encoding="utf-8")
        written.append(path)
    return written
