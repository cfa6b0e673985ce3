"""A third browser on a two-seat room: the join page opened while a seat was free, the seat
taken meanwhile. Pressing Join says every seat is taken and offers Watch; watching, the room
carries a visible "Watching" mark."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

pytestmark = pytest.mark.e2e

PHONE = {"width": 360, "height": 640}


def test_the_third_browser_is_told_the_room_is_full_and_may_watch(browser: Browser, stack) -> None:
    carl_context = browser.new_context(viewport=PHONE, locale="en-GB")
    carl = carl_context.new_page()
    try:
        api = carl_context.request
        created = api.post(
            f"{stack.base_url}/api/rooms",
            data={"game": "four-in-a-row", "seats": [{"kind": "human"}, {"kind": "human"}], "nickname": "Anna"},
        )
        assert created.status == 201
        code = created.json()["code"]
        carl.goto(f"{stack.base_url}/r/{code}")
        expect(carl.get_by_test_id("join-room-button")).to_be_visible()
        # Ben takes the last seat while Carl's page still offers it.
        ben = api.post(f"{stack.base_url}/api/rooms/{code}/join", data={"nickname": "Ben"})
        assert ben.json()["seats"] == [1]
        carl.get_by_test_id("join-nickname").fill("Carl")
        carl.get_by_test_id("join-room-button").click()
        expect(carl.get_by_test_id("join-error")).to_have_text("Every seat is taken. You can watch the game instead.")
        watch = carl.get_by_test_id("watch-button")
        expect(watch).to_be_focused()
        expect(carl.get_by_test_id("room")).to_have_count(0)  # no silent entry
        watch.click()
        mark = carl.get_by_test_id("watching")
        expect(mark).to_be_visible()
        expect(mark).to_have_text("Watching")
        # Read out like any text: nothing hides it from a screen reader.
        assert mark.get_attribute("aria-hidden") is None
        expect(carl.get_by_test_id("waiting-seat-1")).to_contain_text("Ben")
    finally:
        carl_context.close()


def test_a_code_with_a_look_alike_says_which_character_is_never_used(browser: Browser, stack) -> None:
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    page = context.new_page()
    try:
        page.goto(stack.base_url)
        code = page.get_by_test_id("join-code")
        # The field tells beforehand, and a screen reader hears it with the field.
        hint = page.get_by_test_id("join-code-hint")
        expect(hint).to_have_text("Codes never contain O, 0, I, L or 1.")
        assert code.get_attribute("aria-describedby") == hint.get_attribute("id")
        code.fill("k7qm0")
        page.get_by_test_id("join-button").click()
        expect(page.get_by_test_id("join-error")).to_contain_text("“0” is never in a room code")
        expect(code).to_be_focused()
    finally:
        context.close()


def test_a_join_whose_answer_is_lost_is_asked_again_and_gets_its_seat(browser: Browser, stack) -> None:
    """The server takes Ben's join but its answer never reaches his browser (the connection
    drops): the page asks again with the same request id and sits Ben in the seat he took,
    where a join of its own would have found the room full."""
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    ben = context.new_page()
    try:
        api = context.request
        created = api.post(
            f"{stack.base_url}/api/rooms",
            data={"game": "four-in-a-row", "seats": [{"kind": "human"}, {"kind": "human"}], "nickname": "Anna"},
        )
        code = created.json()["code"]
        asked: list[dict] = []

        def lose_the_first_answer(route) -> None:  # type: ignore[no-untyped-def]
            asked.append(route.request.post_data_json)
            if len(asked) == 1:
                assert route.fetch().status == 200  # the server seats Ben...
                route.abort("connectionreset")  # ...and its answer is lost on the way
            else:
                route.continue_()

        ben.route("**/api/rooms/*/join", lose_the_first_answer)
        ben.goto(f"{stack.base_url}/r/{code}")
        ben.get_by_test_id("join-nickname").fill("Ben")
        ben.get_by_test_id("join-room-button").click()
        expect(ben.get_by_test_id("waiting-seat-1")).to_contain_text("Ben")
        expect(ben.get_by_test_id("join-error")).to_have_count(0)
        assert len(asked) == 2 and asked[0]["request_id"] == asked[1]["request_id"] != ""
        # The retry took no second seat: another joiner finds the room full.
        carl = api.post(f"{stack.base_url}/api/rooms/{code}/join", data={"nickname": "Carl"})
        assert carl.status == 409 and carl.json()["refused"]["code"] == "room_full"
    finally:
        context.close()
