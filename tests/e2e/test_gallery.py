"""The start page's gallery as a player sees it: every title as a tile under its family's
heading, with a drawing, seat counts and a pitch in the page's language; a title's rules read
before any room exists; "Create a room" leading to the form for that game alone (the second
seat a computer player, the move clock in view); "Play now" queueing for that title. Each
language at phone and desktop size, with the accessibility scan of the gallery, the rules page
and the create form."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from gateway.web_catalogue import ui_catalogue

pytestmark = pytest.mark.e2e

WEB = Path(__file__).resolve().parents[2] / "gateway" / "web"
PHONE = {"width": 360, "height": 640}
DESKTOP = {"width": 1280, "height": 800}
LOCALES = {"de": "de-DE", "en": "en-GB", "es": "es-ES", "sv": "sv-SE"}
RULES_OF = "chess"
WATCH_CSP = (
    "window.__blocked = [];"
    "document.addEventListener('securitypolicyviolation',"
    " (e) => window.__blocked.push(e.violatedDirective + ' ' + (e.blockedURI || '')));"
)


def _families() -> dict[str, str]:
    """Every registered title and the family it belongs to."""
    from svc_boards.registry import REGISTRY as BOARDS
    from svc_cards.registry import REGISTRY as CARDS
    from svc_dice.registry import REGISTRY as DICE
    from svc_words.registry import REGISTRY as WORDS

    registries = {"cards": CARDS, "boards": BOARDS, "dice": DICE, "words": WORDS}
    return {game_id: family for family, registry in registries.items() for game_id in registry.ids()}


def _strings(lang: str) -> dict[str, object]:
    return ui_catalogue(WEB, lang)


def _serious(page: Page) -> list[str]:
    return [
        f"{v['impact']}: {v['id']} at {[' '.join(n['target']) for n in v['nodes']][:3]}"
        for v in Axe().run(page).response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


def _overflow(page: Page) -> int:
    return int(page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth"))


# What the page shows for every tile, read in one look: its family section, title, seats,
# pitch, whether it has a drawing with shapes in it, its controls and its left edge.
READ_TILES = """() => [...document.querySelectorAll('[data-testid=gallery] li.tile')].map((tile) => ({
  id: tile.dataset.testid.replace(/^tile-/, ''),
  section: tile.closest('section.family').dataset.testid.replace(/^family-/, ''),
  heading: tile.closest('section.family').querySelector('h2').textContent,
  title: tile.querySelector('h3').textContent,
  seats: tile.querySelector('.tile-seats').textContent,
  pitch: tile.querySelector('.tile-pitch').textContent,
  shapes: tile.querySelector('svg.game-art') ? tile.querySelector('svg.game-art').querySelectorAll('*').length : 0,
  controls: [...tile.querySelectorAll('a, button')].map((c) => c.dataset.testid.split('-').slice(0, 2).join('-')),
  names: [...tile.querySelectorAll('a, button')].map((c) => c.getAttribute('aria-labelledby').split(' ')
    .map((id) => document.getElementById(id).textContent).join(' ')),
  left: Math.round(tile.getBoundingClientRect().left),
}))"""


@pytest.mark.parametrize("lang", list(LOCALES))
@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_gallery_shows_every_title_by_family_in_the_page_language(
    browser: Browser, stack, lang: str, viewport: dict[str, int]
) -> None:
    families = _families()
    strings, english = _strings(lang), _strings("en")
    context = browser.new_context(viewport=viewport, locale=LOCALES[lang])
    context.add_init_script(WATCH_CSP)
    page = context.new_page()
    found: dict[str, list[str]] = {"script errors": []}
    page.on("pageerror", lambda error: found["script errors"].append(str(error)))
    try:
        page.goto(stack.base_url)
        expect(page.locator("[data-testid=gallery] li.tile")).to_have_count(len(families))
        tiles = page.evaluate(READ_TILES)
        assert {t["id"] for t in tiles} == set(families)
        for tile in tiles:
            gid = tile["id"]
            assert tile["section"] == families[gid], gid
            assert tile["heading"] == strings[f"family.{families[gid]}"], gid
            assert tile["title"] == strings[f"game.{gid}"], gid
            assert tile["pitch"] == strings[f"pitch.{gid}"], gid
            if lang != "en":
                assert tile["pitch"] != english[f"pitch.{gid}"], (gid, "pitch left in English")
            assert any(ch.isdigit() for ch in tile["seats"]), (gid, tile["seats"])
            assert tile["shapes"] >= 3, (gid, "no drawing")
            assert tile["controls"] == ["tile-board", "tile-rules", "tile-play", "tile-create"], gid
            # Each control is spoken with the game's name, so a list of them stays unambiguous.
            assert all(name.endswith(tile["title"]) for name in tile["names"]), tile["names"]
        # The families in the gallery's order, each heading once.
        order = list(dict.fromkeys(t["section"] for t in tiles))
        assert order == ["cards", "boards", "dice", "words"]
        columns = len({t["left"] for t in tiles})
        if viewport is PHONE:
            assert columns == 1, f"{columns} columns on a phone"
            assert _overflow(page) <= 0, f"{_overflow(page)} px wider than the screen"
        else:
            assert columns >= 3, f"only {columns} columns at 1280 px"
        assert page.get_by_test_id("game-info").inner_text().strip()
        found["gallery"] = _serious(page)

        # The rules of a title, before any room exists, and back.
        page.get_by_test_id(f"tile-rules-{RULES_OF}").click()
        expect(page).to_have_url(f"{stack.base_url}/games/{RULES_OF}/rules")
        expect(page.get_by_role("heading", level=1)).to_contain_text(strings[f"game.{RULES_OF}"])
        article = page.get_by_test_id("rules-text")
        expect(article).not_to_have_attribute("aria-busy", "true")
        rules_md = (WEB / "games" / RULES_OF / f"rules.{lang}.md").read_text(encoding="utf-8")
        first_section = next(line[3:].strip() for line in rules_md.splitlines() if line.startswith("## "))
        expect(article.locator("h2").first).to_have_text(first_section)
        assert _overflow(page) <= 0, f"rules page {_overflow(page)} px wider than the screen"
        found["rules"] = _serious(page)

        # On from the rules to the form for that game, and back to the gallery.
        page.get_by_test_id("rules-create").click()
        expect(page.get_by_test_id("chosen-name")).to_have_text(strings[f"game.{RULES_OF}"])
        expect(page.get_by_test_id("seat-kind-1")).to_have_value("cpu")
        expect(page.get_by_test_id("move-clock-hint")).to_be_visible()
        assert _overflow(page) <= 0, f"the form is {_overflow(page)} px wider than the screen"
        found["create form"] = _serious(page)
        page.get_by_test_id("back-to-gallery").click()
        expect(page.locator("[data-testid=gallery] li.tile")).to_have_count(len(families))
        page.get_by_test_id(f"tile-rules-{RULES_OF}").click()
        page.get_by_test_id("rules-back").click()
        expect(page.locator("[data-testid=gallery] li.tile")).to_have_count(len(families))
        found["refused by the content policy"] = page.evaluate("() => window.__blocked")
    finally:
        context.close()
    assert not any(found.values()), json.dumps(found, indent=1)


def test_create_from_a_tile_opens_the_form_for_that_game_with_a_computer_and_the_clock(browser: Browser, stack) -> None:
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    page = context.new_page()
    try:
        page.goto(stack.base_url)
        page.get_by_test_id("tile-create-four-in-a-row").click()
        expect(page).to_have_url(f"{stack.base_url}/games/four-in-a-row/new")
        expect(page.get_by_test_id("chosen-name")).to_have_text("Four in a Row")
        expect(page.get_by_test_id("game-info")).to_have_text("2 players")
        # No game to choose here: the form is for the game picked in the gallery.
        expect(page.get_by_test_id("create-game")).to_have_count(0)
        expect(page.get_by_test_id("seat-kind-1")).to_have_value("cpu")
        # The beginner: the second level the game lists (the first, "random", teaches nothing).
        games = page.request.get(f"{stack.base_url}/api/games").json()["games"]
        levels = next(g["meta"]["cpu_levels"] for g in games if g["id"] == "four-in-a-row")
        expect(page.get_by_test_id("seat-level-1")).to_have_value(levels[1])
        clock = page.get_by_test_id("option-move_clock")
        expect(clock).to_be_visible()
        expect(clock).to_contain_text("Relaxed · 60 s per move")
        expect(page.get_by_test_id("move-clock-hint")).to_contain_text("60 s per move · 30 s per move · 15 s per move")
        first_setting = page.get_by_test_id("create-options").locator("select, input").first
        assert first_setting.get_attribute("data-testid") == "option-move_clock"
        assert _overflow(page) <= 0, f"the form is {_overflow(page)} px wider than the screen"
        page.get_by_test_id("nickname").fill("Anna")
        page.get_by_test_id("create-button").click()
        expect(page.get_by_test_id("waiting-room")).to_be_visible()
        expect(page.get_by_test_id("waiting-seat-1")).to_contain_text("Computer")

        # A title without computer players keeps the second seat for an invited player; the
        # game picker on the start page leads to the same form.
        page.goto(stack.base_url)
        page.get_by_test_id("create-game").select_option("word-agents")
        expect(page).to_have_url(f"{stack.base_url}/games/word-agents/new")
        expect(page.get_by_test_id("seat-kind-1")).to_have_value("human")
        page.get_by_test_id("back-to-gallery").click()
        expect(page.get_by_test_id("gallery")).to_be_visible()

        # A rules page's address opens by itself (a link shared before any room exists), and
        # leads on to the form; an unknown title's form says so instead of offering one.
        page.goto(f"{stack.base_url}/games/chess/rules")
        expect(page.get_by_role("heading", level=1)).to_have_text("Rules: Chess")
        page.get_by_test_id("rules-create").click()
        expect(page.get_by_test_id("chosen-name")).to_have_text("Chess")
        page.goto(f"{stack.base_url}/games/no-such-game/new")
        expect(page.get_by_test_id("create-error")).to_have_text("There is no such game here.")
        expect(page.get_by_test_id("create-button")).to_be_disabled()
    finally:
        context.close()


def test_play_now_on_a_tile_queues_for_that_title(browser: Browser, stack) -> None:
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    page = context.new_page()
    try:
        page.goto(stack.base_url)
        page.get_by_test_id("tile-play-dice-poker").click()
        # Without a name the panel asks for one first and nothing is queued.
        expect(page.get_by_test_id("quick-error")).to_have_text("Please enter your name first.")
        expect(page.get_by_test_id("nickname")).to_be_focused()
        page.get_by_test_id("nickname").fill("Anna")
        page.get_by_test_id("tile-play-dice-poker").click()
        # Alone in that queue: computer players are offered at once, in view.
        expect(page.get_by_test_id("quick-status")).to_contain_text("Nobody else is looking for a table")
        expect(page.get_by_test_id("quick-cpu")).to_be_in_viewport()
        expect(page.get_by_test_id("quick-game")).to_have_value("dice-poker")
        page.get_by_test_id("quick-cancel").click()
        expect(page.get_by_test_id("quick-status")).to_have_text("You left the queue.")
    finally:
        context.close()


# A rules article read in one look: its headings by level, list items, and its tables' header
# cells, alignment and wrapping box.
READ_RULES = """(article) => ({
    lang: article.lang,
    h1: article.querySelectorAll('h1').length,
    h2: [...article.querySelectorAll('h2')].map((e) => e.textContent.trim()),
    h3: [...article.querySelectorAll('h3')].map((e) => e.textContent.trim()),
    items: article.querySelectorAll('li').length,
    tables: article.querySelectorAll('.table-wrap > table').length,
    headers: [...article.querySelectorAll('th')].map((e) => e.getAttribute('scope')),
    right: [...article.querySelectorAll('td.align-right')].map((e) => getComputedStyle(e).textAlign),
    text: article.textContent,
})"""


def _sections(game: str) -> list[str]:
    text = (WEB / "games" / game / "rules.en.md").read_text(encoding="utf-8")
    return [line[3:].strip() for line in text.splitlines() if line.startswith("## ")]


def test_rules_draw_headings_lists_and_tables(browser: Browser, stack) -> None:
    """A rules page on a phone: every section a heading under the page's title, lists, a
    table with right-aligned figures inside its own scrolling box; in a room's dialog the
    sections sit one level down, under the dialog's title."""
    from tests.e2e.test_bot_vs_browser import create_room

    context = browser.new_context(viewport=PHONE, locale="en-GB")
    context.add_init_script(WATCH_CSP)
    page = context.new_page()
    try:
        page.goto(f"{stack.base_url}/games/mensch/rules")
        article = page.get_by_test_id("rules-text")
        expect(article).not_to_have_attribute("aria-busy", "true")
        expect(article.locator("table")).to_be_visible()
        seen = article.evaluate(READ_RULES)
        assert seen["lang"] == "en" and seen["h1"] == 0 and seen["h3"] == []
        assert seen["h2"] == _sections("mensch")
        assert seen["items"] >= 5 and seen["tables"] == 1
        assert seen["headers"] and set(seen["headers"]) == {"col"}
        assert seen["right"] and set(seen["right"]) == {"right"}
        assert "|" not in seen["text"] and "**" not in seen["text"]  # no Markdown left unread
        assert _overflow(page) <= 0, f"rules page {_overflow(page)} px wider than the screen"

        create_room(page, stack.base_url)  # four-in-a-row
        page.get_by_test_id("menu-button").click()
        page.get_by_test_id("menu-rules").click()
        dialog = page.get_by_test_id("rules-dialog")
        expect(dialog.get_by_role("heading", level=2)).to_have_text("Rules: Four in a Row")
        article = dialog.get_by_test_id("rules-text")
        expect(article).not_to_have_attribute("aria-busy", "true")
        seen = article.evaluate(READ_RULES)
        assert seen["h2"] == [] and seen["h3"] == _sections("four-in-a-row")
        assert page.evaluate("() => window.__blocked") == []
    finally:
        context.close()
