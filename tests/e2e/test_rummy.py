"""Rummy in the web client: a game against a CPU on a phone-sized screen, played to the end
through the UI the way a person would - draw, lay every meld the list under the hand offers,
tap a card and discard it. What is lit comes from the server's legal moves only."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.test_cards import MARK_STALE, PHONE, create_room
from tests.support.browser import at_quick_pace

pytestmark = pytest.mark.e2e

# What the page can do now: "result", "draw", "meld" (a possible meld is offered), "discard"
# (a card is selected), "back" (take a proposal back), "select" (tap a lit card), or null.
STATE = """() => {
  if (document.querySelector('[data-testid=result-panel]')) return 'result';
  const zone = document.querySelector('[data-testid=own-zone] .own-cards:not([data-stale])');
  if (!zone) return null;
  if (zone.querySelector('[data-testid=draw-button]:not([disabled])')) return 'draw';
  if (document.querySelector('[data-testid^=possible-meld-]:not([disabled])')) return 'meld';
  if (zone.querySelector('[data-testid=discard-button]:not([disabled])')) return 'discard';
  if (zone.querySelector('[data-testid=take-back-button]')) return 'back';
  if (zone.querySelector('.card-btn.playable')) return 'select';
  return null;
}"""


def test_rummy_against_a_cpu_to_the_end(browser: Browser, stack) -> None:
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    at_quick_pace(context)
    page = context.new_page()
    try:
        create_room(page, stack.base_url, "rummy", ["cpu"], {"opening_minimum": "0"})
        page.get_by_test_id("start-button").click()
        expect(page.get_by_test_id("card-table")).to_be_visible()
        expect(page.get_by_test_id("hand").locator(".card-btn")).to_have_count(13)
        expect(page.get_by_test_id("possible-melds")).to_be_visible()
        expect(page.get_by_test_id("melds")).to_be_visible()
        done = {"draw": 0, "meld": 0, "discard": 0, "select": 0, "back": 0}
        deadline = time.monotonic() + 240
        while True:
            assert time.monotonic() < deadline, f"no end within the time; moves so far {done}"
            state = page.wait_for_function(STATE, polling=100, timeout=30_000).json_value()
            if state == "result":
                break
            done[state] += 1
            if state == "select":
                # Only the selection changes: the zone is drawn again without an update.
                card = page.locator("[data-testid=own-zone] .card-btn.playable").last
                label = card.get_attribute("aria-label") or ""
                assert ", playable" in label, label
                card.click()
                expect(page.get_by_test_id("discard-button")).to_be_visible()
                continue
            page.evaluate(MARK_STALE)
            if state == "draw":
                page.get_by_test_id("draw-button").click()
            elif state == "meld":
                page.locator("[data-testid^=possible-meld-]:not([disabled])").first.click()
                if done["meld"] == 1:
                    # Looked at now: the log keeps the last 300 entries, a long game pushes the
                    # first meld out of it before the end.
                    expect(page.get_by_test_id("event-log")).to_contain_text("Anna lays a")
            elif state == "discard":
                page.get_by_test_id("discard-button").click()
            else:
                page.get_by_test_id("take-back-button").click()
        expect(page.get_by_test_id("result-panel")).to_be_visible()
        expect(page.get_by_test_id("shown-hands")).to_be_visible()
        assert done["draw"] >= 1 and done["discard"] >= 1, done
        log = page.get_by_test_id("event-log").text_content() or ""
        assert "Anna discards" in log
    finally:
        context.close()
