"""Leaderboards and ratings in the browser on a 360 px phone: a game's leaderboard page with
its two tabs and the player's own row marked, the gallery tiles' top three (or the words for
nobody yet), and the player page's ratings with the history chart (inline SVG with a title,
a description and a table for screen readers). The rating rows are loaded into the stack's
store as the rated games' ends would write them; every page passes the phone layout rules and
the accessibility scan."""

from __future__ import annotations

import asyncio
import itertools
import json
import threading
import time
import urllib.request

import pytest
from playwright.sync_api import Browser, expect

from lobby.rating_scale import shown
from lobby.store import make_store
from tests.e2e.test_every_title import _serious
from tests.support.phone_layout import measure_layout
from tests.support.ratings import RatedPlayer, rating_rows

pytestmark = pytest.mark.e2e

PHONE = {"width": 360, "height": 640}
GAME = "chess"
OTHER = "draughts"
# Each test's players stand above those of the tests before it and of anyone rated by playing
# (the stack is the session's): 100 is a shown 5,000.
HEIGHTS = itertools.count(100, 50)


def _post(base_url: str, path: str, body: dict) -> dict:  # type: ignore[type-arg]
    request = urllib.request.Request(
        f"{base_url}{path}", json.dumps(body).encode(), {"Content-Type": "application/json"}, method="POST"
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())  # type: ignore[no-any-return]


def _get(base_url: str, path: str) -> dict:  # type: ignore[type-arg]
    with urllib.request.urlopen(f"{base_url}{path}", timeout=30) as answer:
        return json.loads(answer.read())  # type: ignore[no-any-return]


def _load(store_url: str, accounts: list[str], players: list[RatedPlayer]) -> None:
    """Mark the accounts and load the rows, on a thread of its own: Playwright's sync API keeps
    an event loop in this one."""

    async def work() -> None:
        store = make_store(store_url)
        await store.open()
        try:
            for player_id in accounts:
                await store.mark_account(player_id, 1)
            await store.load_ratings(rating_rows(players, int(time.time() * 1000) - 60_000, step_ms=86_400_000))
        finally:
            await store.close()

    failed: list[BaseException] = []
    thread = threading.Thread(target=lambda: _run(work, failed))
    thread.start()
    thread.join()
    assert not failed, failed


def _run(work, failed: list[BaseException]) -> None:  # type: ignore[no-untyped-def]
    try:
        asyncio.run(work())
    except BaseException as error:  # noqa: BLE001 - handed to the test's thread
        failed.append(error)


def _rated_me(stack) -> tuple[dict[str, str], dict[str, dict], int, list[int]]:  # type: ignore[no-untyped-def,type-arg]
    """Ilse, Jonas, Kai and Me rated in chess far above anyone the session rated before (Me also
    provisional in draughts): their ids, their REST answers, the board's height and Me's ordinals."""
    names = ["Ilse", "Jonas", "Kai"]
    made = {name: _post(stack.base_url, "/api/players", {"nickname": name}) for name in [*names, "Me"]}
    ids = {name: answer["player"]["id"] for name, answer in made.items()}
    top = next(HEIGHTS)
    mine = [top + 10 + i for i in range(12)]
    players = [
        RatedPlayer(ids["Ilse"], "Ilse", played={GAME: [top + 40.0] * 12}),
        RatedPlayer(ids["Jonas"], "Jonas", played={GAME: [top + 30.0] * 12}),
        RatedPlayer(ids["Kai"], "Kai", played={GAME: [top + 15.0] * 12}),
        RatedPlayer(ids["Me"], "Me", played={GAME: [float(o) for o in mine], OTHER: [1.0, 2.0, 1.5, 3.0, 2.5]}),
    ]
    _load(stack.store_url, list(ids.values()), players)
    return ids, made, top, mine


def _as_me(browser: Browser, ids: dict[str, str], made: dict[str, dict], viewport, locale: str):  # type: ignore[no-untyped-def,type-arg]
    context = browser.new_context(viewport=viewport, locale=locale)
    context.add_init_script(
        f"localStorage.setItem('gameroom.player', JSON.stringify({json.dumps({'id': ids['Me'], 'token': made['Me']['token']})}))"
    )
    return context


def test_the_leaderboard_the_gallery_and_the_rating_chart_on_a_phone(browser: Browser, stack) -> None:
    ids, made, top, mine = _rated_me(stack)
    empty_game = next(game for game, rows in _get(stack.base_url, "/api/leaderboards")["boards"].items() if not rows)

    context = _as_me(browser, ids, made, PHONE, "en-GB")
    page = context.new_page()
    try:
        # The board page: Ilse, Jonas, Me (shown after 12 games at top + 21), Kai.
        page.goto(f"{stack.base_url}/games/{GAME}/leaderboard")
        expect(page.get_by_test_id("board-own-row")).to_be_visible()
        seen = page.evaluate(
            """() => ({
              names: [...document.querySelectorAll('[data-testid=board-table] tbody th')].slice(0, 4).map((e) => e.firstChild.textContent),
              own: document.querySelector('[data-testid=board-own-row]').getAttribute('aria-current'),
              ownRank: document.querySelector('[data-testid=board-own-row] td').textContent,
              selected: [...document.querySelectorAll('[role=tab]')].map((e) => e.getAttribute('aria-selected')),
              title: document.querySelector('[data-testid=board-title]').textContent,
            })"""
        )
        assert seen == {
            "names": ["Ilse", "Jonas", "Me", "Kai"],
            "own": "true",
            "ownRank": "3",
            "selected": ["true", "false"],
            "title": "Chess: leaderboard",
        }
        assert measure_layout(page, root="[data-testid=board-page]").breaches() == []
        assert _serious(page) == []

        # This week's climbers: the games were a day apart, so this week holds the last few;
        # reached from the keyboard as in any tab list.
        page.get_by_test_id("board-tab-top").focus()
        page.keyboard.press("ArrowRight")
        expect(page.get_by_test_id("board-panel")).to_have_attribute("data-board", "climbers")
        expect(page.get_by_test_id("board-tab-climbers")).to_have_attribute("aria-selected", "true")
        expect(page.get_by_test_id("board-own-row")).to_contain_text("Me")
        assert measure_layout(page, root="[data-testid=board-page]").breaches() == []

        # The gallery: chess's tile names its three leaders, a game nobody is ranked in says so.
        page.goto(stack.base_url)
        expect(page.get_by_test_id(f"tile-leaders-{GAME}").locator("li")).to_have_count(3)
        leaders = page.evaluate(
            """([game, empty]) => ({
              names: [...document.querySelectorAll(`[data-testid=tile-leaders-${game}] .leader-name`)].map((e) => e.textContent),
              empty: document.querySelector(`[data-testid=tile-leaders-${empty}]`).textContent,
            })""",
            [GAME, empty_game],
        )
        assert leaders == {"names": ["Ilse", "Jonas", "Me"], "empty": "No ranked players yet"}
        page.get_by_test_id(f"tile-board-{GAME}").click()
        expect(page.get_by_test_id("board-page")).to_be_visible()

        # The player page: ratings per game and the chart of the first game in the page's order.
        page.goto(f"{stack.base_url}/me")
        expect(page.get_by_test_id("me-chart-slot")).to_have_attribute("data-game", GAME)
        expect(page.get_by_test_id("me-chart")).to_have_attribute("data-points", "12")
        chart = page.evaluate(
            """() => {
              const svg = document.querySelector('[data-testid=me-chart]');
              const cells = (row) => [...row.querySelectorAll('th, td')].map((e) => e.textContent);
              return {
                rows: [...document.querySelectorAll('[data-testid=me-ratings] tbody tr')].map(cells),
                role: svg.getAttribute('role'),
                title: svg.querySelector('title').textContent,
                desc: svg.querySelector('desc').textContent,
                labelled: svg.getAttribute('aria-labelledby').split(' ').every((id) => document.getElementById(id)),
                points: svg.querySelectorAll('circle').length,
                table: [...document.querySelectorAll('[data-testid=me-chart-table] tbody tr')].map(cells),
              };
            }"""
        )
        last = shown(mine[-1])
        assert chart["rows"] == [
            ["Chess", f"{last:,}", "12", "3"],
            ["Draughts", f"{shown(2.5):,}? provisional", "5", "–not ranked"],
        ]
        assert chart["role"] == "img" and chart["title"] == "Rating in Chess" and chart["labelled"]
        assert chart["desc"] == f"12 rated games: from {shown(mine[0]):,} to {last:,}, highest {last:,}."
        assert chart["points"] == 12 and len(chart["table"]) == 12
        assert chart["table"][-1][1:] == [f"{last:,}", "+40"]
        assert measure_layout(page, root="[data-testid=me-ratings-panel]").breaches() == []
        assert _serious(page) == []

        # The other game's chart, chosen from the list.
        page.get_by_test_id("me-chart-game").select_option(OTHER)
        expect(page.get_by_test_id("me-chart-slot")).to_have_attribute("data-game", OTHER)
        expect(page.get_by_test_id("me-chart")).to_have_attribute("data-points", "5")
        expect(page.get_by_test_id("me-chart-table").locator("tbody tr")).to_have_count(5)
    finally:
        context.close()


@pytest.mark.parametrize("locale", ["de-DE", "en-GB", "es-ES", "sv-SE"])
@pytest.mark.parametrize("viewport", [PHONE, {"width": 1280, "height": 800}], ids=["phone", "desktop"])
def test_the_leaderboard_and_the_ratings_pass_the_accessibility_scan(
    browser: Browser, stack, locale: str, viewport
) -> None:
    ids, made, _, _ = _rated_me(stack)
    context = _as_me(browser, ids, made, viewport, locale)
    page = context.new_page()
    found: dict[str, list[str]] = {}
    try:
        page.goto(f"{stack.base_url}/games/{GAME}/leaderboard")
        expect(page.get_by_test_id("board-own-row")).to_be_visible()
        found["top"] = _serious(page)
        found["top wider"] = measure_layout(page, root="[data-testid=board-page]").overflow
        page.get_by_test_id("board-tab-climbers").click()
        expect(page.get_by_test_id("board-panel")).to_have_attribute("data-board", "climbers")
        found["climbers"] = _serious(page)
        page.goto(f"{stack.base_url}/me")
        # The first game's chart in the page language's order (Dame comes before Schach).
        expect(page.get_by_test_id("me-chart")).to_be_visible()
        found["me"] = _serious(page)
        found["me wider"] = measure_layout(page, root="[data-testid=me-ratings-panel]").overflow
    finally:
        context.close()
    assert not any(found.values()), json.dumps(found, indent=1)
