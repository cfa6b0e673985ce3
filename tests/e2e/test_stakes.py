"""A staked Hau Hau table in the browser: the host sets the stake on the start page, a second
device joins by code, and both see what is at stake and the pot once the match starts.

Paying the pot out at the end is shown over the running platform in tests/stack/test_stakes.py."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

pytestmark = pytest.mark.e2e

PHONE = {"width": 360, "height": 640}


def test_a_staked_hau_hau_table_by_code(browser: Browser, stack) -> None:
    anna_context = browser.new_context(viewport=PHONE, locale="en-GB")
    ben_context = browser.new_context(viewport=PHONE, locale="en-GB")
    anna, ben = anna_context.new_page(), ben_context.new_page()
    try:
        anna.goto(stack.base_url)
        expect(anna.get_by_test_id("wallet")).to_be_hidden()  # no player on this browser yet
        anna.get_by_test_id("nickname").fill("Anna")
        anna.get_by_test_id("create-game").select_option("hau-hau")
        stake = anna.get_by_test_id("option-stake")
        expect(stake).to_contain_text("No stake (friendly)")
        # The settings are drawn again once the game's strings arrive: choose until it holds.
        for _ in range(20):
            stake.select_option(label="1,000")
            anna.wait_for_timeout(150)
            if stake.locator("option:checked").inner_text() == "1,000":
                break
        anna.get_by_test_id("create-button").click()
        expect(anna.get_by_test_id("waiting-room")).to_be_visible()
        code = anna.get_by_test_id("waiting-code").inner_text().strip()

        ben.goto(f"{stack.base_url}/r/{code}")
        expect(ben.get_by_test_id("stake-note")).to_contain_text("everyone pays 1,000 coins")
        ben.get_by_test_id("join-nickname").fill("Ben")
        ben.get_by_test_id("join-room-button").click()
        expect(anna.get_by_test_id("waiting-seat-1")).to_contain_text("Ben")
        expect(ben.get_by_test_id("stake-note")).to_contain_text("the winner takes the whole pot")

        anna.get_by_test_id("start-button").click()
        for page in (anna, ben):
            expect(page.get_by_test_id("stake")).to_have_text("1,000")
            expect(page.get_by_test_id("stake")).to_have_attribute("aria-label", "Stake 1,000")
            expect(page.get_by_test_id("event-log")).to_contain_text(
                "Everyone stakes 1,000 coins; the pot holds 2,000.", timeout=15_000
            )

        # Both browsers now have a guest player with a wallet, shown on the start page.
        for page in (anna, ben):
            page.goto(stack.base_url)
            expect(page.get_by_test_id("wallet")).to_contain_text("Your coins:")
    finally:
        anna_context.close()
        ben_context.close()
