"""A staked Hau Hau table in the browser: the host sets the stake on the start page, a second
device joins by code, and both see what is at stake and the pot once the match starts.

Paying the pot out at the end is shown over the running platform in tests/stack/test_stakes.py."""

from __future__ import annotations

import re

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
        # The host's settings in the waiting room offer only the stakes her 1,000 coins pay.
        waiting_stake = anna.get_by_test_id("waiting-options").get_by_test_id("option-stake")
        expect(waiting_stake.locator("option:disabled")).to_have_count(2)
        expect(waiting_stake.locator("option:disabled").first).to_contain_text("5,000")
        expect(anna.get_by_test_id("waiting-options").get_by_test_id("option-stake-hint")).to_contain_text("1,000")
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
                "Everyone stakes 1,000 coins; the pot holds 2,000.", timeout=30_000
            )

        # Both browsers now have a guest player with a wallet, shown on the start page.
        for page in (anna, ben):
            page.goto(stack.base_url)
            expect(page.get_by_test_id("wallet")).to_contain_text("Your coins:")
    finally:
        anna_context.close()
        ben_context.close()


def test_only_stakes_the_wallet_can_pay_and_no_cpu_seat_at_a_staked_table(browser: Browser, stack) -> None:
    """A new browser's wallet holds 1,000 coins: 5,000 and 25,000 are greyed with why, and once
    a stake is chosen the second seat cannot be a computer (it has no wallet) — both said
    before Start instead of a refusal at Start."""
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    page = context.new_page()
    try:
        page.goto(stack.base_url)
        page.get_by_test_id("nickname").fill("Anna")
        page.get_by_test_id("create-game").select_option("hau-hau")
        stake = page.get_by_test_id("option-stake")
        expect(stake.locator("option[disabled]")).to_have_count(2)
        expect(stake.locator("option[disabled]").first).to_have_text("5,000 – not enough coins")
        expect(page.get_by_test_id("option-stake-hint")).to_have_text(
            "Your wallet holds 1,000 coins: bigger stakes are greyed out."
        )
        assert stake.get_attribute("aria-describedby") == "opt-stake-hint"
        seat = page.get_by_test_id("seat-kind-1")
        for _ in range(20):  # the seat list is drawn again once the game's settings arrive
            seat.select_option("cpu")
            page.wait_for_timeout(150)
            if seat.input_value() == "cpu":
                break
        expect(seat).to_have_value("cpu")
        stake.select_option(label="1,000")
        # The computer seat became an invited player's seat, and a computer is offered greyed.
        expect(page.get_by_test_id("seat-kind-1")).to_have_value("human")
        cpu_choice = page.get_by_test_id("seat-kind-1").locator("option[value=cpu]")
        expect(cpu_choice).to_be_disabled()
        expect(cpu_choice).to_have_text(re.compile(r"not at a staked table$"))
    finally:
        context.close()
