"""How soon "Play now" offers computer players to a player alone: a platform on free ports
(SQLite), headless Chromium at 360x640, N asks for a Four in a Row table; each time the page
measures from the click to the offer on screen (performance.now), and how much of that its
requests to the server took. Prints the median and the slowest.

    python bench/play_now_offer.py [N]
"""

from __future__ import annotations

import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the checkout, for tests/

from devstack import Stack  # noqa: E402
from tests.e2e.conftest import CHROMIUM, FLAGS  # noqa: E402
from tests.e2e.test_first_five import MEASURE_OFFER, OFFER_TIMES  # noqa: E402


def main(asks: int) -> None:
    folder = tempfile.mkdtemp()
    stack = Stack.on_free_ports(f"sqlite:///{folder}/rooms.sqlite3")
    stack.start()
    took: list[float] = []
    server: list[float] = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
            for n in range(asks):
                context = browser.new_context(viewport={"width": 360, "height": 640}, locale="en-GB")
                page = context.new_page()
                page.goto(stack.base_url)
                page.get_by_test_id("nickname").fill(f"Solo {n}")
                expect(page.get_by_test_id("quick-panel")).to_be_visible()
                page.get_by_test_id("quick-game").select_option("four-in-a-row")
                page.evaluate(MEASURE_OFFER)
                page.get_by_test_id("quick-button").click()
                expect(page.get_by_test_id("quick-cpu")).to_be_visible(timeout=30_000)
                times = page.evaluate(OFFER_TIMES)
                took.append(times["took"])
                server.append(times["server"])
                page.get_by_test_id("quick-cancel").click()
                context.close()
            browser.close()
    finally:
        stack.stop()
    print(
        f"click to offer: median {statistics.median(took):.0f} ms, slowest {max(took):.0f} ms; "
        f"its requests: median {statistics.median(server):.0f} ms ({asks} asks)"
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 8)
