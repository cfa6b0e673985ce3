"""A bare aiohttp WebSocket echo, the baseline the gateway's round trip is measured against.
It answers every frame with a frame of the requested size (the size of a real update).
With `?room=NAME`, every connection of that room gets the answer, as every seat of a game
gets an update (bench/load.py)."""

from __future__ import annotations

import sys

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
    app = web.Application()
    app[ROOMS] = {}
    app.add_routes([web.get("/echo", echo)])
    web.run_app(app, host="127.0.0.1", port=int(sys.argv[1]), print=lambda *_: print("echo ready", flush=True))
