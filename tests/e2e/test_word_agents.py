"""Word Agents through the web client on four phones: Anna opens a table (the create form
offers no computer seats for this title), Ben, Cleo and Dan join; Anna and Ben name
themselves chiefs and alone see the key. The 5×5 table fits the phone's width. The starting chief gives a clue for two, the team's
guesser uncovers two of its words (by tap and by keyboard) and ends guessing; the other chief
gives a clue, and that team's guesser uncovers the agent, which loses the game at once."""

from __future__ import annotations

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from tests.support.browser import laid_out_box

pytestmark = pytest.mark.e2e

PHONE = {"width": 360, "height": 640}
NAMES = ("Anna", "Ben", "Cleo", "Dan")  # seats 0 and 2: Team Orange; seats 1 and 3: Team Blue


def serious(page: Page) -> list[str]:
    """axe-core's serious and critical findings on the page."""
    return [
        f"{v['impact']}: {v['id']} at {[' '.join(n['target']) for n in v['nodes']][:3]}"
        for v in Axe().run(page).response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


def create(page: Page, base_url: str) -> str:
    page.goto(base_url)
    page.get_by_test_id("nickname").fill("Anna")
    expect(page.get_by_test_id("game-info")).not_to_be_empty()
    page.get_by_test_id("create-game").select_option("word-agents")
    expect(page.get_by_test_id("seat-spec-3")).to_be_visible()  # four seats, the least it takes
    for seat in (1, 2, 3):
        kinds = page.get_by_test_id(f"seat-kind-{seat}").locator("option")
        values = [kinds.nth(i).get_attribute("value") for i in range(kinds.count())]
        assert "cpu" not in values and "human" in values, values
    for key, label in (("language", "English"), ("size", "25 words (5×5)")):
        field = page.get_by_test_id(f"option-{key}")
        field.select_option(label=label)
        expect(field.locator("option:checked")).to_have_text(label)
    page.get_by_test_id("create-button").click()
    expect(page.get_by_test_id("waiting-room")).to_be_visible()
    return page.get_by_test_id("waiting-code").inner_text().strip()


def cards_of(page: Page, role: str) -> list[int]:
    """The face-down cards the chief on `page` sees as `role` ("0", "1", "n", "x")."""
    return page.locator("[data-testid=wa-board] [data-testid^=card-]").evaluate_all(
        f"cards => cards.filter(c => c.classList.contains('key-{role}')).map(c => Number(c.dataset.testid.slice(5)))"
    )


def give_clue(page: Page, word: str, number: str) -> None:
    field = page.get_by_test_id("clue-input")
    expect(field).to_be_visible()
    box = laid_out_box(field, scroll="center")
    assert box["y"] + box["height"] < PHONE["height"] / 2 + 80  # high up: a keyboard cannot cover it
    assert box["seen"], box  # brought up as a phone does when its keyboard opens, not under the top bar
    field.fill(word)
    page.get_by_test_id("clue-number").select_option(number)
    page.get_by_test_id("clue-send").click()


def test_four_phones_play_a_round_of_word_agents(browser: Browser, stack) -> None:
    contexts = [browser.new_context(viewport=PHONE, locale="en-GB") for _ in NAMES]
    pages = [context.new_page() for context in contexts]
    anna, ben, cleo, dan = pages
    errors: list[str] = []
    for page in pages:
        page.on("pageerror", lambda error: errors.append(f"script error: {error}"))
        page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    try:
        code = create(anna, stack.base_url)
        for seat, page in enumerate(pages[1:], start=1):
            page.goto(f"{stack.base_url}/r/{code}")
            page.get_by_test_id("join-nickname").fill(NAMES[seat])
            page.get_by_test_id("join-room-button").click()
            expect(anna.get_by_test_id(f"waiting-seat-{seat}")).to_contain_text(NAMES[seat])
        anna.get_by_test_id("start-button").click()
        for page in pages:
            expect(page.get_by_test_id("wa-board")).to_be_visible()
            expect(page.locator("[data-testid=wa-board] [data-testid^=card-]")).to_have_count(25)

        # Each team's first seat names its chief: Anna and Ben name themselves.
        expect(ben.get_by_test_id("appoint-1")).to_have_count(0)  # Team Orange first
        anna.get_by_test_id("appoint-0").click()
        ben.get_by_test_id("appoint-1").click()
        expect(anna.get_by_test_id("wa-team-0")).to_contain_text("Anna – chief")

        # Only the chiefs see the key; the guessers and their phones never get it.
        for chief in (anna, ben):
            expect(chief.locator("[data-testid=wa-board] .key-x")).to_have_count(1)
        for guesser in (cleo, dan):
            expect(guesser.locator("[data-testid=wa-board] [class*=key-]")).to_have_count(0)
        assert len(cards_of(anna, "0")) + len(cards_of(anna, "1")) == 17

        # The starting team's chief gives a clue for two.
        for _ in range(100):
            if anna.get_by_test_id("clue-input").is_visible() or ben.get_by_test_id("clue-input").is_visible():
                break
            anna.wait_for_timeout(100)
        orange_starts = anna.get_by_test_id("clue-input").is_visible()
        assert orange_starts != ben.get_by_test_id("clue-input").is_visible()
        chief, guesser, other_chief, other_guesser = (anna, cleo, ben, dan) if orange_starts else (ben, dan, anna, cleo)
        team = "0" if orange_starts else "1"
        own = cards_of(chief, team)
        assert len(own) == 9  # the starting team has one word more
        give_clue(chief, "Home", "2")
        for page in pages:
            expect(page.get_by_test_id("wa-clue")).to_contain_text("Clue: Home, 2")
        expect(guesser.get_by_test_id("wa-clue")).to_contain_text("3 guesses left")

        # The guesser votes by tap, then by keyboard; each of the team's words is uncovered.
        board = guesser.get_by_test_id("wa-board")
        assert laid_out_box(board)["width"] <= PHONE["width"]
        heights = board.locator(".wa-word").evaluate_all("words => words.map(w => w.getBoundingClientRect().height)")
        assert len(heights) >= 25 and min(heights) >= 9, heights  # readable at 360 px, long words too
        guesser.get_by_test_id(f"card-{own[0]}").click()
        expect(guesser.get_by_test_id(f"card-{own[0]}")).to_have_class(f"wa-card role-{team} shown")
        guesser.get_by_test_id(f"card-{own[1]}").focus()
        guesser.keyboard.press("Enter")
        expect(chief.get_by_test_id(f"card-{own[1]}")).to_have_class(f"wa-card role-{team} shown")
        expect(guesser.get_by_test_id("wa-clue")).to_contain_text("1 guess left")
        team_name = "Team Orange" if orange_starts else "Team Blue"
        expect(guesser.get_by_test_id(f"card-{own[1]}")).to_have_attribute("aria-label", re.compile(f": {team_name}$"))
        # The chief's table (the key's frames) and the guesser's (uncovered colours, lit cards).
        assert not serious(chief) and not serious(guesser)
        guesser.get_by_test_id("end-guessing").click()
        expect(other_chief.get_by_test_id("clue-input")).to_be_visible()
        expect(chief.get_by_test_id(f"wa-left-{team}")).to_contain_text("7 words left")

        # The other team's clue; its guesser uncovers the agent and loses at once.
        (agent,) = cards_of(other_chief, "x")
        give_clue(other_chief, "Sky", "0")
        expect(other_guesser.get_by_test_id("wa-clue")).to_contain_text("guess as often as you like")
        other_guesser.get_by_test_id(f"card-{agent}").click()
        winner = NAMES[0] if orange_starts else NAMES[1]
        for page in pages:
            expect(page.get_by_test_id("result-panel")).to_be_visible()
            expect(page.get_by_test_id("placings")).to_contain_text(winner)
        # Once the game is over, everyone sees the whole key.
        expect(cleo.locator("[data-testid=wa-board] .key-x, [data-testid=wa-board] .role-x")).to_have_count(1)
        assert anna.evaluate("() => document.documentElement.scrollWidth - window.innerWidth") <= 0
        assert not serious(cleo)
        assert not errors, errors
    finally:
        for context in contexts:
            context.close()
