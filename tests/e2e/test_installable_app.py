"""The installable web app: the manifest meets Chromium's installability criteria (the DevTools
protocol's Page.getInstallabilityErrors answers none), the service worker at /sw.js controls the
site, and with the network cut the app shell still opens, from the worker's cache, and says it
is offline (no list of tables pretending to be live). On the way, a turn-based table made on
the new-room page shows its clock in days and hours and is on the start page's "your turn"
list."""

from __future__ import annotations

import json
import re
import urllib.request

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.conftest import CHROMIUM, FLAGS
from tests.e2e.test_boards import _create_room
from tests.e2e.test_cards import PHONE

pytestmark = pytest.mark.e2e

# Resolves once a service worker is active for the page and controls it.
CONTROLLED = """async () => {
  const registration = await navigator.serviceWorker.ready;
  if (!navigator.serviceWorker.controller) {
    await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
  }
  return { scope: registration.scope, script: registration.active ? registration.active.scriptURL : null };
}"""

# What the page shows, read in one look.
PAGE_STATE = """() => {
  const banner = document.querySelector('[data-testid=offline-banner]');
  return {
    start: Boolean(document.querySelector('[data-testid=start-page]')),
    offline: Boolean(banner && !banner.hidden),
    banner: banner ? banner.textContent : null,
    controlled: Boolean(navigator.serviceWorker.controller),
    turns: Boolean(document.querySelector('[data-testid=turns-list]')),
  };
}"""


def test_the_service_worker_is_served_at_the_root_with_this_deployments_shell(stack) -> None:
    with urllib.request.urlopen(f"{stack.base_url}/sw.js") as answer:
        headers = answer.headers
        body = answer.read().decode("utf-8")
    assert headers["Content-Type"].startswith("text/javascript")
    assert headers["Service-Worker-Allowed"] == "/"
    assert headers["Cache-Control"] == "no-cache"  # a new deployment's worker is found at once
    line = next(line for line in body.splitlines() if line.startswith("const SHELL = "))
    shell = json.loads(line.removeprefix("const SHELL = ").removesuffix(";"))
    assert shell["version"] != "dev" and "/" in shell["urls"]
    assert len(shell["urls"]) == len(set(shell["urls"]))
    # Every file of the shell is there to be fetched (an install fails on one that is not).
    for url in shell["urls"]:
        with urllib.request.urlopen(stack.base_url + url) as answer:
            assert answer.status == 200, url
    with urllib.request.urlopen(f"{stack.base_url}/static/manifest.webmanifest") as answer:
        assert answer.headers["Content-Type"] == "application/manifest+json"
        manifest = json.loads(answer.read())
    assert manifest["display"] == "standalone" and manifest["start_url"] == "/"
    assert {icon["sizes"] for icon in manifest["icons"]} == {"192x192", "512x512"}
    assert any(icon["purpose"] == "maskable" for icon in manifest["icons"])


def test_the_app_is_installable_and_opens_offline_saying_so(browser: Browser, stack, tmp_path) -> None:
    # A browser with a profile of its own: Chromium installs no app from an incognito context,
    # which is what a plain new context is.
    context = browser.browser_type.launch_persistent_context(
        tmp_path / "profile", executable_path=CHROMIUM, args=FLAGS, headless=True, viewport=PHONE, locale="en-GB"
    )
    try:
        page = context.new_page()
        # A turn-based table against a CPU: a day per move, and Anna (seat 0) is to move.
        code = _create_room(page, stack.base_url, "four-in-a-row", "cpu", {"turn_clock": "1 day"})
        page.get_by_test_id("start-button").click()
        expect(page.get_by_test_id("fiar-board")).to_be_visible()
        expect(page.get_by_test_id("move-clock")).to_contain_text("23 h")
        page.goto(stack.base_url)
        turn = page.get_by_test_id(f"turn-{code}-0")
        expect(turn).to_contain_text("Four in a Row")
        expect(turn).to_contain_text("turn-based")
        expect(turn).to_contain_text(re.compile(r"(23|24) h \d+ min left"))
        worker = page.evaluate(CONTROLLED)
        assert worker["scope"] == f"{stack.base_url}/" and worker["script"] == f"{stack.base_url}/sw.js"

        cdp = context.new_cdp_session(page)
        errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert errors == [], errors
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["errors"] == [] and manifest["url"].startswith(f"{stack.base_url}/static/manifest.")

        # Online, the page says nothing of being offline.
        state = page.evaluate(PAGE_STATE)
        assert not state["offline"] and state["controlled"] and state["turns"], state

        # The network is cut: the app shell opens all the same, from the worker's cache.
        context.set_offline(True)
        page.reload()
        expect(page.get_by_test_id("offline-banner")).to_be_visible()
        expect(page.get_by_test_id("start-page")).to_be_visible()
        state = page.evaluate(PAGE_STATE)
        # (Chromium's online flag may stay true under DevTools' offline: the page does not rely on it.)
        assert state["start"] and state["offline"] and state["controlled"], state
        assert state["banner"] == "You are offline. Tables show again when the network is back."
        assert not state["turns"], state  # no "your turn" list from before, passing for live

        # The network is back: the banner goes without a reload, and one tap opens the table.
        context.set_offline(False)
        expect(page.get_by_test_id("offline-banner")).to_be_hidden()
        page.reload()
        page.get_by_test_id(f"turn-{code}-0").locator("a").click()
        expect(page.get_by_test_id("fiar-board")).to_be_visible()
        assert page.url == f"{stack.base_url}/r/{code}"
    finally:
        context.close()
