"""Open Hand History (OHH, hh-specs.handhistory.org, spec 1.4.6): one JSON object
``{"ohh": {...}}`` per hand, hands separated by a blank line (docs/phh.md, "Exports").

:func:`ohh_object` turns an :class:`~pokerbook.history.export_model.ExportHand` into
that object: the table, stakes and players; one round per street, each with its
actions (posts, dealt cards, bets; a ``Raise`` amount is the chips it adds, as the
specification says); a ``Showdown`` round with the cards shown; and the pots with
each winner's share.  A board run twice has two ``Flop`` (``Turn``, ``River``)
rounds, in the order they were dealt.  The specification names only the hold'em
streets, so stud rounds are ``Third Street`` ... ``Seventh Street`` and draw rounds
``Predraw``, ``First Draw`` ...; it has no discard action, so a draw is the
``Dealt Cards`` of the new cards (as many as were thrown).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from datetime import datetime
from decimal import Decimal
from typing import Any
from zoneinfo import ZoneInfo

from pokerbook import __version__
from pokerbook.history.export_model import Act, ExportHand, Street
from pokerbook.history.export_names import ohh_game_type

SPEC_VERSION = "1.4.6"
_STUD = ("Third Street", "Fourth Street", "Fifth Street", "Sixth Street", "Seventh Street")
_DRAW = ("First Draw", "Second Draw", "Third Draw")
_POSTS = {
    "ante": "Post Ante",
    "small blind": "Post SB",
    "big blind": "Post BB",
    "straddle": "Straddle",
    "blind": "Post Extra Blind",
}
_BETS = {
    "fold": "Fold",
    "check": "Check",
    "call": "Call",
    "bet": "Bet",
    "raise": "Raise",
    "complete": "Raise",
    "bring-in": "Bet",
}
_ZONES = {"ET": "America/New_York", "EST": "America/New_York", "EDT": "America/New_York"}


def _number(value: Decimal) -> int | float:
    return int(value) if value == value.to_integral_value() else float(value)


def _start(hand: ExportHand) -> str:
    """The start in UTC, ISO 8601 (a time in a known zone converted)."""
    moment = datetime(*hand.date)
    zone = _ZONES.get(hand.time_zone)
    if zone is not None:
        moment = moment.replace(tzinfo=ZoneInfo(zone)).astimezone(ZoneInfo("UTC"))
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def _flags(hand: ExportHand) -> list[str]:
    flags = []
    if hand.run_twice:
        flags.append("Run_It_Twice")
    if hand.bomb_pot:
        flags.append("Bomb_Pot")
    if hand.observed:
        flags.append("Observed")
    return flags


def _street_name(street: Street) -> str:
    if street.kind == "preflop":
        return "Preflop"
    if street.kind == "stud":
        return _STUD[min(street.index, len(_STUD)) - 1]
    if street.kind == "deal":
        return "Predraw"
    if street.kind == "draw":
        return _DRAW[min(street.index, len(_DRAW)) - 1]
    return street.kind.title()


class _Builder:
    def __init__(self, hand: ExportHand) -> None:
        self.hand = hand
        self.number = 0

    def money(self, amount: int) -> int | float:
        return _number(self.hand.money(amount))

    def action(self, act: Act, name: str, **extra: Any) -> dict[str, Any]:
        out: dict[str, Any] = {
            "action_number": self.number,
            "player_id": act.seat,
            "action": name,
        }
        self.number += 1
        out.update(extra)
        return out

    def round(self, street: Street, index: int) -> dict[str, Any]:
        actions: list[dict[str, Any]] = []
        if index == 0:
            for post in self.hand.posts:
                actions.append(
                    self.action(
                        post,
                        _POSTS[post.kind],
                        amount=self.money(post.added),
                        is_allin=post.all_in,
                    )
                )
        for deal in street.dealt:
            if deal.all_known and self.hand.sees(deal.seat):
                cards = [str(c) for c in deal.cards]
            else:  # what the table saw: the known cards dealt face up
                seen = zip(deal.cards, deal.up, deal.known, strict=True)
                cards = [str(c) for c, up, known in seen if up and known]
            if cards:
                actions.append(self.action(Act(deal.seat, "dealt"), "Dealt Cards", cards=cards))
        for act in street.acts:
            if act.kind == "uncalled":
                continue  # the pots hold what was called: OHH has no return action
            if act.kind == "draw":
                # the new cards (none: the player stands pat); cards nobody saw are
                # left out, as OHH has no way to write them
                shown = act.cards and self.hand.sees(act.seat)
                drawn = {"cards": [str(c) for c in act.cards]} if shown or not act.count else {}
                actions.append(self.action(act, "Dealt Cards", **drawn))
                continue
            extra: dict[str, Any] = {}
            if act.added:
                extra["amount"] = self.money(act.added)
            extra["is_allin"] = act.all_in
            actions.append(self.action(act, _BETS[act.kind], **extra))
        out: dict[str, Any] = {"id": index, "street": _street_name(street)}
        if street.board:
            out["cards"] = [str(c) for c in street.board]
        out["actions"] = actions
        return out

    def showdown(self, index: int) -> dict[str, Any]:
        actions = []
        for act in self.hand.showdown:
            if act.kind == "show" and act.cards:
                cards = [str(c) for c in act.cards]
                actions.append(self.action(act, "Shows Cards", cards=cards))
            else:
                actions.append(self.action(act, "Mucks Cards"))
        return {"id": index, "street": "Showdown", "actions": actions}

    def pots(self) -> list[dict[str, Any]]:
        out = []
        for pot, amount in self.hand.pots.items():
            wins: dict[int, int] = {}
            for award in self.hand.awards:
                if award.pot == pot:
                    wins[award.seat] = wins.get(award.seat, 0) + award.amount
            out.append(
                {
                    "number": pot,
                    "amount": self.money(amount),
                    "rake": 0,
                    "jackpot": 0,
                    "player_wins": [
                        {"player_id": seat, "win_amount": self.money(won)}
                        for seat, won in wins.items()
                    ],
                }
            )
        return out

    def tournament_info(self) -> dict[str, Any]:
        info = self.hand.tournament or {}
        out: dict[str, Any] = {
            "tournament_number": str(info.get("id")),
            "name": str(info.get("name") or f"Tournament {info.get('id')}"),
            "start_date_utc": _start(self.hand),
            "currency": self.hand.currency or "T$",
            "buyin_amount": info.get("buy_in") or 0,
            "fee_amount": info.get("fee") or 0,
            "bounty_fee_amount": 0,
            "initial_stack": 0,
            "type": "MTT",
            "flags": [],
            "speed": {"type": "Normal", "round_time": 0},
        }
        return out

    def build(self) -> dict[str, Any]:
        hand = self.hand
        game_type, bet_type = ohh_game_type(hand.game, hand.format)
        blinds = hand.blinds
        body: dict[str, Any] = {
            "spec_version": SPEC_VERSION,
            "site_name": "pokerbook",
            "network_name": "pokerbook",
            "internal_version": __version__,
            "tournament": hand.tournament is not None,
        }
        if hand.tournament is not None:
            body["tournament_info"] = self.tournament_info()
        body.update(
            {
                "game_number": str(hand.number),
                "start_date_utc": _start(hand),
                "table_name": hand.table,
                "game_type": game_type,
                "bet_limit": {"bet_cap": 0, "bet_type": bet_type},
                "table_size": hand.table_size,
                "currency": hand.currency or ("T$" if hand.tournament else "CHIPS"),
                "dealer_seat": hand.button,
                **({"hero_player_id": hand.hero} if hand.hero is not None else {}),
                "small_blind_amount": self.money(blinds[0] if len(blinds) > 1 else 0),
                "big_blind_amount": self.money(blinds[-1] if blinds else 0),
                "ante_amount": self.money(hand.ante),
                "flags": _flags(hand),
                "players": [
                    {
                        "id": seat.seat,
                        "seat": seat.number,
                        "name": seat.name,
                        "display": seat.name,
                        "starting_stack": self.money(seat.stack),
                    }
                    for seat in hand.seats
                ],
            }
        )
        rounds = [self.round(street, i) for i, street in enumerate(hand.streets)]
        if hand.showdown:
            rounds.append(self.showdown(len(rounds)))
        body["rounds"] = rounds
        body["pots"] = self.pots()
        return {"ohh": body}


def ohh_object(hand: ExportHand) -> dict[str, Any]:
    """One hand as an OHH object (raises
    :class:`~pokerbook.history.export_names.ExportError` for a game OHH has no type for)."""
    return _Builder(hand).build()


def ohh_text(hand: ExportHand, *, indent: int | None = None) -> str:
    """One hand as an OHH block: JSON on one line, or indented by ``indent`` spaces
    (no blank line inside either way)."""
    return json.dumps(ohh_object(hand), indent=indent, ensure_ascii=False)


def ohh_file(texts: Iterable[str]) -> str:
    """Hands' blocks as one ``.ohh`` file: each block followed by a blank line."""
    return "".join(text + "\n\n" for text in texts)
