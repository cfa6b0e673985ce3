"""A domino duel to 50 between two humans in two phone-sized browsers: Anna creates the room,
Ben joins it by its code on the start page, and they play every round to the end of the
match, Anna by tapping, Ben by keyboard alone (Tab to a lit tile, Enter or Space). Anna reads
the six-step introduction first; both tables fit 360 px and show the other player on top."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.support.browser import at_quick_pace, laid_out_box

pytestmark = pytest.mark.e2e

PHONE = {"width": 360, "height": 640}
MINE = "[data-testid=turn-status].mine"


def _create_duel(page: Page, base_url: str) -> str:
    page.goto(base_url)
    page.get_by_test_id("nickname").fill("Anna")
    expect(page.get_by_test_id("game-info")).not_to_be_empty()
    page.get_by_test_id("create-game").select_option("dominoes")
    seat_kind = page.get_by_test_id("seat-kind-1")
    for _ in range(20):
        seat_kind.select_option("human")
        page.wait_for_timeout(150)
        if seat_kind.input_value() == "human":
            break
    expect(seat_kind).to_have_value("human")
    variant = page.get_by_test_id("option-variant")
    variant.select_option(label="Duel: match to 50 (2 players)")
    expect(variant.locator("option:checked")).to_have_text("Duel: match to 50 (2 players)")
    page.get_by_test_id("create-button").click()
    expect(page.get_by_test_id("waiting-room")).to_be_visible()
    return page.get_by_test_id("waiting-code").inner_text().strip()


def _join_by_code(page: Page, base_url: str, code: str) -> None:
    page.goto(base_url)
    page.get_by_test_id("nickname").fill("Ben")
    page.get_by_test_id("join-code").fill(code)
    page.get_by_test_id("join-button").click()


def _read_introduction(page: Page) -> None:
    page.get_by_test_id("dm-intro").click()
    steps = []
    for number in range(6):
        step = page.get_by_test_id("intro-step")
        expect(page.get_by_test_id("dm-intro-panel")).to_contain_text(f"({number + 1} of 6)")
        steps.append(step.inner_text())
        if number < 5:
            page.get_by_test_id("intro-next").click()
    assert "28 tiles from 0–0 to 6–6" in steps[0] and "First to 50 points" in steps[5]
    page.get_by_test_id("intro-close").click()
    expect(page.get_by_test_id("dm-intro-panel")).to_have_count(0)


def _fits_the_phone(page: Page) -> None:
    for testid in ("dm-line", "dm-hand", "end-left", "end-right"):
        box = laid_out_box(page.get_by_test_id(testid))
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"] + 0.5, (testid, box)


def _act(page: Page, keyboard: bool) -> None:
    """One move of the player whose turn it is: a lit tile (then a lit end if asked), else the
    one button there is (draw, pass, start the next round)."""
    tile = page.locator("[data-testid^=tile-].lit").first
    if tile.count():
        handle = tile.element_handle()
        if keyboard:
            tile.focus()
            page.keyboard.press("Enter")
        else:
            tile.click()
        page.wait_for_function("(el) => !el.isConnected", arg=handle, timeout=20_000)
        end = page.locator("[data-testid^=end-].lit").first
        if end.count() and page.locator("[data-testid^=tile-].selected").count():
            expect(page.locator(":focus")).to_have_attribute("data-testid", re.compile("^end-"))
            handle = end.element_handle()
            if keyboard:
                page.keyboard.press("Space")  # the chosen tile hands the focus to a lit end
            else:
                end.click()
            page.wait_for_function("(el) => !el.isConnected", arg=handle, timeout=20_000)
        return
    button = page.locator("[data-testid=dm-draw], [data-testid=dm-pass], [data-testid=dm-next-round]").first
    handle = button.element_handle()
    if keyboard:
        button.focus()
        page.keyboard.press("Enter")
    else:
        button.click()
    page.wait_for_function("(el) => !el.isConnected", arg=handle, timeout=20_000)


def _whose_turn(anna: Page, ben: Page) -> Page | None:
    """The page whose player is to move, or None once the match is over (polled: the two
    browsers are separate pages, so no one wait can watch both)."""
    for _ in range(300):
        for page in (anna, ben):
            if page.get_by_test_id("result-panel").is_visible():
                return None
            if page.locator(MINE).count():
                return page
        anna.wait_for_timeout(100)
    raise AssertionError("nobody's turn and no result")


def test_a_duel_to_fifty_between_two_humans_by_code(browser: Browser, stack) -> None:
    anna_context = browser.new_context(viewport=PHONE, locale="en-GB")
    at_quick_pace(anna_context)
    ben_context = browser.new_context(viewport=PHONE, locale="en-GB")
    at_quick_pace(ben_context)
    anna, ben = anna_context.new_page(), ben_context.new_page()
    try:
        code = _create_duel(anna, stack.base_url)
        _join_by_code(ben, stack.base_url, code)
        expect(anna.get_by_test_id("waiting-seat-1")).to_contain_text("Ben", timeout=30_000)
        anna.get_by_test_id("start-button").click()
        for page in (anna, ben):
            expect(page.get_by_test_id("dm-hand")).to_be_visible(timeout=30_000)
            expect(page.get_by_test_id("dm-facts")).to_contain_text("Boneyard: 14 tiles")
        # Each sees the other at the top of the table.
        expect(anna.get_by_test_id("dm-seat-1")).to_contain_text("Ben")
        expect(ben.get_by_test_id("dm-seat-0")).to_contain_text("Anna")
        expect(anna.get_by_test_id("dm-seat-0")).to_have_count(0)
        _read_introduction(anna)
        _fits_the_phone(anna)
        _fits_the_phone(ben)

        rounds_seen = set()
        for _ in range(600):
            mover = _whose_turn(anna, ben)
            if mover is None:
                break
            facts = mover.get_by_test_id("dm-facts").inner_text()
            rounds_seen.add(re.search(r"Round (\d+)", facts).group(1))
            _act(mover, keyboard=mover is ben)
        for page in (anna, ben):
            expect(page.get_by_test_id("result-panel")).to_be_visible(timeout=20_000)
        points = [int(x) for x in re.findall(r"(\d+) points?", anna.get_by_test_id("result-panel").inner_text())]
        assert points and max(points) >= 50, points
        # Rounds follow one another from the first (one round can reach 50 on its own).
        assert sorted(map(int, rounds_seen)) == list(range(1, len(rounds_seen) + 1)), rounds_seen
    finally:
        anna_context.close()
        ben_context.close()
