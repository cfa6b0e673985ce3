"""The replay viewer in Chromium: a game against the CPU played to its end, then watched from
the result panel's button and from the player's page; its link opened in a fresh browser
shows the same step; the viewer steps by keyboard in every language at phone and desktop
size and passes the accessibility scan; a private room's replay is refused to a stranger and
opens from the invitation link and from its player's page."""

from __future__ import annotations

import asyncio
import json
import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import aiohttp
import pytest
from playwright.sync_api import Browser, Page, expect
from svc_boards.registry import REGISTRY

from tests.e2e.test_boards import _create_room
from tests.e2e.test_cards import PHONE
from tests.e2e.test_every_title import _serious
from tests.e2e.test_player_page import play_four_in_a_row_to_the_end
from tests.stack.test_private_replays import private_game_played
from tests.support.client import rest
from tests.support.frame_scan import play_over_sockets

pytestmark = pytest.mark.e2e

DESKTOP = {"width": 1280, "height": 800}
COUNTER = {
    "de-DE": r"Zug {step} von {total}",
    "en-GB": r"Move {step} of {total}",
    "es-ES": r"Jugada {step} de {total}",
    "sv-SE": r"Drag {step} av {total}",
}


@pytest.fixture(scope="module")
def finished_game(stack) -> tuple[str, int]:
    """A game of Four in a Row played to its end over the API: its room code and move count."""

    async def play() -> tuple[str, int]:
        players, _, replay = await play_over_sockets(stack, REGISTRY.get("four-in-a-row"), 2, {}, seed=3)
        return players[0].code, len(replay["moves"])

    # Playwright's sync API holds this thread's event loop; the game plays on a loop of its own.
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, play()).result()


def counter(page: Page) -> str:
    return page.get_by_test_id("replay-counter").inner_text()


def board(page: Page) -> str:
    return page.get_by_test_id("replay-board").inner_html()


def test_a_game_against_the_cpu_is_watched_from_the_result_and_from_the_players_page(browser: Browser, stack) -> None:
    first = browser.new_context(viewport=PHONE, locale="en-GB")
    fresh = browser.new_context(viewport=DESKTOP, locale="en-GB")
    try:
        page = first.new_page()
        code = _create_room(page, stack.base_url, "four-in-a-row", "cpu")
        play_four_in_a_row_to_the_end(page)
        page.get_by_test_id("result-replay").click()
        expect(page).to_have_url(re.compile(rf"/r/{code}/games/1/replay\?seat=0"))
        expect(page.get_by_test_id("replay-counter")).to_have_text(re.compile(r"^Move 0 of \d+$"))
        total = int(counter(page).rsplit(" ", 1)[1])
        assert total >= 7  # four discs of the winner's at least, three of the other's
        expect(page.get_by_test_id("replay-seat")).to_have_value("0")
        empty = board(page)
        page.get_by_test_id("replay-last").focus()
        page.keyboard.press("End")
        expect(page.get_by_test_id("replay-counter")).to_have_text(f"Move {total} of {total}")
        expect(page.get_by_test_id("replay-events")).to_contain_text(re.compile(r"win|Draw"))
        last = board(page)
        assert last != empty
        page.keyboard.press("ArrowLeft")
        expect(page.get_by_test_id("replay-counter")).to_have_text(f"Move {total - 1} of {total}")
        expect(page.get_by_test_id("announcer")).to_contain_text(f"Move {total - 1} of {total}")
        before_last = board(page)
        assert before_last not in (empty, last)
        # The link carries the seat and the step: a browser that never saw the game shows the same.
        link = page.evaluate("() => window.location.href")
        assert link.endswith(f"/r/{code}/games/1/replay?seat=0&step={total - 1}")
        other = fresh.new_page()
        other.goto(link)
        expect(other.get_by_test_id("replay-counter")).to_have_text(f"Move {total - 1} of {total}")
        assert board(other) == before_last
        # Everything revealed is one choice away; the same step stays on the table.
        other.get_by_test_id("replay-seat").select_option("all")
        expect(other).to_have_url(re.compile(r"seat=all"))
        expect(other.get_by_test_id("replay-counter")).to_have_text(f"Move {total - 1} of {total}")

        page.goto(f"{stack.base_url}/me")
        watch = page.get_by_test_id(f"me-watch-{code}-1")
        expect(watch).to_have_text("Watch")
        expect(page.get_by_test_id(f"me-game-{code}-1")).to_contain_text("Four in a Row")
        assert not _serious(page)
        watch.click()
        expect(page.get_by_test_id("replay-counter")).to_have_text(f"Move 0 of {total}")
        page.get_by_test_id("replay-forward").click()
        expect(page.get_by_test_id("replay-counter")).to_have_text(f"Move 1 of {total}")
        assert board(page) != empty
    finally:
        first.close()
        fresh.close()


@pytest.mark.parametrize("locale", list(COUNTER))
@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_viewer_steps_in_every_language_and_passes_the_accessibility_scan(
    browser: Browser, stack, finished_game, locale: str, viewport
) -> None:
    code, total = finished_game
    context = browser.new_context(viewport=viewport, locale=locale)
    page = context.new_page()
    found: dict[str, list[str]] = {}
    try:
        page.goto(f"{stack.base_url}/r/{code.lower()}/games/1/replay?seat=1&step=0")
        expect(page.get_by_test_id("replay-counter")).to_have_text(COUNTER[locale].format(step=0, total=total))
        start = board(page)
        page.get_by_test_id("replay-forward").click()
        page.keyboard.press("ArrowRight")
        expect(page.get_by_test_id("replay-counter")).to_have_text(COUNTER[locale].format(step=2, total=total))
        assert board(page) != start
        found["seat"] = _serious(page)
        page.get_by_test_id("replay-seat").select_option("all")
        expect(page).to_have_url(re.compile(r"seat=all&step=2"))
        found["revealed"] = _serious(page)
        wide = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
        assert wide <= 0, f"{wide} px wider than the screen"
    finally:
        context.close()
    assert not any(found.values()), json.dumps(found, indent=1)


def test_a_private_rooms_replay_opens_from_the_invitation_link_and_for_its_player(browser: Browser, stack) -> None:
    async def play() -> tuple[str, str, dict]:
        async with aiohttp.ClientSession() as session:
            anna, ben = [await rest(session, stack.base_url, "POST", "/api/players", {"nickname": n}) for n in "AB"]
            code, invite = await private_game_played(session, stack.base_url, anna["token"], ben["token"])
            return code, invite, {"id": ben["player"]["id"], "token": ben["token"]}

    with ThreadPoolExecutor(1) as pool:
        code, invite, ben = pool.submit(asyncio.run, play()).result()
    contexts = [browser.new_context(viewport=PHONE, locale="en-GB") for _ in range(3)]
    stranger, guest, player = (c.new_page() for c in contexts)
    replay_path = f"{stack.base_url}/r/{code}/games/1/replay"
    try:
        stranger.goto(replay_path)
        expect(stranger.get_by_test_id("replay-error")).to_contain_text("This game was played in a private room")
        expect(stranger.get_by_test_id("replay-board")).to_have_count(0)

        guest.goto(f"{replay_path}?seat=all#invite={invite}")
        expect(guest.get_by_test_id("replay-counter")).to_have_text("Move 0 of 7")
        guest.get_by_test_id("replay-forward").click()
        expect(guest.get_by_test_id("replay-counter")).to_have_text("Move 1 of 7")
        # The step goes into the link and the invitation stays in it: a reload opens it again.
        assert guest.evaluate("() => window.location.hash") == f"#invite={invite}"
        guest.reload()
        expect(guest.get_by_test_id("replay-counter")).to_have_text("Move 1 of 7")

        # Ben's own browser (his player saved, no link): his page's "Watch" opens it.
        player.goto(stack.base_url)
        player.evaluate("(saved) => localStorage.setItem('gameroom.player', JSON.stringify(saved))", ben)
        player.goto(f"{stack.base_url}/me")
        player.get_by_test_id(f"me-watch-{code}-1").click()
        expect(player.get_by_test_id("replay-counter")).to_have_text("Move 0 of 7")
        expect(player.get_by_test_id("replay-seat")).to_have_value("1")
    finally:
        for context in contexts:
            context.close()


# Where the drawn board and the step buttons lie, read in one look.
PLACES = """() => {
  const box = (id) => { const r = document.querySelector(`[data-testid=${id}]`).getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
  const svg = document.querySelector('[data-testid=replay-board] svg');
  const r = svg ? svg.getBoundingClientRect() : null;
  return {board: r && {top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height},
          buttons: box('replay-forward'), screen: {width: innerWidth, height: innerHeight}};
}"""


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_board_is_in_view_with_the_step_buttons(browser: Browser, stack, finished_game, viewport) -> None:
    """On a phone the board comes first, in the first screen, the step buttons under it; on a
    desktop the buttons stand beside the board. (The board once sat below the controls, out
    of sight on a phone.)"""
    code, total = finished_game
    context = browser.new_context(viewport=viewport, locale="en-GB")
    page = context.new_page()
    try:
        page.goto(f"{stack.base_url}/r/{code.lower()}/games/1/replay?seat=0&step={total}")
        expect(page.get_by_test_id("replay-counter")).to_have_text(f"Move {total} of {total}")
        page.wait_for_function("() => !!document.querySelector('[data-testid=replay-board] svg')")
        places = page.evaluate(PLACES)
        shots = Path(__file__).resolve().parents[2] / "test-output" / "phone"
        shots.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(shots / f"replay-{'phone' if viewport is PHONE else 'desktop'}.png"))
    finally:
        context.close()
    board_box, buttons, screen = places["board"], places["buttons"], places["screen"]
    assert board_box["height"] > 150, places
    if viewport is PHONE:
        assert board_box["top"] < screen["height"] / 2, places  # the board starts in the first screen's upper half
        assert buttons["top"] >= board_box["bottom"] - 1, places
    else:
        assert board_box["bottom"] <= screen["height"] and buttons["bottom"] <= screen["height"], places
        assert buttons["left"] >= board_box["right"] - 1, places
