"""The player's own page (/me): after a finished game it lists the title played; a transfer
code made there gives a second browser the same player (name, coins, games); the page passes
the accessibility scan in every language at phone and desktop size."""

from __future__ import annotations

import json
import time

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.test_boards import _create_room
from tests.e2e.test_cards import PHONE
from tests.e2e.test_every_title import _serious
from tests.support.browser import wait_for_answer

pytestmark = pytest.mark.e2e

LIVE_COLUMN = """() => {
  if (document.querySelector('[data-testid=result-panel]')) return 'result';
  const col = [...document.querySelectorAll('[data-testid^="col-"]')].find((b) => b.getAttribute('aria-disabled') !== 'true' && b.getAttribute('role') === 'button');
  return col ? col.getAttribute('data-testid') : null;
}"""


def play_four_in_a_row_to_the_end(page: Page) -> None:
    page.get_by_test_id("start-button").click()
    expect(page.get_by_test_id("fiar-board")).to_be_visible()
    deadline = time.monotonic() + 120
    while True:
        assert time.monotonic() < deadline
        state = page.wait_for_function(LIVE_COLUMN, polling=100, timeout=30_000).json_value()
        if state == "result":
            return
        page.get_by_test_id(state).click()
        # Looked at again only once the drop is answered: until then the page still shows the
        # columns open from before it, the winning drop's too.
        wait_for_answer(page)


def test_the_player_page_shows_the_games_and_carries_the_player_to_a_second_browser(browser: Browser, stack) -> None:
    first = browser.new_context(viewport=PHONE, locale="en-GB")
    second = browser.new_context(viewport=PHONE, locale="en-GB")
    try:
        page = first.new_page()
        _create_room(page, stack.base_url, "four-in-a-row", "cpu")
        play_four_in_a_row_to_the_end(page)
        # Four in a Row has no shuffle: the result panel offers no shuffle check.
        expect(page.get_by_test_id("result-panel")).to_be_visible()
        expect(page.get_by_test_id("fairness-details")).to_have_count(0)
        page.goto(stack.base_url)
        page.get_by_test_id("me-link").click()
        expect(page.get_by_test_id("me-page")).to_be_visible()
        expect(page.get_by_test_id("me-name")).to_have_text("Anna")
        row = page.get_by_test_id("me-stat-four-in-a-row")
        expect(row).to_contain_text("Four in a Row")
        expect(row.locator("td").first).to_have_text("1")
        expect(page.get_by_test_id("me-rooms")).to_contain_text("Four in a Row")
        coins = page.get_by_test_id("me-coins").inner_text()
        page.get_by_test_id("me-make-code").click()
        code = page.get_by_test_id("me-code-value").inner_text()
        assert len(code) == 9 and code[4] == "-"

        other = second.new_page()
        other.goto(f"{stack.base_url}/me")
        expect(other.get_by_test_id("me-nobody")).to_be_visible()
        other.get_by_test_id("me-claim-code").fill(code.lower())
        other.get_by_test_id("me-claim-button").click()
        expect(other.get_by_test_id("me-name")).to_have_text("Anna")
        expect(other.get_by_test_id("me-coins")).to_have_text(coins)
        expect(other.get_by_test_id("me-stat-four-in-a-row").locator("td").first).to_have_text("1")
        # Used once: a third try is refused with words, not a crash.
        other.get_by_test_id("me-claim-code").fill(code)
        other.get_by_test_id("me-claim-button").click()
        expect(other.get_by_test_id("me-claim-note")).to_have_text("That code is unknown, used or expired.")
        # The start page greets the second browser by the player's name.
        other.goto(stack.base_url)
        expect(other.get_by_test_id("nickname")).to_have_value("Anna")
    finally:
        first.close()
        second.close()


@pytest.mark.parametrize("locale", ["de-DE", "en-GB", "es-ES", "sv-SE"])
@pytest.mark.parametrize("viewport", [PHONE, {"width": 1280, "height": 800}], ids=["phone", "desktop"])
def test_the_player_page_passes_the_accessibility_scan(browser: Browser, stack, locale: str, viewport) -> None:
    context = browser.new_context(viewport=viewport, locale=locale)
    page = context.new_page()
    found: dict[str, list[str]] = {}
    try:
        page.goto(f"{stack.base_url}/me")
        expect(page.get_by_test_id("me-claim-code")).to_be_visible()
        found["nobody"] = _serious(page)
        page.goto(stack.base_url)
        page.get_by_test_id("nickname").fill("Anna")
        page.get_by_test_id("create-game").select_option("four-in-a-row")
        page.get_by_test_id("create-button").click()
        expect(page.get_by_test_id("waiting-room")).to_be_visible()
        page.goto(f"{stack.base_url}/me")
        expect(page.get_by_test_id("me-make-code")).to_be_visible()
        page.get_by_test_id("me-make-code").click()
        expect(page.get_by_test_id("me-code-value")).to_be_visible()
        found["player"] = _serious(page)
        wide = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
        assert wide <= 0, f"{wide} px wider than the screen"
    finally:
        context.close()
    assert not any(found.values()), json.dumps(found, indent=1)
