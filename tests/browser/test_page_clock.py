"""The tournament clock's page (``/clock/{id}``) in a real browser, at phone size: the
host's link signs the browser in as the clock's host, the level and its stakes are
shown, the time left counts down every second, pause stops it, and a bust takes a
player off the players left (rules.md §7.1; 001 Tournaments r.6-7)."""

from __future__ import annotations

import re
import time
from typing import TYPE_CHECKING

from tests.browser.fixtures import Served
from tests.browser.tableside import request, screenshot, wait_until

from pokerbook.server.clocks import Clocks
from pokerbook.tournament.structure_file import builtin_structures

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page


def seconds(page: Page) -> int:
    """The time left the page shows (``m:ss`` or ``h:mm:ss``), in seconds."""
    shown = page.locator("[data-clock-time]").inner_text().strip()
    assert re.fullmatch(r"\d+(:\d\d){1,2}", shown), shown
    total = 0
    for part in shown.split(":"):
        total = total * 60 + int(part)
    return total


def test_r7_the_host_runs_the_clock_from_a_phone(served: Served, phone: BrowserContext) -> None:
    status, made = request(served.base, "POST", "/api/clocks", {"structure": "nlhe", "players": 20})
    assert status == 201, made
    structure = builtin_structures()["nlhe"]
    first = structure.levels[0]
    page = phone.new_page()
    page.goto(served.base + made["host_url"])
    assert page.url == served.base + made["url"]  # the token left the address bar
    page.locator('body[data-role="host"]').wait_for()
    assert (
        page.locator("[data-clock-level]").inner_text().lower()
        == f"level 1 of {len(structure.levels)}"
    )
    assert (
        page.locator("[data-clock-stakes]").inner_text()
        == f"blinds {first.blinds[0]}/{first.blinds[1]}"
    )
    assert "level 2" in page.locator("[data-clock-next]").inner_text()
    players = page.locator("[data-clock-players]")
    assert players.inner_text() == "20 of 20"
    average = structure.starting_stack(20)
    assert page.locator("[data-clock-average]").inner_text() == f"{average:,}"

    # the time counts down, a second at a time, from the level's length
    start = seconds(page)
    assert structure.level_minutes(first) * 60 - 30 <= start <= structure.level_minutes(first) * 60
    wait_until(lambda: seconds(page) <= start - 2, "the clock to count down", timeout=6)
    # the page fits the phone: nothing wider than the screen
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width
    screenshot(page, "clock")

    # pause: the banner shows, the time stands still, the server's clock is paused
    page.locator('button[data-clock-do="pause"]').click()
    page.locator("[data-clock-paused]").wait_for(state="visible")
    page.locator('button[data-clock-do="resume"]').wait_for(state="visible")
    stopped = seconds(page)
    time.sleep(2.2)
    assert seconds(page) == stopped
    clocks: Clocks = served.app.state.clocks
    served_clock = clocks.get(made["id"])
    assert served_clock.clock.paused

    # a bust: one player fewer, and the average stack goes up
    page.locator('button[data-clock-do="bust"]').click()
    wait_until(lambda: players.inner_text() == "19 of 20", "the bust to show")
    assert served_clock.clock.players_left == 19
    assert page.locator("[data-clock-average]").inner_text() == f"{20 * average // 19:,}"

    # resume: it counts down again
    page.locator('button[data-clock-do="resume"]').click()
    page.locator("[data-clock-paused]").wait_for(state="hidden")
    wait_until(lambda: seconds(page) <= stopped - 2, "the clock to run again", timeout=6)


def test_a_player_sees_the_clock_without_the_controls_on_a_laptop(
    served: Served, desktop: BrowserContext
) -> None:
    status, made = request(
        served.base, "POST", "/api/clocks", {"structure": "oresteen", "players": 9}
    )
    assert status == 201, made
    page = desktop.new_page()
    page.goto(served.base + made["url"])
    page.locator("[data-clock-stakes]").wait_for()
    wait_until(lambda: page.locator("[data-clock-players]").inner_text() == "9 of 9", "the players")
    assert page.locator("body").get_attribute("data-role") == "viewer"
    assert page.locator("[data-clock-host]").is_hidden()
    # the host busts a player elsewhere: the page reads it within a few seconds
    request(served.base, "POST", f"/api/clocks/{made['id']}", {"do": "bust"}, made["host"])
    wait_until(
        lambda: page.locator("[data-clock-players]").inner_text() == "8 of 9",
        "the bust to reach the page",
        timeout=8,
    )
    screenshot(page, "clock")
    missing = desktop.new_page()
    missing.goto(served.base + "/clock/zzz")
    missing.locator("[data-clock-missing]").wait_for(state="visible")


def test_the_home_page_starts_a_clock(served: Served, phone: BrowserContext) -> None:
    page = phone.new_page()
    page.goto(served.base + "/")
    form = page.locator("form[data-new-clock]")
    form.locator('select[name="structure"] option[value="oresteen"]').wait_for(state="attached")
    form.locator('select[name="structure"]').select_option("oresteen")
    form.locator('input[name="players"]').fill("12")
    form.locator('input[name="name"]').fill("Friday at Ann's")
    form.locator('button[type="submit"]').click()
    page.wait_for_url(re.compile(r".*/clock/[\w-]+$"))
    page.locator('body[data-role="host"]').wait_for()
    wait_until(lambda: page.locator("#clock-name").inner_text() == "Friday at Ann's", "the name")
    assert page.locator("#clock-structure").inner_text() == "Oresteen Tournament Night"
    assert page.locator("[data-clock-players]").inner_text() == "12 of 12"
    # too few for the structure: the server's reason is shown
    page.goto(served.base + "/")
    form.locator('select[name="structure"] option[value="oresteen"]').wait_for(state="attached")
    form.locator('select[name="structure"]').select_option("oresteen")
    form.locator('input[name="players"]').fill("3")
    form.locator('button[type="submit"]').click()
    toast = page.locator("#toast")
    toast.wait_for(state="visible")
    assert "'players' is 5 to 16" in toast.inner_text()
