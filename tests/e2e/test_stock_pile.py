"""Stock Pile in the web client: a short game against a CPU on a phone-sized screen, played to
the end through the UI the way a person would - pick a card (the stock top first, then a
discard top, then a hand card), tap the lit building pile, or end the turn by laying a hand
card on a discard pile. What is lit comes from the server's legal moves only."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.test_cards import PHONE, create_room
from tests.support.browser import at_quick_pace

pytestmark = pytest.mark.e2e

# What the page can do now; null while the own zone still shows the state before the last move.
STATE = """() => {
  if (document.querySelector('[data-testid=result-panel]')) return 'result';
  const own = document.querySelector('[data-testid=sp-own]:not([data-stale])');
  if (!own) return null;
  if (document.querySelector('.sp-target[data-testid^=building-]')) return 'build';
  if (own.querySelector('.sp-target[data-testid^=own-discard-]')) return 'discard';
  if (own.querySelector('[data-testid=own-stock][role=button]')) return 'stock';
  if (own.querySelector('[data-testid^=own-discard-][role=button]')) return 'pick_discard';
  if (own.querySelector('[data-testid^=hand-][role=button]')) return 'hand';
  if (document.querySelector('[data-testid=pass-button]')) return 'pass';
  return null;
}"""

MARK_STALE = """() => {
  const own = document.querySelector('[data-testid=sp-own]');
  if (own) own.dataset.stale = '1';
}"""


def test_stock_pile_against_a_cpu_to_the_end(browser: Browser, stack) -> None:
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    at_quick_pace(context)
    page = context.new_page()
    try:
        # A choice field's values are the indexes of its choices: 1 = "short" (ten stock cards).
        create_room(page, stack.base_url, "stock-pile", ["cpu"], {"stock_size": "1"})
        page.get_by_test_id("start-button").click()
        expect(page.get_by_test_id("sp-table")).to_be_visible()
        expect(page.get_by_test_id("own-stock")).to_be_visible()
        expect(page.get_by_test_id("building-0")).to_have_attribute("aria-label", "Building pile 1: empty, needs a 1")
        done = {key: 0 for key in ("build", "discard", "stock", "pick_discard", "hand", "pass")}
        deadline = time.monotonic() + 420
        while True:
            assert time.monotonic() < deadline, f"no end within the time; moves so far {done}"
            state = page.wait_for_function(STATE, polling=100, timeout=60_000).json_value()
            if state == "result":
                break
            done[state] += 1
            if state == "build":
                target = page.locator(".sp-target[data-testid^=building-]").first
                assert (target.get_attribute("aria-label") or "").startswith("Play ")
                page.evaluate(MARK_STALE)
                target.click()
            elif state == "discard":
                page.evaluate(MARK_STALE)
                page.locator("[data-testid=sp-own] .sp-target[data-testid^=own-discard-]").first.click()
            elif state == "stock":
                page.get_by_test_id("own-stock").click()
            elif state == "pick_discard":
                page.locator("[data-testid=sp-own] [data-testid^=own-discard-][role=button]").first.click()
            elif state == "hand":
                page.locator("[data-testid=sp-own] [data-testid^=hand-][role=button]").first.click()
            else:
                page.evaluate(MARK_STALE)
                page.get_by_test_id("pass-button").click()
        expect(page.get_by_test_id("result-panel")).to_be_visible()
        assert done["build"] >= 1 and done["discard"] >= 1, done
        log = page.get_by_test_id("event-log").text_content() or ""
        assert "Anna plays" in log and "on discard pile" in log
    finally:
        context.close()
