"""Web Push in real Chromium: the player's page registers the service worker once the browser
allows notifications (it never asks on its own), and the worker shows what a push brings (here
delivered through the DevTools protocol, as a push service would deliver it to the browser):
title, body, one notification per table (a second push for the table replaces the first), and
the table's address to open on a click; opening the table's page closes it. The page's notifications section passes the
accessibility scan on a phone."""

from __future__ import annotations

import json
import time

import pytest
from playwright.sync_api import Browser, BrowserContext, Worker, expect

from devstack import Stack
from lobby.push_keys import new_private_key
from tests.e2e.test_cards import PHONE
from tests.e2e.test_every_title import _serious
from tests.support.phone_layout import measure_layout
from tests.support.push_service import BrowserKeys

pytestmark = pytest.mark.e2e

SHOWN = """async () => {
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) return null;
  const shown = await registration.getNotifications();
  return shown.map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: n.data && n.data.url }));
}"""

# The waits below run inside the browser, each evaluated once: `wait_for_function` does not
# wait for a promise (an async function's answer is a promise, which counts as true at once).

WORKER_ACTIVE = """async () => {
  const until = Date.now() + 30000;
  for (;;) {
    const registration = await navigator.serviceWorker.getRegistration();
    if (registration && registration.active && registration.active.state === 'activated') return;
    if (Date.now() > until) throw new Error('no activated service worker');
    await new Promise((done) => setTimeout(done, 100));
  }
}"""

NONE_SHOWN = """async () => {
  const until = Date.now() + 30000;
  for (;;) {
    const registration = await navigator.serviceWorker.getRegistration();
    const shown = registration ? await registration.getNotifications() : [];
    if (!shown.length) return;
    if (Date.now() > until) throw new Error(`still shown: ${shown.map((n) => n.tag)}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}"""

# Run in the service worker: counts the notifications it has shown (`showNotification`
# answers once one is on screen). The page reads the list once, when the count is reached,
# and does not ask again and again meanwhile: Chromium writes a notification down before it
# shows it, and a `getNotifications()` between the two takes the written one for one closed
# since and deletes it (content/browser/notifications/platform_notification_context_impl.cc).
COUNT_SHOWN = """() => {
  if (self.shownCount !== undefined) return;
  self.shownCount = 0;
  const show = ServiceWorkerRegistration.prototype.showNotification;
  ServiceWorkerRegistration.prototype.showNotification = function (...args) {
    return show.apply(this, args).then((answer) => {
      self.shownCount += 1;
      return answer;
    });
  };
}"""

UNTIL_SHOWN = """async (count) => {
  const until = Date.now() + 30000;
  while (self.shownCount < count) {
    if (Date.now() > until) throw new Error(`${self.shownCount} of ${count} notifications shown`);
    await new Promise((done) => setTimeout(done, 50));
  }
}"""


@pytest.fixture(scope="module")
def push_stack(tmp_path_factory):  # type: ignore[no-untyped-def]
    folder = tmp_path_factory.mktemp("push-stack")
    running = Stack.on_free_ports(
        f"sqlite:///{folder}/rooms.sqlite3",
        extra_env={"GAMEROOM_VAPID_PRIVATE_KEY": new_private_key()},
        log_dir=folder / "logs",
    )
    running.start()
    yield running
    running.stop()


def _push_worker(context: BrowserContext) -> Worker:
    """The app's service worker (gateway/web/sw.js, which pulls in the push listeners)."""
    for worker in context.service_workers:
        if worker.url.endswith("/sw.js"):
            return worker
    return context.wait_for_event("serviceworker", lambda worker: worker.url.endswith("/sw.js"), timeout=30_000)


def _new_player(page, base: str, nickname: str) -> dict:  # type: ignore[no-untyped-def]
    page.goto(base)
    return page.evaluate(  # type: ignore[no-any-return]
        """async (nickname) => {
          const answer = await fetch('/api/players', { method: 'POST', headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ nickname }) });
          const made = await answer.json();
          localStorage.setItem('gameroom.player', JSON.stringify({ id: made.player.id, token: made.token }));
          return made;
        }""",
        nickname,
    )


@pytest.mark.parametrize("locale", ["de-DE", "en-GB", "es-ES", "sv-SE"])
def test_the_notifications_section_reads_well_on_a_phone(browser: Browser, push_stack, locale: str) -> None:
    """In every language: no serious accessibility finding, no text under 12 px, nothing to tap
    under 24 px, nothing past the screen's edge; quiet hours saved show as saved."""
    context = browser.new_context(viewport=PHONE, locale=locale)
    try:
        page = context.new_page()
        _new_player(page, push_stack.base_url, "Britta")
        page.goto(f"{push_stack.base_url}/me")
        expect(page.get_by_test_id("push-enable")).to_be_visible()
        assert _serious(page) == []
        assert measure_layout(page, root="[data-testid=push-section]").breaches() == []
        page.get_by_test_id("push-quiet-from").fill("21:30")
        page.get_by_test_id("push-quiet-save").click()
        expect(page.get_by_test_id("push-quiet-note")).not_to_be_empty()
        page.reload()
        expect(page.get_by_test_id("push-quiet-from")).to_have_value("21:30")
    finally:
        context.close()


# Chromium here has no push service to sign up with (the public ones cannot be reached), so
# `pushManager.subscribe` is replaced by one that answers as a browser's would: the same JSON
# shape, with a real P-256 key and auth secret. It keeps what the page asked it for.
FAKE_SUBSCRIBE = """
PushManager.prototype.getSubscription = async function () { return null; };
PushManager.prototype.subscribe = async function (options) {
  window.__asked = { userVisibleOnly: options.userVisibleOnly, keyBytes: new Uint8Array(options.applicationServerKey).length };
  return { toJSON: () => (%s) };
};
"""


def test_the_player_signs_this_device_up_and_removes_it(browser: Browser, push_stack) -> None:
    base = push_stack.base_url
    context = browser.new_context(viewport=PHONE, locale="sv-SE")
    keys = BrowserKeys().subscription("https://push.example.net/send/britta")
    context.add_init_script(FAKE_SUBSCRIBE % json.dumps(keys))
    context.grant_permissions(["notifications"], origin=base)
    try:
        page = context.new_page()
        player = _new_player(page, base, "Britta")
        page.goto(f"{base}/me")
        page.get_by_test_id("push-enable").click()
        expect(page.get_by_test_id("push-devices")).to_contain_text("Chrome on Linux")
        asked = page.evaluate("() => window.__asked")
        assert asked == {"userVisibleOnly": True, "keyBytes": 65}
        listed = page.evaluate(
            """async (token) => (await fetch('/api/players/me/push', { headers: { Authorization: `Bearer ${token}` } })).json()""",
            player["token"],
        )
        # The name the server gives the browser from its User-Agent, as its sessions get it.
        assert [(s["language"], s["label"]) for s in listed["subscriptions"]] == [("sv", "Chrome on Linux")]
        page.get_by_role("button", name="Sluta avisera Chrome on Linux").click()
        expect(page.get_by_test_id("push-no-devices")).to_be_visible()
    finally:
        context.close()


def test_the_service_worker_shows_a_pushed_notice_once_per_table(browser: Browser, push_stack) -> None:
    base = push_stack.base_url
    context = browser.new_context(viewport=PHONE, locale="de-DE")
    try:
        page = context.new_page()
        player = _new_player(page, base, "Britta")
        assert player["player"]["nickname"] == "Britta"

        # Not allowed yet: the page shows the button and neither asks for permission nor
        # subscribes of its own accord (the app's worker, which keeps its shell, may be there).
        page.goto(f"{base}/me")
        expect(page.get_by_test_id("push-enable")).to_be_visible()
        expect(page.get_by_test_id("push-no-devices")).to_be_visible()
        asked = page.evaluate(
            """async () => {
                const registrations = await navigator.serviceWorker.getRegistrations();
                const subscriptions = await Promise.all(registrations.map((r) => r.pushManager.getSubscription()));
                return { permission: Notification.permission, subscribed: subscriptions.filter(Boolean).length };
            }"""
        )
        assert asked == {"permission": "default", "subscribed": 0}, asked
        assert _serious(page) == []

        # Allowed (as after the player said yes once): the page keeps the worker registered.
        context.grant_permissions(["notifications"], origin=base)
        page.reload()
        expect(page.get_by_test_id("push-section")).to_be_visible()
        page.evaluate(WORKER_ACTIVE)

        devtools = context.new_cdp_session(page)
        registrations: list[dict] = []
        devtools.on("ServiceWorker.workerRegistrationUpdated", lambda e: registrations.extend(e["registrations"]))
        devtools.send("ServiceWorker.enable")

        def mine() -> list[dict]:
            return [r for r in registrations if r["scopeURL"] == f"{base}/" and not r.get("isDeleted")]

        # The registrations arrive as events after the answer: each call to the browser lets
        # Playwright hand on what came meanwhile. A wait for that state, bounded.
        deadline = time.monotonic() + 30
        while not mine() and time.monotonic() < deadline:
            page.evaluate("() => new Promise((done) => requestAnimationFrame(() => done(0)))")
        assert mine(), registrations

        def push(message: dict) -> None:
            devtools.send(
                "ServiceWorker.deliverPushMessage",
                {"origin": base, "registrationId": mine()[0]["registrationId"], "data": json.dumps(message)},
            )

        notice = {
            "kind": "turn",
            "title": "Du bist dran",
            "body": "Tisch ABCDE: Die anderen warten auf deinen Zug.",
            "tag": "table-ABCDE",
            "url": "/r/ABCDE",
            "lang": "de",
        }
        worker = _push_worker(context)
        worker.evaluate(COUNT_SHOWN)
        push(notice)
        worker.evaluate(UNTIL_SHOWN, 1)
        shown = page.evaluate(SHOWN)
        assert shown == [{"title": "Du bist dran", "body": notice["body"], "tag": "table-ABCDE", "url": "/r/ABCDE"}]

        # The game ends before Britta looked: its notice takes the turn's place, one per table.
        ended = {**notice, "kind": "ended", "title": "Partie beendet", "body": "Tisch ABCDE: Die Partie ist zu Ende."}
        push(ended)
        worker.evaluate(UNTIL_SHOWN, 2)
        shown = page.evaluate(SHOWN)
        assert shown == [{"title": "Partie beendet", "body": ended["body"], "tag": "table-ABCDE", "url": "/r/ABCDE"}]

        # Opening the table's page: its notification has been seen and goes.
        page.goto(f"{base}/r/ABCDE")
        page.evaluate(NONE_SHOWN)
    finally:
        context.close()
