"""Seat names are shown whole: a CPU chip in the seats strip of a 360 px phone
("Computer (very easy)") wraps instead of ending in "Computer (ve…", and the names around a card table at 1280 px keep
the CPU's level (they were cut to ten letters at every size)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.test_boards import _create_room
from tests.e2e.test_cards import create_room as create_card_room

pytestmark = pytest.mark.e2e


def test_a_cpu_chip_on_a_phone_shows_its_whole_name(browser: Browser, stack) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 640}, locale="en-GB")
    page = context.new_page()
    try:
        _create_room(page, stack.base_url, "four-in-a-row", "cpu")  # level "random", called "very easy"
        page.get_by_test_id("start-button").click()
        name = page.get_by_test_id("seat-1").locator(".chip-name")
        expect(name).to_have_text("Computer (very easy)")
        overflow = name.evaluate("e => e.scrollWidth - e.clientWidth")
        assert overflow <= 0, overflow
        assert name.evaluate("e => getComputedStyle(e).textOverflow") != "ellipsis"
    finally:
        context.close()


def test_names_around_a_card_table_keep_the_cpu_level(browser: Browser, stack) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-GB")
    page = context.new_page()
    try:
        create_card_room(page, stack.base_url, "last-card", ["cpu", "cpu", "cpu"], {})
        page.get_by_test_id("start-button").click()
        expect(page.get_by_test_id("card-table")).to_be_visible()
        spots = page.locator("[data-testid=card-table] .seat-spot")
        expect(spots).to_have_count(4)
        names = [
            " ".join(spot.locator(".seat-name").all_text_contents())
            for spot in spots.all()
            if spot.locator(".seat-name").count()
        ]
        cpu_names = [n for n in names if n.startswith("Computer")]
        assert len(cpu_names) == 3, names
        for name in cpu_names:
            assert name.endswith(")") and "…" not in name, names
    finally:
        context.close()


def test_pass_and_play_names_the_second_player_and_nobody_is_you(browser: Browser, stack) -> None:
    """Two players on one phone: the second seat takes the name typed for it (not "Anna (2)"),
    and neither chip says "you" (both seats are this device's)."""
    context = browser.new_context(viewport={"width": 360, "height": 640}, locale="en-GB")
    page = context.new_page()
    try:
        page.goto(stack.base_url)
        page.get_by_test_id("nickname").fill("Anna")
        expect(page.get_by_test_id("game-info")).not_to_be_empty()
        page.get_by_test_id("create-game").select_option("four-in-a-row")
        seat = page.get_by_test_id("seat-kind-1")
        for _ in range(20):  # the seat list is drawn again once the game's settings arrive
            seat.select_option("local")
            page.wait_for_timeout(150)
            if seat.input_value() == "local":
                break
        name = page.get_by_test_id("seat-name-1")
        expect(name).to_have_attribute("aria-label", "Name of the player in seat 2")
        name.fill("Ben")
        page.get_by_test_id("create-button").click()
        expect(page.get_by_test_id("waiting-seat-1")).to_contain_text("Ben")
        page.get_by_test_id("start-button").click()
        for seat_no, player in ((0, "Anna"), (1, "Ben")):
            chip = page.get_by_test_id(f"seat-{seat_no}")
            expect(chip.locator(".chip-name")).to_have_text(player)
            expect(chip).to_have_attribute("aria-label", re.compile(rf"^{player}, on this device, "))
    finally:
        context.close()
