"""Seat names are shown whole: a CPU chip in the seats strip of a 360 px phone
("Computer (very easy)") wraps instead of ending in "Computer (ve…", and the names around a card table at 1280 px keep
the CPU's level (they were cut to ten letters at every size)."""

from __future__ import annotations

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
