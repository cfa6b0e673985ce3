"""Every style the client sets reaches the page under its own Content-Security-Policy (no
inline style): the card hand is drawn with the card styles (58 px cards, not bare buttons),
the hand rows carry their card count, and no style is blocked on the way — the card styles
were once an injected <style> that the policy refused on every card table."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.test_cards import create_room

pytestmark = pytest.mark.e2e

WATCH_CSP = """() => {
  window.__blocked = [];
  document.addEventListener('securitypolicyviolation', (e) => window.__blocked.push(e.violatedDirective + ' ' + (e.sourceFile || '')));
}"""


@pytest.mark.parametrize(("game", "options"), [("number-rows", {"start_cards": "15"}), ("mau-mau", {})])
def test_the_card_hand_is_styled_and_nothing_is_blocked(browser: Browser, stack, game, options) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 640}, locale="en-GB")
    context.add_init_script(WATCH_CSP.removeprefix("() => {").removesuffix("}"))
    page = context.new_page()
    try:
        create_room(page, stack.base_url, game, ["cpu"], options)
        page.get_by_test_id("start-button").click()
        hand = page.get_by_test_id("hand")
        expect(hand.locator(".card-btn").first).to_be_visible()
        width = hand.locator(".card-btn").first.evaluate("e => e.getBoundingClientRect().width")
        assert abs(width - 58) < 1, width  # the card styles applied
        rows = page.locator("[data-testid=hand] .hand-row")
        assert rows.first.evaluate("e => getComputedStyle(e).getPropertyValue('--n').trim()") != ""
        assert page.evaluate("() => window.__blocked") == []
    finally:
        context.close()


def test_the_number_rows_fold_on_a_phone_into_readable_numbers(browser: Browser, stack) -> None:
    """Twenty places across 360 px drew the numbers about 8 px high; on a phone the rows fold
    into 1–10 over 11–20 and the numbers are at least 10 px."""
    context = browser.new_context(viewport={"width": 360, "height": 640}, locale="en-GB")
    page = context.new_page()
    try:
        create_room(page, stack.base_url, "number-rows", ["cpu"], {})
        page.get_by_test_id("start-button").click()
        rows = page.get_by_test_id("number-rows")
        expect(rows).to_have_class("board nr-rows folded")
        size = rows.locator(".nr-free").first.evaluate("e => e.getBoundingClientRect().height")
        assert size >= 10, size
    finally:
        context.close()
