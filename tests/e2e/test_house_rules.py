"""Saved house rules on the start page: a host saves a game's settings under a name, and later
(another visit, the same browser's player) starts a room from them."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.test_cards import PHONE

pytestmark = pytest.mark.e2e


def test_settings_saved_under_a_name_start_a_later_room(browser: Browser, stack) -> None:
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    page = context.new_page()
    try:
        page.goto(stack.base_url)
        page.get_by_test_id("nickname").fill("Anna")
        page.get_by_test_id("create-game").select_option("number-rows")
        start_cards = page.get_by_test_id("option-start_cards")
        expect(start_cards).to_have_value("10")
        start_cards.fill("7")
        start_cards.dispatch_event("change")
        expect(page.get_by_test_id("house-rules")).to_be_disabled()  # nothing saved yet
        page.get_by_test_id("house-rules-name").fill("our short rows")
        page.get_by_test_id("house-rules-save").click()
        expect(page.get_by_test_id("house-rules-note")).to_have_text("Saved as “our short rows”.")

        # A later visit: the settings are back to the game's defaults until the saved set is chosen.
        page.goto(stack.base_url)
        page.get_by_test_id("create-game").select_option("number-rows")
        expect(page.get_by_test_id("option-start_cards")).to_have_value("10")
        saved = page.get_by_test_id("house-rules")
        expect(saved).to_be_enabled()
        saved.select_option(label="our short rows")
        expect(page.get_by_test_id("option-start_cards")).to_have_value("7")
        page.get_by_test_id("create-button").click()
        expect(page.get_by_test_id("waiting-room")).to_be_visible()
        code = page.get_by_test_id("waiting-code").inner_text().strip()
        room = page.request.get(f"{stack.base_url}/api/rooms/{code}").json()
        assert room["options"]["start_cards"] == 7
    finally:
        context.close()
