"""Helpers for the browser tests that read the drawn page."""

from __future__ import annotations

import io
import time

import zxingcpp
from PIL import Image
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator, Page

# The room marks its game area `pending` while a move it sent waits for the server's answer
# (js/room.js sendMove), and drops the mark when the answer (the next view, or a refusal)
# is drawn.
ANSWERED = "() => !document.querySelector('[data-testid=game-area].pending')"

BOX = """(e, scroll) => { if (scroll) e.scrollIntoView({block: scroll});
  const r = e.getBoundingClientRect();
  const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
  return r.width > 0 ? {x: r.x, y: r.y, width: r.width, height: r.height, seen: Boolean(hit && e.contains(hit))} : null; }"""


def laid_out_box(locator: Locator, timeout_s: float = 15.0, scroll: str | None = None) -> dict[str, float]:
    """The element's box, read in one step inside the page. The client draws a view anew on
    every update, so an element found a moment ago may be a replaced one now: Playwright's
    `bounding_box()` then answers None on a busy machine. This retries until a drawn element
    answers, and fails if none does in time.

    `scroll` ("start", "nearest") first scrolls the element into view as a phone does (a
    focused field goes up above the keyboard, a player scrolls to the buttons under the
    table): on a phone the room scrolls as one page. `seen` says whether the element itself is
    what the screen shows at its centre (not hidden under the sticky top bar)."""
    deadline = time.monotonic() + timeout_s
    while True:
        try:
            box = locator.evaluate(BOX, scroll, timeout=2_000)
        except PlaywrightError:
            box = None
        if box or time.monotonic() > deadline:
            assert box, f"{locator} was never laid out"
            return box
        time.sleep(0.1)


def wait_for_answer(page: Page) -> None:
    """Wait until the page has drawn the answer to the move it just sent. Until then it still
    shows the state before the move, lit where it was the player's turn: a look at it would
    tap again on a button the answer is about to unlight or remove (the game over), and the
    tap would wait for it in vain."""
    page.wait_for_function(ANSWERED, timeout=30_000)


def read_qr(locator: Locator) -> str:
    """The text of the one QR code drawn in `locator`, read from a screenshot of it as a
    phone's camera would read the screen."""
    # In the middle of the screen: a phone's sticky Start bar would cover a code at its foot.
    locator.evaluate("e => e.scrollIntoView({block: 'center'})")
    found = zxingcpp.read_barcodes(Image.open(io.BytesIO(locator.screenshot())))
    assert len(found) == 1, f"{len(found)} QR codes read in {locator}"
    return found[0].text


def gateway_log_tail(stack, lines: int = 30) -> str:  # type: ignore[no-untyped-def]
    """The last lines of the stack's gateway log, for a failure message on a test that waited
    for a page that never came (a dropped socket shows there)."""
    if stack.log_dir is None:
        return "(no log kept)"
    path = stack.log_dir / "gateway.log"
    if not path.exists():
        return "(no gateway log)"
    return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])


# js/pace.js reads the pace from here (js/store.js keeps every setting as JSON).
QUICK_PACE_SCRIPT = "try { localStorage.setItem('gameroom.pace', JSON.stringify('quick')); } catch (e) {}"


def at_quick_pace(context) -> None:  # type: ignore[no-untyped-def]
    """Every page of `context` shows others' moves at the menu's quick pace (a quarter second
    after each, 50 ms while several are queued, instead of 0.6 s and 0.15 s). For the tests
    that play whole games against CPUs: what they check is the game, not the pace, which
    tests/e2e/test_pace.py checks."""
    context.add_init_script(QUICK_PACE_SCRIPT)
