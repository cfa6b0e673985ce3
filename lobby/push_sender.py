"""The Web Push sender: works off the store's outbox (lobby/store/push.py) in the gateway's
process, on every replica at once.

Each round claims the due messages no other sender holds, under a lease, so two replicas never
send one message while the lease runs, and a sender that dies leaves its messages to be claimed
again when the lease runs out. A message is encrypted for its subscription (RFC 8291,
aes128gcm) and signed with the server's VAPID key (RFC 8292) by pywebpush, then:

    2xx            sent: removed
    404, 410       the push service no longer knows the subscription: it is removed, with
                   everything still queued for it
    5xx, 429, a timeout or no connection
                   tried again later, each time waiting longer (`retry_delay_ms`), up to the
                   settings' number of attempts
    other 4xx      the message can never go through (too large, malformed): dropped
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from typing import Any, Callable

import aiohttp
from py_vapid import Vapid
from pywebpush import WebPushException, webpush_async

from .metrics import PUSH_SENDS
from .push_keys import PushSettings
from .store import Store

log = logging.getLogger(__name__)

BATCH = 50  # messages claimed per round
SEND_TIMEOUT_S = 10.0
FIRST_RETRY_MS = 5_000
LONGEST_RETRY_MS = 30 * 60_000
TTL_S = 24 * 3600  # a push service keeps a message this long for a device that is offline
GONE = frozenset({404, 410})
# What a player was told of a table is forgotten after this long: by then the table is gone or
# has been quiet for a month, and a notice for it is welcome again.
NOTICES_KEPT_MS = 30 * 86_400_000
FORGET_EVERY_MS = 3_600_000


def retry_delay_ms(attempts: int) -> int:
    """How long a message waits after its `attempts`-th failed send: doubling from five seconds,
    at most half an hour."""
    return int(min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** max(0, attempts - 1)))


def outcome(status: int | None) -> str:
    """What a push service's answer means for the message: sent, gone, retry or drop."""
    if status is None or status >= 500 or status == 429:
        return "retry"
    if 200 <= status < 300:
        return "sent"
    if status in GONE:
        return "gone"
    return "drop"


class PushSender:
    def __init__(
        self, store: Store, settings: PushSettings, now_ms: Callable[[], int], wake: asyncio.Event | None = None
    ) -> None:
        self.store = store
        self.settings = settings
        self.now_ms = now_ms
        self.wake = wake or asyncio.Event()
        self.owner = secrets.token_hex(8)  # this sender's name on the leases it takes
        self._vapid = Vapid.from_string(settings.private_key) if settings.enabled else None
        self._session: aiohttp.ClientSession | None = None
        self._forgotten_at = 0

    async def run_forever(self) -> None:
        """Rounds until cancelled: at once when this process queued something, else every poll."""
        try:
            while True:
                try:
                    await self.send_due()
                    await self.forget_old()
                except Exception:
                    log.warning("push sender round failed", exc_info=True)
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.wake.wait(), self.settings.poll_ms / 1000)
                self.wake.clear()
        finally:
            await self.close()

    async def close(self) -> None:
        if self._session is not None:
            await self._session.close()
            self._session = None

    async def forget_old(self) -> None:
        """Once an hour: what players were told of tables a month ago, forgotten."""
        now = self.now_ms()
        if now - self._forgotten_at >= FORGET_EVERY_MS:
            self._forgotten_at = now
            await self.store.push_forget(now - NOTICES_KEPT_MS)

    async def send_due(self) -> int:
        """One round: every due message claimed and sent (or put back). How many were claimed."""
        claimed = await self.store.push_claim(self.owner, self.now_ms(), self.settings.lease_ms, BATCH)
        if claimed:
            await asyncio.gather(*(self._send(message) for message in claimed))
        return len(claimed)

    async def _send(self, message: dict[str, Any]) -> None:
        status = await self._post(message)
        verdict = outcome(status)
        PUSH_SENDS.labels(verdict).inc()
        if verdict == "sent":
            await self.store.push_sent(message["id"], self.owner)
        elif verdict == "gone":
            log.info("push subscription %s gone (%s): removed", message["subscription_id"], status)
            await self.store.push_gone(message["subscription_id"])
        elif verdict == "retry" and message["attempts"] + 1 < self.settings.attempts:
            delay = retry_delay_ms(message["attempts"] + 1)
            await self.store.push_retry(message["id"], self.owner, self.now_ms() + delay)
        else:
            log.warning("push message %s dropped after answer %s", message["id"], status)
            await self.store.push_sent(message["id"], self.owner)

    async def _post(self, message: dict[str, Any]) -> int | None:
        """The push service's status for the message, None when it could not be reached."""
        if self._session is None:
            self._session = aiohttp.ClientSession()
        subscription = {"endpoint": message["endpoint"], "keys": {"p256dh": message["p256dh"], "auth": message["auth"]}}
        try:
            response = await webpush_async(
                subscription,
                data=json.dumps(message["payload"], ensure_ascii=False),
                vapid_private_key=self._vapid,
                vapid_claims={"sub": self.settings.subject},
                content_encoding="aes128gcm",
                timeout=aiohttp.ClientTimeout(total=SEND_TIMEOUT_S),  # type: ignore[arg-type]
                ttl=TTL_S,
                aiohttp_session=self._session,
            )
        except WebPushException as refused:
            return refused.status_code
        except (aiohttp.ClientError, TimeoutError, OSError):
            return None
        return response.status if isinstance(response, aiohttp.ClientResponse) else None
