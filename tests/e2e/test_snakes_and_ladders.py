"""Snakes and Ladders through the web client: a whole game against a CPU on a phone, rolling
with the lit Roll button until someone reaches square 100."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.roll import look_at_roll
from tests.e2e.test_spine import _create_room
from tests.support.browser import at_quick_pace, wait_for_answer

pytestmark = pytest.mark.e2e

PHONE = {"width": 360, "height": 640}


def test_snakes_and_ladders_against_a_cpu_to_the_end(browser: Browser, stack) -> None:
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    at_quick_pace(context)
    page = context.new_page()
    try:
        _create_room(page, stack.base_url, "snakes-and-ladders", "Anna", "cpu")
        page.get_by_test_id("start-button").click()
        board = page.get_by_test_id("snl-board")
        expect(board).to_be_visible()
        expect(board.locator(".square")).to_have_count(100)
        expect(page.get_by_test_id("token-0")).to_have_attribute("data-square", "0")
        roll = page.get_by_test_id("roll-button")
        result = page.get_by_test_id("result-panel")
        rolls = 0
        deadline = time.monotonic() + 600
        while not result.is_visible():
            assert time.monotonic() < deadline, f"no end after {rolls} rolls"
            look = look_at_roll(page)  # one look: a CPU may end the game between two
            if look and look[0]:
                # Lit from the legal moves, and operable from the keyboard.
                expect(roll).to_have_class("primary roll lit")
                roll.focus()
                page.keyboard.press("Enter")
                rolls += 1
                # Looked at again only once the roll is answered: until then the page still
                # shows the button lit from before it.
                wait_for_answer(page)
                # The die shows the roll, unless that roll ended the game (the result then replaces it).
                expect(
                    page.locator(
                        '[data-testid=die]:not([aria-label="The die, not rolled yet"]), [data-testid=result-panel]'
                    ).first
                ).to_be_visible()
            page.wait_for_timeout(100)
        expect(page.get_by_test_id("placings")).to_contain_text("Anna")
        assert rolls > 0
        # Someone stands on 100 at the end: the winner's token is drawn there.
        expect(page.locator('[data-testid^="token-"][data-square="100"]')).to_have_count(1)
        # The board fits the phone's width.
        width = page.evaluate("() => document.querySelector('[data-testid=snl-board]').getBoundingClientRect().width")
        assert 200 < width <= 360
    finally:
        context.close()
