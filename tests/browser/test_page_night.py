"""A night through the page: the dealer's choice menu, the host panel (pause, bots,
stacks, kick, next game, end), the ledger and its CSV, and the hand replayer."""

from __future__ import annotations

import re
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tests.browser.fixtures import Served
from tests.browser.tableside import (
    Move,
    Player,
    join,
    open_table,
    passive,
    play,
    screenshot,
    viewer_index,
    visit,
    wait_until,
)
from tests.server.card_oracle import secret, visible

from pokerbook.history import read_phh

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Locator, Page

    from pokerbook.server.table import Table


def reveal(page: Page, selector: str) -> Locator:
    """The element ``selector``, shown: a panel kept behind a toggle is opened by the
    control that says it controls it (``aria-controls``)."""
    panel = page.locator(selector).first
    panel.wait_for(state="attached")
    if not panel.is_visible():
        ident = panel.get_attribute("id")
        if ident:
            toggle = page.locator(f'[aria-controls="{ident}"]').first
            if toggle.count():
                toggle.click()
    panel.wait_for(state="visible")
    return panel


def test_dealers_choice_menu(served: Served, phone: BrowserContext) -> None:
    """Oresteen's dealer's choice: on the page player's deal the menu of games is shown
    as ``button[data-choose-game]`` and the game picked is the one dealt."""
    opened = open_table(served, night="oresteen-dealers-choice", seats=3)
    player = visit(phone, opened)
    assert join(player, "Ann") == 1
    opened.add_bots(2)
    opened.start()
    chosen: list[str] = []

    def on_turn(player: Player, state: dict[str, Any]) -> None:
        legal = {entry["action"]: entry for entry in state["legal"]}
        if "game" in legal:
            menu = player.page.locator("button[data-choose-game]")
            menu.first.wait_for(state="visible")
            offered = {menu.nth(i).get_attribute("data-choose-game") for i in range(menu.count())}
            assert offered == set(legal["game"]["options"]), offered
            screenshot(player.page, "dealers-choice")

    def decide(state: dict[str, Any]) -> Move:
        move = passive(state)
        if move.game is not None:
            chosen.append(move.game)
        return move

    table = player.table
    wait_until(lambda: table.in_hand or player.my_turn(), "the first deal")
    for _ in range(8):
        play(player, hands=1, decide=decide, on_turn=on_turn, timeout=60)
        if chosen and len(table.hands) > 1:
            break
    assert chosen, "the page player never dealt"
    games = [f.result.game.id for f in table.hands if f.result.chooser == 0]
    assert chosen[0] in games, f"chose {chosen[0]}, dealt {games}"
    player.check_frames()


def has_bots(table: Table, count: int) -> bool:
    return sum(1 for p in table.players if p is not None and p.bot is not None) == count


def host_click(host: Page, what: str) -> None:
    host.locator(f'[data-host-panel] button[data-host="{what}"]').first.click()


def test_host_panel_and_ledger(
    served: Served, phone: BrowserContext, desktop: BrowserContext, tmp_path: Path
) -> None:
    """The host runs the night from the panel: bots, start, pause and resume, a stack
    with its reason, a kick, the next game, the end; then the ledger settles and its CSV
    downloads."""
    opened = open_table(served, night="horse", seats=5)
    hosting = visit(desktop, opened, opened.host_url)
    host = hosting.page
    host.wait_for_function("document.body.dataset.role === 'host'")
    reveal(host, "[data-host-panel]")
    player = visit(phone, opened)
    assert join(player, "Ann") == 1
    table = player.table
    for count in (1, 2, 3):
        host_click(host, "add-bot")
        wait_until(partial(has_bots, table, count), "the bot's seat")
    host_click(host, "start")
    wait_until(lambda: table.status == "playing", "the start")
    host_click(host, "pause")
    wait_until(lambda: table.status == "paused", "the pause")
    host_click(host, "resume")
    wait_until(lambda: table.status == "playing", "the table to resume")

    form = host.locator("[data-host-panel] form[data-stack]").first
    seat = form.locator('[name="seat"]').first
    if seat.evaluate("e => e.tagName") == "SELECT":
        seat.select_option("2")
    else:
        seat.fill("2")
    form.locator('[name="amount"]').fill("1500")
    form.locator('[name="reason"]').fill("rebuy for bot 1")
    form.locator('button[type="submit"], button:not([type])').first.click()
    host.locator('[data-host-panel] button[data-kick="4"]').first.click()
    chooser = host.locator("[data-host-panel] select[data-next-game]").first
    values = chooser.locator("option").evaluate_all("os => os.map(o => o.value)")
    game = "S01" if "S01" in values else values[-1]
    chooser.select_option(game)
    host_click(host, "next-game")
    play(player, hands=2, timeout=60)
    assert any(reason == "rebuy for bot 1" for *_, reason in table.adjustments), table.adjustments
    assert table.players[3] is None, "the kicked seat is still taken"
    assert game in [f.result.game.id for f in table.hands[1:]], "the next game was not dealt"

    host_click(host, "end")
    wait_until(lambda: table.status == "ended" or player.my_turn(), "the end")
    while table.status != "ended":
        play(player, hands=1, timeout=30)
    ledger = reveal(host, "[data-ledger]")
    net = [f.result.deltas for f in table.hands]
    if any(any(d) for d in net):
        ledger.locator("[data-payment]").first.wait_for(state="visible")
    with host.expect_download() as got:
        host.locator('a[data-download="csv"]').first.click()
    path = tmp_path / "ledger.csv"
    got.value.save_as(path)
    text = path.read_text(encoding="utf-8")
    assert text.startswith("hand,player,kind,amount"), text[:80]
    assert "rebuy for bot 1" in text
    assert "payer,payee,amount" in text
    with host.expect_download() as got:
        host.locator('a[data-download="txt"]').first.click()
    path = tmp_path / "hands.txt"
    got.value.save_as(path)
    stars = path.read_text(encoding="utf-8")
    assert stars.count("PokerStars Hand #") == len(table.hands), stars[:200]
    assert stars.count("*** SUMMARY ***") == len(table.hands)
    player.check_frames()
    hosting.check_dom()  # the host's page: a seat-less reader's view
    hosting.check_frames()


def test_replayer_steps_and_downloads(
    served: Served, phone: BrowserContext, tmp_path: Path
) -> None:
    """After a few hands: a hand chosen in the replayer is stepped first to last, and its
    PHH downloads with the hand's actions and no card its reader did not see."""
    opened = open_table(served, game="F01", format="no-limit")
    player = visit(phone, opened)
    assert join(player, "Ann") == 1
    opened.add_bots(2)
    opened.start()
    play(player, hands=3)
    page = player.page
    replayer = reveal(page, "[data-replayer]")
    replayer.locator('button[data-replay-hand="2"]').first.click()
    step = page.locator("[data-replay-step]").first
    page.locator('button[data-replay="first"]').first.click()
    first = step.inner_text()
    page.locator('button[data-replay="next"]').first.click()
    wait_until(lambda: step.inner_text() != first, "the next step")
    page.locator('button[data-replay="last"]').first.click()
    wait_until(lambda: step.inner_text() not in (first, ""), "the last step")
    last = step.inner_text()
    page.locator('button[data-replay="prev"]').first.click()
    wait_until(lambda: step.inner_text() != last, "the step before the last")
    with page.expect_download() as got:
        page.locator('a[data-download="phh"]').first.click()
    path = tmp_path / "hand.phh"
    got.value.save_as(path)
    text = path.read_text(encoding="utf-8")
    history = read_phh(text)
    finished = player.table.hands[1]
    hand = finished.result.hand
    me = viewer_index(finished.result.dealt, 1)
    moves = [e for e in hand.events if e.kind in ("fold", "check", "call", "bet", "raise")]
    assert len(history.steps) >= len(moves), f"{len(history.steps)} steps: {text}"
    hidden = secret(hand, me) - visible(hand, me, len(hand.events))
    leaked = [c for c in hidden if re.search(rf"(?<![A-Za-z0-9]){c}(?![A-Za-z0-9])", text)]
    assert not leaked, f"the PHH shows hidden cards {leaked}"
    player.check_frames()
