"""The tutorials (/tutorial/<name>), in a real browser: each one played to its end by keyboard
and again by clicks, a wrong action first on every step (a hint, and the step stays); the first
step in all four languages at phone and desktop size (its own words, nothing wider than the
screen, no serious accessibility finding on the phone); and the way there from a title's rules
page."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.test_every_title import WATCH_CSP, _serious

pytestmark = pytest.mark.e2e

PHONE = {"width": 360, "height": 640}
DESKTOP = {"width": 1280, "height": 800}
WEB = Path(__file__).resolve().parents[2] / "gateway" / "web"
I18N = WEB / "i18n"

# Per tutorial: (step key, a wrong choice or None, the right actions). An action is an option's
# test id suffix, or ("type", word) for the answer field.
SCRIPTS: dict[str, list[tuple[str, object, list[object]]]] = {
    "cards": [
        ("match", "y1", ["g7"]),
        ("draw", "b1", ["draw"]),
        ("follow", "SA", ["H5"]),
        ("trick", "CA", ["DQ"]),
        ("last", "draw", ["b9"]),
    ],
    "boards": [
        ("select", "a1", ["b2"]),
        ("move", "d4", ["c3"]),
        ("capture", "a3", ["d4"]),
        ("row", "c1", ["c3"]),
    ],
    "dice": [
        ("roll", None, ["roll"]),
        ("move", "field-4", ["field-5"]),
        ("enter", "field-3", ["home-1"]),
        ("capture", "field-1", ["field-4"]),
    ],
    "words": [
        ("guess", "letter-E", ["letter-A"]),
        ("lives", "lives-11", ["lives-9"]),
        ("solve", "letter-E", ["letter-O"]),
        ("category", ("type", "Paris"), [("type", "Bern")]),
    ],
    "dominoes": [
        ("pips", "tile-6-6", ["tile-0-6"]),
        ("lay", "tile-2-4", ["tile-5-1"]),
        ("open", "tile-6-4", ["tile-5-5"]),
        ("draw", "pass", ["draw"]),
        ("blocked", "you", ["ben"]),
        ("score", "points-7", ["points-12"]),
    ],
}
RULES_GAME = {"cards": "last-card", "boards": "draughts", "dice": "ludo", "words": "hangman", "dominoes": "dominoes"}
# One language each for the two plays of a tutorial.
LANGUAGE = {"cards": "en", "boards": "de", "dice": "es", "words": "sv", "dominoes": "de"}
LOCALE = {"de": "de-DE", "en": "en-GB", "es": "es-ES", "sv": "sv-SE"}


def catalogue(lang: str, name: str | None = None) -> dict[str, object]:
    """The UI's strings; for a game's own tutorial (games/<name>/tutorial.js), its game's first."""
    strings = json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8"))
    own = WEB / "games" / str(name) / "tutorial.js"
    if name and own.is_file():
        strings = {**strings, **json.loads((own.parent / "i18n.json").read_text(encoding="utf-8"))[lang]}
    return strings


def dominoes_intro(lang: str, n: int) -> str:
    """Dominoes' tutorial quotes the game's own six-step introduction."""
    return json.loads((WEB / "games" / "dominoes" / "i18n.json").read_text(encoding="utf-8"))[lang][f"intro.step.{n}"]


def progress_text(strings: dict[str, object], n: int, total: int) -> str:
    return str(strings["tutorial.progress"]).replace("{n}", str(n)).replace("{total}", str(total))


def is_a_hint(text: str, strings: dict[str, object], name: str) -> bool:
    """Whether `text` is one of this tutorial's hints, its {placeholders} filled."""
    for key, value in strings.items():
        if key.startswith(f"tutorial.{name}.") and ".hint" in key:
            pattern = ".+".join(re.escape(part) for part in re.split(r"\{\w+\}", str(value)))
            if re.fullmatch(pattern, text):
                return True
    return False


def focused(page: Page) -> str | None:
    return page.evaluate("() => document.activeElement && document.activeElement.getAttribute('data-testid')")


def tab_to(page: Page, testid: str) -> None:
    """Press Tab (as a keyboard player would) until the element with `testid` has the focus."""
    for _ in range(80):
        if focused(page) == testid:
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {testid}")


def act(page: Page, action: object, keyboard: bool) -> None:
    if isinstance(action, tuple):
        word = action[1]
        if keyboard:
            tab_to(page, "tutorial-answer")
            page.keyboard.press("Control+A")
            page.keyboard.type(word)
            page.keyboard.press("Enter")
        else:
            page.get_by_test_id("tutorial-answer").fill(word)
            page.get_by_test_id("tutorial-option-check").click()
        return
    testid = f"tutorial-option-{action}"
    if keyboard:
        tab_to(page, testid)
        page.keyboard.press("Enter" if len(testid) % 2 else " ")  # both keys press a button
    else:
        page.get_by_test_id(testid).click()


def wider_than_screen(page: Page) -> int:
    return page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")


def play(page: Page, name: str, lang: str, keyboard: bool) -> None:
    strings = catalogue(lang, name)
    steps = SCRIPTS[name]
    for n, (key, wrong, right) in enumerate(steps, start=1):
        expect(page.get_by_test_id("tutorial-progress")).to_have_text(progress_text(strings, n, len(steps)))
        expect(page.get_by_test_id("tutorial-text")).to_have_text(str(strings[f"tutorial.{name}.{key}"]))
        if name == "dominoes":
            expect(page.get_by_test_id("tutorial-quote")).to_have_text(dominoes_intro(lang, n))
        if keyboard:
            # Each step is read out: its progress and its text in the polite live region.
            expect(page.get_by_test_id("announcer")).to_contain_text(str(strings[f"tutorial.{name}.{key}"]))
        assert wider_than_screen(page) <= 0, (name, key)
        onward = page.get_by_test_id("tutorial-play" if n == len(steps) else "tutorial-next")
        if wrong is not None:
            act(page, wrong, keyboard)
            feedback = page.get_by_test_id("tutorial-feedback")
            expect(feedback).not_to_be_empty()
            hint = feedback.inner_text()
            assert is_a_hint(hint, strings, name), hint
            # Not a dead end, but no way on either: the same step, Next still shut.
            expect(page.get_by_test_id("tutorial-progress")).to_have_text(progress_text(strings, n, len(steps)))
            if n < len(steps):
                expect(onward).to_be_disabled()
            else:
                expect(onward).to_have_count(0)
        for action in right:
            act(page, action, keyboard)
        done = "tutorial.finished" if n == len(steps) else "tutorial.well_done"
        expect(page.get_by_test_id("tutorial-feedback")).to_have_text(str(strings[done]))
        expect(onward).to_be_enabled()
        if n == len(steps):
            return
        if keyboard:
            assert focused(page) == "tutorial-next"  # solving a step hands the focus on
            page.keyboard.press("Enter")
        else:
            onward.click()


@pytest.mark.parametrize("name", list(SCRIPTS))
def test_each_tutorial_plays_to_its_end_by_keyboard_and_by_clicks(browser: Browser, stack, name: str) -> None:
    lang = LANGUAGE[name]
    context = browser.new_context(viewport=PHONE, locale=LOCALE[lang])
    context.add_init_script(WATCH_CSP)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(f"{stack.base_url}/tutorial/{name}")
        expect(page.get_by_test_id("tutorial")).to_have_attribute("data-tutorial", name)
        assert not _serious(page), _serious(page)
        play(page, name, lang, keyboard=True)
        # The last step leads back to the rules of the title behind the tutorial.
        tab_to(page, "tutorial-rules")
        page.keyboard.press("Enter")
        expect(page.get_by_test_id("rules-dialog")).to_be_visible()
        expect(page.get_by_test_id("rules-text")).not_to_be_empty()
        expect(page.get_by_test_id("rules-tutorial")).to_have_count(0)
        page.keyboard.press("Escape")
        expect(page.get_by_test_id("rules-dialog")).to_have_count(0)
        assert not page.evaluate("() => window.__blocked"), "the page broke its Content-Security-Policy"

        page.reload()
        play(page, name, lang, keyboard=False)
        page.get_by_test_id("tutorial-play").click()
        expect(page).to_have_url(f"{stack.base_url}/games/{RULES_GAME[name]}/new")
        expect(page.get_by_test_id("create-button")).to_be_visible()
        assert not page.evaluate("() => window.__blocked"), "the page broke its Content-Security-Policy"
        assert not errors, errors
    finally:
        context.close()


def test_the_first_step_speaks_every_language_and_fits_phone_and_desktop(browser: Browser, stack) -> None:
    found: dict[str, object] = {}
    for lang, locale in LOCALE.items():
        strings = catalogue(lang)
        for size, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
            context = browser.new_context(viewport=viewport, locale=locale)
            page = context.new_page()
            try:
                page.goto(f"{stack.base_url}/tutorial/cards")
                expect(page.get_by_test_id("tutorial-text")).to_have_text(str(strings["tutorial.cards.match"]))
                expect(page.get_by_test_id("tutorial-progress")).to_have_text(progress_text(strings, 1, 5))
                expect(page.get_by_test_id("tutorial-next")).to_have_text(str(strings["tutorial.next"]))
                expect(page.locator("html")).to_have_attribute("lang", lang)
                # The tutorial's own stylesheet reached the page (the policy allows no inline style).
                card_width = page.locator(".tut-card").first.evaluate("e => e.getBoundingClientRect().width")
                assert abs(card_width - 58) < 1, card_width
                problems = _serious(page) if size == "phone" or lang == "en" else []
                wide = wider_than_screen(page)
                if problems or wide > 0:
                    found[f"{lang} {size}"] = {"axe": problems, "wider by": wide}
            finally:
                context.close()
    assert not found, json.dumps(found, indent=1)


def test_a_rules_page_offers_its_familys_tutorial_in_the_players_language(browser: Browser, stack) -> None:
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    page = context.new_page()
    try:
        for game, tutorial in (("dominoes", "dominoes"), ("goose", "dice")):
            created = context.request.post(
                f"{stack.base_url}/api/rooms",
                data={"game": game, "seats": [{"kind": "human"}, {"kind": "human"}], "nickname": "Anna"},
            )
            assert created.ok, created.text()
            ticket = created.json()
            page.goto(stack.base_url)
            page.evaluate(
                "t => localStorage.setItem('gameroom.tickets', JSON.stringify({[t.code]: {code: t.code,"
                " token: t.token, seats: t.seats, invite: '', game: t.room.game, saved_at: Date.now()}}))",
                ticket,
            )
            page.goto(f"{stack.base_url}/r/{ticket['code']}")
            page.get_by_test_id("menu-button").click()
            page.get_by_test_id("menu-rules").click()
            link = page.get_by_test_id("rules-tutorial")
            expect(link).to_have_text("Try the tutorial")
            link.click()
            expect(page.get_by_test_id("tutorial")).to_have_attribute("data-tutorial", tutorial)
            assert page.url.endswith(f"/tutorial/{tutorial}?game={game}")
            expect(page.get_by_test_id("tutorial-progress")).to_have_text("Step 1 of " + str(len(SCRIPTS[tutorial])))
        # Another language mid-way keeps the step reached and says it in the new language.
        page.get_by_test_id("tutorial-option-roll").click()
        page.get_by_test_id("tutorial-next").click()
        page.get_by_test_id("tutorial-language").select_option("de")
        german = catalogue("de")
        expect(page.get_by_test_id("tutorial-progress")).to_have_text(progress_text(german, 2, 4))
        expect(page.get_by_test_id("tutorial-text")).to_have_text(str(german["tutorial.dice.move"]))
        expect(page.get_by_test_id("tutorial-next")).to_be_disabled()
    finally:
        context.close()
