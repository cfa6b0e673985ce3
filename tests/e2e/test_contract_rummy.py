"""Femton in the web client: a round at a table of three people on phone-sized screens. After
the first discard the two players who are not to draw both press "Want to buy" - the one who
discarded first, the other a moment later - and the player to move draws hidden. The buy goes
by seat order from the player after the one drawing, so the later click wins, and every
device's log says so."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.test_cards import MARK_STALE, PHONE, create_room

pytestmark = pytest.mark.e2e

NAMES = ("Anna", "Ben", "Cleo")


def can_draw(page: Page) -> bool:
    return page.locator("[data-testid=own-zone] [data-testid=draw-button]:not([disabled])").count() > 0


def test_two_ask_to_buy_and_seat_order_wins(browser: Browser, stack) -> None:
    contexts = [browser.new_context(viewport=PHONE, locale="en-GB") for _ in NAMES]
    pages = [context.new_page() for context in contexts]
    try:
        # The longest buy window (8 s, the third choice; 4 s by default): both requests, each
        # tapped once its page shows the window, must land before the server's clock closes
        # it, and a busy machine takes seconds to draw and send them.
        code = create_room(pages[0], stack.base_url, "contract-rummy", ["human", "human"], {"buy_window": "2"})
        for name, page in zip(NAMES[1:], pages[1:], strict=True):
            page.goto(f"{stack.base_url}/r/{code}")
            page.get_by_test_id("join-nickname").fill(name)
            page.get_by_test_id("join-room-button").click()
        expect(pages[0].get_by_test_id("waiting-seat-1")).to_contain_text("Ben")
        expect(pages[0].get_by_test_id("waiting-seat-2")).to_contain_text("Cleo")
        pages[0].get_by_test_id("start-button").click()
        for page in pages:
            expect(page.get_by_test_id("card-table")).to_be_visible()
            expect(page.get_by_test_id("hand").locator(".card-btn")).to_have_count(13)

        # The starter (drawn at random) draws and discards.
        deadline = time.monotonic() + 30
        while not any(can_draw(page) for page in pages):
            assert time.monotonic() < deadline, "nobody may draw"
            pages[0].wait_for_timeout(100)
        starter = next(seat for seat, page in enumerate(pages) if can_draw(page))
        to_draw, other = (starter + 1) % 3, (starter + 2) % 3
        page = pages[starter]
        page.evaluate(MARK_STALE)
        page.get_by_test_id("draw-button").click()
        expect(page.get_by_test_id("hand").locator(".card-btn")).to_have_count(14)
        page.locator("[data-testid=own-zone] .card-btn.playable").first.click()
        page.get_by_test_id("discard-button").click()

        # The buy window: the discarder asks first, the other player after; then the player to
        # move draws hidden.
        expect(pages[starter].get_by_test_id("buy-button")).to_be_visible()
        pages[starter].get_by_test_id("buy-button").click()
        expect(pages[starter].get_by_test_id("withdraw-button")).to_be_visible()
        expect(pages[other].get_by_test_id("buy-button")).to_be_visible()
        pages[other].get_by_test_id("buy-button").click()
        expect(pages[other].get_by_test_id("withdraw-button")).to_be_visible()
        expect(pages[to_draw].get_by_test_id("buy-window")).to_contain_text("Wants to buy")
        pages[to_draw].get_by_test_id("draw-button").click()

        # The window closes on the server's clock; the later click wins by seat order.
        winner, loser = NAMES[other], NAMES[starter]
        for page in pages:
            expect(page.get_by_test_id("event-log")).to_contain_text(f"{winner} buys", timeout=30_000)
            log = page.get_by_test_id("event-log").text_content() or ""
            assert f"{loser} buys" not in log
            assert f"{loser} wants to buy" in log and f"{winner} wants to buy" in log
        expect(pages[other].get_by_test_id("hand").locator(".card-btn")).to_have_count(15)
        expect(pages[starter].get_by_test_id("hand").locator(".card-btn")).to_have_count(13)
        # The player to move drew automatically after the buy and plays on.
        expect(pages[to_draw].get_by_test_id("hand").locator(".card-btn")).to_have_count(14)
    finally:
        for context in contexts:
            context.close()
