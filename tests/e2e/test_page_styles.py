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


def test_the_number_rows_show_their_runs_readable_and_all_in_view_on_a_phone(browser: Browser, stack) -> None:
    """Twenty places across 360 px drew the numbers about 8 px high, and two lines of ten a row
    pushed rows 3 and 4 out of the table; on a phone each row shows its run and next places on
    one line, every number at least 12 px, and all four rows in view."""
    context = browser.new_context(viewport={"width": 360, "height": 640}, locale="en-GB")
    page = context.new_page()
    try:
        create_room(page, stack.base_url, "number-rows", ["cpu"], {})
        page.get_by_test_id("start-button").click()
        rows = page.get_by_test_id("number-rows")
        expect(rows).to_have_class("board nr-rows narrow")
        expect(page.get_by_test_id("next-r-11")).to_be_visible()
        seen = page.evaluate(
            """() => {
              const area = document.querySelector('.game-area').getBoundingClientRect();
              const texts = [...document.querySelectorAll('[data-testid=number-rows] text')];
              return {
                smallest: Math.min(...texts.map((t) => t.getBoundingClientRect().height)),
                outside: ['r', 'y', 'g', 'b'].filter((c) => {
                  const box = document.querySelector(`[data-testid=row-${c}]`).getBoundingClientRect();
                  return box.top < area.top - 1 || box.bottom > area.bottom + 1;
                }),
              };
            }"""
        )
        assert seen["smallest"] >= 12 and not seen["outside"], seen
    finally:
        context.close()
