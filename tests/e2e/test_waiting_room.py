"""The waiting room of a two-seat game with the second seat still open: Start stays off and
the room says whom it waits for, instead of a "Ready now: 1" with Start on that the server
then refuses. Once the second player is in, Start is on and starts the game. The share box's
QR code, folded away in the waiting room and open in the share dialog, reads back as the
room's join link."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.test_bot_vs_browser import create_room
from tests.support.browser import laid_out_box, read_qr

pytestmark = pytest.mark.e2e

PHONE = {"width": 360, "height": 640}


@pytest.mark.parametrize(
    ("locale", "waiting"),
    [("en-GB", "Waiting for player 2"), ("de-DE", "Warte auf Spieler 2")],
)
def test_start_waits_for_the_open_seat(browser: Browser, stack, locale: str, waiting: str) -> None:
    anna_context = browser.new_context(viewport=PHONE, locale=locale)
    anna = anna_context.new_page()
    try:
        code = create_room(anna, stack.base_url)  # four-in-a-row, seat 2 open for a friend
        start = anna.get_by_test_id("start-button")
        hint = anna.get_by_test_id("seat-count-hint")
        expect(hint).to_contain_text(waiting)
        expect(start).to_be_disabled()
        # A screen reader hears why when it reaches the button.
        assert start.get_attribute("aria-describedby") == hint.get_attribute("id")

        ben = anna_context.request.post(f"{stack.base_url}/api/rooms/{code}/join", data={"nickname": "Ben"})
        assert ben.ok and ben.json()["seats"] == [1]
        expect(start).to_be_enabled()
        expect(hint).not_to_contain_text(waiting)
        start.click()
        expect(anna.get_by_test_id("turn-status")).to_be_visible()
    finally:
        anna_context.close()


def test_a_message_on_a_phone_is_a_full_width_bar(browser: Browser, stack) -> None:
    """Toasts on a 360 px phone span the screen less a small margin, with square-ish corners
    and reading-size text, instead of a narrow pill wrapped into a round blob."""
    context = browser.new_context(viewport=PHONE, locale="es-ES")
    page = context.new_page()
    try:
        create_room(page, stack.base_url)
        page.get_by_test_id("copy-link").click()
        toast = page.get_by_test_id("toast")
        expect(toast).to_have_class(re.compile(r"\bshow\b"))
        box = laid_out_box(toast)
        assert box["x"] <= 16 and box["x"] + box["width"] >= PHONE["width"] - 16, box
        style = toast.evaluate(
            "e => [parseFloat(getComputedStyle(e).borderTopLeftRadius), parseFloat(getComputedStyle(e).fontSize)]"
        )
        assert style[0] <= 12 and style[1] >= 16, style
    finally:
        context.close()


def test_the_qr_code_reads_back_as_the_join_link(browser: Browser, stack) -> None:
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    page = context.new_page()
    try:
        code = create_room(page, stack.base_url)
        link = page.get_by_test_id("share-link").get_attribute("href")
        assert link == f"{stack.base_url}/r/{code}"
        # Folded away in the waiting room, behind a button that says whether it is open.
        show = page.get_by_test_id("show-qr")
        figure = page.get_by_test_id("qr-code")
        expect(show).to_have_attribute("aria-expanded", "false")
        expect(figure).to_be_hidden()
        show.click()
        expect(show).to_have_attribute("aria-expanded", "true")
        qr = figure.locator("svg.qr")
        expect(qr).to_be_visible()
        # A picture with a text alternative, as wide as before: 220 px, dark on a light margin.
        expect(qr).to_have_attribute("role", "img")
        expect(qr).to_have_attribute("aria-label", f"QR code for room {code}")
        expect(figure.locator("figcaption")).to_have_text("Scan with a phone camera to join.")
        assert round(laid_out_box(qr)["width"]) == 220
        assert read_qr(qr) == link
        # The share dialog shows it open.
        page.get_by_test_id("menu-button").click()
        page.get_by_test_id("menu-share").click()
        shared = page.get_by_test_id("share-dialog").locator("svg.qr")
        expect(shared).to_be_visible()
        assert read_qr(shared) == link
    finally:
        context.close()
