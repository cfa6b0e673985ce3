"""Real headless Chromium (Debian's, driven by Playwright) against a real stack."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect, sync_playwright

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]

# Every `expect` waits for its state up to 20 s instead of Playwright's 5 s: a state that holds
# arrives at once on a quiet machine, and a busy one (CI beside other work) may take seconds to
# draw it. A wait for a state that never comes still fails, only later.
expect.set_options(timeout=20_000)


@pytest.fixture(scope="session")
def browser() -> Browser:
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        yield launched
        launched.close()
