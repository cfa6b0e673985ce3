"""Oh Hell in the web client on a phone: a four-player quick match against three CPUs through
all five deals. Anna bids with the bid buttons (the hook's forbidden bid greyed), plays lit
cards, and, as the host, starts every next deal from the score sheet. The checks wait for
states, never for time."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.test_cards import PHONE
from tests.support.browser import at_quick_pace, laid_out_box

pytestmark = pytest.mark.e2e

# What Anna can do now: "result", "bid", "play", "next", or null (not her turn, or the own
# zone not drawn again since her last action).
STATE = """() => {
  if (document.querySelector('[data-testid=result-panel]')) return 'result';
  const zone = document.querySelector('[data-testid=own-zone] .own-cards:not([data-stale])');
  if (!zone) return null;
  if (zone.querySelector('[data-testid=next-deal-button]:not([disabled])')) return 'next';
  if (zone.querySelector('[data-testid^=bid-]:not([disabled]):not([data-testid=bid-hint])')) return 'bid';
  if (zone.querySelector('.card-btn.playable')) return 'play';
  return null;
}"""

MARK_STALE = """() => {
  const zone = document.querySelector('[data-testid=own-zone] .own-cards');
  if (zone) zone.dataset.stale = '1';
}"""


def create_four_seats(page: Page, base_url: str) -> None:
    """Anna and three CPUs, a quick match (the default). The form opens with three seats (the
    fewest Oh Hell takes) and is drawn again once the game's settings arrive: choose until it
    holds."""
    page.goto(base_url)
    page.get_by_test_id("nickname").fill("Anna")
    page.get_by_test_id("create-game").select_option("oh-hell")
    for seat in (1, 2):
        kind = page.get_by_test_id(f"seat-kind-{seat}")
        for _ in range(20):
            kind.select_option("cpu")
            page.wait_for_timeout(150)
            if kind.input_value() == "cpu":
                break
        expect(kind).to_have_value("cpu")
    page.get_by_test_id("seat-add").click()
    page.get_by_test_id("seat-kind-3").select_option("cpu")
    expect(page.get_by_test_id("seat-kind-1")).to_have_value("cpu")
    page.get_by_test_id("create-button").click()
    expect(page.get_by_test_id("waiting-room")).to_be_visible()


def test_quick_match_against_three_cpus(browser: Browser, stack) -> None:
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    at_quick_pace(context)
    page = context.new_page()
    try:
        create_four_seats(page, stack.base_url)
        page.get_by_test_id("start-button").click()
        table = page.get_by_test_id("card-table")
        expect(table).to_be_visible()
        expect(table.locator(".seat-spot")).to_have_count(4)
        hand = page.get_by_test_id("hand")
        expect(hand.locator(".card-btn")).to_have_count(5)
        # Five cards on a 360 px screen: each keeps at least a 44 px strip, inside the screen.
        boxes = [laid_out_box(card) for card in hand.locator(".card-btn").all()]
        assert all(box["x"] >= 0 and box["x"] + box["width"] <= 360 for box in boxes)
        lefts = sorted(box["x"] for box in boxes)
        assert all(b - a >= 44 - 0.5 for a, b in zip(lefts, lefts[1:], strict=False))

        counts = {"bid": 0, "play": 0, "next": 0}
        deadline = time.monotonic() + 170
        while True:
            assert time.monotonic() < deadline, f"no end within the time; moves so far {counts}"
            state = page.wait_for_function(STATE, polling=100, timeout=30_000).json_value()
            if state == "result":
                break
            page.evaluate(MARK_STALE)
            zone = page.get_by_test_id("own-zone")
            if state == "bid":
                zone.locator("[data-testid^=bid-]:not([disabled]):not([data-testid=bid-hint])").first.click()
            elif state == "play":
                card = zone.locator(".card-btn.playable").first
                assert (card.get_attribute("aria-label") or "").endswith(", playable")
                card.click()
            else:
                expect(page.get_by_test_id("score-sheet")).to_be_visible()
                zone.get_by_test_id("next-deal-button").click()
            counts[state] += 1

        # Five bids, 5 + 4 + 3 + 2 + 1 cards played, four deals started by the host.
        assert counts == {"bid": 5, "play": 15, "next": 4}, counts
        expect(page.get_by_test_id("placings").locator('[data-testid^="placing-"]')).to_have_count(4)
        sheet = page.get_by_test_id("score-sheet")
        expect(sheet.locator('[data-testid^="sheet-deal-"]')).to_have_count(5)
        log = page.get_by_test_id("event-log").text_content() or ""
        assert "Anna bids" in log and "takes the trick" in log and "Deal 5 scored" in log
    finally:
        context.close()
