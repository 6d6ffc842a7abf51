"""Helpers for the browser tests: tables opened over the API, people seated and played
through the page (its hooks only: docs/page hooks in ``form[data-join]``,
``button[data-action]``, ``button[data-pick]`` ...), and the oracle that no page and no
WebSocket frame ever holds a card its reader may not see.

The oracle is the server's own table (``app.state.server.runners[id].table``): its hands
hold every card dealt, so each card a page shows or a frame carries is checked against
what its reader could see at that moment (its own cards, face-up cards, boards, cards
shown at the showdown).
"""

from __future__ import annotations

import json
import os
import re
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tests.browser.fixtures import Served
from tests.server.card_oracle import secret, visible

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page, WebSocket

    from pokerbook.engine.events import Event
    from pokerbook.engine.hand import Hand
    from pokerbook.server.table import Table

#: where the tests write one screenshot of each family's table: docs/screenshots (the
#: committed ones) when POKERBOOK_SCREENSHOTS=docs, a folder it names, else none (a run
#: does not change the working tree)
DOCS_SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
_WANTED = os.environ.get("POKERBOOK_SCREENSHOTS", "")
SCREENSHOTS = DOCS_SCREENSHOTS if _WANTED == "docs" else Path(_WANTED) if _WANTED else None
#: clocks a page can keep up with, and no clock for people (the test plays at its pace)
FAST: dict[str, Any] = {"bot_delay": 0.1, "between_hands": 0.5, "time_limit": 0}
#: a string that is one card or several, and nothing else ("Ah", "JhQhAh9d4c")
CARDS = re.compile(r"^(?:[2-9TJQKA][cdhs])+$")
#: the parts of a state about the hand being dealt (or just dealt)
HAND_PARTS = ("hand", "board", "boards", "pots", "seats", "legal")


def split_cards(text: str) -> list[str]:
    return [text[i : i + 2] for i in range(0, len(text), 2)]


def wait_until(check: Callable[[], object], what: str, timeout: float = 20.0) -> Any:
    """Poll ``check`` (tiny sleeps) until it gives something true; fail naming ``what``."""
    end = time.monotonic() + timeout
    while True:
        got = check()
        if got:
            return got
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.02)


def request(
    base: str, method: str, path: str, body: dict[str, Any] | None = None, token: str | None = None
) -> tuple[int, Any]:
    """An API call (urllib: the tests need no HTTP client); (status, JSON answer)."""
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"}
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    sent = urllib.request.Request(base + path, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(sent, timeout=10) as reply:
            return reply.status, json.loads(reply.read() or b"null")
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read() or b"null")


@dataclass
class Opened:
    """A table opened over the API (host token kept), and the oracle's view of it."""

    served: Served
    id: str
    host_token: str
    join_url: str
    host_url: str
    spectate_url: str

    @property
    def table(self) -> Table:
        table: Table = self.served.app.state.server.runners[self.id].table
        return table

    def api(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        status, answer = request(
            self.served.base, method, f"/api/tables/{self.id}/{path}", body, self.host_token
        )
        assert status < 300, f"{method} {path} {body}: {status} {answer}"
        return answer

    def host_do(self, **body: Any) -> Any:
        return self.api("POST", "host", body)

    def add_bots(self, count: int, policy: str = "call") -> None:
        for _ in range(count):
            self.api("POST", "join", {"bot": policy})

    def start(self) -> None:
        self.api("POST", "start", {})

    def hands_played(self) -> int:
        return len(self.table.hands)


def open_table(served: Served, **settings: Any) -> Opened:
    body = {"seats": 4, "approval": False, **FAST, **settings}
    status, made = request(served.base, "POST", "/api/tables", body)
    assert status == 201, made
    return Opened(
        served,
        made["table"],
        made["host_token"],
        made["join_url"],
        made["host_url"],
        made["spectate_url"],
    )


# -- the oracle ------------------------------------------------------------------------


def card_strings(part: object) -> set[str]:
    """Every card named in ``part`` (a JSON value): in strings made only of cards, with
    or without spaces ("Ah", "Js Ac", "JhQhAh9d4c", "sd AhKd" in a notice)."""
    found: set[str] = set()
    if isinstance(part, str):
        for word in part.split():
            if CARDS.match(word):
                found.update(split_cards(word))
    elif isinstance(part, dict):
        for value in part.values():
            found |= card_strings(value)
    elif isinstance(part, list):
        for value in part:
            found |= card_strings(value)
    return found


def hands_by_number(table: Table) -> dict[int, tuple[Hand, tuple[int, ...]]]:
    """Every hand of the table the oracle holds: number -> (hand, dealt table seats)."""
    out = {f.result.number: (f.result.hand, f.result.dealt) for f in table.hands}
    if table.in_hand and table.deal is not None and table.hand is not None:
        assert table.driver is not None
        out[table.deal.number] = (table.hand, table.driver.table.dealt)
    return out


def viewer_index(dealt: tuple[int, ...], seat: int | None) -> int | None:
    """The hand's seat of table seat ``seat`` (from 1), None for a spectator or a seat
    not dealt in."""
    if seat is None or seat - 1 not in dealt:
        return None
    return dealt.index(seat - 1)


def frame_leaks(table: Table, text: str) -> list[str]:
    """The hidden cards a state sent to a page holds (empty: none)."""
    try:
        state = json.loads(text)
    except ValueError:
        return []
    if not isinstance(state, dict) or "status" not in state:
        return []  # an answer to an action, not a state
    hands = hands_by_number(table)
    seat = state.get("you")
    out: list[str] = []
    parts: list[tuple[int, object, int | None]] = []
    if state.get("hand") is not None:
        about = {key: state.get(key) for key in HAND_PARTS}
        number = state["hand"]["number"]
        if number not in hands or hands[number][0].game.id != state["hand"]["game"]:
            # while a dealer chooses the next game the state shows the last hand under
            # the next deal's number
            number -= 1
        parts.append((number, about, len(state["hand"]["events"])))
    if state.get("last_hand"):
        parts.append((state["last_hand"]["number"], state["last_hand"], None))
    for number, part, count in parts:
        if number not in hands:
            continue
        hand, dealt = hands[number]
        viewer = viewer_index(dealt, seat)
        upto = len(hand.events) if count is None else count
        hidden = secret(hand, viewer) - visible(hand, viewer, upto)
        out += [f"{card} of hand {number}" for card in sorted(card_strings(part) & hidden)]
    return out


# -- people at the page ----------------------------------------------------------------
@dataclass
class Move:
    """What the test does on its turn: a ``button[data-action]`` (``code``), after
    picking ``picks`` (``button[data-pick]``) or typing ``amount``; a word ``option``
    (``ch``); or a dealer's choice ``game`` / bomb pot answer ``bomb``."""

    code: str
    picks: list[str] = field(default_factory=list)
    option: str | None = None
    amount: int | None = None
    #: a quick amount button (``button[data-quick="min"|"half"|"pot"|"all-in"]``) that
    #: puts ``amount`` in the amount box
    quick: str | None = None
    game: str | None = None
    bomb: str | None = None


def passive(state: dict[str, Any]) -> Move:
    """Check or call; draw one card; discard or pick what is asked (first cards); the
    first word option; post the bring-in; a dealer's choice of the first game."""
    codes = {entry["action"]: entry for entry in state["legal"]}
    mine = state["seats"][state["you"] - 1]["cards"]
    if "game" in codes:
        options = codes["game"]["options"]
        return Move("game", game="F01" if "F01" in options else options[0])
    if "bomb" in codes:
        return Move("bomb", bomb="no")
    if "sd" in codes:
        entry = codes["sd"]
        pool = entry.get("cards") or mine
        count = max(entry["min"], min(1, entry["max"], len(pool)))
        return Move("sd", picks=list(pool[:count]))
    if "dc" in codes:
        entry = codes["dc"]
        pool = entry.get("cards") or mine
        return Move("dc", picks=list(pool[: entry["min"]]))
    if "ch" in codes:
        option = str(codes["ch"]["options"][0])
        if CARDS.match(option):
            return Move("ch", picks=split_cards(option))
        return Move("ch", option=option)
    for code in ("cc", "pb", "f"):
        if code in codes:
            return Move(code)
    return Move("cbr", amount=codes["cbr"]["min"])


@dataclass
class Player:
    """A page at the table, the frames its WebSocket got, and its seat (from 1)."""

    page: Page
    opened: Opened
    frames: list[str] = field(default_factory=list)
    #: every WebSocket frame the page sent
    sent: list[str] = field(default_factory=list)
    seat: int | None = None
    moves: list[Move] = field(default_factory=list)
    #: the families whose screenshot this page has taken
    shot: set[str] = field(default_factory=set)

    def screenshot_once(self, family: str) -> None:
        """The family's screenshot, from the first moment asked for (later: kept)."""
        if family not in self.shot:
            self.shot.add(family)
            screenshot(self.page, family)

    @property
    def table(self) -> Table:
        return self.opened.table

    def state(self) -> dict[str, Any]:
        """The state as the page's own cookie reads it (cookies are read only with the
        page's header)."""
        state: dict[str, Any] = self.page.evaluate(
            """id => fetch(`/api/tables/${id}/state`, {headers: {"X-Pokerbook": "page"}})
                .then(r => r.json())""",
            self.opened.id,
        )
        return state

    def my_turn(self) -> bool:
        pending = self.table.pending
        return (
            self.seat is not None
            and pending is not None
            and pending.seat == self.seat - 1
            and self.table.status == "playing"
        )

    def check_frames(self) -> None:
        leaks = [leak for text in self.frames for leak in frame_leaks(self.table, text)]
        assert not leaks, f"a WebSocket frame to the page held hidden cards: {leaks[:5]}"

    def dom_cards(self) -> list[list[str]]:
        """[seat, card] of every card shown in another seat's area."""
        cards: list[list[str]] = self.page.evaluate(
            """() => Array.from(document.querySelectorAll('[data-seat]:not([data-me]) [data-card]'))
                .map(e => [e.closest('[data-seat]').dataset.seat, e.dataset.card])"""
        )
        return cards

    def dom_leaks(self) -> list[str]:
        """Cards in other seats' areas that this page's reader may not see now (nor in
        the hand before, which the page may still show for a moment)."""
        shown = {card for _, card in self.dom_cards() if card != "??"}
        table = self.table
        hands = hands_by_number(table)
        numbers = sorted(hands)[-2:]
        hidden: set[str] = set()
        allowed: set[str] = set()
        for number in numbers:
            hand, dealt = hands[number]
            viewer = viewer_index(dealt, self.seat)
            now = visible(hand, viewer, len(hand.events))
            if number == numbers[-1]:
                hidden = secret(hand, viewer) - now
            else:
                allowed = now
        return sorted(shown & hidden - allowed)

    def check_dom(self) -> None:
        """No other seat's area shows a card this reader may not see (looked at again
        a moment later before failing: the page may be drawing the next state)."""
        for _ in range(4):
            leaks = self.dom_leaks()
            if not leaks:
                return
            time.sleep(0.25)
        raise AssertionError(f"the page shows hidden cards in other seats: {leaks}")


def visit(context: BrowserContext, opened: Opened, url: str | None = None) -> Player:
    """A new page of ``context`` at the table (the players' link unless ``url``),
    recording every WebSocket frame it receives."""
    page = context.new_page()
    player = Player(page, opened)

    def on_socket(socket: WebSocket) -> None:
        socket.on("framereceived", lambda payload: player.frames.append(_text(payload)))
        socket.on("framesent", lambda payload: player.sent.append(_text(payload)))

    page.on("websocket", on_socket)
    page.on("dialog", lambda dialog: dialog.accept())  # the person confirms ("Kick Ann?")
    page.goto(url or opened.join_url)
    return player


def _text(payload: str | bytes) -> str:
    return payload if isinstance(payload, str) else payload.decode("utf-8", "replace")


def my_seat(page: Page) -> int:
    page.locator("[data-me]").first.wait_for(state="attached")
    seat = page.locator("[data-me]").first.get_attribute("data-seat")
    assert seat is not None, "the seat marked data-me has no data-seat"
    return int(seat)


def ask_for_seat(player: Player, name: str) -> None:
    """Type a name in the page's join form and send it."""
    form = player.page.locator("form[data-join]")
    form.locator('input[name="name"]').fill(name)
    submit = form.locator('button[type="submit"], input[type="submit"], button:not([type])')
    if submit.count():
        submit.first.click()
    else:
        form.locator('input[name="name"]').press("Enter")


def join(player: Player, name: str) -> int:
    """Take a seat through the join form (a table without approval); the seat."""
    ask_for_seat(player, name)
    player.seat = my_seat(player.page)
    return player.seat


def set_amount(page: Page, amount: int) -> None:
    """Type ``amount`` in ``input[data-amount]`` (a slider is set and told so)."""
    box = page.locator("input[data-amount]").first
    if box.get_attribute("type") == "range":
        box.evaluate(
            """(e, v) => { e.value = String(v);
                e.dispatchEvent(new Event('input', {bubbles: true}));
                e.dispatchEvent(new Event('change', {bubbles: true})); }""",
            amount,
        )
    else:
        box.fill(str(amount))


def pick(page: Page, card: str) -> None:
    button = page.locator(f'button[data-pick][data-card="{card}"]').first
    button.click()
    assert button.get_attribute("aria-pressed") == "true", f"{card} not marked as picked"


def perform(page: Page, move: Move) -> None:
    """Make ``move`` with the page's controls."""
    if move.game is not None:
        page.locator(f'button[data-choose-game="{move.game}"]').click()
        return
    if move.bomb is not None:
        page.locator(f'button[data-bomb="{move.bomb}"]').click()
        return
    for card in move.picks:
        pick(page, card)
    if move.quick is not None:
        page.locator(f'button[data-quick="{move.quick}"]').first.click()
        box = page.locator("input[data-amount]").first
        assert box.input_value() == str(move.amount), f"{move.quick}: {box.input_value()}"
    elif move.amount is not None:
        set_amount(page, move.amount)
    selector = f'button[data-action="{move.code}"]'
    if move.option is not None:
        selector += f'[data-option="{move.option}"]'
    page.locator(selector).first.click()


def take_turn(
    player: Player,
    decide: Callable[[dict[str, Any]], Move] = passive,
    on_turn: Callable[[Player, dict[str, Any]], None] | None = None,
) -> Move | None:
    """Play the page's turn: read what is legal, check the page for hidden cards, make
    the move with the page's controls and wait for the server to take it."""
    table = player.table
    before = table.version
    state = player.state()
    if not state["legal"] or state["version"] != before:
        return None  # the page's state is older than the turn: look again
    player.check_dom()
    if on_turn is not None:
        on_turn(player, state)
    move = decide(state)
    player.moves.append(move)
    perform(player.page, move)
    wait_until(lambda: table.version > before, f"the server to get the page's {move}", 8)
    return move


def play(
    player: Player,
    hands: int,
    decide: Callable[[dict[str, Any]], Move] = passive,
    on_turn: Callable[[Player, dict[str, Any]], None] | None = None,
    timeout: float = 60.0,
) -> None:
    """Play the page's turns until ``hands`` more hands are over (or the night)."""
    table = player.table
    target = len(table.hands) + hands
    end = time.monotonic() + timeout
    while len(table.hands) < target and table.status != "ended":
        if player.my_turn():
            take_turn(player, decide, on_turn)
        else:
            time.sleep(0.02)
        assert time.monotonic() < end, f"{hands} hands were not over in {timeout} s"
    player.check_dom()


def seat_events(table: Table, seat: int, kinds: tuple[str, ...]) -> list[Event]:
    """The events of ``kinds`` of table seat ``seat`` (from 1) in every finished hand."""
    out: list[Event] = []
    for finished in table.hands:
        index = viewer_index(finished.result.dealt, seat)
        if index is not None:
            out += [e for e in finished.result.hand.events if e.seat == index and e.kind in kinds]
    return out


def screenshot(page: Page, family: str) -> None:
    """The family's table: ``family.png`` on a phone, ``family-desktop.png`` wider."""
    if SCREENSHOTS is None:
        page.screenshot(scale="css")  # (taken all the same: the page can be drawn)
        return
    viewport = page.viewport_size
    wide = viewport is not None and viewport["width"] > 600
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    name = f"{family}-desktop.png" if wide else f"{family}.png"
    page.screenshot(path=str(SCREENSHOTS / name), scale="css")


def seat_cards(page: Page, seat: int) -> list[str]:
    cards: list[str] = page.locator(f'[data-seat="{seat}"] [data-card]').evaluate_all(
        "es => es.map(e => e.dataset.card)"
    )
    return cards
