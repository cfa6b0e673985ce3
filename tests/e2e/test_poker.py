"""Texas Hold'em in the web client: a five-seat sit-and-go against four CPUs on a phone-sized
screen, played through the UI until one player holds every coin. The platform's clock runs
ten times as fast here (GAMEROOM_CLOCK_RATE, a test-only setting), so the blinds, which
double every 90 s of game time, rise every 9 s of the test's time.

Anna plays as a careful person would: check when she may, otherwise fold; once she is out
she stays and watches. What she may press comes from the server's legal moves only."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from devstack import Stack
from tests.e2e.test_cards import PHONE
from tests.support.browser import at_quick_pace

pytestmark = pytest.mark.e2e

RATE = 10

STATE = """() => {
  if (document.querySelector('[data-testid=result-panel]')) return 'result';
  const zone = document.querySelector('[data-testid=own-zone] .pk-own:not([data-stale])');
  if (!zone) return null;
  if (zone.querySelector('[data-testid=check-button]:not([disabled])')) return 'check';
  if (zone.querySelector('[data-testid=fold-button]:not([disabled])')) return 'fold';
  return null;
}"""

MARK_STALE = """() => {
  const zone = document.querySelector('[data-testid=own-zone] .pk-own');
  if (zone) zone.dataset.stale = '1';
}"""


def create_table(page: Page, base_url: str, cpus: int) -> None:
    """Create a poker room through the start page: Anna in seat 0, CPUs in the others (the
    form opens with the game's smallest table, three seats)."""
    page.goto(base_url)
    page.get_by_test_id("nickname").fill("Anna")
    page.get_by_test_id("create-game").select_option("poker")
    seat_kind = page.get_by_test_id("seat-kind-2")
    # The seat list is drawn again once the game's settings arrive: choose until it holds.
    for _ in range(20):
        if seat_kind.count():
            seat_kind.select_option("cpu")
            page.wait_for_timeout(150)
            if seat_kind.input_value() == "cpu":
                break
        page.wait_for_timeout(150)
    page.get_by_test_id("seat-kind-1").select_option("cpu")
    for index in range(3, cpus + 1):
        page.get_by_test_id("seat-add").click()
        page.get_by_test_id(f"seat-kind-{index}").select_option("cpu")
    for index in range(1, cpus + 1):
        expect(page.get_by_test_id(f"seat-kind-{index}")).to_have_value("cpu")
    page.get_by_test_id("create-button").click()
    expect(page.get_by_test_id("waiting-room")).to_be_visible()


@pytest.fixture(scope="module")
def fast_stack(tmp_path_factory: pytest.TempPathFactory):
    folder = tmp_path_factory.mktemp("poker-stack")
    running = Stack.on_free_ports(
        f"sqlite:///{folder}/rooms.sqlite3",
        extra_env={"GAMEROOM_CLOCK_RATE": str(RATE), "GAMEROOM_CPU_DELAY_MS": "20", "GAMEROOM_AI_BUDGET_MS": "100"},
        log_dir=folder / "logs",
    )
    running.start()
    yield running
    running.stop()


def test_five_seats_against_four_cpus_until_one_holds_every_coin(browser: Browser, fast_stack) -> None:
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    at_quick_pace(context)
    page = context.new_page()
    try:
        create_table(page, fast_stack.base_url, 4)
        page.get_by_test_id("start-button").click()
        table = page.get_by_test_id("poker-table")
        expect(table).to_be_visible()
        expect(table.locator(".seat-spot")).to_have_count(5)
        expect(page.get_by_test_id("hole-cards").locator(".card-face")).to_have_count(2)
        expect(page.get_by_test_id("blinds")).to_contain_text("Blinds")
        expect(page.get_by_test_id("blinds-rise")).to_contain_text("next rise in")
        # The top bar says it too, beside the move clock, in words: "Blinds 10/20 · rise in 1:25".
        expect(page.get_by_test_id("game-top")).to_have_text(
            re.compile(r"^Blinds \d+/\d+ · (rise in \d:\d\d|rise from the next hand)$")
        )
        started = time.monotonic()
        saw_slider = False
        actions = {"check": 0, "fold": 0}
        deadline = time.monotonic() + 400
        # The log keeps its newest 300 lines, so a long table's early events are read while playing.
        seen = {"Blinds rise to 20/40": False, "has no chips left and is out": False}
        while True:
            assert time.monotonic() < deadline, f"no end within the time; {actions}"
            state = page.wait_for_function(STATE, polling=100, timeout=60_000).json_value()
            log = page.get_by_test_id("event-log").text_content() or ""
            seen = {text: was or text in log for text, was in seen.items()}
            if state == "result":
                break
            slider = page.locator("[data-testid=own-zone] .pk-own:not([data-stale]) [data-testid=raise-slider]")
            if not saw_slider and slider.count():
                # The slider moves in small-blind steps from the minimum raise.
                step = int(slider.get_attribute("step") or 0)
                blinds = page.get_by_test_id("blinds").inner_text()
                assert f"{step}/{2 * step}" in blinds, (step, blinds)
                saw_slider = True
            page.evaluate(MARK_STALE)
            try:
                page.get_by_test_id(f"{state}-button").click(timeout=5_000)
            except PlaywrightTimeout:
                # On the tenfold test clock the turn can run out (1.5 s) before the tap lands:
                # the clock played it; read the page again.
                continue
            actions[state] += 1
        expect(page.get_by_test_id("result-panel")).to_be_visible()
        expect(page.get_by_test_id("placings").locator('[data-testid^="placing-"]')).to_have_count(5)
        expect(page.get_by_test_id("placings")).to_contain_text("5,000 chips")
        played_s = time.monotonic() - started
        # A table can end before its first 90 s of game time (9 s here); one that lasted three
        # levels' worth has dealt hands at higher blinds.
        if played_s > 3 * 90 / RATE:
            assert seen["Blinds rise to 20/40"], played_s
        assert seen["has no chips left and is out"]
        assert actions["check"] + actions["fold"] >= 1 and saw_slider
    finally:
        context.close()
