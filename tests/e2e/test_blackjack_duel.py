"""The blackjack duel in the web client: a three-seat table, Anna against two CPUs (strong and
easy) on a phone-sized screen, played through the UI until at least one round has reached its
showdown (and, when the cards give Anna a pair, through a split of it).

Anna plays as a careful person would: she holds (calls) in the betting rounds, splits a pair,
draws below 17 and stands otherwise. What she may press comes from the server's legal moves
only. In the first betting round her own hidden card is a face-down back with a "?" total:
nobody knows it yet, she neither."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.e2e.test_cards import PHONE
from tests.support.browser import at_quick_pace

pytestmark = pytest.mark.e2e

STATE = """() => {
  if (document.querySelector('[data-testid=result-panel]')) return 'result';
  const zone = document.querySelector('[data-testid=own-zone] .bd-own:not([data-stale])');
  if (!zone) return null;
  const on = (id) => zone.querySelector(`[data-testid=${id}]:not([disabled])`);
  if (on('split-button')) return 'split';
  if (on('hit-button')) {
    const total = zone.querySelector('.bd-own-hand.active .bd-total');
    return total && Number(total.textContent) < 17 ? 'hit' : 'stand';
  }
  if (on('stand-button')) return 'stand';
  if (on('call-button')) return 'call';
  return null;
}"""

MARK_STALE = """() => {
  const zone = document.querySelector('[data-testid=own-zone] .bd-own');
  if (zone) zone.dataset.stale = '1';
}"""


def open_table(page: Page, base_url: str) -> None:
    """A room made through the REST API (Anna in seat 0, a strong and an easy CPU), opened in
    the browser with its ticket where the web client keeps it, and started."""
    seats = [{"kind": "human"}, {"kind": "cpu", "level": "strong"}, {"kind": "cpu", "level": "easy"}]
    created = page.context.request.post(
        f"{base_url}/api/rooms", data={"game": "blackjack-duel", "seats": seats, "nickname": "Anna"}
    )
    assert created.ok, created.text()
    ticket = created.json()
    page.goto(base_url)
    page.evaluate(
        "t => localStorage.setItem('gameroom.tickets', JSON.stringify({[t.code]: {code: t.code,"
        " token: t.token, seats: t.seats, invite: '', game: t.room.game, saved_at: Date.now()}}))",
        ticket,
    )
    page.goto(f"{base_url}/r/{ticket['code']}")
    page.get_by_test_id("start-button").click()


def test_three_seats_against_two_cpus_to_a_showdown(browser: Browser, stack) -> None:
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    at_quick_pace(context)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        open_table(page, stack.base_url)
        table = page.get_by_test_id("duel-table")
        expect(table).to_be_visible()
        expect(table.locator(".seat-spot")).to_have_count(3)
        expect(page.get_by_test_id("ante")).to_contain_text("Ante 20")
        actions = {"call": 0, "hit": 0, "stand": 0, "split": 0}
        saw_hidden_back = False
        deadline = time.monotonic() + 420
        log = ""
        while True:
            assert time.monotonic() < deadline, f"no showdown within the time; {actions}"
            state = page.wait_for_function(STATE, polling=100, timeout=90_000).json_value()
            if state == "result":
                break
            if state == "call" and page.get_by_test_id("stage").inner_text() == "1st betting round":
                hand = page.get_by_test_id("own-hand-0")
                if hand.count() and hand.locator(".card-back").count() == 1:
                    expect(hand.locator(".card-face")).to_have_count(1)
                    expect(page.get_by_test_id("own-total-0")).to_have_text("?")
                    saw_hidden_back = True
            page.evaluate(MARK_STALE)
            try:
                page.get_by_test_id(f"{state}-button").click(timeout=5_000)
            except PlaywrightTimeout:
                continue  # the clock or a redraw came first: read the page again
            actions[state] += 1
            if state == "split":
                expect(page.get_by_test_id("own-hand-1")).to_be_visible()
            log = page.get_by_test_id("event-log").text_content() or ""
            if "Showdown:" in log and (actions["split"] or actions["call"] >= 20):
                break
        log = page.get_by_test_id("event-log").text_content() or ""
        assert "Showdown:" in log or page.get_by_test_id("result-panel").count()
        assert "Your hidden card:" in log
        assert saw_hidden_back and actions["call"] >= 1 and actions["stand"] >= 1
        assert not errors, errors
        print(f"Anna's moves: {actions}")
    finally:
        context.close()
