"""Categories through the web client on two phones and a CPU: Anna and Ben write at the same
time (neither sees the other's answers), Anna hands in with Done, Ben calls Stop, the review
shows every answer with Veto buttons, the round is scored (the same word, spelled
differently, scores 5 for each), and the rest of the game is played to the end."""

from __future__ import annotations

import contextlib
import time

import pytest
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.support.browser import laid_out_box

pytestmark = pytest.mark.e2e

PHONE = {"width": 360, "height": 640}


def create(page: Page, base_url: str) -> str:
    page.goto(base_url)
    page.get_by_test_id("nickname").fill("Anna")
    expect(page.get_by_test_id("game-info")).not_to_be_empty()
    page.get_by_test_id("create-game").select_option("categories")
    seat_kind = page.get_by_test_id("seat-kind-1")
    for _ in range(20):
        seat_kind.select_option("human")
        page.wait_for_timeout(150)
        if seat_kind.input_value() == "human":
            break
    expect(seat_kind).to_have_value("human")
    page.get_by_test_id("seat-add").click()
    page.get_by_test_id("seat-kind-2").select_option("cpu")
    page.get_by_test_id("seat-level-2").select_option("strong")
    for key, label in (("columns", "3"), ("language", "English")):
        field = page.get_by_test_id(f"option-{key}")
        field.select_option(label=label)
        expect(field.locator("option:checked")).to_have_text(label)
    rounds = page.get_by_test_id("option-rounds")
    rounds.fill("3")
    rounds.dispatch_event("change")
    expect(rounds).to_have_value("3")
    page.get_by_test_id("create-button").click()
    expect(page.get_by_test_id("waiting-room")).to_be_visible()
    return page.get_by_test_id("waiting-code").inner_text().strip()


def test_two_phones_and_a_cpu_play_categories(browser: Browser, stack) -> None:
    contexts = [browser.new_context(viewport=PHONE, locale="en-GB") for _ in range(2)]
    anna, ben = (context.new_page() for context in contexts)
    try:
        code = create(anna, stack.base_url)
        ben.goto(f"{stack.base_url}/r/{code}")
        ben.get_by_test_id("join-nickname").fill("Ben")
        ben.get_by_test_id("join-room-button").click()
        expect(anna.get_by_test_id("waiting-seat-1")).to_contain_text("Ben")
        anna.get_by_test_id("start-button").click()
        for page in (anna, ben):
            expect(page.get_by_test_id("cat-letter")).to_be_visible()
        letter = anna.get_by_test_id("cat-letter").inner_text().strip()
        assert len(letter) == 1 and letter not in "QXY"
        field = anna.get_by_test_id("answer-0")
        box = laid_out_box(field, scroll="center")
        assert box["y"] + box["height"] < 0.55 * PHONE["height"]  # above where a keyboard opens (its lower 45 %)
        assert box["seen"], box  # brought up as a phone does when its keyboard opens, not under the top bar
        assert box["width"] <= PHONE["width"]

        # Both write at once; an answer leaves with its field, and stays on its own phone.
        first = f"{letter}ondorra-Üb"
        field.fill(first)
        anna.get_by_test_id("answer-1").click()
        anna.get_by_test_id("answer-1").fill(f"{letter}annaville")
        ben.get_by_test_id("answer-0").fill(first.upper().replace("Ü", "UE"))
        ben.get_by_test_id("answer-1").fill(f"{letter}berta")
        ben.get_by_test_id("answer-2").fill(f"{letter}iverrun")
        expect(anna.get_by_test_id("cat-sheet")).not_to_contain_text("berta")
        anna.get_by_test_id("done-button").click()
        expect(anna.get_by_test_id("cat-wait")).to_be_visible()
        assert "annaville" not in ben.content()
        stop = ben.get_by_test_id("stop-button")
        expect(stop).to_be_enabled()
        stop.click()

        # The review: every answer shown, vetoes offered for the others' answers only.
        for page in (anna, ben):
            expect(page.get_by_test_id("column-0")).to_contain_text(first)
        expect(anna.get_by_test_id("veto-1-2")).to_be_visible()
        expect(anna.get_by_test_id("veto-0-0")).to_have_count(0)
        anna.get_by_test_id("veto-1-2").click()
        expect(anna.get_by_test_id("veto-1-2")).to_have_count(0)
        for page in (anna, ben):
            page.get_by_test_id("accept-button").click()
        # One veto of two others strikes nothing; the shared word scores 5 for each.
        expect(anna.get_by_test_id("points-0-0")).to_have_text("5")
        expect(ben.get_by_test_id("points-1-0")).to_have_text("5")
        expect(ben.get_by_test_id("cat-round")).to_contain_text("Round 2 of 3")

        deadline = time.monotonic() + 120
        while not (
            anna.get_by_test_id("result-panel").is_visible() and ben.get_by_test_id("result-panel").is_visible()
        ):
            assert time.monotonic() < deadline, "no end"
            for page in (anna, ben):
                for testid in ("done-button", "accept-button"):
                    button = page.get_by_test_id(testid)
                    # The phase may move on between looking and clicking (the button gone):
                    # then look again.
                    with contextlib.suppress(PlaywrightTimeout):
                        if button.is_visible() and button.is_enabled(timeout=3000):
                            button.click(timeout=3000)
            anna.wait_for_timeout(200)
        expect(anna.get_by_test_id("placings")).to_contain_text("Computer")
    finally:
        for context in contexts:
            context.close()
