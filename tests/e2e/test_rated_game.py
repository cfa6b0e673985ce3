"""A rated game in two browsers: two accounts (made here through REST and the store, as a
passkey would make them) open a rated Four in a Row room from the new-room page, see each
other's rating on the seats, play it out, and both result panels show both players' changes."""

from __future__ import annotations

import asyncio
import json
import threading
import urllib.request
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from lobby.store import make_store
from tests.e2e.test_cards import PHONE
from tests.support.browser import at_quick_pace
from tests.support.phone_layout import measure_layout

pytestmark = pytest.mark.e2e

# The column a player plays: the first lit one (or the last), 'result' once the panel is up,
# null while it is not this page's turn.
LIT_COLUMN = """(last) => {
  if (document.querySelector('[data-testid=result-panel]')) return 'result';
  const cols = [...document.querySelectorAll('[data-testid^="col-"]')].filter((b) => b.getAttribute('role') === 'button' && b.getAttribute('aria-disabled') !== 'true');
  const col = last ? cols[cols.length - 1] : cols[0];
  return col ? col.getAttribute('data-testid') : null;
}"""

SHOWN = """() => {
  const text = (id) => { const el = document.querySelector(`[data-testid="${id}"]`); return el ? el.textContent : null; };
  return { seat0: text('seat-rating-0'), seat1: text('seat-rating-1'), change0: text('rating-change-0'), change1: text('rating-change-1'), unrated: text('rating-unrated') };
}"""


def _account(base: str, store_url: str, name: str) -> dict[str, Any]:
    """A player through REST, made an account in the store (as the passkey ceremony does)."""
    request = urllib.request.Request(
        f"{base}/api/players",
        data=json.dumps({"nickname": name}).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request) as answer:
        made = json.load(answer)

    async def mark() -> None:
        store = make_store(store_url)
        await store.open()
        try:
            await store.mark_account(made["player"]["id"], 1_000)
        finally:
            await store.close()

    # Playwright's sync API holds this thread's event loop: the store runs on a thread of its own.
    worker = threading.Thread(target=lambda: asyncio.run(mark()))
    worker.start()
    worker.join()
    return {"id": made["player"]["id"], "token": made["token"], "name": name}


def _phone(browser: Browser, player: dict[str, Any]) -> tuple[BrowserContext, Page]:
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    at_quick_pace(context)
    saved = json.dumps({"id": player["id"], "token": player["token"]})
    context.add_init_script(f"window.localStorage.setItem('gameroom.player', {json.dumps(saved)});")
    return context, context.new_page()


def test_two_accounts_finish_a_rated_game_and_see_their_changes(browser: Browser, stack) -> None:
    anna = _account(stack.base_url, stack.store_url, "Anna")
    ben = _account(stack.base_url, stack.store_url, "Ben")
    first, host = _phone(browser, anna)
    second, guest = _phone(browser, ben)
    try:
        host.goto(f"{stack.base_url}/")
        host.get_by_test_id("nickname").fill("Anna")
        expect(host.get_by_test_id("game-info")).not_to_be_empty()
        host.get_by_test_id("create-game").select_option("four-in-a-row")
        expect(host.get_by_test_id("new-room-page")).to_be_visible()
        seat_kind = host.get_by_test_id("seat-kind-1")
        expect(seat_kind).to_be_visible()
        seat_kind.select_option("human")
        expect(seat_kind).to_have_value("human")
        host.get_by_test_id("create-rated").check()
        host.get_by_test_id("create-button").click()
        expect(host.get_by_test_id("waiting-room")).to_be_visible()
        expect(host.get_by_test_id("waiting-rating-0")).to_contain_text("Rating 1,000?")
        expect(host.get_by_test_id("waiting-rated")).to_have_text(
            "Rated game: signed-in players only, one seat each, no computer players."
        )
        code = host.get_by_test_id("waiting-code").inner_text().strip()

        guest.goto(f"{stack.base_url}/r/{code}")
        guest.get_by_test_id("join-nickname").fill("Ben")
        guest.get_by_test_id("join-room-button").click()
        expect(guest.get_by_test_id("waiting-room")).to_be_visible()
        expect(host.get_by_test_id("waiting-rating-1")).to_contain_text("Rating 1,000?")

        host.get_by_test_id("start-button").click()
        for page in (host, guest):
            expect(page.get_by_test_id("fiar-board")).to_be_visible()
        seats = guest.evaluate(SHOWN)
        assert seats["seat0"] == seats["seat1"] == "1,000?", seats
        # The ratings fit the phone's seat strip: no text too small, nothing clipped or off screen.
        assert not measure_layout(guest).breaches()
        # Anna stacks the first lit column, Ben the last: Anna wins on her fourth disc.
        players = [(host, False), (guest, True)]
        for turn in range(42):
            page, last = players[turn % 2]
            column = page.wait_for_function(LIT_COLUMN, arg=last, polling=100, timeout=30_000).json_value()
            if column == "result":
                break
            page.get_by_test_id(column).click()
        for page in (host, guest):
            expect(page.get_by_test_id("result-panel")).to_be_visible()
            expect(page.get_by_test_id("rating-change-1")).to_be_visible()
            shown = page.evaluate(SHOWN)
            assert shown["change0"].startswith("Rating ") and "(+" in shown["change0"], shown
            assert shown["change1"].startswith("Rating ") and "(−" in shown["change1"], shown
            assert "provisional" in shown["change0"] and shown["unrated"] is None, shown
            assert not measure_layout(page, root="[data-testid=result-panel]").breaches()
    finally:
        first.close()
        second.close()
