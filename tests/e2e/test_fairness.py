"""The fairness page (/fairness): a finished game's replay checked again in the browser, link
by link (server seed against its commitment, each seat's value, the mixed seed, its hash); a
tampered replay pasted in is invalid; the browser that played finds its own value in the
seed; the page passes the accessibility scan in every language at phone and desktop size."""

from __future__ import annotations

import asyncio
import json
import secrets
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from playwright.sync_api import Browser, expect
from svc_cards.registry import REGISTRY

from tests.e2e.test_boards import _create_room
from tests.e2e.test_cards import PHONE
from tests.e2e.test_every_title import _serious
from tests.e2e.test_player_page import play_four_in_a_row_to_the_end
from tests.support.frame_scan import play_over_sockets

pytestmark = pytest.mark.e2e

CHAIN = ("commit", "values", "mix", "hash")


@pytest.fixture(scope="module")
def finished(stack) -> dict[str, Any]:
    """A three-seat card game played to its end over the sockets; two seats sent values."""

    async def contribute(players, spectator) -> None:  # type: ignore[no-untyped-def]
        commit = players[0].room["shuffle_commit"]
        for client in players[:2]:
            await client.send({"entropy": {"value": secrets.token_hex(32), "commit": commit}})
        await players[0].wait_until(lambda c: c.room["shuffle_seats"] == [0, 1])

    async def play() -> dict[str, Any]:
        engine = REGISTRY.get("crazy-eights")
        prefer = lambda move: move.get("type") == "play"  # noqa: E731
        _, _, replay = await play_over_sockets(stack, engine, 3, {}, seed=9, prefer=prefer, before_start=contribute)
        return replay

    # Its own thread and loop: the sync browser API keeps one of its own in this one.
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, play()).result()


def _flipped(hex_text: str, at: int) -> str:
    data = bytearray(bytes.fromhex(hex_text))
    data[at] ^= 0x01
    return data.hex()


def _expect_steps(page, valid: set[str], invalid: set[str]) -> None:  # type: ignore[no-untyped-def]
    for step in valid:
        expect(page.get_by_test_id(f"chain-{step}")).to_have_attribute("data-ok", "true")
    for step in invalid:
        expect(page.get_by_test_id(f"chain-{step}")).to_have_attribute("data-ok", "false")


@pytest.mark.parametrize("locale", ["de-DE", "en-GB", "es-ES", "sv-SE"])
@pytest.mark.parametrize("viewport", [PHONE, {"width": 1280, "height": 800}], ids=["phone", "desktop"])
def test_the_page_checks_a_finished_games_replay_and_refuses_a_tampered_one(
    browser: Browser, stack, finished, locale: str, viewport
) -> None:
    context = browser.new_context(viewport=viewport, locale=locale)
    page = context.new_page()
    found: dict[str, list[str]] = {}
    try:
        page.goto(f"{stack.base_url}/fairness?code={finished['code']}&game=1")
        verdict = page.get_by_test_id("chain-verdict")
        expect(verdict).to_have_attribute("data-valid", "true")
        _expect_steps(page, set(CHAIN), set())
        expect(page.get_by_test_id("chain-mine")).to_have_attribute("data-ok", "null")  # this browser sent none
        expect(page.get_by_test_id("chain-value-2")).to_contain_text(finished["contributions"][2]["value"])
        found["valid"] = _serious(page)
        wide = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
        assert wide <= 0, f"{wide} px wider than the screen"
        # One byte of one seat's value changed: the seed no longer follows from the chain.
        tampered = json.loads(json.dumps(finished))
        tampered["contributions"][1]["value"] = _flipped(tampered["contributions"][1]["value"], 5)
        page.get_by_test_id("fairness-paste").fill(json.dumps(tampered))
        page.get_by_test_id("fairness-check").click()
        expect(verdict).to_have_attribute("data-valid", "false")
        _expect_steps(page, {"commit", "values", "hash"}, {"mix"})
        found["invalid"] = _serious(page)
        # One byte of the revealed server seed changed: it no longer opens the commitment.
        tampered = {**finished, "server_seed": _flipped(finished["server_seed"], 0)}
        page.get_by_test_id("fairness-paste").fill(json.dumps(tampered))
        page.get_by_test_id("fairness-check").click()
        _expect_steps(page, {"hash"}, {"commit", "mix"})
    finally:
        context.close()
    assert not any(found.values()), json.dumps(found, indent=1)


def test_the_browser_that_played_finds_its_own_value_in_the_seed(browser: Browser, stack) -> None:
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    try:
        page = context.new_page()
        code = _create_room(page, stack.base_url, "four-in-a-row", "cpu")
        # The waiting room shows the commitment; the browser's value reaches the room before the start.
        page.wait_for_function(
            "() => Object.values(JSON.parse(localStorage.getItem('gameroom.entropy') || '{}')).some((e) => e.confirmed)",
            timeout=30_000,
        )
        play_four_in_a_row_to_the_end(page)
        log = page.get_by_test_id("event-log").text_content() or ""
        assert "1 of 2 seats added a random value of their own." in log  # the CPU seat took the server's
        # A game without chance offers no shuffle check after it; the page still checks its seed.
        expect(page.get_by_test_id("fairness-details")).to_have_count(0)
        page.goto(f"{stack.base_url}/fairness?code={code}&game=1")
        expect(page.get_by_test_id("chain-verdict")).to_have_attribute("data-valid", "true")
        expect(page.get_by_test_id("chain-mine")).to_have_attribute("data-ok", "true")
        expect(page.get_by_test_id("chain-mine")).to_contain_text("seat 1")
        expect(page.get_by_test_id("chain-value-0")).to_contain_text("yours")
        expect(page.get_by_test_id("chain-value-1")).to_contain_text("server's value")
    finally:
        context.close()
