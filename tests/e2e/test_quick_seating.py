"""Two browsers seated together by "Play now": each asks for a two-player Hau Hau table at
1,000 coins on the start page; the first waits (the page says so), the second fills the
table, and both pages open the same room with the match already running and the stakes gone
from their wallets. Alone at first, Anna is offered computer players at once and chooses to
wait for people."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.test_cards import PHONE

pytestmark = pytest.mark.e2e


def ask(page: Page, base_url: str, name: str) -> None:
    page.goto(base_url)
    page.get_by_test_id("nickname").fill(name)
    expect(page.get_by_test_id("quick-panel")).to_be_visible()
    page.get_by_test_id("quick-game").select_option("hau-hau")
    page.get_by_test_id("quick-seats").select_option("2")
    page.get_by_test_id("quick-stake").select_option("1000")
    page.get_by_test_id("quick-button").click()


def test_two_browsers_seated_together_by_play_now(browser: Browser, stack) -> None:
    contexts = [browser.new_context(viewport=PHONE, locale="en-GB") for _ in range(2)]
    anna, ben = (context.new_page() for context in contexts)
    try:
        ask(anna, stack.base_url, "Anna")
        expect(anna.get_by_test_id("quick-status")).to_contain_text("Nobody else is looking for a table of 2")
        expect(anna.get_by_test_id("quick-cpu")).to_have_text("Play now with computer players (no coins)")
        anna.get_by_test_id("quick-wait-people").click()
        expect(anna.get_by_test_id("quick-status")).to_contain_text("Looking for players: 1 waiting for a table of 2")
        expect(anna.get_by_test_id("quick-cancel")).to_be_visible()
        expect(anna.get_by_test_id("quick-cpu")).to_have_count(0)
        ask(ben, stack.base_url, "Ben")
        for page in (anna, ben):
            expect(page.get_by_test_id("room")).to_be_visible(timeout=30_000)
            expect(page.get_by_test_id("stake")).to_be_visible()
        assert anna.url.split("/r/")[1] == ben.url.split("/r/")[1]
        for page, other in ((anna, "Ben"), (ben, "Anna")):
            expect(page.get_by_test_id("seats")).to_contain_text(other)
        # Back on the start page each wallet shows the stake gone into the pot.
        anna.goto(stack.base_url)
        expect(anna.get_by_test_id("wallet")).to_contain_text("0")
    finally:
        for context in contexts:
            context.close()
