"""Chinese Checkers on a phone against the strong CPU: the star fits 360 px, turned so that
Anna's pegs are at the bottom and her target (the top point) is rimmed; she moves a peg by
tapping it and then the final hole, and by keyboard (arrow keys, Enter), and the CPU answers."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.support.browser import laid_out_box

pytestmark = pytest.mark.e2e

PHONE = {"width": 360, "height": 640}


def _create_room(page: Page, base_url: str) -> None:
    page.goto(base_url)
    page.get_by_test_id("nickname").fill("Anna")
    expect(page.get_by_test_id("game-info")).not_to_be_empty()
    page.get_by_test_id("create-game").select_option("chinese-checkers")
    seat_kind = page.get_by_test_id("seat-kind-1")
    for _ in range(20):
        seat_kind.select_option("cpu")
        page.wait_for_timeout(150)
        if seat_kind.input_value() == "cpu":
            break
    expect(seat_kind).to_have_value("cpu")
    page.get_by_test_id("seat-level-1").select_option("strong")
    page.get_by_test_id("create-button").click()
    expect(page.get_by_test_id("waiting-room")).to_be_visible()


def _centre_y(page: Page, testid: str) -> float:
    box = laid_out_box(page.get_by_test_id(testid))
    return box["y"] + box["height"] / 2


def test_the_star_turned_to_anna_and_moves_by_tap_and_keyboard(browser: Browser, stack) -> None:
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    page = context.new_page()
    try:
        _create_room(page, stack.base_url)
        page.get_by_test_id("start-button").click()
        board = page.get_by_test_id("cc-board")
        expect(board).to_be_visible(timeout=30_000)
        # Drawn large enough to read (12 px letters, 24 px holes), in a frame within the phone's width.
        frame = laid_out_box(page.get_by_test_id("zoom-frame"))
        assert frame["x"] >= 0 and frame["x"] + frame["width"] <= PHONE["width"] + 0.5
        assert laid_out_box(board)["width"] >= frame["width"]
        # Anna's pegs (holes 111..120 are seat 0's home) lie below the CPU's (0..9), her target.
        assert _centre_y(page, "hole-120") > _centre_y(page, "hole-0")
        expect(page.get_by_test_id("hole-0")).to_have_attribute("aria-label", re.compile("your target"))
        expect(page.get_by_test_id("hole-120")).to_have_attribute("aria-label", re.compile("your peg"))
        # Tap a peg that can move, then its final hole.
        expect(page.get_by_test_id("turn-status")).to_contain_text("tap a peg", timeout=30_000)
        peg = page.locator("[data-testid^=hole-][aria-label*='can move']").first
        picked = peg.get_attribute("data-testid")
        peg.click()
        expect(page.get_by_test_id(picked)).to_have_attribute("aria-label", re.compile("chosen"))
        target = page.locator("[data-testid^=hole-][aria-label*='move here']").first
        goal = target.get_attribute("data-testid")
        target.click()
        expect(page.get_by_test_id(goal)).to_have_attribute("aria-label", re.compile("your peg"), timeout=30_000)
        # The CPU answers (the turn is its, then Anna's again); then a move by keyboard alone.
        mine = page.locator("[data-testid=turn-status].mine")
        expect(mine).to_have_count(0, timeout=30_000)
        expect(mine).to_have_count(1, timeout=20_000)
        first = page.locator("[data-testid^=hole-][tabindex='0']")
        expect(first).to_have_attribute("aria-label", re.compile("can move"))
        first.focus()
        page.keyboard.press("Enter")
        expect(page.locator(":focus")).to_have_attribute("aria-label", re.compile("chosen"))
        for _ in range(130):
            label = page.locator(":focus").get_attribute("aria-label") or ""
            if "move here" in label:
                break
            page.keyboard.press("ArrowUp" if _ % 2 == 0 else "ArrowRight")
        else:
            raise AssertionError("no final hole reached by arrow keys")
        goal = page.locator(":focus").get_attribute("data-testid")
        page.keyboard.press("Enter")
        expect(page.get_by_test_id(goal)).to_have_attribute("aria-label", re.compile("your peg"), timeout=30_000)
    finally:
        context.close()
