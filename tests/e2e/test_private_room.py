"""A private room in the web client: the host ticks "Private room", the share link carries
the invitation; a browser with only the code is refused, one with the link takes the seat;
the host removes that player, who is told so. The QR code carries the invitation too."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.support.browser import read_qr

pytestmark = pytest.mark.e2e

PHONE = {"width": 360, "height": 640}


def test_a_private_room_needs_the_link_and_the_host_can_remove_a_player(browser: Browser, stack) -> None:
    contexts = [browser.new_context(viewport=PHONE, locale="en-GB") for _ in range(3)]
    anna, ben, eve = (c.new_page() for c in contexts)
    try:
        anna.goto(stack.base_url)
        expect(anna.get_by_test_id("game-info")).not_to_be_empty()
        anna.get_by_test_id("nickname").fill("Anna")
        anna.get_by_test_id("create-game").select_option("four-in-a-row")
        # The second seat is a computer player until the host keeps it for an invited one.
        seat_kind = anna.get_by_test_id("seat-kind-1")
        expect(seat_kind).to_have_value("cpu")
        seat_kind.select_option("human")
        anna.get_by_test_id("create-private").check()
        anna.get_by_test_id("create-button").click()
        expect(anna.get_by_test_id("waiting-room")).to_be_visible()
        code = anna.get_by_test_id("waiting-code").inner_text().strip()
        invite = anna.evaluate(f"() => JSON.parse(localStorage.getItem('gameroom.tickets'))['{code}'].invite")
        assert invite
        anna.get_by_test_id("show-qr").click()
        assert read_qr(anna.get_by_test_id("qr-code").locator("svg")) == f"{stack.base_url}/r/{code}#invite={invite}"
        # The code alone: refused with the reason.
        eve.goto(f"{stack.base_url}/r/{code}")
        eve.get_by_test_id("join-nickname").fill("Eve")
        eve.get_by_test_id("join-room-button").click()
        expect(eve.get_by_test_id("join-error")).to_have_text(
            "This room is private: you need the host's invitation link."
        )
        # The invitation link: a seat.
        ben.goto(f"{stack.base_url}/r/{code}#invite={invite}")
        ben.get_by_test_id("join-nickname").fill("Ben")
        ben.get_by_test_id("join-room-button").click()
        expect(anna.get_by_test_id("waiting-seat-1")).to_contain_text("Ben")
        expect(ben.get_by_test_id("remove-player-0")).to_have_count(0)  # only the host removes
        anna.get_by_test_id("remove-player-1").click()
        expect(ben.get_by_test_id("room-failed")).to_contain_text("The host removed you from the room.")
        expect(anna.get_by_test_id("waiting-seat-1")).not_to_contain_text("Ben")
        expect(anna.get_by_test_id("last-event")).to_contain_text("The host removed Ben from the room.")
    finally:
        for context in contexts:
            context.close()
