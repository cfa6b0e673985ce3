"""Mensch ärgere dich nicht through the web client: the board with its four colours for both
seat counts, and a staked 1 vs 1 between two people on two phones, by room code, played to the
end, the winner's wallet paid the pot through the ledger's escrow.

A guest wallet holds 1,000 coins a day, less than the smallest Mensch stake (3,000): the two
test players are made first and given coins from the mint through the store, the way the
stake tests do, and each browser is handed its player (what the browser itself would have
stored). The move clock is the rules' 15 s; this stack runs the lobby's clock 5 times as
fast (GAMEROOM_CLOCK_RATE, a test-only setting), so a turn not tapped in 3 s is played by
the clock's automatic move; both players tap the lit Roll button, the lit colour choice and
the lit pieces whenever they get there first. (At 50 times, 0.3 s a turn, a machine running
at half its usual speed lost every race to the clock, and the seats went to CPUs after their
timeouts in a row: the game ended with one tap. 3 s is long beside a tap on a loaded machine,
and the game's pace is the taps'.)"""

from __future__ import annotations

import asyncio
import json
import threading
import time
import uuid

import aiohttp
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from devstack import Stack
from lobby.ledger import wallet_account
from lobby.store import MINT, Posting, Transfer, make_store
from tests.support.browser import at_quick_pace
from tests.support.client import rest

pytestmark = pytest.mark.e2e

PHONE = {"width": 360, "height": 640}
RATE = 5
STAKE = 3000
GIFT = 3000


@pytest.fixture(scope="module")
def fast_stack(tmp_path_factory: pytest.TempPathFactory):
    folder = tmp_path_factory.mktemp("mensch-stack")
    running = Stack.on_free_ports(
        f"sqlite:///{folder}/rooms.sqlite3",
        extra_env={"GAMEROOM_CLOCK_RATE": str(RATE), "GAMEROOM_CPU_DELAY_MS": "20", "GAMEROOM_AI_BUDGET_MS": "100"},
        log_dir=folder / "logs",
    )
    running.start()
    yield running
    running.stop()


async def _player_with_coins(stack, nickname: str) -> dict:  # type: ignore[no-untyped-def]
    """A guest player whose wallet (opened with today's 1,000) is given GIFT coins more."""
    async with aiohttp.ClientSession() as session:
        made = await rest(session, stack.base_url, "POST", "/api/players", {"nickname": nickname})
        headers = {"Authorization": f"Bearer {made['token']}"}
        async with session.get(f"{stack.base_url}/api/players/me", headers=headers) as answer:
            me = await answer.json()
    store = make_store(stack.store_url)
    await store.open()
    try:
        player = me["player"]["id"]
        postings = (Posting(MINT, -GIFT), Posting(wallet_account(player), GIFT))
        await store.ledger_transfer(Transfer(f"gift:{player}:{uuid.uuid4().hex}", "gift", postings, 0))
    finally:
        await store.close()
    return {"id": player, "token": made["token"], "coins": me["coins"] + GIFT}


async def _coins(stack, token: str) -> int:  # type: ignore[no-untyped-def]
    async with aiohttp.ClientSession() as session:
        headers = {"Authorization": f"Bearer {token}"}
        async with session.get(f"{stack.base_url}/api/players/me", headers=headers) as answer:
            return (await answer.json())["coins"]


def _run(coroutine):  # type: ignore[no-untyped-def]
    """Run a coroutine to its end from this synchronous test (Playwright's own event loop
    holds this thread, so it runs on a thread of its own)."""
    out: list = []
    worker = threading.Thread(target=lambda: out.append(asyncio.run(coroutine)))
    worker.start()
    worker.join()
    assert out, "the coroutine failed"
    return out[0]


def _phone(browser: Browser, player: dict | None = None) -> tuple[BrowserContext, Page]:
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    at_quick_pace(context)
    if player is not None:
        saved = json.dumps({"id": player["id"], "token": player["token"]})
        context.add_init_script(f"window.localStorage.setItem('gameroom.player', {json.dumps(saved)});")
    return context, context.new_page()


def _choose(page: Page, testid: str, value: str, label: bool = False) -> None:
    """Select in a settings field that is drawn again once the game's settings arrive."""
    field = page.get_by_test_id(testid)
    for _ in range(20):
        if label:
            field.select_option(label=value)
        else:
            field.select_option(value)
        page.wait_for_timeout(150)
        current = field.locator("option:checked").inner_text() if label else field.input_value()
        if current == value:
            break
    if label:
        expect(field.locator("option:checked")).to_have_text(value)
    else:
        expect(field).to_have_value(value)


def _tap_what_is_lit(page: Page) -> bool:
    """Tap the lit Roll button, colour choice or piece, if this phone has one; True if tapped."""
    targets = [
        page.locator("[data-testid=roll-button].lit:not([disabled])"),
        page.locator(".mensch-choices button.lit"),
        page.locator("[data-testid=mensch-board] .piece.lit"),
    ]
    for target in targets:
        if target.count():
            try:
                target.first.click(timeout=1_000)
                return True
            except Exception:  # the clock played it first and the page was drawn again
                return False
    return False


@pytest.mark.parametrize("seats", [2, 4])
def test_the_board_for_both_seat_counts(browser: Browser, stack, seats: int) -> None:
    context, page = _phone(browser)
    try:
        page.goto(stack.base_url)
        page.get_by_test_id("nickname").fill("Anna")
        page.get_by_test_id("create-game").select_option("mensch")
        _choose(page, "seat-kind-1", "cpu")
        for index in range(2, seats):
            page.get_by_test_id("seat-add").click()
            page.get_by_test_id(f"seat-kind-{index}").select_option("cpu")
        page.get_by_test_id("create-button").click()
        expect(page.get_by_test_id("waiting-room")).to_be_visible()
        page.get_by_test_id("start-button").click()
        drawn = page.get_by_test_id("mensch-board")
        expect(drawn).to_be_visible()
        expect(drawn.locator(".field")).to_have_count(40)
        expect(drawn.locator(".field.start")).to_have_count(4)
        expect(drawn.locator(".lane")).to_have_count(16)
        expect(drawn.locator(".piece")).to_have_count(16)  # every colour is played either way
        # Drawn large enough to read (12 px letters), in a frame as wide as the phone that scrolls.
        width, frame = page.evaluate(
            "() => [document.querySelector('[data-testid=mensch-board]'), document.querySelector('[data-testid=zoom-frame]')]"
            ".map((e) => e.getBoundingClientRect().width)"
        )
        assert 200 < frame <= 360 and width >= frame, (width, frame)
    finally:
        context.close()


def test_a_staked_one_vs_one_by_code_pays_the_winner(browser: Browser, fast_stack) -> None:
    anna_player = _run(_player_with_coins(fast_stack, "Anna"))
    ben_player = _run(_player_with_coins(fast_stack, "Ben"))
    assert anna_player["coins"] == ben_player["coins"] == 1000 + GIFT
    anna_context, anna = _phone(browser, anna_player)
    ben_context, ben = _phone(browser, ben_player)
    try:
        anna.goto(fast_stack.base_url)
        expect(anna.get_by_test_id("wallet")).to_contain_text("4,000")
        anna.get_by_test_id("nickname").fill("Anna")
        anna.get_by_test_id("create-game").select_option("mensch")
        stake = anna.get_by_test_id("option-stake")
        expect(stake).to_contain_text("No stake (friendly)")
        # 15,000 and 75,000 are more than the wallet holds: offered greyed.
        expect(stake.locator("option[disabled]")).to_have_count(2)
        _choose(anna, "option-stake", "3,000", label=True)
        anna.get_by_test_id("create-button").click()
        expect(anna.get_by_test_id("waiting-room")).to_be_visible()
        code = anna.get_by_test_id("waiting-code").inner_text().strip()

        ben.goto(f"{fast_stack.base_url}/r/{code}")
        expect(ben.get_by_test_id("stake-note")).to_contain_text("everyone pays 3,000 coins")
        ben.get_by_test_id("join-nickname").fill("Ben")
        ben.get_by_test_id("join-room-button").click()
        expect(anna.get_by_test_id("waiting-seat-1")).to_contain_text("Ben")
        anna.get_by_test_id("start-button").click()
        for page in (anna, ben):
            expect(page.get_by_test_id("mensch-board")).to_be_visible()
            expect(page.get_by_test_id("stake")).to_have_text("3,000")
            expect(page.get_by_test_id("event-log")).to_contain_text(
                "Everyone stakes 3,000 coins; the pot holds 6,000.", timeout=30_000
            )

        taps = 0
        deadline = time.monotonic() + 900
        while not (
            anna.get_by_test_id("result-panel").is_visible() and ben.get_by_test_id("result-panel").is_visible()
        ):
            assert time.monotonic() < deadline, f"no end after {taps} taps"
            for page in (anna, ben):
                if not page.get_by_test_id("result-panel").is_visible():
                    taps += _tap_what_is_lit(page)
            anna.wait_for_timeout(50)
        assert taps > 5
        for page in (anna, ben):
            placings = page.get_by_test_id("placings")
            expect(placings).to_contain_text("Anna")
            expect(placings).to_contain_text("Ben")
        log = anna.get_by_test_id("event-log").text_content() or ""
        assert "has a colour complete in the goal and wins" in log
        first = anna.locator("[data-testid=placings] .placing.first").inner_text()
        winner_name = "Anna" if "Anna" in first else "Ben"
        assert f"{winner_name} has a colour complete in the goal and wins" in log

        coins = {name: _run(_coins(fast_stack, p["token"])) for name, p in (("Anna", anna_player), ("Ben", ben_player))}
        loser_name = "Ben" if winner_name == "Anna" else "Anna"
        # Each paid 3,000 into the escrow; the winner took the pot of 6,000.
        assert coins == {winner_name: 1000 + GIFT - STAKE + 2 * STAKE, loser_name: 1000 + GIFT - STAKE}
        winner_page = anna if winner_name == "Anna" else ben
        winner_page.goto(fast_stack.base_url)
        expect(winner_page.get_by_test_id("wallet")).to_contain_text("7,000")
    finally:
        anna_context.close()
        ben_context.close()
