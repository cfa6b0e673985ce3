"""Liar's Dice through the web client on a phone against a CPU: Anna opens the bidding with
the picker from the keyboard, a bid the rules do not allow stays unlit, and a challenge lifts
every cup: the lifted cups are shown, the loser has a die fewer, and a new round rolls."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.test_boards import _create_room

pytestmark = pytest.mark.e2e

PHONE = {"width": 360, "height": 640}


def _my_turn(page: Page) -> bool:
    return page.get_by_test_id("bid-button").is_visible()


def test_liars_dice_bid_and_challenge(browser: Browser, stack) -> None:
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    page = context.new_page()
    try:
        _create_room(page, stack.base_url, "liars-dice", "cpu")
        page.get_by_test_id("start-button").click()
        expect(page.get_by_test_id("ld-table")).to_be_visible()
        expect(page.get_by_test_id("seat-cup-1")).to_have_attribute("aria-label", re.compile("5 dice under the cup"))
        expect(page.get_by_test_id("own-dice").locator("[data-testid^=own-die-]")).to_have_count(5)
        # Seat 0 opens: no challenge before a bid; every face may be bid.
        bid = page.get_by_test_id("bid-button")
        expect(bid).to_be_visible()
        expect(page.get_by_test_id("challenge-button")).to_be_disabled()
        page.get_by_test_id("bid-face-3").focus()
        page.keyboard.press("Enter")
        expect(page.get_by_test_id("bid-face-3")).to_have_attribute("aria-pressed", "true")
        page.get_by_test_id("quantity-up").click()
        expect(page.get_by_test_id("bid-quantity")).to_have_text("2")
        expect(bid).to_have_text("Bid 2 threes")
        bid.focus()
        page.keyboard.press("Enter")
        expect(page.get_by_test_id("last-event")).not_to_be_empty()

        challenged = False
        deadline = time.monotonic() + 300
        while not challenged:
            assert time.monotonic() < deadline, "no challenge came"
            if page.get_by_test_id("lifted").is_visible():
                challenged = True
                break
            if page.get_by_test_id("result-panel").is_visible():
                break
            if _my_turn(page) and page.get_by_test_id("challenge-button").is_enabled():
                standing = page.get_by_test_id("current-bid").get_attribute("aria-label") or ""
                found = re.search(r"(\d+) (\w+), by", standing)
                assert found, standing
                quantity = int(found.group(1))
                # The same number on a lower or equal face is not higher: the Bid button stays unlit.
                page.get_by_test_id("bid-face-1").click()
                while page.get_by_test_id("bid-quantity").inner_text() != str(quantity) and quantity > 1:
                    page.get_by_test_id("quantity-down").click()
                if quantity > 1 and page.get_by_test_id("bid-quantity").inner_text() == str(quantity):
                    expect(bid).to_be_disabled()
                challenge = page.get_by_test_id("challenge-button")
                challenge.focus()
                page.keyboard.press("Space")
                expect(page.get_by_test_id("lifted")).to_be_visible()
                challenged = True
            page.wait_for_timeout(100)
        assert challenged
        lifted = page.get_by_test_id("lifted")
        expect(page.get_by_test_id("lifted-summary")).to_contain_text("challenged")
        expect(page.get_by_test_id("lifted-seat-0")).to_be_visible()
        expect(page.get_by_test_id("lifted-seat-1")).to_be_visible()
        # Both cups are shown with their dice: five each, as rolled in round one.
        expect(lifted.locator("[data-testid=lifted-seat-0] svg.ld-die")).to_have_count(5)
        expect(lifted.locator("[data-testid=lifted-seat-1] svg.ld-die")).to_have_count(5)
        expect(lifted.locator(".loser")).to_have_count(1)
        # The loser has four dice now; the new round is on.
        expect(page.locator("[data-testid^=seat-cup-][aria-label*='4 dice under the cup']")).to_have_count(1)
        expect(page.locator("[data-testid^=seat-cup-][aria-label*='5 dice under the cup']")).to_have_count(1)
        width = page.evaluate("() => document.querySelector('[data-testid=ld-table]').getBoundingClientRect().width")
        assert 200 < width <= 360
    finally:
        context.close()
