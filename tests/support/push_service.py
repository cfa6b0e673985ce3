"""A push service on loopback, standing in for the public ones (FCM, Mozilla's autopush, Apple's)
that cannot be reached from here: it takes what the platform's sender posts, checks the VAPID
signature's form, decrypts each message per RFC 8291 (aes128gcm) with the private key of the
browser side that this file also plays, and answers with the status each endpoint is told to.

`BrowserKeys` is what a browser makes when it subscribes: a P-256 key pair and an auth secret;
only the public half and the secret go to the server, as `pushManager.subscribe` hands them."""

from __future__ import annotations

import asyncio
import base64
import json
import os
from dataclasses import dataclass, field
from typing import Any

import http_ece
from aiohttp import web
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


@dataclass
class BrowserKeys:
    private: ec.EllipticCurvePrivateKey = field(default_factory=lambda: ec.generate_private_key(ec.SECP256R1()))
    auth: bytes = field(default_factory=lambda: os.urandom(16))

    @property
    def p256dh(self) -> str:
        return b64url(
            self.private.public_key().public_bytes(
                serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
            )
        )

    def subscription(self, endpoint: str) -> dict[str, Any]:
        """The JSON of a PushSubscription, as the browser gives it to the page."""
        return {
            "endpoint": endpoint,
            "expirationTime": None,
            "keys": {"p256dh": self.p256dh, "auth": b64url(self.auth)},
        }

    def decrypt(self, body: bytes) -> dict[str, Any]:
        """The message's JSON; raises if it was not encrypted for this browser."""
        plain = http_ece.decrypt(body, private_key=self.private, auth_secret=self.auth, version="aes128gcm")
        return json.loads(plain.decode("utf-8"))  # type: ignore[no-any-return]


@dataclass
class Delivery:
    name: str
    message: dict[str, Any]
    headers: dict[str, str]


class LocalPushService:
    """Endpoints `/push/<name>`; `answers[name]` lists the statuses to give, one per post, then 201."""

    def __init__(self) -> None:
        self.browsers: dict[str, BrowserKeys] = {}
        self.answers: dict[str, list[int]] = {}
        self.delivered: list[Delivery] = []  # decrypted messages answered 201
        self.posts: dict[str, int] = {}  # every post per endpoint, whatever its answer
        self.arrived = asyncio.Condition()
        self.origin = ""
        self._runner: web.AppRunner | None = None

    def browser(self, name: str) -> BrowserKeys:
        return self.browsers.setdefault(name, BrowserKeys())

    def endpoint(self, name: str) -> str:
        return f"{self.origin}/push/{name}"

    async def start(self, port: int = 0) -> LocalPushService:
        app = web.Application()
        app.add_routes([web.post("/push/{name}", self._post)])
        self._runner = web.AppRunner(app)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", port)
        await site.start()
        bound = self._runner.addresses[0][1]
        self.origin = f"http://127.0.0.1:{bound}"
        return self

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()

    async def _post(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        body = await request.read()
        async with self.arrived:
            self.posts[name] = self.posts.get(name, 0) + 1
            planned = self.answers.get(name) or []
            status = planned.pop(0) if planned else 201
            if status == 201:
                if name not in self.browsers:
                    status = 404
                else:
                    # RFC 8292: "vapid t=<JWT>, k=<public key>"; RFC 8291: aes128gcm only.
                    assert request.headers["Content-Encoding"] == "aes128gcm"
                    assert request.headers["Authorization"].startswith("vapid t=")
                    message = self.browsers[name].decrypt(body)
                    self.delivered.append(Delivery(name, message, dict(request.headers)))
            self.arrived.notify_all()
        return web.Response(status=status)

    def to(self, name: str) -> list[dict[str, Any]]:
        return [d.message for d in self.delivered if d.name == name]

    async def wait_for(self, predicate: Any, timeout: float = 30) -> None:
        """Until `predicate(self)` holds (a state, not a time)."""
        async with self.arrived:
            await asyncio.wait_for(self.arrived.wait_for(lambda: predicate(self)), timeout)
