"""Ludo through the web client: the ring drawn for every board (4, 6 and 8 colours) with its
pieces and goal fields, and a whole game against a CPU on a phone, played from the keyboard
with the lit Roll button and the lit pieces until the game is over."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.roll import look_at_roll
from tests.support.browser import at_quick_pace, wait_for_answer

pytestmark = pytest.mark.e2e

PHONE = {"width": 360, "height": 640}


def create_ludo(page: Page, base_url: str, kinds: list[str], board: str | None = None) -> str:
    """A Ludo room from the start page: seat 0 is Anna, then `kinds` for seats 1..n."""
    page.goto(base_url)
    expect(page.get_by_test_id("game-info")).not_to_be_empty()
    page.get_by_test_id("nickname").fill("Anna")
    page.get_by_test_id("create-game").select_option("ludo")
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
    if board is not None:
        field = page.get_by_test_id("option-board")
        field.select_option(label=board)
        expect(field.locator("option:checked")).to_have_text(board)
    page.get_by_test_id("create-button").click()
    expect(page.get_by_test_id("waiting-room")).to_be_visible()
    return page.get_by_test_id("waiting-code").inner_text().strip()


@pytest.mark.parametrize(
    "seats, board, fields", [(2, None, 40), (3, "6 colours, 60 fields", 60), (5, None, 60), (8, None, 80)]
)
def test_the_board_for_every_seat_count(browser: Browser, stack, seats: int, board: str | None, fields: int) -> None:
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    page = context.new_page()
    try:
        create_ludo(page, stack.base_url, ["cpu"] * (seats - 1), board)
        page.get_by_test_id("start-button").click()
        drawn = page.get_by_test_id("ludo-board")
        expect(drawn).to_be_visible()
        expect(drawn.locator(".field")).to_have_count(fields)
        expect(drawn.locator(".field.start")).to_have_count(fields // 10)
        expect(drawn.locator(".lane")).to_have_count(fields // 10 * 4)
        expect(drawn.locator(".piece")).to_have_count(seats * 4)
        expect(page.get_by_test_id("piece-0-0")).to_have_attribute("aria-label", "Anna, piece 1: at home")
        # Drawn large enough to read (12 px letters), in a frame as wide as the phone that scrolls.
        width, frame = page.evaluate(
            "() => [document.querySelector('[data-testid=ludo-board]'), document.querySelector('[data-testid=zoom-frame]')]"
            ".map((e) => e.getBoundingClientRect().width)"
        )
        assert 200 < frame <= 360 and width >= frame, (width, frame)
    finally:
        context.close()


LIT_COUNTS = """() => [
    document.querySelectorAll('[data-testid=ludo-board] .piece.lit').length,
    document.querySelectorAll('.race-pieces .piece-button').length,
]"""


def test_ludo_against_a_cpu_to_the_end(browser: Browser, stack) -> None:
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    at_quick_pace(context)
    page = context.new_page()
    try:
        create_ludo(page, stack.base_url, ["cpu"])
        page.get_by_test_id("start-button").click()
        expect(page.get_by_test_id("ludo-board")).to_be_visible()
        roll = page.get_by_test_id("roll-button")
        result = page.get_by_test_id("result-panel")
        rolls = moves = 0
        deadline = time.monotonic() + 900
        while not result.is_visible():
            assert time.monotonic() < deadline, f"no end after {rolls} rolls and {moves} moves"
            lit = page.locator("[data-testid=ludo-board] .piece.lit")
            look = look_at_roll(page)  # one look: a CPU may end the game between two
            if look and look[0]:
                expect(roll).to_have_class("primary roll lit")
                roll.focus()
                page.keyboard.press("Enter")
                rolls += 1
                # Looked at again only once the roll is answered: until then the page still
                # shows the button lit from before it.
                wait_for_answer(page)
                # The die shows the roll, unless that roll ended the game (the result then replaces it).
                expect(
                    page.locator(
                        '[data-testid=die]:not([aria-label="The die, not rolled yet"]), [data-testid=result-panel]'
                    ).first
                ).to_be_visible()
            elif lit.count() > 0:
                # Each lit piece on the board has its large button below, and the other way round:
                # counted in one look at the page, as the clock may move for a slow player between two.
                on_board, below = page.evaluate(LIT_COUNTS)
                assert on_board == below, f"{on_board} lit pieces on the board, {below} buttons below"
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
        # The winner's four pieces stand in the goal fields (progress 40 and more).
        in_goal = page.evaluate(
            "() => [...document.querySelectorAll('[data-testid=ludo-board] .piece')].filter(p => Number(p.dataset.progress) >= 40).length"
        )
        assert in_goal >= 4
    finally:
        context.close()
