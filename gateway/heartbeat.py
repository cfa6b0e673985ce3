"""Dead peers found without a timer per socket.

aiohttp's own heartbeat arms timers for every WebSocket and re-arms them as frames come (on
uvloop some 550 bytes a live timer, besides its ping task). Here one task makes a round over
all of the gateway's sockets every `pong_wait_s / 3`: a socket silent for `heartbeat_s` is
pinged, and one still silent `pong_wait_s` after its ping is closed (a phone gone without a
goodbye, a half-open connection), so its seat's absence starts as it did with aiohttp's
heartbeat of 30 s. Any frame counts as a sign of life, a pong as much as a move."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Collection
from typing import Protocol

from aiohttp import web

log = logging.getLogger(__name__)

HEARTBEAT_S = 30.0  # a socket that sent nothing this long is pinged
PONG_WAIT_S = 15.0  # and closed if it still sent nothing this much later


class Watched(Protocol):
    """A socket as the rounds see it. Its reader sets `heard` on every frame."""

    request: web.Request
    ws: web.WebSocketResponse
    heard: bool  # a frame came since the last round
    silent_since: float  # loop time
    pinged_at: float  # loop time of the ping waiting for an answer; 0: none


async def watch(
    sockets: Collection[Watched], heartbeat_s: float = HEARTBEAT_S, pong_wait_s: float = PONG_WAIT_S
) -> None:
    """Rounds over `sockets` (read afresh each round) until cancelled."""
    loop = asyncio.get_running_loop()
    pings: set[asyncio.Task[None]] = set()
    while True:
        await asyncio.sleep(pong_wait_s / 3)
        now = loop.time()
        for socket in list(sockets):
            if socket.heard:
                socket.heard, socket.silent_since, socket.pinged_at = False, now, 0.0
            elif socket.pinged_at:
                transport = socket.request.transport
                if now - socket.pinged_at >= pong_wait_s and transport is not None and not transport.is_closing():
                    log.info("no answer to a ping within %.0f s; closing the socket", pong_wait_s)
                    transport.close()  # its reader sees the end and cleans up
            elif now - socket.silent_since >= heartbeat_s:
                socket.pinged_at = now
                ping = loop.create_task(_ping(socket.ws))
                pings.add(ping)
                ping.add_done_callback(pings.discard)


async def _ping(ws: web.WebSocketResponse) -> None:
    with contextlib.suppress(Exception):  # the socket is going away; its reader cleans up
        await ws.ping()
