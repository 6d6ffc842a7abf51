"""Whole hands of one game of each family played through the page, on a phone and on a
laptop, against bots: every move made with the page's own controls, and no page or
WebSocket frame ever showing another seat's hidden cards."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from tests.browser.fixtures import Served
from tests.browser.tableside import (
    CARDS,
    Move,
    Opened,
    Player,
    join,
    open_table,
    passive,
    play,
    seat_cards,
    seat_events,
    visit,
    wait_until,
)

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext


def seated(served: Served, context: BrowserContext, bots: int = 2, **settings: Any) -> Player:
    """A table of ``settings`` with the page's person in the first seat and ``bots``
    bots, started."""
    opened: Opened = open_table(served, **settings)
    player = visit(context, opened)
    assert join(player, "Ann") == 1
    opened.add_bots(bots)
    opened.start()
    return player


def codes(state: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {entry["action"]: entry for entry in state["legal"]}


def test_flop_no_limit_holdem(served: Served, screen: BrowserContext) -> None:
    """F01 no limit: a bet typed in the amount box, one made with a quick amount, calls
    and checks to the showdown; the results panel; the hand's value in words."""
    player = seated(served, screen, game="F01", format="no-limit", stakes="1/2")
    bets: list[int] = []

    def decide(state: dict[str, Any]) -> Move:
        legal = codes(state)
        if len(bets) < 2 and "cbr" in legal and (not bets or state["hand"]["number"] > 1):
            low, high = legal["cbr"]["min"], legal["cbr"]["max"]
            if not bets:
                bets.append(min(low + 2, high))
                return Move("cbr", amount=bets[-1])
            bets.append(low)
            return Move("cbr", amount=low, quick="min")
        return passive(state)

    def on_turn(player: Player, state: dict[str, Any]) -> None:
        if len(state["board"]) >= 4:
            player.screenshot_once("flop")
        if state["board"]:
            value = player.page.locator("[data-hand-value]").first
            assert value.inner_text().strip(), "no hand value in words"

    play(player, hands=2, decide=decide, on_turn=on_turn)
    assert len(bets) == 2, f"the page had {len(bets)} bets to make"
    made = [e.amount for e in seat_events(player.table, 1, ("bet", "raise"))]
    assert made == bets, f"bets {bets} asked, {made} made"
    player.page.locator("[data-results]").first.wait_for(state="visible")
    player.screenshot_once("flop")
    player.check_frames()


def test_flop_pineapple_discards_by_picking(served: Served, screen: BrowserContext) -> None:
    """F07 Pineapple: the discard is made by picking a card, then Discard."""
    player = seated(served, screen, game="F07")
    play(player, hands=2)
    discards = [m for m in player.moves if m.code == "dc"]
    assert discards, "the page was never asked to discard"
    thrown = seat_events(player.table, 1, ("discard",))
    assert len(thrown) == len(discards), f"{len(discards)} discards picked, {thrown} made"
    assert [list(map(str, e.cards or e.discarded)) for e in thrown] == [m.picks for m in discards]
    player.check_frames()


def test_stud_up_cards_and_bring_in(served: Served, screen: BrowserContext) -> None:
    """S01 seven-card stud: the bring-in when it falls to the page; others' up cards
    shown in their areas and their down cards as ??."""
    player = seated(served, screen, bots=1, game="S01", seats=4)
    looked: list[int] = []

    def decide(state: dict[str, Any]) -> Move:
        if "pb" in codes(state):
            return Move("pb")
        return passive(state)

    def on_turn(player: Player, state: dict[str, Any]) -> None:
        for seat in state["seats"]:
            if seat["seat"] == player.seat or not seat.get("up_cards") or seat["folded"]:
                continue
            shown = seat_cards(player.page, seat["seat"])
            assert set(seat["up_cards"]) <= set(shown), f"seat {seat['seat']}: {shown}"
            assert "??" in shown, f"seat {seat['seat']}: down cards not shown as ??: {shown}"
            looked.append(seat["seat"])
        if len(state["seats"][state["you"] - 1]["cards"]) >= 5:
            player.screenshot_once("stud")

    for _ in range(12):  # until the bring-in has fallen to the page (half the hands)
        play(player, hands=1, decide=decide, on_turn=on_turn)
        if any(m.code == "pb" for m in player.moves):
            break
    assert looked, "no turn of the page with another seat's up cards"
    assert seat_events(player.table, 1, ("bring-in",)), "the page never posted the bring-in"
    player.screenshot_once("stud")
    player.check_frames()


def test_draw_triple_draw_by_picking(served: Served, screen: BrowserContext) -> None:
    """D09 2-7 triple draw: throw two cards by picking them ("Draw 2"), then stand pat."""
    player = seated(served, screen, game="D09")
    draws: list[Move] = []

    def decide(state: dict[str, Any]) -> Move:
        legal = codes(state)
        if "sd" not in legal:
            return passive(state)
        mine = state["seats"][state["you"] - 1]["cards"]
        if not draws and legal["sd"]["max"] >= 2:
            move = Move("sd", picks=list(mine[:2]))
            page = player.page
            for card in move.picks:
                page.locator(f'button[data-pick][data-card="{card}"]').first.click()
            button = page.locator('button[data-action="sd"]').first
            assert re.search(r"draw\s*2", button.inner_text(), re.I), button.inner_text()
            player.screenshot_once("draw")
            move.picks = []  # (already picked)
        else:
            move = Move("sd")
            text = player.page.locator('button[data-action="sd"]').first.inner_text()
            assert re.search(r"stand\s*pat", text, re.I), text
        draws.append(move)
        return move

    play(player, hands=1, decide=decide)
    mine = seat_events(player.table, 1, ("draw",))
    assert mine, "the page's seat never drew"
    assert len(mine[0].discarded) == 2, f"the first draw threw {mine[0].discarded}"
    player.screenshot_once("draw")
    player.check_frames()


def test_multi_board_chowaha(served: Served, screen: BrowserContext) -> None:
    """F28 Chowaha: every board of the hand is laid out (``data-board`` 0..n)."""
    player = seated(served, screen, game="F28")
    seen: list[int] = []

    def on_turn(player: Player, state: dict[str, Any]) -> None:
        boards = [b for b in state["boards"] if b]
        if len(boards) > 1:
            for index in range(len(state["boards"])):
                player.page.locator(f'[data-boards] [data-board="{index}"]').wait_for(
                    state="attached"
                )
            seen.append(len(state["boards"]))
            if all(state["boards"]):
                player.screenshot_once("multi-board")

    play(player, hands=1, on_turn=on_turn)
    assert seen, "no turn of the page with the boards dealt"
    player.screenshot_once("multi-board")
    player.check_frames()


def test_multi_board_oklahoma_removed_row(served: Served, screen: BrowserContext) -> None:
    """F32 Oklahoma: a removed board is marked ``data-removed``."""
    player = seated(served, screen, game="F32", between_hands=3)
    removed: list[int] = []

    def on_turn(player: Player, state: dict[str, Any]) -> None:
        for event in state["hand"]["events"]:
            if event["kind"] == "remove-board":
                index = event.get("board", 0)
                player.page.locator(f'[data-board="{index}"][data-removed]').wait_for(
                    state="attached"
                )
                removed.append(index)

    play(player, hands=2, on_turn=on_turn)
    if not removed:  # the row went on the last street: the page still shows the hand
        events = player.table.hands[-1].result.hand.events
        for event in events:
            if event.kind == "remove-board":
                player.page.locator(f'[data-board="{event.board}"][data-removed]').wait_for(
                    state="attached"
                )
                removed.append(event.board)
    assert removed, "no board was removed in two hands"
    player.check_frames()


def test_dice_shown(served: Served, screen: BrowserContext) -> None:
    """F19 Omaha X or Better: the die rolled is shown beside the boards, as
    ``[data-roll="N"]``."""
    player = seated(served, screen, game="F19", between_hands=2)
    rolls: list[int] = []

    def on_turn(player: Player, state: dict[str, Any]) -> None:
        for event in state["hand"]["events"]:
            if event["kind"] == "roll":
                die = player.page.locator(f'[data-boards] [data-roll="{event["amount"]}"]').first
                die.wait_for(state="visible")
                rolls.append(event["amount"])
                player.screenshot_once("dice")

    play(player, hands=1, on_turn=on_turn)
    assert rolls, "no roll while the page was to act"
    player.screenshot_once("dice")
    player.check_frames()


def test_pass_the_trash_passes_and_declares(served: Served, screen: BrowserContext) -> None:
    """H09 Pass the Trash: passes made by picking cards, the reveal order picked card by
    card, and word choices (high/low/both) as ``data-option`` buttons."""
    player = seated(served, screen, game="H09", between_hands=1)
    words: list[str] = []

    def on_turn(player: Player, state: dict[str, Any]) -> None:
        legal = codes(state)
        if "dc" in legal:
            player.screenshot_once("pass-declare")
        options = [str(o) for o in legal.get("ch", {}).get("options", [])]
        for option in options:
            if not CARDS.match(option):
                button = f'button[data-action="ch"][data-option="{option}"]'
                player.page.locator(button).first.wait_for(state="visible")
                words.append(option)

    play(player, hands=2, on_turn=on_turn, timeout=90)
    kinds = {m.code for m in player.moves}
    picked = [m for m in player.moves if m.picks]
    assert [m for m in picked if m.code == "dc"], f"no pass made by picking (moves: {kinds})"
    assert [m for m in picked if m.code == "ch"], f"no reveal order picked (moves: {kinds})"
    assert words, "no declare offered as data-option buttons"
    player.screenshot_once("pass-declare")
    player.check_frames()


def wait_for_hand(player: Player) -> None:
    wait_until(lambda: player.table.in_hand, "a hand to be dealt")
