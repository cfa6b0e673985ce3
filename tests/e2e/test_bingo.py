"""Bingo through the web client: Anna (on a phone) and Ben (joining by the room link, in a
browser of his own) take turns drawing. Anna calls Bingo after the first ball: refused, the
refusal is shown and her Bingo button goes quiet until the next ball. Then she marks the
numbers of her card as they are drawn and calls once a line is complete: accepted, she wins,
and her winning card is shown with the line."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.test_boards import _create_room

pytestmark = pytest.mark.e2e

PHONE = {"width": 360, "height": 640}
LINES = [
    *[[r * 5 + c for c in range(5)] for r in range(5)],
    *[[r * 5 + c for r in range(5)] for c in range(5)],
    [i * 6 for i in range(5)],
    [(i + 1) * 4 for i in range(5)],
]


def _card(page: Page) -> dict[int, int]:
    """Anna's card as drawn: cell -> number (the free centre left out)."""
    cells = page.locator("[data-testid^=cell-]")
    return {
        int(cells.nth(i).get_attribute("data-testid").split("-")[1]): int(cells.nth(i).get_attribute("data-number"))
        for i in range(cells.count())
    }


def _drawn(page: Page) -> set[int]:
    return set(page.evaluate("() => [...document.querySelectorAll('.bg-board-ball.drawn')].map(e => +e.textContent)"))


def _complete_line(card: dict[int, int], drawn: set[int]) -> list[int] | None:
    for line in LINES:
        if all(cell == 12 or card[cell] in drawn for cell in line):
            return line
    return None


def test_bingo_call_refused_then_accepted(browser: Browser, stack) -> None:
    anna_context = browser.new_context(viewport=PHONE, locale="en-GB")
    ben_context = browser.new_context(locale="en-GB")
    anna, ben = anna_context.new_page(), ben_context.new_page()
    try:
        code = _create_room(anna, stack.base_url, "bingo", "human")
        ben.goto(f"{stack.base_url}/r/{code}")
        ben.get_by_test_id("join-nickname").fill("Ben")
        ben.get_by_test_id("join-room-button").click()
        expect(ben.get_by_test_id("waiting-room")).to_be_visible()
        start = anna.get_by_test_id("start-button")
        expect(start).to_be_enabled()
        start.click()
        card = anna.get_by_test_id("bingo-card")
        expect(card).to_be_visible()
        expect(anna.locator("[data-testid^=cell-]")).to_have_count(24)
        numbers = _card(anna)
        for cell, number in numbers.items():
            assert (cell % 5) * 15 < number <= (cell % 5) * 15 + 15

        # Anna draws the first ball from the keyboard; nothing to call before it.
        draw = anna.get_by_test_id("draw-button")
        expect(draw).to_be_enabled()
        expect(anna.get_by_test_id("bingo-button")).to_be_disabled()
        draw.focus()
        anna.keyboard.press("Enter")
        expect(anna.get_by_test_id("ball-count")).to_have_text("1 ball drawn")
        # A call after one ball is refused: said on screen, and the call waits for the next ball.
        bingo = anna.get_by_test_id("bingo-button")
        expect(bingo).to_be_enabled()
        bingo.click()
        expect(anna.get_by_test_id("last-call")).to_contain_text("Anna called Bingo – not yet")
        expect(bingo).to_be_disabled()
        expect(ben.get_by_test_id("last-call")).to_contain_text("Anna called Bingo – not yet")
        expect(ben.get_by_test_id("ball-count")).to_have_text("1 ball drawn")

        marked: set[int] = set()
        deadline = time.monotonic() + 600
        while True:
            assert time.monotonic() < deadline, "no line after the whole drum"
            drawn = _drawn(anna)
            # Mark what has come (by tapping, as a player does).
            for cell, number in numbers.items():
                if number in drawn and cell not in marked:
                    anna.get_by_test_id(f"cell-{cell}").click()
                    expect(anna.get_by_test_id(f"cell-{cell}")).to_have_attribute("aria-pressed", "true")
                    marked.add(cell)
            line = _complete_line(numbers, drawn)
            if line is not None and bingo.is_enabled():
                bingo.click()
                break
            # Both pages have seen every ball drawn so far (waited for after each draw), so
            # each page's Draw button already says whose turn it is: no update is on its way
            # that could unlight it between the look and the tap.
            # (The drawer's own button may stay unlit a moment longer, until its draw is answered.)
            drawer = None
            until = time.monotonic() + 30
            while drawer is None:
                assert time.monotonic() < until, "neither player may draw"
                drawer = next((page for page in (ben, anna) if page.get_by_test_id("draw-button").is_enabled()), None)
            drawer.get_by_test_id("draw-button").click()
            for page in (anna, ben):
                page.wait_for_function(
                    "n => document.querySelectorAll('.bg-board-ball.drawn').length > n", arg=len(drawn), timeout=30_000
                )
        expect(anna.get_by_test_id("result-panel")).to_be_visible()
        expect(anna.get_by_test_id("placing-0")).to_contain_text("Anna")
        expect(ben.get_by_test_id("result-panel")).to_be_visible()
        winner = anna.get_by_test_id("winner-card")
        expect(winner.locator(".win")).to_have_count(5)
        for cell in line:
            expect(anna.get_by_test_id(f"winner-card-cell-{cell}")).to_have_class(re.compile("win"))
    finally:
        anna_context.close()
        ben_context.close()
