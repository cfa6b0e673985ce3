"""The keyboard stays where it was when a control redraws its part of the page: ArrowDown on
the seat-type select of the start page changes the seat and keeps the focus on that select
(the row was drawn anew and the focus fell to the page), so a second ArrowDown goes on."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.test_boards import _create_room

pytestmark = pytest.mark.e2e

PHONE = {"width": 360, "height": 640}


def test_arrow_down_on_the_seat_select_keeps_the_focus(browser: Browser, stack) -> None:
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    page = context.new_page()
    try:
        page.goto(stack.base_url)
        expect(page.get_by_test_id("game-info")).not_to_be_empty()
        page.get_by_test_id("create-game").select_option("four-in-a-row")
        # The Create button is enabled once the form is drawn with the game's settings: the
        # seat rows are not drawn again after it.
        expect(page.get_by_test_id("create-button")).to_be_enabled()
        seat = page.get_by_test_id("seat-kind-1")
        # The seat starts as a computer player, near the end of the list: from its first choice
        # two steps down are two other choices.
        seat.select_option("human")
        expect(page.get_by_test_id("seat-kind-1")).to_have_value("human")
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


def test_the_focus_stays_on_the_board_through_a_move_and_the_reply(browser: Browser, stack) -> None:
    """The first Tab reaches a skip link that goes straight to the board; after a move and
    the CPU's reply the focus is on the same column, not on the page."""
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    page = context.new_page()
    try:
        _create_room(page, stack.base_url, "four-in-a-row", "cpu")
        page.get_by_test_id("start-button").click()
        expect(page.get_by_test_id("turn-status")).to_have_class(re.compile(r"\bmine\b"), timeout=20_000)
        # A fresh load of the room, as someone arriving by its link: the first Tab.
        page.reload()
        expect(page.get_by_test_id("col-0")).to_be_visible()
        page.keyboard.press("Tab")
        focused = page.locator(":focus")
        expect(focused).to_have_attribute("data-testid", "skip-to-board")
        expect(focused).to_have_text("Skip to the board")
        page.keyboard.press("Enter")
        expect(focused).to_have_attribute("data-testid", re.compile(r"^col-\d$"))
        page.keyboard.press("End")
        expect(focused).to_have_attribute("data-testid", "col-6")
        page.keyboard.press("Enter")
        # The CPU answers; the turn comes back to Anna with the keyboard still on column 7.
        page.wait_for_function(
            "() => document.querySelectorAll('[data-testid=last-event]').length"
            " && document.querySelector('[data-testid=turn-status].mine')"
            " && document.querySelector('[data-testid=seat-0].turn')",
            timeout=20_000,
        )
        expect(page.get_by_test_id("seat-1")).not_to_have_class(re.compile(r"\bturn\b"))
        expect(focused).to_have_attribute("data-testid", "col-6")
        assert page.evaluate("() => document.activeElement !== document.body")
    finally:
        context.close()
