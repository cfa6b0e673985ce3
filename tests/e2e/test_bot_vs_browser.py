"""The example bot against a person in the browser: Anna creates a four-in-a-row room in
headless Chromium, the bot joins with the command docs/play-api.md gives (the room code read
from Anna's page), and they play through to the end over the two transports (WebSocket for
the page, gRPC for the bot)."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "docs" / "play-api.md"
GUIDE_CODE = "K7QM2"  # the example code in the guide's command
PREFERRED_COLUMNS = (3, 2, 4, 1, 5, 0, 6)  # Anna stacks in the middle: games end quickly
ANNAS_TURN_OR_OVER = """() => !!document.querySelector('[data-testid=result-panel]')
    || [...document.querySelectorAll('[data-testid^="col-"]')].some(b => b.getAttribute('aria-disabled') !== 'true')"""


def guide_command(code: str, server: str) -> list[str]:
    """The guide's `--code` command (without its optional [...] parts) for this room and server."""
    line = next(
        line
        for line in GUIDE.read_text().splitlines()
        if line.startswith(f".venv/bin/python -m examples.bot --code {GUIDE_CODE}")
    )
    words = shlex.split(line.split("[", 1)[0])
    assert words[1:3] == ["-m", "examples.bot"]
    return [sys.executable, *(code if word == GUIDE_CODE else word for word in words[1:]), "--server", server]


def discs(page: Page) -> int:
    return int(page.evaluate("() => document.querySelectorAll('[data-testid=fiar-board] .fiar-disc').length"))


def create_room(page: Page, base_url: str) -> str:
    page.goto(base_url)
    page.get_by_test_id("nickname").fill("Anna")
    page.get_by_test_id("create-game").select_option("four-in-a-row")
    # Seat 1 stays open for someone invited; the seat list is drawn again once the game's
    # settings arrive, so choose until the choice holds.
    seat_kind = page.get_by_test_id("seat-kind-1")
    for _ in range(20):
        seat_kind.select_option("human")
        page.wait_for_timeout(150)
        if seat_kind.input_value() == "human":
            break
    expect(seat_kind).to_have_value("human")
    page.get_by_test_id("create-button").click()
    expect(page.get_by_test_id("waiting-room")).to_be_visible()
    return page.get_by_test_id("waiting-code").inner_text().strip()


def play_until_the_end(page: Page) -> int:
    """Anna drops a disc whenever her columns light up; the number of discs she dropped."""
    result = page.get_by_test_id("result-panel")
    for dropped in range(22):  # at most 21 discs are Anna's on a 7×6 board
        page.wait_for_function(ANNAS_TURN_OR_OVER, timeout=20_000)
        if result.count():
            return dropped
        before = discs(page)
        for column in PREFERRED_COLUMNS:
            button = page.get_by_test_id(f"col-{column}")
            if button.get_attribute("aria-disabled") != "true":
                button.click()
                break
        page.wait_for_function(
            f"() => document.querySelectorAll('[data-testid=fiar-board] .fiar-disc').length > {before}"
            " || !!document.querySelector('[data-testid=result-panel]')",
            timeout=30_000,
        )
    raise AssertionError("the game did not end within 21 of Anna's moves")


def test_the_example_bot_plays_a_whole_game_against_a_person_in_the_browser(browser: Browser, stack) -> None:
    # `stack` (tests/conftest.py): every service a process on free ports, SQLite in a temporary folder.
    context = browser.new_context(viewport={"width": 1024, "height": 768}, locale="en-GB")
    page = context.new_page()
    bot: subprocess.Popen[str] | None = None
    try:
        code = create_room(page, stack.base_url)
        assert re.fullmatch(r"[2-9A-Z]{5}", code), code
        command = guide_command(code, f"127.0.0.1:{stack.ports['play']}")
        bot = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

        # The bot takes the open seat; Anna, the host, starts.
        expect(page.get_by_test_id("waiting-seat-1")).to_contain_text("Robo", timeout=20_000)
        page.get_by_test_id("start-button").click()
        expect(page.get_by_test_id("fiar-board")).to_be_visible()
        dropped = play_until_the_end(page)
        assert dropped >= 4  # nobody wins four in a row with fewer discs

        expect(page.get_by_test_id("result-panel")).to_be_visible()
        expect(page.get_by_test_id("result-title")).not_to_have_text("")
        out, err = bot.communicate(timeout=30)
        assert bot.returncode == 0, f"bot exited {bot.returncode}:\n{out}\n{err}"
        assert out.startswith(f"joined room {code} (four-in-a-row) at seat 1"), out

        # The bot's result line and Anna's result panel tell the same ending.
        summary = out.strip().splitlines()[-1]
        assert summary.startswith(f"game over in room {code} (four-in-a-row): "), summary
        ranking = {
            int(seat): (name, int(rank)) for rank, name, seat in re.findall(r"(\d+)\. (.+?) \(seat (\d+)", summary)
        }
        assert {name for name, _ in ranking.values()} == {"Anna", "Robo"} and ranking[1][0] == "Robo"
        for seat, (name, rank) in ranking.items():
            placing = page.get_by_test_id(f"placing-{seat}")
            expect(placing).to_contain_text(name)
            first = "first" in (placing.get_attribute("class") or "").split()
            assert first == (rank == 1), (seat, name, rank)
    finally:
        context.close()
        if bot is not None and bot.poll() is None:
            bot.kill()
            bot.communicate()
