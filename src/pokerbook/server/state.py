"""What a client is sent: the table as one seat (or a spectator) may see it.

Built only from :func:`pokerbook.engine.views.view` for the hand, so no message holds
a card its reader may not see: a spectator is shown the hand as a seat that holds no
cards sees it.  A deal's seed and salt, which fix every card of its hand (folded and
mucked ones too), are told only once the night is over; until then ``last_hand`` has
the commitment alone.  Seats are numbered from 1.  ``legal`` lists what the reader
may do now, as PHH action codes with their amounts (see docs/server.md).
"""

from __future__ import annotations

from typing import Any

from pokerbook.engine.pots import build_pots
from pokerbook.engine.views import seat_view
from pokerbook.server.driver import ActionRequest, BombRequest, GameRequest
from pokerbook.server.hand_replay import hand_summary
from pokerbook.server.hand_words import (
    board_layout,
    discard_purpose,
    hand_value,
    own_wild,
    wild_cards,
)
from pokerbook.server.table import Table


def table_state(table: Table, seat: int | None) -> dict[str, Any]:
    """The state for the player in table seat ``seat`` (from 0), or a spectator (None),
    without the clock (the runner adds it as it stands when the state is sent)."""
    hand_view, dealt = _hand_view(table, seat)
    request = table.pending
    to_act = None if request is None else request.seat + 1
    state: dict[str, Any] = {
        "table": table.id,
        "version": table.version,
        "status": table.status,
        "name": table.night.name,
        "night": table.config.night,
        "you": None if seat is None else seat + 1,
        "hand": None,
        "to_act": to_act,
        "legal": [],
        "board": [],
        "boards": [],
        "pots": [],
        "seats": _seats(table, seat, hand_view, dealt),
        "requests": None,
        "host": False,
        "asked": False,
        "games": [{"id": g.id, "name": g.name} for g in table.night.games],
        "offers": _offers(table),
        "value": None,
        "hands_played": len(table.hands),
    }
    if hand_view is not None:
        hand = table.hand
        assert hand is not None
        boards = hand_view["boards"]
        # the pots of the rounds before this one (the bets of this round are in front
        # of the players), main pot first
        before = [c - m for c, m in zip(hand.contributed, hand.committed, strict=True)]
        if hand.done:
            before = list(hand.contributed)
        pots = [
            {"amount": p.amount, "seats": [dealt[s] + 1 for s in p.eligible]}
            for p in (build_pots(before, hand.folded) if any(before) else [])
        ]
        number, commitment = _hand_number(table)
        state["hand"] = {
            "number": number,
            "game": hand_view["game"],
            "name": hand.game.name,
            "format": hand_view["format"],
            "street": hand_view["street"],
            "button": dealt[hand_view["button"]] + 1,
            "to_act": to_act,
            "done": hand_view["done"],
            "pot": hand_view["pot"],
            "commitment": commitment,
            "events": _events(table, hand_view["events"], dealt),
        }
        state["hand"]["layout"] = board_layout(hand.game)
        state["hand"]["wild"] = wild_cards(hand)
        if seat is not None and seat in dealt:
            state["value"] = hand_value(hand, dealt.index(seat))
            wild = own_wild(hand, dealt.index(seat))
            if wild is not None:
                state["your_wild"] = wild
        if "runs" in hand_view:
            state["hand"]["runs"] = hand_view["runs"]
        state["board"] = boards[0] if boards else []
        state["boards"] = boards
        state["pots"] = pots
        if isinstance(request, ActionRequest) and request.seat == seat:
            state["legal"] = legal_list(hand_view["legal"])
            for entry in state["legal"]:
                if entry["action"] == "dc":
                    entry["for"] = discard_purpose(hand)
    if seat is not None and request is not None and request.seat == seat:
        if isinstance(request, GameRequest):
            state["legal"] = [
                {
                    "action": "game",
                    "options": [g.id for g in request.menu],
                    "names": {g.id: g.name for g in request.menu},
                }
            ]
        elif isinstance(request, BombRequest):
            state["legal"] = [{"action": "bomb", "options": [True, False]}]
    reader = table.players[seat] if seat is not None else None
    if reader is not None:
        state["agreed"] = {"run_twice": reader.run_twice}
    if table.hands:
        state["last_hand"] = _last_hand(table)
    return state


def _offers(table: Table) -> dict[str, Any]:
    """What the table offers its players beyond the game: running it twice, Overs
    buttons, Show 'Em chips (at their price)."""
    night = table.night
    show_em = night.show_em
    return {
        "run_twice": table.config.run_twice,
        "overs": night.overs is not None,
        "show_em": None if show_em is None else {"price": show_em.price},
    }


def seat_requests(table: Table) -> list[dict[str, str]]:
    """The seat requests waiting for the host's answer (told to the host only)."""
    return [{"id": rid, "name": name} for rid, (name, _) in table.requests.items()]


def _hand_number(table: Table) -> tuple[int, str | None]:
    """The number and deal commitment of the hand shown: the one being dealt, else the
    last one over (a dealer's choice or a bomb-pot call may be waiting for the next,
    whose deal is drawn already)."""
    if table.hands and table.hands[-1].result.hand is table.hand:
        finished = table.hands[-1]
        return finished.result.number, finished.deal.commitment
    deal = table.deal
    if deal is None:
        return len(table.hands), None
    return deal.number, deal.commitment


def _hand_view(table: Table, seat: int | None) -> tuple[dict[str, Any] | None, tuple[int, ...]]:
    hand = table.hand
    if hand is None or table.driver is None:
        return None, ()
    if table.in_hand:
        dealt = table.driver.table.dealt
    else:
        dealt = table.hands[-1].result.dealt if table.hands else ()
        if not dealt:
            return None, ()
    spectator = table.spectator_view()
    if seat is None or seat not in dealt:
        return spectator, dealt
    return seat_view(hand, dealt.index(seat), spectator), dealt


def _seats(
    table: Table, seat: int | None, hand_view: dict[str, Any] | None, dealt: tuple[int, ...]
) -> list[dict[str, Any]]:
    night = table.driver.table if table.driver is not None else None
    players = {}
    if hand_view is not None:
        players = {dealt[p["seat"]]: p for p in hand_view["players"]}
    button = night.button if night is not None else None
    out = []
    for index, player in enumerate(table.players):
        entry: dict[str, Any] = {"seat": index + 1, "name": None}
        if player is not None:
            in_hand = players.get(index)
            status = night.seating.status(index) if night is not None else "waiting"
            entry.update(
                name=player.name,
                bot=player.bot,
                away=player.away,
                status=status,
                stack=night.stacks[index] if night is not None else table.night.buy_in,
                button=button == index,
                bank=round(player.bank, 1),
                cards=[],
                bet=0,
                folded=False,
                all_in=False,
            )
            if in_hand is not None:
                entry.update(
                    cards=in_hand["cards"],
                    up_cards=in_hand["up_cards"],
                    bet=in_hand["committed"],
                    contributed=in_hand["contributed"],
                    folded=in_hand["folded"],
                    all_in=in_hand["all_in"],
                )
                if table.in_hand:
                    entry["stack"] = in_hand["stack"]
        out.append(entry)
    return out


def _events(
    table: Table, events: list[dict[str, Any]], dealt: tuple[int, ...]
) -> list[dict[str, Any]]:
    """The hand's events with table seats from 1.  The events every reader shares (the
    spectator's, kept for the version) are renumbered once a version, not per reader."""
    version, done = table.told_events
    if version != table.version:
        done = {}
        table.told_events = (table.version, done)
    out = []
    for event in events:
        kept = done.get(id(event))
        if kept is not None and kept[0] is event:  # (the event is held: its id is its own)
            out.append(kept[1])
            continue
        told = dict(event)
        if told.get("seat") is not None:
            told["seat"] = dealt[told["seat"]] + 1
        done[id(event)] = (event, told)
        out.append(told)
    return out


def legal_list(legal: dict[str, Any] | None) -> list[dict[str, Any]]:
    """The view's legal actions as PHH codes with their amounts."""
    if legal is None:
        return []
    out: list[dict[str, Any]] = []
    if legal["draw"] is not None:
        lo, hi = legal["draw"]
        entry: dict[str, Any] = {"action": "sd", "min": lo, "max": hi}
        if legal["throwable"] is not None:
            entry["cards"] = legal["throwable"]
        return [entry]
    if legal["discard"] is not None:
        entry = {"action": "dc", "min": legal["discard"], "max": legal["discard"]}
        if legal["throwable"] is not None:
            entry["cards"] = legal["throwable"]
        return [entry]
    if legal["choose"] is not None:
        return [{"action": "ch", "options": legal["choose"]}]
    if legal["fold"]:
        out.append({"action": "f"})
    if legal["check"]:
        out.append({"action": "cc", "min": 0, "max": 0})
    elif legal["call"] is not None:
        out.append({"action": "cc", "min": legal["call"], "max": legal["call"]})
    if legal["bring_in"] is not None:
        out.append({"action": "pb", "min": legal["bring_in"], "max": legal["bring_in"]})
    if legal["min_to"] is not None and legal["max_to"] is not None:
        entry = {"action": "cbr", "min": legal["min_to"], "max": legal["max_to"]}
        if legal["sizes"]:
            entry["sizes"] = legal["sizes"]
        out.append(entry)
    return out


def _last_hand(table: Table) -> dict[str, Any]:
    finished = table.hands[-1]
    result = finished.result
    deal = finished.deal
    last: dict[str, Any] = {
        **hand_summary(finished),
        "commitment": deal.commitment,
        "notices": [
            {"kind": n.kind, "seat": n.seat_number, "text": n.text} for n in result.notices
        ],
        "results": finished.results,
        "names": {str(s + 1): finished.names[i] for i, s in enumerate(result.dealt)},
    }
    if table.status == "ended":
        # a deal's seed fixes every card of the hand, folded and mucked ones too: it is
        # told (to check against the commitment) only once the night is over
        last.update(salt=deal.salt, seed=f"{deal.seed:x}")
    return last
