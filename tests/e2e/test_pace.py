"""The pace of others' moves, chosen in the room's menu ("Pace of moves"): its three paces in
the browser's language (the open menu passing the accessibility scan), the choice kept by the
browser across a reload, and the table waiting for it: after a move of one's own, a CPU's
answer is shown a relaxed pace's second later, a quick pace's quarter second (js/pace.js)."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from tests.e2e.test_spine import _create_room, _discs, _drop

pytestmark = pytest.mark.e2e

PHONE = {"width": 360, "height": 640}

# The time from this device's own disc being drawn to the CPU's answer being drawn, measured
# in the page (a MutationObserver on the board), for the move the test makes next.
WATCH_ANSWER = """(before) => {
  const discs = () => document.querySelectorAll('[data-testid=fiar-board] .fiar-disc').length;
  window.answerShownAfterMs = new Promise((resolve) => {
    let own = null;
    const observer = new MutationObserver(() => {
      const count = discs();
      if (own === null && count >= before + 1) own = performance.now();
      if (own !== null && count >= before + 2) {
        observer.disconnect();
        resolve(performance.now() - own);
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
}"""


def choose_pace(page: Page, name: str) -> None:
    page.get_by_test_id("menu-button").click()
    page.get_by_test_id("menu-pace").select_option(name)
    page.keyboard.press("Escape")
    expect(page.get_by_test_id("menu-panel")).to_be_hidden()


def answer_shown_after_ms(page: Page, column: int) -> float:
    page.evaluate(WATCH_ANSWER, _discs(page))
    _drop(page, column)
    return float(page.evaluate("() => window.answerShownAfterMs"))


def test_the_pace_is_chosen_in_the_menu_kept_and_followed(browser: Browser, stack) -> None:
    context = browser.new_context(viewport=PHONE, locale="de-DE")
    page = context.new_page()
    try:
        _create_room(page, stack.base_url, "four-in-a-row", "Anna", "cpu")
        page.get_by_test_id("menu-button").click()
        pace = page.get_by_test_id("menu-pace")
        expect(pace).to_have_attribute("aria-label", "Tempo der Züge")
        expect(pace.locator("option")).to_have_text(["Gemächlich", "Normal", "Zügig"])
        expect(pace).to_have_value("normal")  # nobody chose one on this browser yet
        serious = [v["id"] for v in Axe().run(page).response["violations"] if v["impact"] in ("serious", "critical")]
        assert not serious, serious
        page.keyboard.press("Escape")
        page.get_by_test_id("start-button").click()
        expect(page.get_by_test_id("fiar-board")).to_be_visible()

        choose_pace(page, "relaxed")
        relaxed = answer_shown_after_ms(page, 0)
        choose_pace(page, "quick")
        quick = answer_shown_after_ms(page, 6)
        # The table waits at least the pace after one's own move (1 s, 0.25 s); a slow CPU
        # can only make the wait longer, and never as long as a relaxed second at quick pace.
        assert relaxed >= 950, relaxed
        assert 200 <= quick < relaxed, (quick, relaxed)

        # The choice is this browser's: kept across a reload, and in the next room too.
        page.reload()
        expect(page.get_by_test_id("fiar-board")).to_be_visible()
        page.get_by_test_id("menu-button").click()
        expect(page.get_by_test_id("menu-pace")).to_have_value("quick")
        assert page.evaluate("() => JSON.parse(localStorage.getItem('gameroom.pace'))") == "quick"
    finally:
        context.close()
