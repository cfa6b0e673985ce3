"""Dots and Boxes through the web client on a phone: a whole 3 × 3 game against the strong CPU,
lines drawn by tapping and by the keyboard (Tab into the board, arrow keys, Enter)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.support.browser import at_quick_pace, laid_out_box

pytestmark = pytest.mark.e2e

PHONE = {"width": 360, "height": 640}
LIT = re.compile(r"\blit\b")


def _create_room(page: Page, base_url: str) -> None:
    page.goto(base_url)
    page.get_by_test_id("nickname").fill("Anna")
    expect(page.get_by_test_id("game-info")).not_to_be_empty()
    page.get_by_test_id("create-game").select_option("dots-and-boxes")
    seat_kind = page.get_by_test_id("seat-kind-1")
    for _ in range(20):
        seat_kind.select_option("cpu")
        page.wait_for_timeout(150)
        if seat_kind.input_value() == "cpu":
            break
    expect(seat_kind).to_have_value("cpu")
    page.get_by_test_id("seat-level-1").select_option("strong")
    for key in ("columns", "rows"):
        field = page.get_by_test_id(f"option-{key}")
        field.fill("3")
        expect(field).to_have_value("3")
    page.get_by_test_id("create-button").click()
    expect(page.get_by_test_id("waiting-room")).to_be_visible()


def _drawn_by_anna(page: Page) -> int:
    return page.locator("[data-testid=dots-board] [data-testid^=line-][aria-label*='drawn by Anna']").count()


def _focused_is_lit(page: Page) -> bool:
    return bool(LIT.search(page.locator(":focus").get_attribute("class") or ""))


def _walk_to_a_lit_line(page: Page) -> None:
    for row in range(7):
        for _ in range(7):
            if _focused_is_lit(page):
                return
            page.keyboard.press("ArrowRight" if row % 2 == 0 else "ArrowLeft")
        if _focused_is_lit(page):
            return
        page.keyboard.press("ArrowDown")


def test_a_whole_game_against_the_strong_cpu(browser: Browser, stack) -> None:
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    at_quick_pace(context)
    page = context.new_page()
    try:
        _create_room(page, stack.base_url)
        page.get_by_test_id("start-button").click()
        board = page.get_by_test_id("dots-board")
        expect(board).to_be_visible()
        expect(board).to_have_attribute("aria-label", "Dots and Boxes, 3 by 3 boxes")
        # 24 lines and 9 boxes, each a labelled control; the board fits the phone's width.
        expect(board.locator("[data-testid^=line-]")).to_have_count(24)
        expect(board.locator("[data-testid^=box-]")).to_have_count(9)
        box = laid_out_box(board)
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
        expect(page.get_by_test_id("line-h-0-0")).to_have_attribute("aria-label", "Line A1–B1, free")

        keyboard = 0
        for turn in range(40):
            page.wait_for_function(
                "() => document.querySelector('[data-testid=turn-status].mine')"
                " || document.querySelector('[data-testid=result-panel]')",
                timeout=20_000,
            )
            if page.get_by_test_id("result-panel").is_visible():
                break
            before = _drawn_by_anna(page)
            if turn % 2 == 0:
                # Keyboard: the board is one tab stop; Home, then along each row of the grid
                # (right, down, left, down, ...) until a lit line has the focus.
                board.locator("[tabindex='0']").focus()
                page.keyboard.press("Home")
                _walk_to_a_lit_line(page)
                expect(page.locator(":focus")).to_have_class(LIT)
                page.keyboard.press("Enter")
                keyboard += 1
            else:
                board.locator("[data-testid^=line-].lit").first.click()
            page.wait_for_function(
                f"() => document.querySelectorAll(\"[data-testid=dots-board] [aria-label*='drawn by Anna']\").length > {before}",
                timeout=30_000,
            )
        else:
            pytest.fail("the game did not end within 40 turns")

        expect(page.get_by_test_id("result-panel")).to_be_visible()
        assert keyboard >= 2
        # Every line drawn, every box taken and named for its owner.
        expect(board.locator("[data-testid^=line-][aria-label$='free']")).to_have_count(0)
        owned = board.locator("[data-testid^=box-][aria-label*=': ']")
        labels = owned.evaluate_all("(els) => els.map((el) => el.getAttribute('aria-label'))")
        assert len(labels) == 9 and all(not label.endswith("drawn") for label in labels), labels
        expect(page.get_by_test_id("placing-0")).to_be_visible()
    finally:
        context.close()
