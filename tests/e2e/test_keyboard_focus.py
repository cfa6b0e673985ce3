"""The keyboard stays where it was when a control redraws its part of the page: ArrowDown on
the seat-type select of the start page changes the seat and keeps the focus on that select
(the row was drawn anew and the focus fell to the page), so a second ArrowDown goes on."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

pytestmark = pytest.mark.e2e

PHONE = {"width": 360, "height": 640}


def test_arrow_down_on_the_seat_select_keeps_the_focus(browser: Browser, stack) -> None:
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    page = context.new_page()
    try:
        page.goto(stack.base_url)
        expect(page.get_by_test_id("game-info")).not_to_be_empty()
        page.get_by_test_id("create-game").select_option("four-in-a-row")
        expect(page.get_by_test_id("seat-kind-1")).to_be_visible()
        page.wait_for_timeout(300)  # the game's settings arrive and draw the seat rows once more
        seat = page.get_by_test_id("seat-kind-1")
        seat.focus()
        before = seat.input_value()
        page.keyboard.press("ArrowDown")
        expect(page.locator(":focus")).to_have_attribute("data-testid", "seat-kind-1")
        first = page.get_by_test_id("seat-kind-1").input_value()
        assert first != before
        page.keyboard.press("ArrowDown")
        expect(page.locator(":focus")).to_have_attribute("data-testid", "seat-kind-1")
        assert page.get_by_test_id("seat-kind-1").input_value() not in (before, first)
    finally:
        context.close()
