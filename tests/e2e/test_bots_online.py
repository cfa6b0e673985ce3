"""Bots online, the whole show over real processes: two accounts secured with a passkey mark
themselves bots and make bot tokens through the REST API; the Python example bot
(`python -m examples.bot --online`) and the Node.js one (`node examples/node/online.mjs`) go
online with them, and a third account, Anna, signs in in headless Chromium on a 360 px phone.
The Python bot challenges the Node bot three times, the Node bot challenges Anna three times,
and Anna challenges the Python bot from the player page's "Bots online", which lists and offers
only the game the bot said it plays as it went online (a challenge to another game, sent over
REST, it declines, as the banner tells her): every game is made by
a challenge alone (no room code handed over), Anna accepts in the banner wherever she is, and
every game is played to its end with a result. And a challenge from a leaderboard row, listed
and withdrawn on the player page."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.test_bot_vs_browser import play_until_the_end
from tests.e2e.test_every_title import _serious
from tests.e2e.test_leaderboards import GAME as BOARD_GAME
from tests.e2e.test_leaderboards import _as_me, _rated_me
from tests.support.authenticator import Authenticator

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
PHONE = {"width": 360, "height": 640}
GAME = "four-in-a-row"
ROUNDS = 3


def _call(base: str, method: str, path: str, token: str = "", body: Any = None) -> tuple[int, dict[str, Any]]:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data, headers, method=method)
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"{}")


def secured_account(base: str, nickname: str, bot: bool) -> dict[str, str]:
    """A player secured with a passkey (a real WebAuthn ceremony): {id, token, bot_token}."""
    status, made = _call(base, "POST", "/api/players", body={"nickname": nickname})
    assert status in (200, 201), made
    token = made["token"]
    device = Authenticator(origin=f"http://localhost:{urlsplit(base).port}")
    _, options = _call(base, "POST", "/api/players/me/passkeys/options", token, {})
    status, answer = _call(base, "POST", "/api/players/me/passkeys", token, {"credential": device.register(options)})
    assert status == 201, answer
    account = {"id": made["player"]["id"], "token": token, "bot_token": ""}
    if bot:
        status, answer = _call(base, "PUT", "/api/players/me/bot", token, {"bot": True, "quick_seats": False})
        assert status == 200, answer
        status, answer = _call(base, "POST", "/api/players/me/bot-tokens", token, {"name": f"{nickname} online"})
        assert status == 201, answer
        account["bot_token"] = answer["token"]
        _, me = _call(base, "GET", "/api/players/me", token)
        assert me["player"]["bot"] is True
    return account


def finish(process: subprocess.Popen[str], name: str, timeout: float) -> str:
    try:
        out, err = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        out, err = process.communicate()
        raise AssertionError(f"{name} did not finish:\n{out[-3000:]}\n{err[-3000:]}") from None
    assert process.returncode == 0, f"{name} exited {process.returncode}:\n{out[-3000:]}\n{err[-3000:]}"
    return out


def ended_rooms(out: str) -> list[str]:
    """The rooms whose end a bot printed ("game over in room K7QM2 (four-in-a-row): ...")."""
    return re.findall(r"^game over in room ([2-9A-Z]{5}) \(" + GAME + r"\)", out, re.MULTILINE)


def accept_in_the_banner(page: Page) -> str:
    """Accept the challenge the banner shows, wherever Anna is; the code of the room it opens."""
    accept = page.locator("[data-testid=challenge-banner] button[data-testid^=challenge-accept-]").first
    expect(accept).to_be_visible(timeout=60_000)
    expect(page.get_by_test_id("challenge-banner")).to_contain_text("Nodey (bot) challenges you to Four in a Row")
    before = page.url
    accept.click()
    return entered_room(page, before)


def entered_room(page: Page, before: str) -> str:
    """The code of the room the page went to from `before` (another room, or the player page)."""
    page.wait_for_url(lambda url: url != before and re.search(r"/r/[2-9A-Z]{5}$", url) is not None)
    expect(page.get_by_test_id("fiar-board")).to_be_visible()
    expect(page.get_by_test_id("result-panel")).to_have_count(0)
    return page.url.rsplit("/", 1)[1]


def test_two_bots_and_a_browser_player_play_through_challenges_alone(browser: Browser, stack) -> None:
    node = shutil.which("node")
    assert node and (ROOT / "node_modules" / "@grpc" / "grpc-js").is_dir(), "node and node_modules (npm ci) needed"
    base, play = stack.base_url, f"127.0.0.1:{stack.ports['play']}"
    robo = secured_account(base, "Robo", bot=True)
    nodey = secured_account(base, "Nodey", bot=True)
    anna = secured_account(base, "Anna", bot=False)

    context = browser.new_context(viewport=PHONE, locale="en-GB")
    context.add_init_script(
        f"localStorage.setItem('gameroom.player', JSON.stringify({json.dumps({'id': anna['id'], 'token': anna['token']})}))"
    )
    page = context.new_page()
    processes: list[subprocess.Popen[str]] = []
    try:
        page.goto(f"{base}/me")
        expect(page.get_by_test_id("me-challenges")).to_be_visible()

        python_bot = subprocess.Popen(
            # Robo plays three games against Nodey and the one Anna challenges it to.
            [sys.executable, "-m", "examples.bot", "--online", "--token", robo["bot_token"], "--server", play]
            + ["--games", GAME, "--challenge", nodey["id"], "--game", GAME, "--count", str(ROUNDS)]
            + ["--delay", "0", "--quit-after", str(ROUNDS + 1)],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        processes.append(python_bot)
        node_bot = subprocess.Popen(
            # Nodey plays Robo's three challenges and the three games it challenges Anna to.
            [node, "examples/node/online.mjs", "--token", nodey["bot_token"], "--server", play]
            + ["--challenge", anna["id"], "--game", GAME, "--count", str(ROUNDS), "--quit-after", str(2 * ROUNDS)],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        processes.append(node_bot)

        # The first challenge shows on the player page's list and in the banner: one look at
        # the page, its phone layout and the accessibility scan.
        expect(page.locator("[data-testid=me-challenge-list] [data-direction=to-me]")).to_contain_text(
            "Nodey (bot) challenges you to Four in a Row"
        )
        expect(page.locator("[data-testid=challenge-banner] button[data-testid^=challenge-accept-]")).to_be_visible()
        wider = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
        assert wider <= 0, f"the player page is {wider} px wider than the phone"
        assert _serious(page) == []

        annas_rooms = []
        for _ in range(ROUNDS):
            annas_rooms.append(accept_in_the_banner(page))
            assert play_until_the_end(page) >= 4  # nobody wins four in a row with fewer discs
            expect(page.get_by_test_id("result-panel")).to_be_visible()

        # Anna challenges Robo from "Bots online"; its GameStarted brings her a ticket and the banner's Open.
        page.goto(f"{base}/me")
        robo_row = page.get_by_test_id(f"bot-{robo['id']}")
        expect(robo_row).to_contain_text("Robo")
        expect(robo_row.get_by_test_id("bot-mark")).to_have_text("bot")
        # Robo said it plays four in a row only (--games, set as it went online): the list says so
        # and the picker offers nothing else. A challenge to dice poker sent over REST is
        # declined, and the banner says so.
        expect(robo_row.locator(".bot-games")).to_have_text("Four in a Row")
        expect(page.get_by_test_id(f"bot-game-{robo['id']}").locator("option")).to_have_text(["Four in a Row"])
        status, sent = _call(
            base, "POST", "/api/challenges", anna["token"], {"to_player": robo["id"], "game": "dice-poker"}
        )
        assert status == 201, sent
        declined = page.locator("[data-testid=challenge-banner] [data-testid^=challenge-declined-]")
        expect(declined).to_contain_text("Robo (bot) declined your challenge to Dice Poker")
        declined.get_by_role("button", name="Dismiss").click()
        expect(page.get_by_test_id("challenge-banner")).to_be_hidden()
        page.get_by_test_id(f"bot-challenge-{robo['id']}").click()
        expect(page.get_by_test_id(f"bot-challenge-{robo['id']}-note")).to_contain_text("Challenge sent to Robo")
        opener = page.locator("[data-testid=challenge-banner] button[data-testid^=challenge-open-]").first
        expect(opener).to_be_visible(timeout=60_000)
        before = page.url
        opener.click()
        annas_rooms.append(entered_room(page, before))
        assert play_until_the_end(page) >= 4
        expect(page.get_by_test_id("result-panel")).to_be_visible()

        robo_rooms = ended_rooms(finish(python_bot, "the Python bot", 240))
        nodey_rooms = ended_rooms(finish(node_bot, "the Node bot", 240))
    finally:
        context.close()
        for process in processes:
            if process.poll() is None:
                process.kill()
                process.communicate()

    # Every game came from a challenge and ended with a result, as each side saw it.
    assert len(set(robo_rooms)) == ROUNDS + 1, robo_rooms
    assert len(set(nodey_rooms)) == 2 * ROUNDS, nodey_rooms
    assert len(set(annas_rooms)) == ROUNDS + 1, annas_rooms
    between_bots = set(robo_rooms) & set(nodey_rooms)
    assert len(between_bots) == ROUNDS
    assert set(annas_rooms) == (set(robo_rooms) | set(nodey_rooms)) - between_bots
    players = {robo["id"]: "Robo", nodey["id"]: "Nodey", anna["id"]: "Anna"}
    for code in set(robo_rooms) | set(nodey_rooms):
        status, room = _call(base, "GET", f"/api/rooms/{code}")
        assert status == 200 and room["status"] == "finished", (code, room)
        status, record = _call(base, "GET", f"/api/rooms/{code}/games/1", anna["token"])
        assert status == 200, (code, record)
        assert record["result"] and sorted(record["result"]["placings"]) in ([1, 2], [1, 1]), (code, record["result"])
        # The challenger sits at seat 0, the challenged at seat 1.
        expected = ["Nodey", "Anna"] if code in annas_rooms[:ROUNDS] else None
        if code in between_bots:
            expected = ["Robo", "Nodey"]
        elif code == annas_rooms[-1]:
            expected = ["Anna", "Robo"]
        assert record["names"] == expected, (code, record["names"], players)


def test_a_challenge_from_a_leaderboard_row_is_listed_and_withdrawn_on_the_player_page(browser: Browser, stack) -> None:
    """On a phone, from the keyboard: Me challenges the board's leader from her row, sees the
    challenge on the player page and withdraws it; the leader's list says the same each time."""
    ids, made, _, _ = _rated_me(stack)
    ilse = made["Ilse"]["token"]
    context = _as_me(browser, ids, made, PHONE, "en-GB")
    page = context.new_page()
    try:
        page.goto(f"{stack.base_url}/games/{BOARD_GAME}/leaderboard")
        expect(page.get_by_test_id("board-own-row")).to_be_visible()
        assert page.get_by_test_id("board-own-row").locator("button").count() == 0  # nobody challenges herself
        button = page.locator("[data-testid=board-table] tbody tr", has_text="Ilse").locator("button")
        expect(button).to_have_accessible_name("Challenge Ilse")
        button.focus()
        page.keyboard.press("Enter")
        expect(page.get_by_test_id("board-challenge-note")).to_have_text("Challenge sent to Ilse: Chess")
        _, listed = _call(stack.base_url, "GET", "/api/players/me/challenges", ilse)
        (challenge,) = listed["challenges"]
        assert (challenge["from_player"], challenge["to_player"], challenge["game"], challenge["status"]) == (
            ids["Me"],
            ids["Ilse"],
            BOARD_GAME,
            "open",
        )

        page.goto(f"{stack.base_url}/me")
        row = page.get_by_test_id(f"me-challenge-{challenge['id']}")
        expect(row).to_contain_text("You challenged Ilse to Chess")
        assert row.get_attribute("data-direction") == "from-me"
        wider = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
        assert wider <= 0, f"the player page is {wider} px wider than the phone"
        assert _serious(page) == []
        page.get_by_test_id(f"me-challenge-cancel-{challenge['id']}").click()
        expect(page.get_by_test_id("me-no-challenges")).to_be_visible()
        _, listed = _call(stack.base_url, "GET", "/api/players/me/challenges", ilse)
        assert listed["challenges"] == []
    finally:
        context.close()
