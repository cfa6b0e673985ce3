"""Every title of the catalogue, opened as a player would on a 360 px phone: its room starts
(with CPU seats where the game has them, else a second seat on the same device), the game is
drawn, a few moves go by, and nothing goes wrong on the page — no script error, no console
error, no style or script the Content-Security-Policy refused, no "could not be drawn", and
nothing wider than the screen. A new title is covered by being in the catalogue."""

from __future__ import annotations

import json
import urllib.request

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, ConsoleMessage, expect

pytestmark = pytest.mark.e2e

PHONE = {"width": 360, "height": 640}
WATCH_CSP = (
    "window.__blocked = [];"
    "document.addEventListener('securitypolicyviolation',"
    " (e) => window.__blocked.push(e.violatedDirective + ' ' + (e.blockedURI || '') + ' ' + (e.sourceFile || '')));"
)


def _title_ids() -> list[str]:
    from svc_boards.registry import REGISTRY as BOARDS
    from svc_cards.registry import REGISTRY as CARDS
    from svc_dice.registry import REGISTRY as DICE
    from svc_words.registry import REGISTRY as WORDS

    return [game_id for registry in (CARDS, BOARDS, DICE, WORDS) for game_id in registry.ids()]


def _meta(base_url: str, game_id: str) -> dict:
    with urllib.request.urlopen(f"{base_url}/api/games", timeout=30) as answer:
        return next(g["meta"] for g in json.load(answer)["games"] if g["id"] == game_id)


def _seats(meta: dict) -> list[dict]:
    count = max(2, meta["min_seats"]) if meta["max_seats"] >= 2 else 1
    levels = meta.get("cpu_levels") or []
    other = {"kind": "cpu", "level": levels[0]} if levels else {"kind": "human", "local": True}
    return [{"kind": "human"}] + [dict(other) for _ in range(count - 1)]


@pytest.mark.parametrize("gid", _title_ids())
def test_every_title_opens_and_plays_on_a_phone_without_an_error(browser: Browser, stack, gid: str) -> None:
    meta = _meta(stack.base_url, gid)
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    context.add_init_script(WATCH_CSP)
    page = context.new_page()
    seen: list[str] = []
    page.on("pageerror", lambda error: seen.append(f"script error: {error}"))

    def console(message: ConsoleMessage) -> None:
        if message.type == "error":
            seen.append(f"console: {message.text}")

    page.on("console", console)
    try:
        created = context.request.post(
            f"{stack.base_url}/api/rooms", data={"game": gid, "seats": _seats(meta), "nickname": "Anna"}
        )
        assert created.ok, created.text()
        ticket = created.json()
        page.goto(stack.base_url)
        # The ticket where the web client keeps it (js/store.js), as if this browser made the room.
        page.evaluate(
            "t => localStorage.setItem('gameroom.tickets', JSON.stringify({[t.code]: {code: t.code,"
            " token: t.token, seats: t.seats, invite: '', game: t.room.game, saved_at: Date.now()}}))",
            ticket,
        )
        page.goto(f"{stack.base_url}/r/{ticket['code']}")
        page.get_by_test_id("start-button").click()
        expect(page.get_by_test_id("game-area")).to_be_visible()
        page.wait_for_function(
            "() => document.querySelector('[data-testid=game-area]').childElementCount > 0", timeout=30_000
        )
        page.wait_for_timeout(1500)  # a few CPU moves and their redraws go by
        if page.get_by_text("This view could not be drawn.").count():
            seen.append("the view could not be drawn")
        seen.extend(page.evaluate("() => window.__blocked"))
        for violation in Axe().run(page).response["violations"]:
            if violation["impact"] in ("serious", "critical"):
                nodes = [" ".join(n["target"]) for n in violation["nodes"]][:3]
                seen.append(f"axe {violation['impact']}: {violation['id']} ({violation['help']}) at {nodes}")
        wide = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
        if wide > 0:
            seen.append(f"{wide} px wider than the screen")
    finally:
        context.close()
    assert not seen, json.dumps(seen, indent=1)


def _serious(page) -> list[str]:  # type: ignore[no-untyped-def]
    return [
        f"{v['impact']}: {v['id']} at {[' '.join(n['target']) for n in v['nodes']][:3]}"
        for v in Axe().run(page).response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


@pytest.mark.parametrize("locale", ["de-DE", "en-GB", "es-ES", "sv-SE"])
@pytest.mark.parametrize("viewport", [PHONE, {"width": 1280, "height": 800}], ids=["phone", "desktop"])
def test_the_pages_around_a_game_pass_the_accessibility_scan(browser: Browser, stack, locale: str, viewport) -> None:
    """The start page, the create form, a waiting room and a rules page (a dialog in the room), in every
    language at phone and desktop size: no serious or critical axe-core finding."""
    context = browser.new_context(viewport=viewport, locale=locale)
    page = context.new_page()
    found: dict[str, list[str]] = {}
    try:
        page.goto(stack.base_url)
        expect(page.get_by_test_id("game-info")).not_to_be_empty()
        found["start"] = _serious(page)
        page.get_by_test_id("nickname").fill("Anna")
        page.get_by_test_id("create-game").select_option("four-in-a-row")
        expect(page.get_by_test_id("seat-kind-1")).to_be_visible()
        found["create form"] = _serious(page)
        page.get_by_test_id("create-button").click()
        expect(page.get_by_test_id("waiting-room")).to_be_visible()
        found["waiting room"] = _serious(page)
        page.get_by_test_id("menu-button").click()
        page.get_by_test_id("menu-rules").click()
        expect(page.locator("dialog[open] article, [role=dialog] article").first).to_be_visible()
        found["rules"] = _serious(page)
    finally:
        context.close()
    assert not any(found.values()), json.dumps(found, indent=1)
