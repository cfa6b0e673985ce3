"""The result names what each game counts: a Kalaha result in seeds and a Reversi result in
discs, never "points"; each played to the end against a random CPU on a phone screen."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.test_boards import _create_room
from tests.support.browser import at_quick_pace

pytestmark = pytest.mark.e2e

PHONE = {"width": 360, "height": 640}
MY_TURN_OR_OVER = (
    "() => document.querySelector('[data-testid=turn-status].mine')"
    " || document.querySelector('[data-testid=result-panel]')"
)


@pytest.mark.parametrize(
    ("game", "target", "word", "locale"),
    [
        ("kalaha", "[data-testid^=pit-].target", re.compile(r"\d+ seeds?\b"), "en-GB"),
        ("reversi", "[data-testid^=sq-].target", re.compile(r"\d+ Steine?\b"), "de-DE"),
    ],
)
def test_the_result_counts_in_the_games_own_words(browser: Browser, stack, game, target, word, locale) -> None:
    context = browser.new_context(viewport=PHONE, locale=locale)
    at_quick_pace(context)
    page = context.new_page()
    try:
        _create_room(page, stack.base_url, game, "cpu")
        page.get_by_test_id("start-button").click()
        result = page.get_by_test_id("result-panel")
        for _ in range(80):
            page.wait_for_function(MY_TURN_OR_OVER, timeout=20_000)
            if result.count():
                break
            # Each update draws the board anew: mark this one, then wait for its successor
            # (a Kalaha store landing gives the same player the next turn too).
            page.evaluate("() => { document.querySelector('svg[data-testid$=-board]').dataset.before = '1'; }")
            lit = page.locator(target)
            if lit.count():
                lit.first.click()
            elif page.get_by_test_id("pass-button").count():
                page.get_by_test_id("pass-button").click()
            page.wait_for_function(
                "() => !document.querySelector('svg[data-testid$=-board][data-before]')"
                " || document.querySelector('[data-testid=result-panel]')",
                timeout=20_000,
            )
        expect(result).to_be_visible()
        scores = result.locator(".placing-score")
        expect(scores).to_have_count(2)
        for text in scores.all_inner_texts():
            assert word.fullmatch(text.strip()), text
            assert "point" not in text.lower() and "punkt" not in text.lower()
    finally:
        context.close()
