"""Blackjack in the web client: Anna against the dealer beside a strong CPU, on a phone-sized
screen. The room is made through the start page (3 rounds, 200 chips). She bets through the
bet chooser (− / + in 2-chip steps), and on her first two-card hand she doubles: the bet on
the table doubles, exactly one card comes, her turn is over, and the round is paid out. While
she decides, the dealer's second card is a face-down back on the page and no card id of it is
anywhere in the document. What she may press comes from the server's legal moves only."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from tests.e2e.test_cards import PHONE, create_room

pytestmark = pytest.mark.e2e

STATE = """() => {
  if (document.querySelector('[data-testid=result-panel]')) return 'result';
  const zone = document.querySelector('[data-testid=own-zone] .bj-own:not([data-stale])');
  if (!zone) return null;
  if (zone.querySelector('[data-testid=bet-button]:not([disabled])')) return 'bet';
  if (zone.querySelector('[data-testid=double-button]:not([disabled])')) return 'double';
  if (zone.querySelector('[data-testid=stand-button]:not([disabled])')) return 'stand';
  return null;
}"""

MARK_STALE = """() => {
  const zone = document.querySelector('[data-testid=own-zone] .bj-own');
  if (zone) zone.dataset.stale = '1';
}"""


def tap(button: Locator) -> None:
    """A tap on a table button that the table may draw anew at any moment (each update of the
    room): found and clicked in one step of the page, where a pointer click first waits for the
    button to hold still for two frames, which a loaded machine's redraws can keep from ever
    happening."""
    expect(button).to_be_enabled()
    button.dispatch_event("click")


def chips_of_anna(page: Page) -> int:
    summary = page.get_by_test_id("table-summary").text_content() or ""
    found = re.search(r"Anna: ([\d,]+) chips", summary)
    assert found, summary
    return int(found.group(1).replace(",", ""))


def test_a_round_with_a_double(browser: Browser, stack) -> None:
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    page = context.new_page()
    try:
        create_room(page, stack.base_url, "blackjack", ["cpu"], {"rounds": "3", "chips": "200"})
        page.get_by_test_id("start-button").click()
        table = page.get_by_test_id("blackjack-table")
        expect(table).to_be_visible()
        expect(table.locator(".seat-spot")).to_have_count(2)
        expect(page.get_by_test_id("round-line")).to_contain_text("Round 1 of 3")
        doubled = False
        bets = 0
        deadline = time.monotonic() + 240
        while True:
            assert time.monotonic() < deadline, "no double and no end in time"
            state = page.wait_for_function(STATE, polling=100, timeout=60_000).json_value()
            if state == "result":
                break
            if state == "bet":
                if bets == 0:
                    # The chooser opens on a twentieth of the starting chips (10); one step up is
                    # 12, and later rounds open on the bet she placed last.
                    expect(page.get_by_test_id("bet-amount")).to_have_text("10")
                    tap(page.get_by_test_id("bet-more"))
                expect(page.get_by_test_id("bet-button")).to_have_text("Bet 12")
                page.evaluate(MARK_STALE)
                tap(page.get_by_test_id("bet-button"))
                bets += 1
                continue
            if state == "double" and not doubled:
                # Her two open cards are in her zone; the dealer's second card is a back.
                expect(page.get_by_test_id("own-hand").locator(".card-face")).to_have_count(2)
                dealer = page.get_by_test_id("dealer-cards")
                expect(dealer.locator(".card-face")).to_have_count(1)
                expect(dealer.locator(".card-back")).to_have_count(1)
                expect(page.get_by_test_id("dealer-total")).to_contain_text("Dealer shows")
                before = chips_of_anna(page)
                page.evaluate(MARK_STALE)
                tap(page.get_by_test_id("double-button"))
                log = page.get_by_test_id("event-log")
                expect(log).to_contain_text("Anna doubles to 24 and gets", timeout=30_000)
                # Paid out: a win gives 48 back, a tie 24, a loss or bust nothing.
                expect(log).to_contain_text(re.compile(r"Anna( wins 24|: a tie, 24 back| loses 24)"), timeout=30_000)
                after = chips_of_anna(page)
                assert after - before in (-12, 36, 12), (before, after)
                assert len(page.locator("[data-testid=hand-0] .card-face").all()) in (0, 3)
                doubled = True
                continue
            page.evaluate(MARK_STALE)
            tap(page.get_by_test_id("stand-button"))
        assert doubled and bets >= 1
        expect(page.get_by_test_id("result-panel")).to_be_visible()
        expect(page.get_by_test_id("placings")).to_contain_text("chips")
    finally:
        context.close()
