"""Penalty Tricks in the web client on a phone: a four-player set against three CPUs through
the whole first deal and the passing of the second. Anna chooses three cards to pass (each
marked as chosen), her 13-card hand stays readable at 360 px, she plays lit cards (the first
lead of deal 1 never a heart while she has another suit), and, as the host, starts the next
deal from the score sheet. The checks wait for states, never for time."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.test_cards import PHONE
from tests.support.browser import at_quick_pace, laid_out_box

pytestmark = pytest.mark.e2e

# What Anna can do now: "result", "pass", "play", "next", or null (not her turn, or the own
# zone not drawn again since her last action).
STATE = """() => {
  if (document.querySelector('[data-testid=result-panel]')) return 'result';
  const zone = document.querySelector('[data-testid=own-zone] .own-cards:not([data-stale])');
  if (!zone) return null;
  if (zone.querySelector('[data-testid=next-deal-button]:not([disabled])')) return 'next';
  if (zone.querySelector('[data-testid=pass-hint]') && zone.querySelector('.card-btn.playable')) return 'pass';
  if (!zone.querySelector('[data-testid=pass-hint]') && zone.querySelector('.card-btn.playable')) return 'play';
  return null;
}"""

MARK_STALE = """() => {
  const zone = document.querySelector('[data-testid=own-zone] .own-cards');
  if (zone) zone.dataset.stale = '1';
}"""


def create_four_seats(page: Page, base_url: str) -> None:
    """Anna and three CPUs, one round of four deals (the default). The form opens with three
    seats (the fewest the game takes) and is drawn again once the game's settings arrive:
    choose until it holds."""
    page.goto(base_url)
    page.get_by_test_id("nickname").fill("Anna")
    page.get_by_test_id("create-game").select_option("penalty-tricks")
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


def assert_readable(page: Page) -> None:
    """Thirteen cards on a 360 px screen: inside the screen, each row's cards at least a
    44 px strip apart."""
    hand = page.get_by_test_id("hand")
    expect(hand.locator(".card-btn")).to_have_count(13)
    boxes = [laid_out_box(card) for card in hand.locator(".card-btn").all()]
    assert all(box["x"] >= 0 and box["x"] + box["width"] <= 360 for box in boxes)
    # Rows by their top edge; a raised (chosen or lit) card sits a few pixels above its row.
    rows: list[list[float]] = []
    row_top = None
    for box in sorted(boxes, key=lambda b: b["y"]):
        if row_top is None or box["y"] - row_top > box["height"] / 2:
            rows.append([])
            row_top = box["y"]
        rows[-1].append(box["x"])
    assert 1 < len(rows) <= 3
    for lefts in rows:
        lefts.sort()
        assert all(b - a >= 44 - 0.5 for a, b in zip(lefts, lefts[1:], strict=False))


def test_a_deal_with_passing_against_three_cpus(browser: Browser, stack) -> None:
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    at_quick_pace(context)
    page = context.new_page()
    try:
        create_four_seats(page, stack.base_url)
        page.get_by_test_id("start-button").click()
        table = page.get_by_test_id("card-table")
        expect(table).to_be_visible()
        expect(table.locator(".seat-spot")).to_have_count(4)
        expect(page.get_by_test_id("avoid-line")).to_contain_text("heart tricks")
        assert_readable(page)

        counts = {"pass": 0, "play": 0, "next": 0}
        deadline = time.monotonic() + 400
        while True:
            assert time.monotonic() < deadline, f"no end within the time; moves so far {counts}"
            state = page.wait_for_function(STATE, polling=100, timeout=60_000).json_value()
            if state == "pass" and counts["next"] == 1:
                break  # the second deal's passing has begun: the whole first deal is played
            assert state != "result", counts
            if state == "pass" and counts["pass"] == 3:
                page.wait_for_timeout(100)  # all three chosen: the deal waits for the others' passes
                continue
            page.evaluate(MARK_STALE)
            zone = page.get_by_test_id("own-zone")
            if state == "pass":
                expect(zone.get_by_test_id("pass-hint")).to_contain_text(f"{counts['pass'] % 3} of 3 chosen")
                zone.locator(".card-btn.playable").last.click()
            elif state == "play":
                if counts["play"] == 0:
                    assert_readable(page)
                card = zone.locator(".card-btn.playable").first
                assert (card.get_attribute("aria-label") or "").endswith(", playable")
                card.click()
            else:
                expect(page.get_by_test_id("score-sheet")).to_be_visible()
                expect(page.get_by_test_id("sheet-deal-1")).to_be_visible()
                zone.get_by_test_id("next-deal-button").click()
            counts[state] += 1

        # Three passes, thirteen cards played, one next deal started by the host.
        assert counts == {"pass": 3, "play": 13, "next": 1}, counts
        expect(page.get_by_test_id("avoid-line")).to_contain_text("queens")
        log = page.get_by_test_id("event-log").text_content() or ""
        assert "The passed cards go to the left." in log and "takes the trick" in log and "Deal 1 scored" in log
        assert "you get" in log  # the cards passed to Anna, named to her alone
    finally:
        context.close()
