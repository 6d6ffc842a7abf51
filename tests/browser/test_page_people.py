"""People at the page: asking for a seat and the host's approval, a reload and a lost
connection that keep the seat, a spectator who sees no hidden card, and controls that
are labelled and work from the keyboard."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tests.browser.fixtures import Served
from tests.browser.tableside import (
    ask_for_seat,
    join,
    my_seat,
    open_table,
    play,
    take_turn,
    viewer_index,
    visit,
    wait_until,
)

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page


def role(page: Page, name: str) -> None:
    page.wait_for_function(f"document.body.dataset.role === '{name}'")


def test_join_approve_reload_reconnect(
    served: Served, phone: BrowserContext, desktop: BrowserContext
) -> None:
    """A person asks for a seat; the host approves it from the panel; the seat survives a
    reload and a cut in the network, and the page reconnects by itself and acts."""
    opened = open_table(served, game="F01", format="no-limit", approval=True)
    player = visit(phone, opened)
    ask_for_seat(player, "Ann")
    role(player.page, "waiting")
    hosting = visit(desktop, opened, opened.host_url)
    host = hosting.page
    role(host, "host")
    row = host.locator("[data-host-panel] [data-request]").first
    row.wait_for(state="visible")
    row.locator("button[data-approve]").click()
    player.seat = my_seat(player.page)
    role(player.page, "player")
    table = player.table
    assert table.players[player.seat - 1] is not None
    host.locator('[data-host-panel] button[data-host="add-bot"]').first.click()
    wait_until(lambda: sum(p is not None for p in table.players) == 2, "the bot's seat")
    host.locator('[data-host-panel] button[data-host="start"]').first.click()
    play(player, hands=1)

    player.page.reload()
    assert my_seat(player.page) == player.seat, "the reload lost the seat"
    play(player, hands=1)

    wait_until(player.my_turn, "the page's turn")
    phone.set_offline(True)
    player.page.wait_for_function("document.body.dataset.connection === 'offline'")
    player.page.locator("[data-offline]").first.wait_for(state="visible")
    phone.set_offline(False)
    player.page.wait_for_function("document.body.dataset.connection === 'online'", timeout=15000)
    assert player.page.locator("[data-offline]").first.is_hidden()
    wait_until(lambda: take_turn(player) is not None, "the page to act after reconnecting", 15)
    play(player, hands=1)
    player.check_frames()
    hosting.check_dom()  # the host's page: a seat-less reader's view
    hosting.check_frames()


def test_spectator_sees_no_hidden_card(served: Served, phone: BrowserContext) -> None:
    """?watch=1: no join form, no cards of its own, no controls to act, and every card
    shown is face up, on a board, or shown at the showdown."""
    opened = open_table(served, game="F01", format="no-limit")
    opened.add_bots(3)
    opened.start()
    watcher = visit(phone, opened, opened.spectate_url)
    page = watcher.page
    role(page, "spectator")
    assert page.locator("form[data-join]:visible").count() == 0
    table = watcher.table
    target = len(table.hands) + 2
    while len(table.hands) < target:
        wait_until(lambda: table.in_hand or len(table.hands) >= target, "a hand")
        watcher.check_dom()
        assert page.locator("[data-me]").count() == 0
        assert page.locator("button[data-action]:visible").count() == 0
    page.locator("[data-card]").first.wait_for(state="attached")
    watcher.check_dom()
    watcher.check_frames()


NAMELESS = """() => Array.from(document.querySelectorAll('button, input, select, textarea'))
  .filter(e => e.type !== 'hidden')
  .filter(e => {
    const by = (e.getAttribute('aria-labelledby') || '').split(/\\s+/).filter(Boolean)
      .map(id => (document.getElementById(id) || {}).textContent || '').join(' ');
    const labels = Array.from(e.labels || []).map(l => l.textContent).join(' ');
    const own = ['BUTTON'].includes(e.tagName) ? e.textContent : '';
    const value = ['submit', 'button', 'reset'].includes(e.type) ? e.value : '';
    const name = [e.getAttribute('aria-label'), by, labels, own, value, e.title]
      .map(t => (t || '').trim()).join('');
    return !name;
  })
  .map(e => e.outerHTML.slice(0, 160))"""


def test_controls_labelled_and_keyboard(served: Served, desktop: BrowserContext) -> None:
    """Every button and input has an accessible name; on a laptop "c" checks or calls on
    the page's turn, and sends nothing when it is not."""
    opened = open_table(served, game="F01", format="no-limit")
    player = visit(desktop, opened)
    page = player.page
    assert join(player, "Ann") == 1
    unnamed = page.evaluate(NAMELESS)
    assert not unnamed, f"controls without an accessible name: {unnamed}"

    page.keyboard.press("c")  # not started: not the page's turn
    page.wait_for_timeout(300)
    assert not [f for f in player.sent if '"action"' in f], player.sent

    opened.add_bots(2)
    opened.start()
    table = player.table
    wait_until(player.my_turn, "the page's turn")
    page.locator("button[data-action]").first.wait_for(state="visible")
    unnamed = page.evaluate(NAMELESS)
    assert not unnamed, f"controls without an accessible name on a turn: {unnamed}"
    hand = table.hand
    assert hand is not None
    assert table.driver is not None
    me = viewer_index(table.driver.table.dealt, 1)
    before = len([e for e in hand.events if e.seat == me])
    version = table.version
    page.locator("body").press("c")
    wait_until(lambda: table.version > version, "the server to get the key's call", 8)
    mine = [e for e in hand.events if e.seat == me]
    assert len(mine) > before, mine
    assert mine[-1].kind in ("check", "call"), mine
    play(player, hands=1)
    player.check_frames()
