"""Passkey accounts in real Chromium, with the DevTools protocol's virtual authenticator: a
guest secures their player with a passkey (recovery codes shown once), a second browser (a
second device holding the same credential) signs in with it and is the same player; the first
revokes the second, which is then signed out; deleting the account leaves the finished game
readable with a deleted player in the seat."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.e2e.test_boards import _create_room
from tests.e2e.test_cards import PHONE
from tests.e2e.test_every_title import _serious
from tests.e2e.test_player_page import play_four_in_a_row_to_the_end
from tests.support.phone_layout import measure_layout

pytestmark = pytest.mark.e2e

AUTHENTICATOR = {
    "protocol": "ctap2",
    "transport": "internal",
    "hasResidentKey": True,
    "hasUserVerification": True,
    "isUserVerified": True,
    "automaticPresenceSimulation": True,
}


def virtual_authenticator(context: BrowserContext, page: Page) -> tuple[Any, str]:
    """The page's browser gets a platform authenticator of its own: (its DevTools session, its id)."""
    cdp = context.new_cdp_session(page)
    cdp.send("WebAuthn.enable")
    made = cdp.send("WebAuthn.addVirtualAuthenticator", {"options": AUTHENTICATOR})
    return cdp, made["authenticatorId"]


def test_a_passkey_carries_the_player_to_a_second_device_until_revoked_and_deleted(browser: Browser, stack) -> None:
    # WebAuthn needs a secure context with the RP id as its host: http://localhost is one.
    port = urlsplit(stack.base_url).port
    site = f"http://localhost:{port}"
    first = browser.new_context(viewport=PHONE, locale="en-GB")
    second = browser.new_context(viewport=PHONE, locale="en-GB")
    try:
        page = first.new_page()
        code = _create_room(page, site, "four-in-a-row", "cpu")
        play_four_in_a_row_to_the_end(page)
        expect(page.get_by_test_id("result-panel")).to_be_visible()
        first_cdp, first_authenticator = virtual_authenticator(first, page)

        page.goto(f"{site}/me")
        expect(page.get_by_test_id("me-name")).to_have_text("Anna")
        coins = page.get_by_test_id("me-coins").inner_text()
        page.get_by_test_id("me-secure").click()
        codes = page.get_by_test_id("me-recovery-codes").locator("li")
        expect(codes).to_have_count(10)
        assert all(re.fullmatch(r"[2-9A-Z]{5}-[2-9A-Z]{5}", c) for c in codes.all_inner_texts())
        expect(page.get_by_test_id("me-codes-left")).to_have_text("10 recovery codes left.")
        expect(page.get_by_test_id("me-passkeys").locator("li")).to_have_count(1)
        # An account's other devices sign in with the passkey: no transfer code any more.
        expect(page.get_by_test_id("me-make-code")).to_have_count(0)
        # A bot token, shown once and listed by its name.
        page.get_by_test_id("me-bot-name").fill("Robo")
        page.get_by_test_id("me-make-bot").click()
        expect(page.get_by_test_id("me-bot-token")).to_have_text(re.compile(r"^bot_[\w-]{20,}$"))
        expect(page.get_by_test_id("me-bots").locator("li")).to_contain_text(["Robo"])
        expect(codes).to_have_count(10)  # still there to copy until the page is left
        assert not _serious(page)
        # The account keeps the phone rules: no text under 12 px, nothing to tap under 24 px,
        # nothing past the screen's edge (the codes and the long token wrap).
        assert measure_layout(page, root="[data-testid=me-account]", main_actions="").breaches() == []

        # The second device holds the same credential (as a synced passkey would).
        credentials = first_cdp.send("WebAuthn.getCredentials", {"authenticatorId": first_authenticator})["credentials"]
        assert (
            len(credentials) == 1 and credentials[0]["isResidentCredential"] and credentials[0]["rpId"] == "localhost"
        )
        other = second.new_page()
        second_cdp, second_authenticator = virtual_authenticator(second, other)
        second_cdp.send(
            "WebAuthn.addCredential", {"authenticatorId": second_authenticator, "credential": credentials[0]}
        )
        other.goto(site)
        other.get_by_test_id("passkey-sign-in").click()
        expect(other.get_by_test_id("me-page")).to_be_visible()
        expect(other.get_by_test_id("me-name")).to_have_text("Anna")
        expect(other.get_by_test_id("me-coins")).to_have_text(coins)
        expect(other.get_by_test_id("me-devices").locator("li")).to_have_count(2)

        # The first device sees both and revokes the second.
        page.reload()
        devices = page.get_by_test_id("me-devices").locator("li")
        expect(devices).to_have_count(2)
        listed = page.evaluate(
            """() => [...document.querySelectorAll('[data-testid=me-devices] li')].map((li) => ({
                 id: li.dataset.testid, text: li.textContent }))"""
        )
        current = [d for d in listed if "(this device)" in d["text"]]
        others = [d for d in listed if "(this device)" not in d["text"]]
        assert len(current) == 1 and len(others) == 1, listed
        page.get_by_test_id(f"{others[0]['id'].replace('me-devices-', 'me-devices-revoke-')}").click()
        expect(devices).to_have_count(1)
        expect(devices.first).to_contain_text("(this device)")

        other.reload()
        expect(other.get_by_test_id("me-session-ended")).to_be_visible()
        expect(other.get_by_test_id("me-nobody")).to_be_visible()
        stored = other.evaluate("() => window.localStorage.getItem('gameroom.player')")
        assert stored in (None, "null")

        # Deleting the account: confirmed in a dialog, then a fresh guest page.
        page.get_by_test_id("me-delete-account").click()
        expect(page.get_by_test_id("me-delete-dialog")).to_be_visible()
        page.get_by_test_id("me-delete-dialog-ok").click()
        expect(page.get_by_test_id("start-page")).to_be_visible()
        assert page.evaluate("() => window.localStorage.getItem('gameroom.player')") in (None, "null")
        # The finished game is still there to watch, with a deleted player in Anna's seat.
        page.goto(f"{site}/r/{code}/games/1/replay")
        expect(page.get_by_test_id("replay-lead")).to_contain_text("Deleted player")
        expect(page.get_by_test_id("replay-lead")).not_to_contain_text("Anna")
        # The passkey no longer signs in anywhere.
        other.goto(site)
        other.get_by_test_id("passkey-sign-in").click()
        expect(other.get_by_test_id("passkey-sign-in-note")).to_have_text("This passkey is not known here (any more).")
    finally:
        first.close()
        second.close()
