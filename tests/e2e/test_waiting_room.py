"""The waiting room of a two-seat game with the second seat still open: Start stays off and
the room says whom it waits for, instead of a "Ready now: 1" with Start on that the server
then refuses. Once the second player is in, Start is on and starts the game."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.test_bot_vs_browser import create_room

pytestmark = pytest.mark.e2e

PHONE = {"width": 360, "height": 640}


@pytest.mark.parametrize(
    ("locale", "waiting"),
    [("en-GB", "Waiting for player 2"), ("de-DE", "Warte auf Spieler 2")],
)
def test_start_waits_for_the_open_seat(browser: Browser, stack, locale: str, waiting: str) -> None:
    anna_context = browser.new_context(viewport=PHONE, locale=locale)
    anna = anna_context.new_page()
    try:
        code = create_room(anna, stack.base_url)  # four-in-a-row, seat 2 open for a friend
        start = anna.get_by_test_id("start-button")
        hint = anna.get_by_test_id("seat-count-hint")
        expect(hint).to_contain_text(waiting)
        expect(start).to_be_disabled()
        # A screen reader hears why when it reaches the button.
        assert start.get_attribute("aria-describedby") == hint.get_attribute("id")

        ben = anna_context.request.post(f"{stack.base_url}/api/rooms/{code}/join", data={"nickname": "Ben"})
        assert ben.ok and ben.json()["seats"] == [1]
        expect(start).to_be_enabled()
        expect(hint).not_to_contain_text(waiting)
        start.click()
        expect(anna.get_by_test_id("turn-status")).to_be_visible()
    finally:
        anna_context.close()
