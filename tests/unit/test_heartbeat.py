"""gateway/heartbeat.py: one task's rounds ping a silent socket and close it when no answer
comes, while a client that answers pings stays connected. In-process, on aiohttp's test
server, with the times shortened."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

import aiohttp
from aiohttp import WSMsgType, web
from aiohttp.test_utils import TestServer

from gateway import heartbeat

SOCKETS = web.AppKey("sockets", set)


@dataclass(eq=False)
class Socket:
    request: web.Request
    ws: web.WebSocketResponse
    heard: bool = False
    silent_since: float = field(default_factory=lambda: asyncio.get_running_loop().time())
    pinged_at: float = 0.0


async def handler(request: web.Request) -> web.WebSocketResponse:
    """As the gateway's: every frame is a sign of life, and pings are answered here."""
    ws = web.WebSocketResponse(autoping=False)
    await ws.prepare(request)
    socket = Socket(request, ws)
    request.app[SOCKETS].add(socket)
    try:
        async for frame in ws:
            socket.heard = True
            if frame.type is WSMsgType.PING:
                await ws.pong(frame.data)
    finally:
        request.app[SOCKETS].discard(socket)
    return ws


async def test_a_silent_socket_is_pinged_and_closed_when_it_does_not_answer() -> None:
    app = web.Application()
    app[SOCKETS] = set()
    app.router.add_get("/ws", handler)
    server = TestServer(app)
    await server.start_server()
    # The pong wait is long beside a stall of this loaded process (which runs both ends): the
    # live socket's answer is read in time however late the loop gets to it.
    watcher = asyncio.get_running_loop().create_task(heartbeat.watch(app[SOCKETS], heartbeat_s=0.3, pong_wait_s=1.5))
    try:
        async with aiohttp.ClientSession() as session:
            # Answers pings (aiohttp's client does while it reads) and pings the server itself.
            alive = await session.ws_connect(server.make_url("/ws"))
            # Never reads, so it never answers a ping: a peer that is gone.
            gone = await session.ws_connect(server.make_url("/ws"), autoping=False)
            reading = asyncio.get_running_loop().create_task(alive.receive(timeout=120))
            await alive.ping(b"are you there")
            # Until the silent one is closed: a heartbeat and a whole pong wait have passed for
            # both, and the one that answered is still there.
            async with asyncio.timeout(60):
                while len(app[SOCKETS]) > 1:
                    await asyncio.sleep(0.05)
            assert len(app[SOCKETS]) == 1 and not alive.closed and not reading.done()
            # The gone one finds, once it reads, the ping it never answered and then the end.
            kinds = []
            while True:
                message = await gone.receive(timeout=5)
                kinds.append(message.type)
                if message.type in (WSMsgType.CLOSE, WSMsgType.CLOSED, WSMsgType.ERROR):
                    break
            assert WSMsgType.PING in kinds
            reading.cancel()
            await alive.close()
    finally:
        watcher.cancel()
        await server.close()
