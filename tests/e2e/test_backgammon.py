"""Backgammon through the web client on a phone: a whole game against the CPU (GNU Backgammon's
medium level where it is installed), each turn tapped step by step, some by the keyboard
(focus and Enter), one step undone and tapped again, every turn confirmed; and a game with the
doubling cube on, where the host doubles and the cube shows 2 once the CPU takes."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.support.browser import at_quick_pace, laid_out_box

pytestmark = pytest.mark.e2e

PHONE = {"width": 360, "height": 640}
TURNS = 200


def _create_room(page: Page, base_url: str, cube: bool = False) -> None:
    page.goto(base_url)
    page.get_by_test_id("nickname").fill("Anna")
    expect(page.get_by_test_id("game-info")).not_to_be_empty()
    page.get_by_test_id("create-game").select_option("backgammon")
    seat_kind = page.get_by_test_id("seat-kind-1")
    for _ in range(20):
        seat_kind.select_option("cpu")
        page.wait_for_timeout(150)
        if seat_kind.input_value() == "cpu":
            break
    expect(seat_kind).to_have_value("cpu")
    page.get_by_test_id("seat-level-1").select_option("medium")
    if cube:
        page.get_by_test_id("option-cube").check()
        expect(page.get_by_test_id("option-cube")).to_be_checked()
    page.get_by_test_id("create-button").click()
    expect(page.get_by_test_id("waiting-room")).to_be_visible()


def _steps_tapped(page: Page) -> int:
    return page.locator("[data-testid^=die-].used").count()


def _one_step(page: Page, board, keyboard: bool) -> None:
    """Tap (or focus and Enter) a lit target if a checker is selected, else a lit checker;
    wait until the board has been drawn again after it."""
    target = board.locator(".target")
    element = target.first if target.count() else board.locator(".lit").first
    testid = element.get_attribute("data-testid")
    pressed_before = element.get_attribute("aria-pressed")
    used_before = _steps_tapped(page)
    if keyboard:
        element.focus()
        page.keyboard.press("Enter")
    else:
        element.click()
    # Either a step was added (a die dimmed) or a checker was selected.
    page.wait_for_function(
        """([testid, pressed, used]) => {
            const el = document.querySelector(`[data-testid=bg-board] [data-testid="${testid}"]`);
            const dimmed = document.querySelectorAll('[data-testid^=die-].used').length;
            return dimmed > used || (el && el.getAttribute('aria-pressed') !== pressed)
                || !document.querySelector('[data-testid=bg-confirm]');
        }""",
        arg=[testid, pressed_before, used_before],
        timeout=30_000,
    )


def test_a_whole_game_against_the_cpu(browser: Browser, stack) -> None:
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    at_quick_pace(context)
    page = context.new_page()
    try:
        _create_room(page, stack.base_url)
        page.get_by_test_id("start-button").click()
        board = page.get_by_test_id("bg-board")
        expect(board).to_be_visible()
        expect(board).to_have_attribute("aria-label", "Backgammon board, Anna's side at the bottom")
        # 24 points, the bar and the tray, each a labelled control; the board fits the phone.
        expect(board.locator("[data-testid^=point-]")).to_have_count(24)
        expect(page.get_by_test_id("point-24")).to_have_attribute("aria-label", re.compile(r"^Point 24, 2 of yours"))
        expect(page.get_by_test_id("point-1")).to_have_attribute(
            "aria-label", re.compile(r"^Point 1, 2 checkers of Computer")
        )
        box = laid_out_box(board)
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]

        turns = undone = keyboard = 0
        for _ in range(TURNS):
            page.wait_for_function(
                "() => document.querySelector('[data-testid=bg-confirm]')"
                " || document.querySelector('[data-testid=result-panel]')",
                timeout=60_000,
            )
            if page.get_by_test_id("result-panel").is_visible():
                break
            confirm = page.get_by_test_id("bg-confirm")
            for _step in range(12):
                if confirm.is_enabled():
                    break
                _one_step(page, board, keyboard=turns % 3 == 0)
            if turns == 1 and _steps_tapped(page):
                # Undo the last step and tap the turn to its end again.
                used = _steps_tapped(page)
                page.get_by_test_id("bg-undo").click()
                page.wait_for_function(
                    f"() => document.querySelectorAll('[data-testid^=die-].used').length < {used}", timeout=30_000
                )
                undone += 1
                for _step in range(12):
                    if confirm.is_enabled():
                        break
                    _one_step(page, board, keyboard=False)
            expect(confirm).to_be_enabled()
            played = board.get_attribute("data-turns")
            if turns % 3 == 0:
                confirm.focus()
                page.keyboard.press("Enter")
                keyboard += 1
            else:
                confirm.click()
            turns += 1
            page.wait_for_function(
                "(played) => document.querySelector('[data-testid=bg-board]')?.getAttribute('data-turns') !== played"
                " || document.querySelector('[data-testid=result-panel]')",
                arg=played,
                timeout=30_000,
            )
        else:
            pytest.fail(f"the game did not end within {TURNS} turns")

        expect(page.get_by_test_id("result-panel")).to_be_visible()
        assert turns >= 5 and undone == 1 and keyboard >= 2
        expect(page.get_by_test_id("placing-0")).to_be_visible()
        # Somebody bore off all fifteen.
        labels = page.get_by_test_id("off").get_attribute("aria-label") or ""
        assert "15" in labels, labels
    finally:
        context.close()


MEASURE_POINTS = """() => {
    const board = document.querySelector('[data-testid=bg-board]');
    const out = {};
    for (const el of board.querySelectorAll('[data-testid^=point-], [data-testid=bar], [data-testid=off]')) {
        const box = el.querySelector('.hit').getBoundingClientRect();
        const x = box.left + box.width / 2, y = box.top + box.height / 2;
        const hit = document.elementFromPoint(x, y);
        const owner = hit && hit.closest('[data-testid^=point-], [data-testid=bar], [data-testid=off]');
        out[el.dataset.testid] = {
            width: box.width, height: box.height, left: box.left, right: box.right, top: box.top,
            bottom: box.bottom, y, hits: owner ? owner.dataset.testid : null,
        };
    }
    return {
        targets: out,
        layout: board.dataset.layout,
        scrollWidth: document.documentElement.scrollWidth,
        board: board.getBoundingClientRect().toJSON(),
    };
}"""


def test_points_are_finger_sized_on_a_phone(browser: Browser, stack) -> None:
    """At 360×640 every point's tap area is at least 44 px tall and 28 px wide and a tap in its
    middle lands on that point; the bar and the tray are 44 px both ways; nothing is wider than
    the screen; the home board (1–6) is the bottom row; the arrow keys follow the drawn rows
    and Enter plays a step."""
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    page = context.new_page()
    try:
        _create_room(page, stack.base_url)
        page.get_by_test_id("start-button").click()
        board = page.get_by_test_id("bg-board")
        expect(board).to_have_attribute("data-layout", "narrow")
        expect(board.locator("[data-testid^=point-]")).to_have_count(24)
        # Measure on our own turn, when the dice and buttons below the board are drawn too.
        page.wait_for_function("() => document.querySelector('[data-testid=bg-confirm]')", timeout=60_000)
        measured = page.evaluate(MEASURE_POINTS)
        targets = measured["targets"]
        assert measured["scrollWidth"] <= PHONE["width"], measured["scrollWidth"]
        assert measured["board"]["left"] >= 0 and measured["board"]["right"] <= PHONE["width"], measured["board"]
        for name, box in targets.items():
            assert box["hits"] == name, (name, box)
            assert box["height"] >= 44 and box["width"] >= (28 if name.startswith("point-") else 44), (name, box)
            assert box["left"] >= 0 and box["right"] <= PHONE["width"], (name, box)
        # The own zone (dice, Undo, Confirm) sits under the board, within the screen's width; the
        # room scrolls as one page on a phone, so it is in view once scrolled to.
        zone = laid_out_box(page.get_by_test_id("bg-confirm"), scroll="nearest")
        assert zone["y"] + zone["height"] <= PHONE["height"] + 1 and zone["x"] + zone["width"] <= PHONE["width"], zone
        assert zone["seen"], zone
        # Turned to the player's side: the home board is the bottom row, 1 at its right end.
        home = [targets[f"point-{p}"] for p in range(1, 7)]
        others = [targets[f"point-{p}"] for p in range(7, 25)]
        assert min(b["y"] for b in home) > max(b["y"] for b in others)
        assert [b["left"] for b in home] == sorted((b["left"] for b in home), reverse=True)

        # The arrow keys move along the rows as drawn: 13 → 14 across; 13 → 12 → bar → 20 down.
        page.get_by_test_id("point-13").focus()
        page.keyboard.press("ArrowRight")
        expect(page.get_by_test_id("point-14")).to_be_focused()
        page.keyboard.press("ArrowLeft")
        page.keyboard.press("ArrowDown")
        expect(page.get_by_test_id("point-12")).to_be_focused()
        page.keyboard.press("ArrowDown")
        expect(page.get_by_test_id("bar")).to_be_focused()
        page.keyboard.press("ArrowDown")
        expect(page.get_by_test_id("point-20")).to_be_focused()
        # And a step is played by the keyboard alone.
        _one_step(page, board, keyboard=True)
        _one_step(page, board, keyboard=True)
        assert _steps_tapped(page) >= 1 or not page.get_by_test_id("bg-confirm").is_visible()
    finally:
        context.close()


def _play_turn(page: Page, board) -> None:
    """Tap our turn to its end, confirm it, and wait until the board shows the next turn."""
    confirm = page.get_by_test_id("bg-confirm")
    for _step in range(12):
        if confirm.is_enabled():
            break
        _one_step(page, board, keyboard=False)
    expect(confirm).to_be_enabled()
    played = board.get_attribute("data-turns")
    confirm.click()
    page.wait_for_function(
        "(played) => document.querySelector('[data-testid=bg-board]')?.getAttribute('data-turns') !== played"
        " || document.querySelector('[data-testid=result-panel]')",
        arg=played,
        timeout=30_000,
    )


def test_the_host_turns_the_cube_on_and_doubles(browser: Browser, stack) -> None:
    """With the host's cube option on: the cube stands in the middle at 1; once our turn may
    start with a double, Roll and Double are offered (inside the phone's screen); Double by
    the keyboard; the CPU takes (the cube shows 2, on its side) or drops (the game ends)."""
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    page = context.new_page()
    try:
        _create_room(page, stack.base_url, cube=True)
        page.get_by_test_id("start-button").click()
        board = page.get_by_test_id("bg-board")
        cube = page.get_by_test_id("bg-cube")
        expect(cube).to_have_attribute("data-value", "1")
        expect(cube).to_have_attribute("data-owner", "middle")
        expect(cube).to_have_attribute("aria-label", "Doubling cube at 1, in the middle")
        double = page.get_by_test_id("bg-double")
        for _ in range(10):
            page.wait_for_function(
                "() => ['bg-double', 'bg-confirm', 'result-panel']"
                ".some((id) => document.querySelector(`[data-testid=${id}]`))",
                timeout=60_000,
            )
            if double.count() or page.get_by_test_id("result-panel").is_visible():
                break
            _play_turn(page, board)
        expect(double).to_be_visible()
        expect(double).to_have_text("Double to 2")
        expect(page.get_by_test_id("bg-roll")).to_be_visible()
        expect(page.get_by_test_id("bg-confirm")).to_have_count(0)
        for button in (double, page.get_by_test_id("bg-roll")):
            box = laid_out_box(button, scroll="nearest")
            assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
            assert box["y"] + box["height"] <= PHONE["height"] + 1 and box["height"] >= 44, (
                box
            )  # scrolled flush: sub-pixel
        double.focus()
        page.keyboard.press("Enter")
        page.wait_for_function(
            "() => document.querySelector('[data-testid=bg-cube]')?.dataset.value === '2'"
            " || document.querySelector('[data-testid=result-panel]')",
            timeout=60_000,
        )
        if page.get_by_test_id("result-panel").is_visible():
            # Dropped: we win the cube's 1 point.
            expect(page.get_by_test_id("placing-0")).to_be_visible()
        else:
            expect(cube).to_have_attribute("data-owner", "theirs")
            expect(cube).to_have_attribute("aria-label", re.compile(r"^Doubling cube at 2, Computer"))
            # The taker owns the cube: our next turn starts with the dice, no Double.
            page.wait_for_function("() => document.querySelector('[data-testid=bg-confirm]')", timeout=60_000)
            expect(double).to_have_count(0)
    finally:
        context.close()
