"""Big hands and the dice-poker sheet on a phone (360 × 640) and a desktop (1280 × 800).

A card can be told and tapped when a 24 px wide strip of its index corner (the rank and the
suit in the top left) shows, uncovered by any other card, and a tap at that strip's centre
lands on the card. Number Rows with 22 cards once drew three rows that hid each other and
squeezed the rows of the table until their numbers were about 8 px; Hau Hau's 9 cards
overlapped; Dice Poker showed five rows of its sheet in a box of its own.

The large hands are played into being over the play API by two seats that lay whatever opens
the fewest places for the one whose hand should grow; the browser then opens that seat's
ticket and reads the drawn page."""

from __future__ import annotations

import asyncio
import json
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import aiohttp
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.test_cards import create_room
from tests.support.client import PlayClient

pytestmark = pytest.mark.e2e

PHONE = {"width": 360, "height": 640}
DESKTOP = {"width": 1280, "height": 800}
TWO_HUMANS = [{"kind": "human"}, {"kind": "human"}]

# Every hand card: does a 24 px wide strip of it show from its top to its bottom (the rank and
# suit at the top, the mirrored ones at the bottom), each point of it answering a tap with this
# card? Read with elementFromPoint, so whatever lies on top (another card, another row, a
# button, the edge of the screen) counts. Each card is scrolled into view first: a hand may
# scroll sideways. The rounded corners are left out (a tap there is not the card's).
CARDS_TELL_APART = """(minStrip) => {
  const cards = [...document.querySelectorAll('[data-testid=hand] .card-btn')];
  const bad = [];
  for (const card of cards) {
    card.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    const box = card.getBoundingClientRect();
    const top = box.top + 8, bottom = box.bottom - 8;
    const ys = [0, 0.125, 0.25, 0.375, 0.5, 0.625, 0.75, 0.875, 1].map((f) => top + f * (bottom - top));
    let run = 0, best = 0, bestEnd = 0;
    for (let x = Math.ceil(box.left) + 1; x < box.right - 1; x++) {
      const mine = ys.every((y) => { const e = document.elementFromPoint(x, y); return !!e && e.closest('.card-btn') === card; });
      run = mine ? run + 1 : 0;
      if (run > best) { best = run; bestEnd = x; }
    }
    const centre = document.elementFromPoint(bestEnd - best / 2, (top + bottom) / 2);
    const hit = best > 0 && !!centre && centre.closest('.card-btn') === card;
    if (best < minStrip || !hit) bad.push({ card: card.dataset.card, strip: best, hit, x: Math.round(box.left), y: Math.round(box.top) });
  }
  return { count: cards.length, rows: document.querySelectorAll('[data-testid=hand] .hand-row').length, bad };
}"""

# The drawn size of every text in the game area, in CSS px: an SVG text's font size times its
# scale on screen, an HTML element's computed size.
TEXT_SIZES = """(selector) => [...document.querySelectorAll(selector)].filter((e) => e.getClientRects().length).map((e) => {
  const size = parseFloat(getComputedStyle(e).fontSize);
  const svg = e.ownerSVGElement;
  return svg ? size * svg.getScreenCTM().a : size;
})"""


def run_async(coroutine_fn, *args):  # type: ignore[no-untyped-def]
    """The play-API driver in a thread of its own: the browser's sync API owns this one."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine_fn(*args)).result()


def opened_places(rows: dict[str, Any], card: str) -> set[str]:
    """The card ids that fit once `card` is laid on `rows` (Number Rows: an 11 opens its
    colour, an open row grows at either end)."""
    rows = {colour: list(row) if row else None for colour, row in rows.items()}
    colour, number = card[0], int(card.split(".")[0][1:])
    row = rows[colour]
    rows[colour] = [number, number] if row is None else [min(row[0], number), max(row[1], number)]
    return {f"{c}{n}.0" for c, r in rows.items() for n in ([11] if r is None else [r[0] - 1, r[1] + 1]) if 1 <= n <= 20}


async def grow_a_number_rows_hand(base: str, size: int) -> dict[str, Any]:
    """Anna's ticket in a two-seat Number Rows room where she holds at least `size` cards.
    Both seats lay what lets Anna lay least; a deal that never gets there is played again."""
    async with aiohttp.ClientSession() as session:
        for _ in range(8):
            anna = await PlayClient.create(session, base, "number-rows", TWO_HUMANS, "Anna", {"start_cards": 15})
            ben = await PlayClient.join(session, base, anna.code, "Ben")
            await anna.connect()
            await ben.connect()
            await anna.send({"start": {}})
            await anna.wait_until(lambda c: c.room["status"] == "playing" and 0 in c.views)
            await ben.wait_until(lambda c: 1 in c.views)
            for _ in range(200):
                version = anna.room["version"]
                await ben.wait_until(lambda c, v=version: c.room["version"] == v)
                annas = anna.view(0)
                if len(annas["private"]["hand"]) >= size:
                    await ben.close()
                    await anna.close()
                    return anna.ticket
                if anna.room["status"] != "playing":
                    break
                mover = anna if annas["legal_moves"] else ben
                legal = mover.view()["legal_moves"]
                if not legal:
                    await asyncio.sleep(0.05)
                    continue
                hers = set(annas["private"]["hand"])
                rows = annas["public"]["rows"]
                move = min(legal, key=lambda m: len(opened_places(rows, m["card"]) & hers) if m["type"] == "lay" else 0)
                await mover.move_at_a_persons_pace(mover.seats[0], move)
                await anna.wait_until(lambda c, v=version: c.room["version"] > v)
            await ben.close()
            await anna.close()
    raise AssertionError(f"no deal of eight gave Anna {size} cards")


async def grow_a_hau_hau_hand(base: str, size: int) -> dict[str, Any]:
    """Anna's ticket in a 1-vs-1 Hau Hau match where she holds at least `size` cards: both
    throw until one wins the start, then each draws on every turn and ends it."""
    async with aiohttp.ClientSession() as session:
        anna = await PlayClient.create(session, base, "hau-hau", TWO_HUMANS, "Anna")
        ben = await PlayClient.join(session, base, anna.code, "Ben")
        await anna.connect()
        await ben.connect()
        await anna.send({"start": {}})
        await anna.wait_until(lambda c: c.room["status"] == "playing" and 0 in c.views)
        await ben.wait_until(lambda c: 1 in c.views)
        shapes = {anna: "rock", ben: "scissors"}  # Anna wins the throw and starts
        for _ in range(60):
            version = anna.room["version"]
            await ben.wait_until(lambda c, v=version: c.room["version"] == v)
            if len(anna.view(0)["private"]["hand"]) >= size:
                await ben.close()
                await anna.close()
                return anna.ticket
            for player in (anna, ben):
                legal = player.view()["legal_moves"]
                if not legal:
                    continue
                kinds = {m["type"] for m in legal}
                move = (
                    {"type": "rps", "hand": shapes[player]}
                    if "rps" in kinds
                    else {"type": "draw"}
                    if "draw" in kinds
                    else {"type": "pass"}
                    if "pass" in kinds
                    else legal[0]
                )
                await player.move_at_a_persons_pace(player.seats[0], move)
                await anna.wait_until(lambda c, v=version: c.room["version"] > v)
                break
            else:
                await asyncio.sleep(0.05)
    raise AssertionError(f"Anna never held {size} cards")


def open_with_ticket(browser: Browser, base: str, ticket: dict[str, Any], viewport: dict[str, int]) -> Page:
    stored = {
        ticket["code"]: {
            "code": ticket["code"],
            "token": ticket["token"],
            "seats": ticket["seats"],
            "invite": "",
            "game": ticket["room"]["game"],
            "saved_at": int(time.time() * 1000),
        }
    }
    context = browser.new_context(viewport=viewport, locale="en-GB")
    context.add_init_script(f"window.localStorage.setItem('gameroom.tickets', {json.dumps(json.dumps(stored))});")
    page = context.new_page()
    page.goto(f"{base}/r/{ticket['code']}")
    return page


def assert_cards_tell_apart(page: Page, count: int) -> dict[str, Any]:
    hand = page.get_by_test_id("hand")
    page.wait_for_function(
        f"() => document.querySelectorAll('[data-testid=hand] .card-btn').length >= {count}", timeout=20_000
    )
    expect(hand).to_be_visible()
    report = page.evaluate(CARDS_TELL_APART, 24)
    assert report["count"] >= count, report
    assert report["bad"] == [], (
        f"{len(report['bad'])} of {report['count']} cards in {report['rows']} rows hidden: {report}"
    )
    return report


@pytest.fixture(scope="module")
def big_number_rows_hand(stack) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    return run_async(grow_a_number_rows_hand, stack.base_url, 22)


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_22_card_number_rows_hand_shows_every_card_and_readable_rows(
    browser: Browser, stack, big_number_rows_hand, viewport
) -> None:
    page = open_with_ticket(browser, stack.base_url, big_number_rows_hand, viewport)
    try:
        expect(page.get_by_test_id("number-rows")).to_be_visible(timeout=20_000)
        assert_cards_tell_apart(page, 22)
        numbers = page.evaluate(TEXT_SIZES, "[data-testid=number-rows] text")
        assert numbers and min(numbers) >= 12, sorted(numbers)[:5]
        places = page.evaluate(
            TEXT_SIZES, "[data-testid=number-rows] .nr-free, [data-testid=number-rows] .nr-cell text"
        )
        assert places and min(places) >= 14, sorted(places)[:5]
        # Every row of the table can be reached (the game area scrolls when it must).
        last = page.get_by_test_id("row-b")
        last.scroll_into_view_if_needed()
        box = last.evaluate("e => e.getBoundingClientRect().toJSON()")
        area = page.locator(".game-area").evaluate("e => e.getBoundingClientRect().toJSON()")
        assert area["top"] - 1 <= box["top"] and box["bottom"] <= area["bottom"] + 1, (box, area)
    finally:
        page.context.close()


def test_a_9_card_hau_hau_hand_shows_every_card_on_a_phone(browser: Browser, stack) -> None:
    ticket = run_async(grow_a_hau_hau_hand, stack.base_url, 9)
    page = open_with_ticket(browser, stack.base_url, ticket, PHONE)
    try:
        expect(page.get_by_test_id("card-table")).to_be_visible(timeout=20_000)
        assert_cards_tell_apart(page, 9)
    finally:
        page.context.close()


# Sheet rows wholly inside every clipping box around them (the game area, the screen).
ROWS_IN_SIGHT = """() => [...document.querySelectorAll('[data-testid=score-sheet] tbody tr')].filter((row) => {
  const b = row.getBoundingClientRect();
  let top = 0, bottom = innerHeight;
  for (let p = row.parentElement; p; p = p.parentElement) {
    if (/(auto|scroll|hidden)/.test(getComputedStyle(p).overflowY)) {
      const q = p.getBoundingClientRect();
      top = Math.max(top, q.top);
      bottom = Math.min(bottom, q.bottom);
    }
  }
  return b.height > 0 && b.top >= top - 1 && b.bottom <= bottom + 1;
}).length"""

# The boxes between the sheet and the page that scroll: one (the game area) at the most.
SCROLLING_BOXES = """() => { const out = [];
  for (let p = document.querySelector('[data-testid=score-sheet]').parentElement; p; p = p.parentElement) {
    if (/(auto|scroll)/.test(getComputedStyle(p).overflowY) && p.scrollHeight > p.clientHeight + 1) out.push(p.className);
  }
  return out; }"""


@pytest.mark.parametrize(("viewport", "at_once"), [(PHONE, 10), (DESKTOP, None)], ids=["phone", "desktop"])
def test_the_dice_poker_sheet_shows_ten_rows_at_once_and_reaches_all(
    browser: Browser, stack, viewport, at_once
) -> None:
    context = browser.new_context(viewport=viewport, locale="en-GB")
    page = context.new_page()
    try:
        create_room(page, stack.base_url, "dice-poker", ["cpu"], {})
        page.get_by_test_id("start-button").click()
        sheet = page.get_by_test_id("score-sheet")
        expect(sheet).to_be_visible()
        rows = sheet.locator("tbody tr")
        total = rows.count()
        assert total >= 16, total  # six numbers, sum, bonus, seven combinations, total
        # Before the first roll, and after it with every free row offered as a button.
        for rolled in (False, True):
            if rolled:
                expect(page.get_by_test_id("roll-button")).to_be_enabled(timeout=20_000)
                page.get_by_test_id("roll-button").click()
                expect(sheet.locator("button.offer").first).to_be_visible()
            seen = page.evaluate(ROWS_IN_SIGHT)
            assert seen >= (at_once or total), (rolled, seen, total)
            assert len(page.evaluate(SCROLLING_BOXES)) <= 1, page.evaluate(SCROLLING_BOXES)
            sizes = page.evaluate(TEXT_SIZES, "[data-testid=score-sheet] tbody :is(th, td, span:not(.sr-only))")
            assert min(sizes) >= 14, sorted(sizes)[:5]
        # The last row can be scrolled into sight.
        rows.last.scroll_into_view_if_needed()
        expect(rows.last).to_be_in_viewport()
    finally:
        context.close()
