"""Every title of the catalogue on a 360 × 640 phone, measured in the page once its table is
drawn and it is the player's turn (or the game is over): no text under 12 CSS px, every lit
control at least 24 × 24 px and the main actions 44 px tall, no clipped title or seat name, no
box that scrolls inside without showing it, nothing past the screen's edge
(tests/support/phone_layout.py measures). A screenshot of every table is kept in
test-output/phone/<title>.png, and the figures in test-output/phone/<title>.json, for a person
to look at."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.test_every_title import _meta, _seats, _title_ids
from tests.support.browser import at_quick_pace
from tests.support.phone_layout import measure_layout

pytestmark = pytest.mark.e2e

PHONE = {"width": 360, "height": 640}
OUTPUT = Path(__file__).resolve().parents[2] / "test-output" / "phone"

# The table is drawn and waits for the player (or the game is over): what a player looks at.
DRAWN = """() => {
  const room = document.querySelector('[data-testid=room]');
  const area = document.querySelector('[data-testid=game-area]');
  if (!room || !area || !area.childElementCount) return false;
  return room.dataset.status === 'finished' || !!document.querySelector('.turn-status.mine');
}"""


def open_title(browser: Browser, base_url: str, gid: str, viewport: dict[str, int] = PHONE):  # type: ignore[no-untyped-def]
    """A room of `gid` made and started as in test_every_title (CPU seats where the game has
    them), opened at `viewport`; (context, page) once the table waits for the player."""
    meta = _meta(base_url, gid)
    context = browser.new_context(viewport=viewport, locale="en-GB")
    at_quick_pace(context)
    page = context.new_page()
    created = context.request.post(
        f"{base_url}/api/rooms", data={"game": gid, "seats": _seats(meta), "nickname": "Anna"}
    )
    assert created.ok, created.text()
    ticket = created.json()
    page.goto(base_url)
    page.evaluate(
        "t => localStorage.setItem('gameroom.tickets', JSON.stringify({[t.code]: {code: t.code,"
        " token: t.token, seats: t.seats, invite: '', game: t.room.game, saved_at: Date.now()}}))",
        ticket,
    )
    page.goto(f"{base_url}/r/{ticket['code']}")
    page.get_by_test_id("start-button").click()
    expect(page.get_by_test_id("game-area")).to_be_visible()
    page.wait_for_function(DRAWN, timeout=60_000)
    # On one device holding several seats, the hand-over card hides the table: show it.
    pass_on = page.get_by_test_id("handover-reveal")
    if pass_on.count() and pass_on.is_visible():
        pass_on.click()
        page.wait_for_function(DRAWN, timeout=60_000)
    return context, page


@pytest.mark.parametrize("gid", _title_ids())
def test_every_table_keeps_the_phone_rules(browser: Browser, stack, gid: str) -> None:
    context, page = open_title(browser, stack.base_url, gid)
    try:
        layout = measure_layout(page)
        OUTPUT.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(OUTPUT / f"{gid}.png"), full_page=True)
        figures = {
            "smallest_text": layout.smallest_text,
            "smallest_target": layout.smallest_target,
            "breaches": layout.breaches(),
        }
        (OUTPUT / f"{gid}.json").write_text(json.dumps(figures, indent=1, ensure_ascii=False))
    finally:
        context.close()
    assert layout.texts, "no text measured on the table"
    assert layout.controls, "no lit control measured on the table"
    assert not figures["breaches"], json.dumps(figures, indent=1, ensure_ascii=False)


WIDER = {"desktop": {"width": 1280, "height": 800}, "landscape": {"width": 640, "height": 360}}
WIDER_TITLES = _title_ids()


@pytest.mark.parametrize("size", sorted(WIDER))
@pytest.mark.parametrize("gid", WIDER_TITLES)
def test_tables_widen_on_a_desktop_and_a_phone_on_its_side(browser: Browser, stack, gid: str, size: str) -> None:
    """The same rules at 1280 × 800 and 640 × 360 (a phone held sideways) for every table
    (screenshots in test-output/phone/<title>-<size>.png)."""
    context, page = open_title(browser, stack.base_url, gid, WIDER[size])
    try:
        layout = measure_layout(page)
        OUTPUT.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(OUTPUT / f"{gid}-{size}.png"), full_page=True)
    finally:
        context.close()
    assert layout.texts and layout.controls
    assert not layout.breaches(), json.dumps(layout.breaches(), indent=1, ensure_ascii=False)
