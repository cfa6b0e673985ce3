"""Hangman through the web client on a phone: Anna sets a word with the phone's keyboard in
the word field (shown to her alone, in grey), a CPU guesses it, then Anna guesses the CPU's
word with the letter keys, by tap and by keyboard, until the game is over."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.test_boards import _create_room
from tests.support.browser import laid_out_box, wait_for_answer

pytestmark = pytest.mark.e2e

PHONE = {"width": 360, "height": 640}


def test_hangman_against_a_cpu_on_a_phone(browser: Browser, stack) -> None:
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    page = context.new_page()
    try:
        _create_room(page, stack.base_url, "hangman", "cpu", {"language": "English"})
        page.get_by_test_id("start-button").click()
        field = page.get_by_test_id("word-input")
        expect(field).to_be_visible()
        box = laid_out_box(field, scroll="center")
        assert box["y"] + box["height"] < 0.55 * PHONE["height"]  # high up: a keyboard (its lower 45 %) cannot cover it
        assert box["seen"], box  # brought up as a phone does when its keyboard opens, not under the top bar
        field.fill("Rain-bow")
        field.press("Enter")
        word = page.get_by_test_id("hm-word")
        expect(word.locator(".hm-box")).to_have_count(7)
        expect(word).to_have_attribute("aria-label", "The word, 7 letters: _ _ _ _ _ _ _")
        # Anna sees her own word: every box has its letter, hidden from the others or already
        # found (the computer starts guessing at once).
        expect(word.locator(".hm-box")).to_have_text(list("RAINBOW"))
        # The CPU guesses; the round ends with the word shown to everyone.
        expect(page.get_by_test_id("hm-history")).to_contain_text("RAINBOW", timeout=60_000)
        keys = page.get_by_test_id("hm-keys")
        result = page.get_by_test_id("result-panel")
        guesses = 0
        deadline = time.monotonic() + 300
        while not result.is_visible():
            assert time.monotonic() < deadline, f"no end after {guesses} guesses"
            lit = keys.locator(".hm-key.lit")
            if keys.is_visible() and lit.count():
                key = lit.first
                if guesses % 2:
                    key.focus()
                    page.keyboard.press("Enter")
                else:
                    key.click()
                guesses += 1
                # Looked at again only once the guess is answered: until then the page still
                # shows the keys lit from before it.
                wait_for_answer(page)
                if guesses == 1:
                    size = laid_out_box(keys.locator(".hm-key").first)
                    assert size["width"] >= 44 and size["height"] >= 44
                    assert laid_out_box(keys)["width"] <= PHONE["width"]
            page.wait_for_timeout(150)
        assert guesses > 0
        expect(page.get_by_test_id("placings")).to_contain_text("Anna")
        expect(page.get_by_test_id("hm-history").locator("li")).to_have_count(2)
    finally:
        context.close()
