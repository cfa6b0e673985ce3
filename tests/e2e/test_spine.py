"""The spine through the web client: two devices by code, a CPU game, a reload mid-game."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.support.browser import at_quick_pace

pytestmark = pytest.mark.e2e

PHONE = {"width": 360, "height": 640}


def _create_room(page: Page, base_url: str, game: str, nickname: str, second_seat: str) -> str:
    page.goto(base_url)
    # Let the start page finish drawing its default game before choosing another.
    expect(page.get_by_test_id("game-info")).not_to_be_empty()
    page.get_by_test_id("nickname").fill(nickname)
    page.get_by_test_id("create-game").select_option(game)
    page.wait_for_timeout(500)
    # The seat list is drawn again once the game's settings arrive: choose until it holds.
    seat_kind = page.get_by_test_id("seat-kind-1")
    for _ in range(20):
        seat_kind.select_option(second_seat)
        page.wait_for_timeout(150)
        if seat_kind.input_value() == second_seat:
            break
    expect(seat_kind).to_have_value(second_seat)
    page.get_by_test_id("create-button").click()
    expect(page.get_by_test_id("waiting-room")).to_be_visible()
    return page.get_by_test_id("waiting-code").inner_text().strip()


def _discs(page: Page) -> int:
    return int(page.evaluate("() => document.querySelectorAll('[data-testid=fiar-board] .fiar-disc').length"))


def _drop(page: Page, column: int) -> None:
    button = page.get_by_test_id(f"col-{column}")
    expect(button).not_to_have_attribute("aria-disabled", "true", timeout=30_000)
    button.click()


def test_two_devices_play_four_in_a_row_to_a_win(browser: Browser, stack) -> None:
    anna_context = browser.new_context(viewport=PHONE, locale="en-GB")
    ben_context = browser.new_context(viewport=PHONE, locale="de-DE")
    anna, ben = anna_context.new_page(), ben_context.new_page()
    try:
        code = _create_room(anna, stack.base_url, "four-in-a-row", "Anna", "human")
        ben.goto(f"{stack.base_url}/r/{code}")
        ben.get_by_test_id("join-nickname").fill("Ben")
        ben.get_by_test_id("join-room-button").click()
        expect(anna.get_by_test_id("waiting-seat-1")).to_contain_text("Ben")
        anna.get_by_test_id("start-button").click()
        expect(anna.get_by_test_id("fiar-board")).to_be_visible()
        expect(ben.get_by_test_id("fiar-board")).to_be_visible()
        # Anna builds four down in column 0; Ben answers in column 1.
        for turn in range(7):
            page, column = (anna, 0) if turn % 2 == 0 else (ben, 1)
            _drop(page, column)
        for page in (anna, ben):
            expect(page.get_by_test_id("result-panel")).to_be_visible(timeout=30_000)
        expect(anna.get_by_test_id("placing-0")).to_contain_text("Anna")
        expect(anna.get_by_test_id("fiar-line")).to_have_count(4)  # the four winning discs ringed
        # Ben's device speaks German: the interface follows the browser's language.
        expect(ben.get_by_test_id("result-title")).not_to_have_text("")
        assert ben.evaluate("() => document.documentElement.lang") == "de"
    finally:
        anna_context.close()
        ben_context.close()


def test_dice_poker_against_a_cpu_to_the_end(browser: Browser, stack) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-GB")
    at_quick_pace(context)
    page = context.new_page()
    try:
        _create_room(page, stack.base_url, "dice-poker", "Anna", "cpu")
        page.get_by_test_id("start-button").click()
        rows = page.locator('[data-testid^="score-"]:not([data-testid="score-sheet"])')
        result = page.get_by_test_id("result-panel")
        for _ in range(13):
            roll = page.get_by_test_id("roll-button")
            expect(roll).to_be_enabled(timeout=30_000)
            roll.click()
            expect(rows.first).to_be_visible(timeout=30_000)
            rows.first.click()
            expect(rows).to_have_count(0, timeout=30_000)
        expect(result).to_be_visible(timeout=30_000)
        expect(page.get_by_test_id("placings")).to_contain_text("Anna")
        assert page.get_by_test_id("total-total-1").inner_text().strip() != ""
    finally:
        context.close()


def test_reload_mid_game_lands_back_in_the_seat(browser: Browser, stack) -> None:
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    page = context.new_page()
    try:
        _create_room(page, stack.base_url, "four-in-a-row", "Anna", "cpu")
        page.get_by_test_id("start-button").click()
        _drop(page, 3)
        page.wait_for_function("() => document.querySelectorAll('[data-testid=fiar-board] .fiar-disc').length >= 2")
        before = _discs(page)
        page.reload()
        expect(page.get_by_test_id("fiar-board")).to_be_visible()
        page.wait_for_function(
            f"() => document.querySelectorAll('[data-testid=fiar-board] .fiar-disc').length >= {before}"
        )
        # Still Anna's seat: her columns light up again and a move goes through.
        _drop(page, 3)
        page.wait_for_function(
            f"() => document.querySelectorAll('[data-testid=fiar-board] .fiar-disc').length >= {before + 1}"
        )
        expect(page.get_by_test_id("seats")).to_contain_text("Anna")
    finally:
        context.close()
