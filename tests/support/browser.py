"""Helpers for the browser tests that read the drawn page."""

from __future__ import annotations

import time

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator

BOX = """e => { const r = e.getBoundingClientRect();
  return r.width > 0 ? {x: r.x, y: r.y, width: r.width, height: r.height} : null; }"""


def laid_out_box(locator: Locator, timeout_s: float = 15.0) -> dict[str, float]:
    """The element's box, read in one step inside the page. The client draws a view anew on
    every update, so an element found a moment ago may be a replaced one now: Playwright's
    `bounding_box()` then answers None on a busy machine. This retries until a drawn element
    answers, and fails if none does in time."""
    deadline = time.monotonic() + timeout_s
    while True:
        try:
            box = locator.evaluate(BOX, timeout=2_000)
        except PlaywrightError:
            box = None
        if box or time.monotonic() > deadline:
            assert box, f"{locator} was never laid out"
            return box
        time.sleep(0.1)


def gateway_log_tail(stack, lines: int = 30) -> str:  # type: ignore[no-untyped-def]
    """The last lines of the stack's gateway log, for a failure message on a test that waited
    for a page that never came (a dropped socket shows there)."""
    if stack.log_dir is None:
        return "(no log kept)"
    path = stack.log_dir / "gateway.log"
    if not path.exists():
        return "(no gateway log)"
    return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
