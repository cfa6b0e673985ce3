"""Sea Battle through the web client on a phone: the fleet placed by keyboard alone (arrow
keys, R to turn a ship, Enter), then a whole game against the strong CPU to the end."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.support.browser import at_quick_pace, laid_out_box

pytestmark = pytest.mark.e2e

PHONE = {"width": 360, "height": 640}


def _create_room(page: Page, base_url: str) -> None:
    page.goto(base_url)
    page.get_by_test_id("nickname").fill("Anna")
    expect(page.get_by_test_id("game-info")).not_to_be_empty()
    page.get_by_test_id("create-game").select_option("sea-battle")
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


def _press(page: Page, *keys: str) -> None:
    for key in keys:
        page.keyboard.press(key)


def _placed(page: Page, cell: str, ship: str) -> None:
    expect(page.get_by_test_id(f"own-{cell}")).to_have_attribute(
        "aria-label", re.compile(f"your {ship}"), timeout=30_000
    )


def test_place_by_keyboard_and_play_to_the_end(browser: Browser, stack) -> None:
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    at_quick_pace(context)
    page = context.new_page()
    try:
        _create_room(page, stack.base_url)
        page.get_by_test_id("start-button").click()
        own = page.get_by_test_id("own-board")
        expect(own).to_be_visible()
        expect(page.get_by_test_id("turn-status")).to_contain_text("Place your carrier (5), across")
        # The grid is one tab stop, on its first cell where the carrier fits.
        first = own.locator("[tabindex='0']")
        expect(first).to_have_attribute("data-testid", "own-0-0")
        expect(first).to_have_attribute("aria-label", "A1: water, put the carrier (5) here, across")
        first.focus()
        _press(page, "Enter")
        _placed(page, "0-4", "carrier")
        _press(page, "ArrowDown", "Enter")
        _placed(page, "1-3", "battleship")
        _press(page, "ArrowDown", "Enter")
        _placed(page, "2-2", "cruiser")
        _press(page, "ArrowDown", "r")
        # Turned: the focus stays on A4, which now offers the submarine downwards.
        expect(page.locator(":focus")).to_have_attribute("data-testid", "own-3-0")
        expect(page.locator(":focus")).to_have_attribute("aria-label", "A4: water, put the submarine (3) here, down")
        expect(page.get_by_test_id("sb-turn")).to_have_text("Turn the ship (now down)")
        _press(page, "Enter")
        _placed(page, "5-0", "submarine")
        _press(page, "ArrowRight", "Enter")
        _placed(page, "4-1", "destroyer")
        expect(page.get_by_test_id("turn-status")).to_contain_text("Fleet complete")
        page.get_by_test_id("sb-ready").focus()
        _press(page, "Enter")

        enemy = page.get_by_test_id("enemy-board")
        expect(enemy).to_be_visible(timeout=30_000)
        box = laid_out_box(enemy)
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
        shots = 0
        while shots < 100:
            page.wait_for_function(
                "() => document.querySelector('[data-testid=turn-status].mine')"
                " || document.querySelector('[data-testid=result-panel]')",
                timeout=20_000,
            )
            if page.get_by_test_id("result-panel").is_visible():
                break
            target = enemy.locator("[data-testid^=enemy-].lit").first
            testid = target.get_attribute("data-testid")
            target.click()
            expect(page.get_by_test_id(testid)).to_have_attribute(
                "aria-label", re.compile(": (miss|hit|sunk)"), timeout=30_000
            )
            shots += 1
        expect(page.get_by_test_id("result-panel")).to_be_visible(timeout=30_000)
        # Once it is over, the enemy fleet is shown: its 17 cells are ships, hit or not.
        labels = enemy.locator("[data-testid^=enemy-]").evaluate_all(
            "(els) => els.map((e) => e.getAttribute('aria-label'))"
        )
        assert sum(bool(re.search(r"Computer|sunk|: hit", label)) for label in labels) == 17, labels
        expect(page.get_by_test_id("placing-0")).to_be_visible()
    finally:
        context.close()
