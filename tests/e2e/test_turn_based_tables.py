"""A turn-based table in the browser: made on the new-room page (its setting explained there),
on the player page's "your turn" list with its time left, a vacation started on the player
page (the days left said, the seat marked "on vacation until …" at the table, the clock held),
and the player page passing the accessibility scan with all of it on it."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.test_boards import _create_room
from tests.e2e.test_cards import PHONE
from tests.e2e.test_every_title import _serious

pytestmark = pytest.mark.e2e

# The seat chip and the move clock, read in one look.
TABLE = """() => {
  const chip = document.querySelector('[data-testid=seat-0]');
  const clock = document.querySelector('[data-testid=move-clock]');
  return {
    label: chip ? chip.getAttribute('aria-label') : null,
    vacation: Boolean(document.querySelector('[data-testid=seat-0-vacation]')),
    clock: clock && !clock.hidden ? clock.textContent : null,
  };
}"""


def test_a_turn_based_table_on_the_player_page_and_a_vacation_that_holds_its_clock(browser: Browser, stack) -> None:
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    try:
        page = context.new_page()
        page.goto(stack.base_url)
        expect(page.get_by_test_id("game-info")).not_to_be_empty()
        page.get_by_test_id("create-game").select_option("four-in-a-row")
        expect(page.get_by_test_id("turn-clock-hint")).to_contain_text("nobody's seat goes to the computer")
        code = _create_room(page, stack.base_url, "four-in-a-row", "cpu", {"turn_clock": "3 days"})
        page.get_by_test_id("start-button").click()
        expect(page.get_by_test_id("fiar-board")).to_be_visible()
        expect(page.get_by_test_id("move-clock")).to_contain_text("2 d 23 h")

        page.goto(f"{stack.base_url}/me")
        turn = page.get_by_test_id(f"turn-{code}-0")
        expect(turn).to_contain_text("2 d 23 h left")
        expect(page.get_by_test_id("vacation-status")).to_have_text("14 vacation days left this year.")
        page.get_by_test_id("vacation-days").fill("2")
        page.get_by_test_id("vacation-start").click()
        expect(page.get_by_test_id("vacation-status")).to_contain_text("On vacation until")
        expect(page.get_by_test_id("vacation-status")).to_contain_text("12 vacation days left this year.")
        # The clock holds: two more days on the list.
        page.reload()
        expect(page.get_by_test_id(f"turn-{code}-0")).to_contain_text("4 d 23 h left")
        assert _serious(page) == []
        # More than the year has left: refused in words, nothing changed.
        page.get_by_test_id("vacation-days").fill("13")
        page.get_by_test_id("vacation-start").click()
        expect(page.get_by_test_id("vacation-status")).to_have_text(
            "You have no vacation days left for that this year."
        )

        # At the table the seat says it, and the clock shows the held time.
        page.get_by_test_id(f"turn-{code}-0").locator("a").click()
        expect(page.get_by_test_id("seat-0-vacation")).to_be_visible()
        table = page.wait_for_function(f"() => ({TABLE})().clock", polling=100).json_value()
        state = page.evaluate(TABLE)
        assert "on vacation until" in state["label"] and state["vacation"], state
        assert table.startswith("4 d 23 h"), table
    finally:
        context.close()
