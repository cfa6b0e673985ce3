"""What the challenge tests share: accounts made over REST with a software passkey, and a
player's event stream over real gRPC that keeps what it received."""

from __future__ import annotations

import asyncio
import json
from typing import Any
from urllib.parse import urlsplit

import aiohttp
import grpc
from gameroom import play_pb2, play_pb2_grpc
from google.protobuf import json_format

from tests.support.authenticator import Authenticator
from tests.support.client import rest


async def call(
    session: aiohttp.ClientSession, base: str, method: str, path: str, token: str, body: Any = None
) -> tuple[int, dict[str, Any]]:
    """A REST call as the player of `token`: (status, answer)."""
    headers = {"Authorization": f"Bearer {token}"}
    async with session.request(method, base + path, json=body, headers=headers) as answer:
        return answer.status, await answer.json()


async def account(session: aiohttp.ClientSession, base: str, nickname: str) -> tuple[str, str]:
    """A new account (a guest secured with a passkey): (its token, its player id)."""
    device = Authenticator(origin=f"http://localhost:{urlsplit(base).port}")
    token = (await rest(session, base, "POST", "/api/players", {"nickname": nickname}))["token"]
    _, options = await call(session, base, "POST", "/api/players/me/passkeys/options", token, {})
    status, _ = await call(
        session, base, "POST", "/api/players/me/passkeys", token, {"credential": device.register(options)}
    )
    assert status == 201
    status, me = await call(session, base, "GET", "/api/players/me", token)
    assert status == 200 and me["player"]["account"] is True
    return token, me["player"]["id"]


async def guest(session: aiohttp.ClientSession, base: str, nickname: str) -> tuple[str, str]:
    token = (await rest(session, base, "POST", "/api/players", {"nickname": nickname}))["token"]
    _, me = await call(session, base, "GET", "/api/players/me", token)
    return token, me["player"]["id"]


def plain(value: Any) -> Any:
    """Struct numbers as ints where they are whole."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value


class Events:
    """A player's Events stream: every event as {"kind", ...fields}, in order."""

    def __init__(self, play: play_pb2_grpc.PlayStub, token: str) -> None:
        self.call = play.Events(play_pb2.EventsRequest(player_token=token))
        self.received: list[dict[str, Any]] = []
        self.arrived = asyncio.Event()
        self.ended: grpc.StatusCode | None = None
        self.reader = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        try:
            async for message in self.call:
                kind = message.WhichOneof("kind")
                body = json_format.MessageToDict(
                    getattr(message, kind), preserving_proto_field_name=True, always_print_fields_with_no_presence=True
                )
                self.received.append({"kind": kind, **plain(body)})
                self.arrived.set()
        except grpc.aio.AioRpcError:
            pass
        self.ended = await self.call.code()
        self.arrived.set()

    async def live(self) -> None:
        """Until the server holds the stream (its initial metadata has come)."""
        metadata = dict(await self.call.initial_metadata() or ())
        assert metadata.get("gameroom-events") == "open", metadata

    def of(self, kind: str) -> list[dict[str, Any]]:
        return [e for e in self.received if e["kind"] == kind]

    async def wait_for(self, predicate, timeout: float = 60) -> None:  # type: ignore[no-untyped-def]
        async with asyncio.timeout(timeout):
            while not predicate(self):
                self.arrived.clear()
                await self.arrived.wait()

    async def close(self) -> None:
        self.call.cancel()
        await asyncio.gather(self.reader, return_exceptions=True)


class EventSocket:
    """`/ws/events`: every frame received after `{"kind": "stream_open"}`, in order."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self.frames: list[dict[str, Any]] = []
        self.arrived = asyncio.Event()
        self.is_open = False
        self.reader = asyncio.get_running_loop().create_task(self._read())

    @classmethod
    async def open(cls, session: aiohttp.ClientSession, base: str, token: str, live: bool = True) -> EventSocket:
        """The stream of `token`; with `live`, once the server holds it (what happens after
        reaches it), else at once (a stream to be refused)."""
        ws = await session.ws_connect(base + "/ws/events")
        await ws.send_str(json.dumps({"player_token": token}))
        socket = cls(ws)
        if live:
            await socket.wait_for(lambda _: socket.is_open)
        return socket

    async def _read(self) -> None:
        async for message in self.ws:
            if message.type == aiohttp.WSMsgType.TEXT:
                frame = json.loads(message.data)
                if frame.get("kind") == "stream_open":
                    self.is_open = True
                else:
                    self.frames.append(frame)
                self.arrived.set()
        self.arrived.set()

    async def wait_for(self, predicate, timeout: float = 60) -> None:  # type: ignore[no-untyped-def]
        async with asyncio.timeout(timeout):
            while not predicate(self.frames):
                self.arrived.clear()
                await self.arrived.wait()

    async def close(self) -> None:
        await self.ws.close()
        await asyncio.gather(self.reader, return_exceptions=True)
