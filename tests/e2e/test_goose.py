"""The Game of the Goose through the web client: a whole game against a CPU on a phone with
one die set in the create form, rolling with the lit Roll button until the game is over."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.roll import look_at_roll
from tests.e2e.test_boards import _create_room
from tests.support.browser import at_quick_pace, wait_for_answer

pytestmark = pytest.mark.e2e

PHONE = {"width": 360, "height": 640}


def test_goose_against_a_cpu_to_the_end(browser: Browser, stack) -> None:
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    at_quick_pace(context)
    page = context.new_page()
    try:
        _create_room(page, stack.base_url, "goose", "cpu", {"dice": "Two dice (traditional)"})
        page.get_by_test_id("start-button").click()
        board = page.get_by_test_id("goose-board")
        expect(board).to_be_visible()
        expect(board.locator(".field")).to_have_count(63)
        expect(board.locator(".field-goose")).to_have_count(13)
        expect(page.get_by_test_id("token-0")).to_have_attribute("data-field", "0")
        roll = page.get_by_test_id("roll-button")
        result = page.get_by_test_id("result-panel")
        rolls = 0
        deadline = time.monotonic() + 900
        while not result.is_visible():
            assert time.monotonic() < deadline, f"no end after {rolls} rolls"
            # One look in the page: enabled and lit come from the same drawing (the CPUs move on
            # between two looks).
            look = look_at_roll(page)
            if look and look[0]:
                assert look[1], "an enabled Roll button is lit (from the legal moves)"  # and keyboard-operable:
                roll.focus()
                page.keyboard.press("Enter")
                rolls += 1
                # Looked at again only once the throw is answered: until then the page still
                # shows the button lit from before it.
                wait_for_answer(page)
                # The dice show the throw, unless that throw ended the game (the result then replaces them).
                expect(
                    page.locator(
                        '[data-testid=dice]:not([aria-label="The dice, not thrown yet"]), [data-testid=result-panel]'
                    ).first
                ).to_be_visible()
            page.wait_for_timeout(100)
        expect(page.get_by_test_id("placings")).to_contain_text("Anna")
        assert rolls > 0
        # The winner's token is drawn on 63; the screen reader list says who is home.
        expect(page.locator('[data-testid^="token-"][data-field="63"]')).to_have_count(1)
        expect(page.get_by_test_id("positions")).to_contain_text("home, place 1")
        width = page.evaluate("() => document.querySelector('[data-testid=goose-board]').getBoundingClientRect().width")
        assert 200 < width <= 360
    finally:
        context.close()
