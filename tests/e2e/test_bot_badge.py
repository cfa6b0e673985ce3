"""A bot account is shown as a bot: a phone watching a game a bot plays (started by an accepted
challenge) sees a small "Bot" badge by its seat's name, in the page's language, at a readable
size, and a screen reader hears it with the seat; a bot's leaderboard row carries it too."""

from __future__ import annotations

import aiohttp
import pytest
from playwright.sync_api import Browser, expect

from lobby.store import make_store
from tests.e2e.test_leaderboards import GAME, HEIGHTS, _load, _post
from tests.support.challenges import account, call
from tests.support.phone_layout import measure_layout
from tests.support.ratings import RatedPlayer
from tests.support.services import run_aside

pytestmark = pytest.mark.e2e

PHONE = {"width": 360, "height": 640}


async def _bot_plays_ben(base: str) -> str:
    """Robo (a bot) challenges Ben, who accepts: the room's code, its game started."""
    async with aiohttp.ClientSession() as session:
        robo, _ = await account(session, base, "Robo")
        ben, ben_id = await account(session, base, "Ben")
        assert (await call(session, base, "PUT", "/api/players/me/bot", robo, {"bot": True}))[0] == 200
        status, made = await call(
            session, base, "POST", "/api/challenges", robo, {"to_player": ben_id, "game": "four-in-a-row"}
        )
        assert status == 201
        status, accepted = await call(session, base, "POST", f"/api/challenges/{made['id']}/accept", ben)
        assert status == 200
        return str(accepted["room_code"])


def test_a_bots_seat_carries_a_bot_badge(browser: Browser, stack) -> None:
    code = run_aside(_bot_plays_ben, stack.base_url)
    context = browser.new_context(viewport=PHONE, locale="de-DE")
    page = context.new_page()
    try:
        page.goto(f"{stack.base_url}/r/{code}")
        # The join page lists the seats with the badge too; a full room offers to watch.
        expect(page.get_by_test_id("join-bot-0")).to_have_text("Bot")
        expect(page.get_by_test_id("join-bot-1")).to_have_count(0)
        page.get_by_test_id("watch-button").click()
        badge = page.get_by_test_id("seat-0-bot")
        expect(badge).to_be_visible()
        expect(page.get_by_test_id("seat-1-bot")).to_have_count(0)  # Ben is a person
        seen = page.evaluate(
            """() => {
                const badge = document.querySelector('[data-testid=seat-0-bot]');
                const chip = document.querySelector('[data-testid=seat-0]');
                return {
                    text: badge.textContent,
                    size: parseFloat(getComputedStyle(badge).fontSize),
                    spoken: chip.getAttribute('aria-label'),
                    name: chip.querySelector('.chip-name').textContent,
                };
            }"""
        )
        assert seen["text"] == "Bot" and seen["size"] >= 12, seen
        assert seen["name"].startswith("Robo") and "Bot" in seen["spoken"], seen
    finally:
        context.close()


def test_a_bots_leaderboard_row_carries_a_bot_badge(browser: Browser, stack) -> None:
    made = {name: _post(stack.base_url, "/api/players", {"nickname": name}) for name in ("Bolt", "Greta")}
    ids = {name: answer["player"]["id"] for name, answer in made.items()}
    top = next(HEIGHTS)
    players = [
        RatedPlayer(ids["Bolt"], "Bolt", played={GAME: [top + 20.0] * 12}),
        RatedPlayer(ids["Greta"], "Greta", played={GAME: [top + 10.0] * 12}),
    ]

    async def bolt_is_a_bot() -> None:
        store = make_store(stack.store_url)
        await store.open()
        try:
            await store.set_bot(ids["Bolt"], True, False, [], 1)
        finally:
            await store.close()

    _load(stack.store_url, list(ids.values()), players)
    run_aside(bolt_is_a_bot)
    context = browser.new_context(viewport=PHONE, locale="sv-SE")
    page = context.new_page()
    try:
        page.goto(f"{stack.base_url}/games/{GAME}/leaderboard")
        expect(page.get_by_test_id("board-table")).to_contain_text("Bolt")
        rows = page.evaluate(
            """() => [...document.querySelectorAll('[data-testid=board-table] tbody tr')].map((row) => {
                const badge = row.querySelector('.chip-bot');
                return {
                    name: row.querySelector('th').firstChild.textContent,
                    badge: badge ? badge.textContent : null,
                    size: badge ? parseFloat(getComputedStyle(badge).fontSize) : null,
                };
            })"""
        )
        by_name = {row["name"]: row for row in rows}
        assert by_name["Bolt"]["badge"] == "bot" and by_name["Bolt"]["size"] >= 12, by_name["Bolt"]
        assert by_name["Greta"]["badge"] is None
        assert measure_layout(page, root="[data-testid=board-page]").breaches() == []
    finally:
        context.close()
