"""A bare aiohttp WebSocket echo, the baseline the gateway's round trip is measured against.
It answers every frame with a frame of the requested size (the size of a real update).
With `?room=NAME`, every connection of that room gets the answer, as every seat of a game
gets an update (bench/load.py).

    python bench/echo_server.py PORT [LOOP]

LOOP (`asyncio` unless given; servicekit.eventloop's names) is the event loop it runs on, so a
benchmark can give the echo the loop the platform runs on (bench/move_floor.py --floor-loop)."""

from __future__ import annotations

import sys
from pathlib import Path

from aiohttp import WSMsgType, web

ROOMS = web.AppKey("rooms", dict)


async def echo(request: web.Request) -> web.WebSocketResponse:
    reply_size = int(request.query.get("reply", "0"))
    ws = web.WebSocketResponse()
    await ws.prepare(request)
    room = request.query.get("room")
    peers: set[web.WebSocketResponse] = request.app[ROOMS].setdefault(room, set()) if room else set()
    peers.add(ws)
    try:
        async for frame in ws:
            if frame.type == WSMsgType.TEXT:
                reply = frame.data if not reply_size else frame.data.ljust(reply_size)
                for peer in [p for p in peers if not p.closed]:
                    await peer.send_str(reply)
    finally:
        peers.discard(ws)
    return ws


if __name__ == "__main__":
    # Run as a script: the checkout's packages are not on the path by themselves.
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from servicekit.eventloop import LOOPS

    app = web.Application()
    app[ROOMS] = {}
    app.add_routes([web.get("/echo", echo)])
    web.run_app(
        app,
        host="127.0.0.1",
        port=int(sys.argv[1]),
        print=lambda *_: print("echo ready", flush=True),
        loop=LOOPS[sys.argv[2] if len(sys.argv) > 2 else "asyncio"](),
    )
