"""The board, race, dice and word tables on a 360×640 phone, measured in the page: the smallest
rendered text on the table, the smallest control a player may tap now, and any box that
scrolls or clips without showing it. Set PHONE_BOARDS_FIGURES to a file to keep the figures
of every title (one line each) and screenshots beside it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.test_every_title import _meta, _seats

pytestmark = pytest.mark.e2e

TITLES = [
    "backgammon",
    "chess",
    "chinese-checkers",
    "dominoes",
    "dots-and-boxes",
    "draughts",
    "four-in-a-row",
    "kalaha",
    "morris",
    "reversi",
    "sea-battle",
    "bingo",
    "dice-poker",
    "goose",
    "liars-dice",
    "ludo",
    "mensch",
    "parchis",
    "snakes-and-ladders",
    "categories",
    "hangman",
    "village-night",
    "word-agents",
    "number-rows",
]

# What the page reports: every text on the table with its rendered size (an SVG text's font
# size times the drawing's scale), every control a player may use now with its box, and every
# box whose content is larger than the box while it hides or scrolls the rest.
MEASURE = """
async (where) => {
  // Sizes at rest: a piece caught mid-animation (a grow-in, a slide) is drawn smaller for a moment.
  for (const a of document.getAnimations()) {
    if (a.effect && a.effect.getComputedTiming().endTime !== Infinity) await a.finished.catch(() => {});
  }
  const roots = [...document.querySelectorAll(where)]
    .filter((el) => !el.hidden && el.getBoundingClientRect().height > 0);
  const shown = (el) => {
    for (let e = el; e && e.nodeType === 1; e = e.parentElement) {
      const st = getComputedStyle(e);
      if (st.display === 'none' || st.visibility === 'hidden' || st.opacity === '0') return false;
    }
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  };
  const texts = [];
  const controls = [];
  const boxes = [];
  for (const root of roots) {
    const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walk.nextNode(); node; node = walk.nextNode()) {
      const text = node.textContent.trim();
      const el = node.parentElement;
      if (!text || !el || !shown(el) || el.closest('.visually-hidden, .sr-only, title, desc')) continue;
      let size = parseFloat(getComputedStyle(el).fontSize);
      if (el instanceof SVGElement) {
        const m = el.getScreenCTM();
        size *= Math.sqrt(m.a * m.a + m.b * m.b);
      }
      texts.push({ size: Math.round(size * 10) / 10, text: text.slice(0, 24), id: el.closest('[data-testid]')?.dataset.testid || el.tagName });
    }
    for (const el of root.querySelectorAll('button, input, select, a[href], [role=button]')) {
      if (!shown(el) || el.disabled || el.getAttribute('aria-disabled') === 'true') continue;
      if (el.classList.contains('quiet') || el.classList.contains('disabled')) continue;
      const r = el.getBoundingClientRect();
      controls.push({ w: Math.round(r.width), h: Math.round(r.height), id: el.dataset.testid || el.getAttribute('aria-label') || el.tagName });
    }
    for (const el of [root, ...root.querySelectorAll('*')]) {
      if (!(el instanceof HTMLElement) || !shown(el) || el.clientWidth <= 1) continue;
      const st = getComputedStyle(el);
      const over = el.scrollHeight > el.clientHeight + 2 || el.scrollWidth > el.clientWidth + 2;
      if (over && st.overflow !== 'visible' && !el.hasAttribute('data-scroll-cue')) {
        boxes.push({ id: el.dataset.testid || el.className || el.tagName, box: [el.clientWidth, el.clientHeight], content: [el.scrollWidth, el.scrollHeight] });
      }
    }
  }
  const wide = document.documentElement.scrollWidth - window.innerWidth;
  return { texts, controls, boxes, wide };
}
"""


def open_table(browser: Browser, base_url: str, gid: str, viewport: dict):  # type: ignore[no-untyped-def]
    """A started room of `gid` seen by its host at `viewport`; (context, page)."""
    context = browser.new_context(viewport=viewport, locale="en-GB")
    page = context.new_page()
    created = context.request.post(
        f"{base_url}/api/rooms", data={"game": gid, "seats": _seats(_meta(base_url, gid)), "nickname": "Anna"}
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
    page.wait_for_function(
        "() => document.querySelector('[data-testid=game-area]').childElementCount > 0", timeout=30_000
    )
    # The host's turn (or a lit control): the table as the player meets it.
    page.wait_for_function(
        "() => document.querySelector('.turn-status.mine') || document.querySelector('.lit, .own-zone button:not(:disabled)')",
        timeout=30_000,
    )
    return context, page


def measure(page, where: str = "[data-testid=game-area], .own-zone") -> dict:  # type: ignore[no-untyped-def]
    found = page.evaluate(MEASURE, where)
    smallest_text = min(found["texts"], key=lambda t: t["size"], default=None)
    smallest_control = min(found["controls"], key=lambda c: min(c["w"], c["h"]), default=None)
    return {"text": smallest_text, "control": smallest_control, "boxes": found["boxes"], "wide": found["wide"]}


def _line(gid: str, figures: dict) -> str:
    text = figures["text"] or {"size": "-", "text": "", "id": ""}
    control = figures["control"] or {"w": "-", "h": "-", "id": ""}
    return (
        f"{gid:20} text {text['size']:>5} px ({text['text']!r} in {text['id']})"
        f"  target {control['w']}x{control['h']} ({control['id']})"
        f"  scrolling boxes {figures['boxes']}  wider {figures['wide']}"
    )


@pytest.mark.parametrize("gid", TITLES)
def test_a_table_reads_and_taps_on_a_phone(browser: Browser, stack, gid: str) -> None:
    context, page = open_table(browser, stack.base_url, gid, {"width": 360, "height": 640})
    try:
        # Number Rows' hand is the card kit's (js/cards.js), measured with the card tables.
        figures = measure(
            page, "[data-testid=game-area]" if gid == "number-rows" else "[data-testid=game-area], .own-zone"
        )
        keep = os.environ.get("PHONE_BOARDS_FIGURES")
        if keep:
            with open(keep, "a", encoding="utf-8") as out:
                out.write(_line(gid, figures) + "\n")
            page.screenshot(path=str(Path(keep).with_suffix("")) + f"-{gid}.png")
    finally:
        context.close()
    problems = []
    if figures["text"] and figures["text"]["size"] < 12:
        problems.append(f"text {figures['text']}")
    if figures["control"] and min(figures["control"]["w"], figures["control"]["h"]) < 24:
        problems.append(f"target {figures['control']}")
    if figures["boxes"]:
        problems.append(f"scrolls inside {figures['boxes']}")
    if figures["wide"] > 0:
        problems.append(f"{figures['wide']} px wider than the screen")
    assert not problems, f"{gid}: {problems}"


# Inside the zoom frame: the frame's box, the drawing's, and each of the viewer's pieces' boxes.
FRAME = """
() => {
  const frame = document.querySelector('[data-testid=zoom-frame]').getBoundingClientRect();
  const svg = document.querySelector('[data-testid=zoom-frame] > svg').getBoundingClientRect();
  const mine = [...document.querySelectorAll('[data-testid^="piece-0-"]')].map((p) => p.getBoundingClientRect());
  const inside = (r) => r.left >= frame.left - 1 && r.right <= frame.right + 1 && r.top >= frame.top - 1 && r.bottom <= frame.bottom + 1;
  return { frame: [frame.width, frame.height], svg: [svg.width, svg.height], mineInView: mine.filter(inside).length, mine: mine.length };
}
"""
# Zoomed: larger than its frame (so it scrolls), with all four of the player's pieces in view.
ZOOMED = f"() => {{ const f = ({FRAME})(); return f.svg[0] > f.frame[0] + 1 && f.mine === 4 && f.mineInView === 4; }}"
WHOLE = f"() => {{ const f = ({FRAME})(); return f.svg[0] <= f.frame[0] + 1 && f.svg[1] <= f.frame[1] + 1; }}"


def test_a_board_too_big_for_a_phone_is_zoomed_to_the_players_pieces_and_shows_whole_on_request(
    browser: Browser, stack
) -> None:
    context, page = open_table(browser, stack.base_url, "parchis", {"width": 360, "height": 640})
    try:
        toggle = page.get_by_test_id("zoom-toggle")
        expect(toggle).to_have_text("Whole board")
        expect(toggle).to_have_attribute("aria-pressed", "true")
        page.wait_for_function(ZOOMED, timeout=30_000)
        toggle.focus()
        page.keyboard.press("Enter")
        expect(toggle).to_have_text("Zoom in")
        page.wait_for_function(WHOLE, timeout=30_000)
        # The choice holds through the next update (the roll redraws the board).
        page.evaluate("() => { window.beforeRoll = document.querySelector('[data-testid=zoom-frame]'); }")
        page.get_by_test_id("roll-button").click()
        page.wait_for_function(
            "() => document.querySelector('[data-testid=zoom-frame]') !== window.beforeRoll", timeout=30_000
        )
        expect(page.get_by_test_id("zoom-toggle")).to_have_text("Zoom in")
        page.wait_for_function(WHOLE, timeout=30_000)
        page.get_by_test_id("zoom-toggle").click()
        expect(page.get_by_test_id("zoom-toggle")).to_have_text("Whole board")
        page.wait_for_function(ZOOMED, timeout=30_000)
    finally:
        context.close()


def test_on_a_desktop_the_board_fits_readable_without_a_zoom(browser: Browser, stack) -> None:
    context, page = open_table(browser, stack.base_url, "parchis", {"width": 1280, "height": 800})
    try:
        expect(page.get_by_test_id("zoom-toggle")).to_be_hidden()
        figures = measure(page)
        assert figures["text"]["size"] >= 12 and not figures["boxes"], figures
    finally:
        context.close()
