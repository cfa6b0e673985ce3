"""The move clock in the web client, on a phone: the create form says its seconds, the top bar
counts the seat's time down, warns in the last seconds, tells a screen reader, and when the
time is up the default move happens."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.support.browser import laid_out_box

pytestmark = pytest.mark.e2e

PHONE = {"width": 360, "height": 640}

# Everything the polite live region says, kept (each announcement replaces the last).
RECORD_ANNOUNCEMENTS = """() => {
  window.said = [];
  const region = document.getElementById("announcer");
  new MutationObserver(() => region.textContent && window.said.push(region.textContent))
    .observe(region, { childList: true, characterData: true, subtree: true });
}"""


def _said(page: Page) -> str:
    return " | ".join(page.evaluate("() => window.said"))


# The live region speaks in small batches, each started anew by the next announcement (the
# CPU's answer may come before the batch with the time-out has been spoken).
SAID_TIME_UP = """() => { const said = window.said.join(' | ');
  return said.includes('Time is up.') && said.includes('Anna ran out of time'); }"""


def _discs(page: Page) -> int:
    return int(page.evaluate("() => document.querySelectorAll('[data-testid=fiar-board] .fiar-disc').length"))


def test_the_clock_counts_down_in_the_top_bar_and_the_default_move_happens(browser: Browser, stack) -> None:
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    page = context.new_page()
    try:
        page.goto(stack.base_url)
        expect(page.get_by_test_id("game-info")).not_to_be_empty()
        page.get_by_test_id("nickname").fill("Anna")
        page.get_by_test_id("create-game").select_option("four-in-a-row")
        clock_choice = page.get_by_test_id("option-move_clock")
        # The form is drawn again once the game's settings arrive: choose until it holds.
        for _ in range(20):
            clock_choice.select_option(label="Fast · 15 s per move")
            seat_kind = page.get_by_test_id("seat-kind-1")
            seat_kind.select_option("cpu")
            page.wait_for_timeout(150)
            if seat_kind.input_value() == "cpu" and "15 s" in clock_choice.evaluate("s => s.selectedOptions[0].text"):
                break
        expect(clock_choice).to_contain_text("Relaxed · 60 s per move")  # every choice says its seconds
        page.get_by_test_id("create-button").click()
        expect(page.get_by_test_id("waiting-room")).to_be_visible()
        # The waiting room shows the setting with its seconds too.
        waiting_choice = page.get_by_test_id("waiting-options").get_by_test_id("option-move_clock")
        assert waiting_choice.evaluate("s => s.selectedOptions[0].text") == "Fast · 15 s per move"

        page.evaluate(RECORD_ANNOUNCEMENTS)
        page.get_by_test_id("start-button").click()
        expect(page.get_by_test_id("fiar-board")).to_be_visible()
        clock = page.get_by_test_id("move-clock")
        expect(clock).to_be_visible()
        expect(clock).to_have_class(re.compile(r"\bmine\b"))  # Anna's own clock runs
        # Seconds and text in one look: the next tick may take the text past 0:10 between two.
        first, shown = clock.evaluate("c => [Number(c.dataset.seconds), c.textContent]")
        assert 10 < first <= 15, first
        assert shown == f"0:{first:02d}", (first, shown)
        expect(clock).to_have_attribute("aria-label", re.compile(r"Anna: \d+ seconds"))

        # It fits a 360 px phone: the top bar does not overflow, the clock is on screen.
        overflow = page.evaluate(
            "() => { const b = document.querySelector('.topbar'); return b.scrollWidth - b.clientWidth; }"
        )
        assert overflow <= 0, overflow
        box = laid_out_box(clock)
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]

        # Counting down; in the last seconds it warns (a sign, not only a colour).
        expect(clock).to_have_class(re.compile(r"\blow\b"), timeout=30_000)
        assert int(clock.get_attribute("data-seconds") or 99) <= 5
        sign = clock.evaluate("c => getComputedStyle(c, '::before').content")
        assert sign == '"!"', sign
        assert _discs(page) == 0  # Anna has not moved

        # Time is up: the clock makes Anna's move (the centre column), and the CPU answers.
        page.wait_for_function(
            "() => document.querySelectorAll('[data-testid=fiar-board] .fiar-disc').length >= 1", timeout=30_000
        )
        page.wait_for_function(
            "() => document.querySelectorAll('[data-testid=fiar-board] .fiar-disc').length >= 2", timeout=30_000
        )
        page.wait_for_function(SAID_TIME_UP, timeout=30_000)
        said = _said(page)
        assert said.count("Ten seconds left.") == 1 and "Time is up." in said, said
        assert "Anna ran out of time" in said, said  # the event, in words
        # Anna's turn again, with a fresh clock of her own.
        expect(clock).to_have_text(re.compile(r"^0:1[0-5]$"), timeout=30_000)
        expect(clock).not_to_have_class(re.compile(r"\blow\b"))
    finally:
        context.close()
