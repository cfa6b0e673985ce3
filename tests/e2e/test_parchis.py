"""Parchís through the web client: the cross of 68 squares drawn for every seat count with its
exits, safe squares, corridors and pieces, and a four-colour game with three CPUs on a phone,
played from the keyboard with the lit Roll button and the lit pieces until the game is over."""

from __future__ import annotations

import os
import time

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.roll import look_at_roll
from tests.support.browser import at_quick_pace, wait_for_answer

pytestmark = pytest.mark.e2e

PHONE = {"width": 360, "height": 640}
GOAL = 71


def create_parchis(page: Page, base_url: str, kinds: list[str], dice: str | None = None) -> str:
    """A Parchís room from the start page: seat 0 is Anna, then `kinds` for seats 1..n."""
    page.goto(base_url)
    expect(page.get_by_test_id("game-info")).not_to_be_empty()
    page.get_by_test_id("nickname").fill("Anna")
    page.get_by_test_id("create-game").select_option("parchis")
    seat_kind = page.get_by_test_id("seat-kind-1")
    for _ in range(20):
        seat_kind.select_option(kinds[0])
        page.wait_for_timeout(150)
        if seat_kind.input_value() == kinds[0]:
            break
    expect(seat_kind).to_have_value(kinds[0])
    for index, kind in enumerate(kinds[1:], start=2):
        page.get_by_test_id("seat-add").click()
        page.get_by_test_id(f"seat-kind-{index}").select_option(kind)
    if dice is not None:
        field = page.get_by_test_id("option-dice")
        field.select_option(label=dice)
        expect(field.locator("option:checked")).to_have_text(dice)
    page.get_by_test_id("create-button").click()
    expect(page.get_by_test_id("waiting-room")).to_be_visible()
    return page.get_by_test_id("waiting-code").inner_text().strip()


@pytest.mark.parametrize("seats, dice", [(2, None), (3, "Two dice"), (4, None)])
def test_the_board_for_every_seat_count(browser: Browser, stack, seats: int, dice: str | None) -> None:
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    page = context.new_page()
    try:
        create_parchis(page, stack.base_url, ["cpu"] * (seats - 1), dice)
        page.get_by_test_id("start-button").click()
        drawn = page.get_by_test_id("parchis-board")
        expect(drawn).to_be_visible()
        expect(drawn.locator(".field")).to_have_count(68)
        expect(drawn.locator(".field.start")).to_have_count(4)
        expect(drawn.locator(".field.safe")).to_have_count(12)
        expect(drawn.locator(".lane")).to_have_count(4 * 8)
        expect(drawn.locator(".piece")).to_have_count(seats * 4)
        expect(page.get_by_test_id("piece-0-0")).to_have_attribute("aria-label", "Anna, piece 1: at home")
        # Drawn large enough to read (12 px letters), in a frame as wide as the phone that scrolls.
        width, frame = page.evaluate(
            "() => [document.querySelector('[data-testid=parchis-board]'), document.querySelector('[data-testid=zoom-frame]')]"
            ".map((e) => e.getBoundingClientRect().width)"
        )
        assert 200 < frame <= 360 and width >= frame, (width, frame)
        if dice:  # both dice show once rolled
            page.get_by_test_id("roll-button").click()
            expect(page.get_by_test_id("die-1")).to_be_visible()
        if os.environ.get("PARCHIS_SHOTS"):
            page.screenshot(path=f"{os.environ['PARCHIS_SHOTS']}/parchis-{seats}.png", full_page=True)
    finally:
        context.close()


def test_four_colours_with_three_cpus_to_the_end(browser: Browser, stack) -> None:
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    at_quick_pace(context)
    page = context.new_page()
    try:
        create_parchis(page, stack.base_url, ["cpu", "cpu", "cpu"])
        page.get_by_test_id("start-button").click()
        expect(page.get_by_test_id("parchis-board")).to_be_visible()
        roll = page.get_by_test_id("roll-button")
        result = page.get_by_test_id("result-panel")
        rolls = moves = 0
        deadline = time.monotonic() + 1200
        while not result.is_visible():
            assert time.monotonic() < deadline, f"no end after {rolls} rolls and {moves} moves"
            lit = page.locator("[data-testid=parchis-board] .piece.lit")
            # One look in the page: enabled and lit come from the same drawing (the CPUs move on
            # between two looks).
            look = look_at_roll(page)
            if look and look[0]:
                assert look[1], "an enabled Roll button is lit (from the legal moves)"
                roll.focus()
                page.keyboard.press("Enter")
                rolls += 1
                # Looked at again only once the roll is answered: until then the page still
                # shows the button lit from before it.
                wait_for_answer(page)
                expect(page.get_by_test_id("die")).not_to_have_attribute("aria-label", "The dice, not rolled yet")
            elif lit.count() > 0:
                try:
                    lit.first.focus()
                    page.keyboard.press("Space")
                    moves += 1
                    wait_for_answer(page)
                except Exception:  # redrawn between finding and pressing: look again
                    pass
            page.wait_for_timeout(100)
        expect(page.get_by_test_id("placings")).to_contain_text("Anna")
        assert rolls > 0 and moves > 0
        # The winner's four pieces stand in the goal.
        in_goal = page.evaluate(
            f"() => [...document.querySelectorAll('[data-testid=parchis-board] .piece')].filter(p => Number(p.dataset.progress) === {GOAL}).length"
        )
        assert in_goal >= 4
    finally:
        context.close()
