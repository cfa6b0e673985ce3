"""The card table in the web client: a four-player Last Card game against three CPUs and a
two-device Mau-Mau by code, each played to the end through the UI on a phone-sized screen.

A turn is taken the way a person would: tap a lit card (choosing a colour or suit when the
dialog asks), else Draw, else Pass. What is lit comes from the server's legal moves only."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.support.browser import at_quick_pace, gateway_log_tail

pytestmark = pytest.mark.e2e

PHONE = {"width": 360, "height": 640}

# What this page can do right now: "result", "choose" (a colour/suit dialog is open), "play",
# "draw", "pass", or null (not this seat's turn, or the zone was not drawn again yet since
# the last action: the frame draws the own zone anew on every update).
STATE = """() => {
  if (document.querySelector('[data-testid=result-panel]')) return 'result';
  if (document.querySelector('[data-testid=choose-dialog]')) return 'choose';
  const zone = document.querySelector('[data-testid=own-zone] .own-cards:not([data-stale])');
  if (!zone) return null;
  if (zone.querySelector('.card-btn.playable')) return 'play';
  if (zone.querySelector('[data-testid=draw-button]:not([disabled])')) return 'draw';
  if (zone.querySelector('[data-testid=pass-button]:not([disabled])')) return 'pass';
  return null;
}"""

WILDS = '[data-card^="W"]'  # Last Card: wild and wild +4 ask for a colour
JACKS = '[data-card*="J."]'  # Mau-Mau: a jack asks for a suit

MARK_STALE = """() => {
  const zone = document.querySelector('[data-testid=own-zone] .own-cards');
  if (zone) zone.dataset.stale = '1';
}"""


def create_room(page: Page, base_url: str, game: str, kinds: list[str], options: dict[str, str]) -> str:
    """Create a room through the start page: seat 0 is Anna, then `kinds` for seats 1..n."""
    page.goto(base_url)
    page.get_by_test_id("nickname").fill("Anna")
    page.get_by_test_id("create-game").select_option(game)
    # The seat list is drawn again once the game's settings arrive: choose until it holds.
    seat_kind = page.get_by_test_id("seat-kind-1")
    for _ in range(20):
        seat_kind.select_option(kinds[0])
        page.wait_for_timeout(150)
        if seat_kind.input_value() == kinds[0]:
            break
    expect(seat_kind).to_have_value(kinds[0])
    for index, kind in enumerate(kinds[1:], start=2):
        # A game with more than two seats at least shows them already.
        if page.get_by_test_id(f"seat-kind-{index}").count() == 0:
            page.get_by_test_id("seat-add").click()
        page.get_by_test_id(f"seat-kind-{index}").select_option(kind)
    expect(page.locator(f'[data-testid="seat-spec-{len(kinds)}"]')).to_have_count(1)
    expect(page.locator(f'[data-testid="seat-spec-{len(kinds) + 1}"]')).to_have_count(0)
    for key, value in options.items():
        field = page.get_by_test_id(f"option-{key}")
        if field.evaluate("el => el.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
            field.dispatch_event("change")
        expect(field).to_have_value(value)
    page.get_by_test_id("create-button").click()
    expect(page.get_by_test_id("waiting-room")).to_be_visible()
    return page.get_by_test_id("waiting-code").inner_text().strip()


def take_turn(page: Page, state: str, prefer: str) -> str | None:
    """Do what `state` says: tap a lit card (one matching `prefer` first: the cards that ask
    for a colour or suit), pick the first colour or suit offered, draw, or pass. Returns the
    spoken name of a tapped card."""
    if state == "choose":
        dialog = page.get_by_test_id("choose-dialog")
        dialog.locator('[data-testid^="choose-"]:not([data-testid="choose-dialog-close"])').first.click()
        return None
    page.evaluate(MARK_STALE)
    if state == "play":
        lit = page.locator("[data-testid=own-zone] .card-btn.playable")
        preferred = lit.and_(page.locator(prefer))
        card = preferred.first if preferred.count() else lit.first
        label = card.get_attribute("aria-label") or ""
        # "Seven of hearts, playable": the lit card says so to a screen reader.
        assert label.endswith(", playable") or ", playable, " in label, label
        card.click()
        return label.split(", ")[0]
    page.get_by_test_id("draw-button" if state == "draw" else "pass-button").click()
    return None


class Player:
    """One device's seat: it takes its turns and checks each card it played reached the log
    (in words, "Anna played Seven of hearts") before it acts again."""

    def __init__(self, name: str, page: Page, prefer: str) -> None:
        self.name = name
        self.page = page
        self.prefer = prefer
        self.played: list[str] = []
        self.actions = {"play": 0, "draw": 0, "pass": 0, "choose": 0}
        self.unlogged: str | None = None

    def state(self) -> str | None:
        return self.page.evaluate(STATE)

    def act(self, state: str) -> None:
        if self.unlogged and state != "choose":
            # At the result, the CPUs may have played on for places past the log's last
            # LOG_ENTRIES_KEPT entries (eventlog.js): the line is looked for only if it is kept.
            log = self.page.get_by_test_id("event-log")
            if state != "result" or log.locator("li").count() < LOG_ENTRIES_KEPT:
                expect(log).to_contain_text(f"{self.name} played {self.unlogged}", timeout=30_000)
            self.unlogged = None
        if state == "result":
            return
        card = take_turn(self.page, state, self.prefer)
        self.actions[state] += 1
        if card:
            self.played.append(card)
            self.unlogged = card


LOG_ENTRIES_KEPT = 300


def log_text(page: Page) -> str:
    return page.get_by_test_id("event-log").text_content() or ""


def test_last_card_against_three_cpus_to_the_end(browser: Browser, stack) -> None:
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    at_quick_pace(context)
    page = context.new_page()
    try:
        create_room(page, stack.base_url, "last-card", ["cpu", "cpu", "cpu"], {"start_cards": "5"})
        page.get_by_test_id("start-button").click()
        table = page.get_by_test_id("card-table")
        expect(table).to_be_visible()
        # Four seats around the felt, the open card on the discard pile, a colour to follow.
        expect(table.locator(".seat-spot")).to_have_count(4)
        expect(page.get_by_test_id("discard-top")).to_have_count(1)
        expect(page.get_by_test_id("follow")).to_have_count(1)
        expect(page.get_by_test_id("hand").locator(".card-btn")).to_have_count(5)

        anna = Player("Anna", page, WILDS)
        deadline = time.monotonic() + 110
        while True:
            assert time.monotonic() < deadline, f"no end within the time; moves so far {anna.actions}"
            state = page.wait_for_function(STATE, polling=100, timeout=30_000).json_value()
            anna.act(state)
            if state == "result":
                break

        expect(page.get_by_test_id("result-panel")).to_be_visible()
        expect(page.get_by_test_id("placings").locator('[data-testid^="placing-"]')).to_have_count(4)
        expect(page.get_by_test_id("placings")).to_contain_text("Anna")
        assert anna.actions["play"] >= 1, anna.actions
        # A wild asked for its colour each time, and only a wild did.
        assert anna.actions["choose"] == sum(1 for name in anna.played if name.startswith("Wild")), (
            anna.actions,
            anna.played,
        )
        log = log_text(page)
        # Whoever went out called "Last card!" on the way (automatically), and took a place.
        assert "Last card!" in log
        assert "is out – place" in log
        # The log keeps its last 300 entries (eventlog.js MAX_ENTRIES): a long game's first
        # place can have scrolled out of it; else it is there.
        if page.get_by_test_id("event-log").locator("li").count() < LOG_ENTRIES_KEPT:
            assert "is out – place 1" in log
    finally:
        context.close()


def test_two_players_play_mau_mau_by_code_to_the_end(browser: Browser, stack) -> None:
    anna_context = browser.new_context(viewport=PHONE, locale="en-GB")
    at_quick_pace(anna_context)
    ben_context = browser.new_context(viewport=PHONE, locale="en-GB")
    at_quick_pace(ben_context)
    anna, ben = anna_context.new_page(), ben_context.new_page()
    try:
        code = create_room(anna, stack.base_url, "mau-mau", ["human"], {})
        ben.goto(f"{stack.base_url}/r/{code}")
        ben.get_by_test_id("join-nickname").fill("Ben")
        ben.get_by_test_id("join-room-button").click()
        expect(anna.get_by_test_id("waiting-seat-1")).to_contain_text("Ben")
        anna.get_by_test_id("start-button").click()
        for page in (anna, ben):
            expect(page.get_by_test_id("card-table")).to_be_visible()
            expect(page.get_by_test_id("hand").locator(".card-btn")).to_have_count(5)

        # Neither device shows the other's cards: no card id of Anna's hand on Ben's page.
        annas = set(anna.eval_on_selector_all("[data-testid=hand] .card-btn", "els => els.map(e => e.dataset.card)"))
        on_bens_page = set(ben.eval_on_selector_all("[data-card]", "els => els.map(e => e.dataset.card)"))
        assert len(annas) == 5
        assert not annas & on_bens_page

        players = [Player("Anna", anna, JACKS), Player("Ben", ben, JACKS)]
        deadline = time.monotonic() + 110
        finished: set[str] = set()
        while len(finished) < 2:
            assert time.monotonic() < deadline, f"no end within the time: {[p.actions for p in players]}"
            acted = False
            for player in players:
                if player.name in finished:
                    continue
                state = player.state()
                if state:
                    player.act(state)
                    acted = True
                if state == "result":
                    finished.add(player.name)
            if not acted:
                anna.wait_for_timeout(100)

        for page in (anna, ben):
            expect(page.get_by_test_id("placings")).to_contain_text("Anna")
            expect(page.get_by_test_id("placings")).to_contain_text("Ben")
        # Each device read the other's moves in its own log; the winner's "Mau!" was called
        # for them when one card was left.
        anna_log, ben_log = log_text(anna), log_text(ben)
        for player in players:
            # A page that never saw its turn lost its socket: say what the server saw.
            banner = player.page.evaluate(
                "() => document.querySelector('[data-testid=connection-status]')?.textContent || ''"
            )
            assert player.actions["play"] >= 1, (player.actions, banner, gateway_log_tail(stack))
            # A jack asked which suit to wish for each time, and only a jack did.
            jacks = sum(1 for name in player.played if name.startswith("Jack of"))
            assert player.actions["choose"] == jacks, (player.actions, player.played)
            for card in player.played[-5:]:
                assert f"{player.name} played {card}" in anna_log
                assert f"{player.name} played {card}" in ben_log
        assert "“Mau!”" in anna_log and "“Mau!”" in ben_log
        assert "“Mau-Mau!”" in anna_log and "“Mau-Mau!”" in ben_log
    finally:
        anna_context.close()
        ben_context.close()
