"""A small client of the play protocol (REST + WebSocket), as a browser or bot would be.

Every frame it receives is also parsed against the play API's schema, so a server message
that strays from play.proto fails the test that received it.
"""

from __future__ import annotations

import asyncio
import itertools
import json
from typing import Any

import aiohttp
from gameroom import play_pb2
from google.protobuf import json_format

_ids = itertools.count(1)


class Refused(Exception):
    def __init__(self, code: str, detail: str = "") -> None:
        super().__init__(f"{code}: {detail}")
        self.code = code
        self.detail = detail


async def rest(session: aiohttp.ClientSession, base: str, method: str, path: str, body: Any = None) -> dict[str, Any]:
    async with session.request(method, base + path, json=body) as answer:
        data = await answer.json()
        if answer.status >= 400:
            raise Refused(data["refused"]["code"], data["refused"].get("detail", ""))
        return data


class PlayClient:
    """One WebSocket connection holding a ticket."""

    def __init__(self, session: aiohttp.ClientSession, base: str, ticket: dict[str, Any]) -> None:
        self.session = session
        self.base = base
        self.ticket = ticket
        self.code = ticket["code"]
        self.token = ticket["token"]
        self.seats: list[int] = list(ticket["seats"])
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self.inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.views: dict[int, dict[str, Any]] = {}
        self.room: dict[str, Any] = ticket["room"]
        self.events: dict[int, dict[str, Any]] = {}
        self.chat: list[dict[str, Any]] = []
        self.received: list[dict[str, Any]] = []
        self._reader: asyncio.Task[None] | None = None

    @classmethod
    async def create(cls, session, base, game, seats, nickname="Anna", options=None, player_token="") -> PlayClient:  # type: ignore[no-untyped-def]
        body = {"game": game, "seats": seats, "nickname": nickname, "options": options or {}}
        ticket = await rest(session, base, "POST", "/api/rooms", {**body, "player_token": player_token})
        return cls(session, base, ticket)

    @classmethod
    async def join(cls, session, base, code, nickname="Ben", spectator=False) -> PlayClient:  # type: ignore[no-untyped-def]
        ticket = await rest(
            session, base, "POST", f"/api/rooms/{code}/join", {"nickname": nickname, "spectator": spectator}
        )
        return cls(session, base, ticket)

    async def connect(self, last_event: int = 0, origin: str | None = None) -> None:
        headers = {"Origin": origin} if origin else {}
        self.ws = await self.session.ws_connect(self.base + "/ws", headers=headers)
        self._reader = asyncio.get_running_loop().create_task(self._read())
        await self.send({"hello": {"code": self.code, "token": self.token, "last_event": last_event}})
        await self.expect("welcome")
        await self.expect("update")

    async def _read(self) -> None:
        assert self.ws is not None
        async for frame in self.ws:
            if frame.type != aiohttp.WSMsgType.TEXT:
                continue
            message = json.loads(frame.data)
            json_format.ParseDict(message, play_pb2.ServerMessage())  # the schema holds
            self.received.append(message)
            self._absorb(message)
            await self.inbox.put(message)

    def _absorb(self, message: dict[str, Any]) -> None:
        if "welcome" in message:
            self.seats = message["welcome"]["seats"]
            self.room = message["welcome"]["room"]
        if "update" in message:
            update = message["update"]
            self.room = update["room"]
            for item in update["views"]:
                self.views[item["seat"]] = item["view"]
            for item in update["events"]:
                self.events[item["number"]] = item["event"]
        if "chat" in message:
            self.chat.append(message["chat"])

    async def send(self, message: dict[str, Any]) -> None:
        assert self.ws is not None
        await self.ws.send_str(json.dumps(message))

    async def send_raw(self, text: str) -> None:
        assert self.ws is not None
        await self.ws.send_str(text)

    async def expect(self, kind: str, timeout: float = 15, where=None) -> dict[str, Any]:  # type: ignore[no-untyped-def]
        """The next message of `kind` (others are skipped, state is still absorbed)."""
        async with asyncio.timeout(timeout):
            while True:
                message = await self.inbox.get()
                if kind in message and (where is None or where(message[kind])):
                    return message[kind]

    async def move(
        self, seat: int, move: dict[str, Any], version: int | None = None, move_id: str | None = None
    ) -> dict[str, Any]:
        """Send a move; the answering update, or Refused."""
        move_id = move_id or f"m{next(_ids)}"
        if version is None:
            version = self.room["version"]
        await self.send({"move": {"seat": seat, "move": move, "client_move_id": move_id, "version": version}})
        async with asyncio.timeout(15):
            while True:
                message = await self.inbox.get()
                if "update" in message and message["update"]["client_move_id"] == move_id:
                    return message["update"]
                if "refused" in message and message["refused"]["client_move_id"] == move_id:
                    raise Refused(message["refused"]["code"], message["refused"]["detail"])

    async def move_at_a_persons_pace(
        self, seat: int, move: dict[str, Any], version: int | None = None
    ) -> dict[str, Any]:
        """`move`, sent again after a pause when refused as `rate_limited`: a test playing a
        whole game moves faster than the per-socket rate a person never reaches."""
        for _ in range(50):
            try:
                return await self.move(seat, move, version=version)
            except Refused as refused:
                if refused.code != "rate_limited":
                    raise
                await asyncio.sleep(0.2)
        raise AssertionError("rate_limited for ten seconds")

    async def wait_until(self, predicate, timeout: float = 30) -> None:  # type: ignore[no-untyped-def]
        async with asyncio.timeout(timeout):
            while not predicate(self):
                await self.inbox.get()

    def view(self, seat: int | None = None) -> dict[str, Any]:
        return self.views[self.seats[0] if seat is None else seat]

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self._reader is not None:
            self._reader.cancel()


async def anna_and_ben_playing(
    session: aiohttp.ClientSession,
    base: str,
    game: str,
    seats: list[dict[str, Any]],
    options: dict[str, Any] | None = None,
) -> tuple[PlayClient, PlayClient]:
    """Anna creates a room of `seats` (seat 0 hers, seat 1 for Ben), Ben joins, both connect,
    Anna starts the game; returned once both have seen it playing, with their views."""
    anna = await PlayClient.create(session, base, game, seats, "Anna", options=options)
    ben = await PlayClient.join(session, base, anna.code, "Ben")
    await anna.connect()
    await ben.connect()
    await anna.send({"start": {}})
    for client in (anna, ben):
        await client.wait_until(lambda c: c.room["status"] == "playing" and c.views)
    return anna, ben
