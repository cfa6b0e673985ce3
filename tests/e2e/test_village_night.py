"""Village Night in six browsers (six Chromium contexts on phones, one player each) through a
night and a day: each sees only their own role; the wolf writes in the pack chat (its
channel selector offers only the pack at night) and no villager's chat ever shows the line,
while the villagers' chat is closed for the night; the pack's victim wakes up dead and sees
"you are dead" with posting disabled; by day the living talk in the room and hang the wolf,
and the village wins."""

from __future__ import annotations

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, BrowserContext, Page, expect

pytestmark = pytest.mark.e2e

PHONE = {"width": 360, "height": 640}
SEATS = 6
ROLE_NAMES = {"Wolf": "wolf", "Seer": "seer", "Witch": "witch", "Villager": "villager"}
PACK_LINE = "the baker tonight"
DAY_LINE = "I saw paw prints"


def _open(browser: Browser, base_url: str, ticket: dict) -> tuple[BrowserContext, Page]:
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(base_url)
    page.evaluate(
        "t => localStorage.setItem('gameroom.tickets', JSON.stringify({[t.code]: {code: t.code,"
        " token: t.token, seats: t.seats, invite: '', game: t.room.game, saved_at: Date.now()}}))",
        ticket,
    )
    page.goto(f"{base_url}/r/{ticket['code']}")
    page.errors = errors  # type: ignore[attr-defined]
    return context, page


def _chat(page: Page, text: str) -> None:
    if not page.get_by_test_id("chat-input").is_visible():
        page.get_by_test_id("chat-button").click()
    page.get_by_test_id("chat-input").fill(text)
    page.get_by_test_id("chat-send").click()


def _open_chat(page: Page) -> None:
    if not page.get_by_test_id("chat-input").is_visible():
        page.get_by_test_id("chat-button").click()
    expect(page.get_by_test_id("chat-list")).to_be_visible()


def _close_chat(page: Page) -> None:
    if page.get_by_test_id("drawer-close").is_visible():
        page.get_by_test_id("drawer-close").click()


def _serious(page: Page) -> list[str]:
    return [
        f"{v['impact']}: {v['id']} at {[' '.join(n['target']) for n in v['nodes']][:3]}"
        for v in Axe().run(page).response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


def test_six_players_through_a_night_and_a_day(browser: Browser, stack) -> None:
    host_context = browser.new_context()
    created = host_context.request.post(
        f"{stack.base_url}/api/rooms",
        data={"game": "village-night", "seats": [{"kind": "human"}] * SEATS, "nickname": "Anna"},
    )
    assert created.ok, created.text()
    tickets = [created.json()]
    code = tickets[0]["code"]
    for name in ("Ben", "Cleo", "Dan", "Eva", "Finn"):
        joined = host_context.request.post(f"{stack.base_url}/api/rooms/{code}/join", data={"nickname": name})
        assert joined.ok, joined.text()
        tickets.append(joined.json())
    host_context.close()
    opened = [_open(browser, stack.base_url, ticket) for ticket in tickets]
    pages = [page for _, page in opened]
    try:
        seat_of = [ticket["seats"][0] for ticket in tickets]
        for page in pages:
            expect(page.get_by_test_id("waiting-room")).to_be_visible()
        pages[0].get_by_test_id("start-button").click()

        # -- night, the hunt: everyone sees their own role and nobody else's --------------------
        role: dict[int, str] = {}
        for index, page in enumerate(pages):
            card = page.get_by_test_id("vn-role")
            expect(card).to_contain_text("You are:", timeout=20_000)
            role[seat_of[index]] = ROLE_NAMES[card.inner_text().split(":", 1)[1].strip()]
            expect(page.get_by_test_id(f"vn-seat-{seat_of[index]}")).to_have_attribute("aria-label", re.compile("you"))
        assert sorted(role.values()) == ["seer", "villager", "villager", "villager", "witch", "wolf"]
        page_of = {seat_of[i]: page for i, page in enumerate(pages)}
        wolf = next(seat for seat, r in role.items() if r == "wolf")
        victim = next(seat for seat, r in role.items() if r == "villager")
        others = [seat for seat in role if seat != wolf]
        for seat in others:  # nobody outside the pack sees a wolf
            assert "Wolf" not in page_of[seat].get_by_test_id("vn-ring").inner_html()

        # The wolf writes in the pack chat: at night the pack channel is all it may write to.
        wolf_page = page_of[wolf]
        _open_chat(wolf_page)
        channel = wolf_page.get_by_test_id("chat-channel")
        expect(channel).to_be_visible()
        expect(channel.locator("option")).to_have_text(["Pack"])
        _chat(wolf_page, PACK_LINE)
        expect(wolf_page.get_by_test_id("chat-list")).to_contain_text(PACK_LINE)
        assert not _serious(wolf_page)  # the channel selector and the pack's lines
        _close_chat(wolf_page)
        # A villager's chat is closed for the night.
        silent = page_of[others[0]]
        _open_chat(silent)
        expect(silent.get_by_test_id("chat-notice")).to_have_text("It is night: only the pack talks now.")
        expect(silent.get_by_test_id("chat-input")).to_be_disabled()
        expect(silent.get_by_test_id("chat-channel")).to_be_hidden()
        assert not _serious(silent)  # the closed chat
        _close_chat(silent)

        wolf_page.get_by_test_id(f"vn-seat-{victim}").click()
        for seat in others:
            page_of[seat].get_by_test_id("vn-sleep").click()

        # -- night, the powers: the seer looks at the wolf, the witch keeps her potions ----------
        seer = next(seat for seat, r in role.items() if r == "seer")
        witch = next(seat for seat, r in role.items() if r == "witch")
        for page in pages:
            expect(page.get_by_test_id("vn-step")).to_contain_text("seer and witch", timeout=20_000)
        page_of[seer].get_by_test_id(f"vn-seat-{wolf}").click()
        expect(page_of[seer].get_by_test_id("vn-card")).to_contain_text("You looked at:")
        expect(page_of[witch].get_by_test_id("vn-actions")).to_contain_text("The pack chose")
        page_of[witch].get_by_test_id("vn-brew").click()
        for seat in role:
            if seat not in (seer, witch):
                page_of[seat].get_by_test_id("vn-sleep").click()

        # -- the day: the victim is dead and silent, the living talk and vote ----------------------
        for page in pages:
            expect(page.get_by_test_id("vn-step")).to_contain_text("Day", timeout=20_000)
        dead = page_of[victim]
        expect(dead.get_by_test_id("vn-dead")).to_be_visible()
        _open_chat(dead)
        expect(dead.get_by_test_id("chat-notice")).to_have_text("You are dead: you watch and keep quiet.")
        expect(dead.get_by_test_id("chat-input")).to_be_disabled()
        expect(dead.get_by_test_id("chat-send")).to_be_disabled()
        speaker = page_of[seer]
        _chat(speaker, DAY_LINE)
        for page in pages:
            _open_chat(page)
            expect(page.get_by_test_id("chat-list")).to_contain_text(DAY_LINE)
        for seat in others:
            assert PACK_LINE not in page_of[seat].get_by_test_id("chat-list").inner_text()
        expect(wolf_page.get_by_test_id("chat-list")).to_contain_text(PACK_LINE)
        for page in pages:
            _close_chat(page)

        for seat in role:
            if seat in (wolf, victim):
                continue
            page_of[seat].get_by_test_id(f"vn-seat-{wolf}").click()
        wolf_page.get_by_test_id("vn-abstain").click()
        for page in pages:
            expect(page.get_by_test_id("result-panel")).to_be_visible(timeout=20_000)
        expect(pages[0].get_by_test_id("vn-ring")).to_contain_text("Wolf")  # the cards are shown at the end
        for page in pages:
            assert not page.errors, page.errors  # type: ignore[attr-defined]
    finally:
        for context, _ in opened:
            context.close()
