"""A bare aiohttp WebSocket echo, the baseline the gateway's round trip is measured against.
It answers every frame with a frame of the requested size (the size of a real update)."""

from __future__ import annotations

import sys

from aiohttp import WSMsgType, web


async def echo(request: web.Request) -> web.WebSocketResponse:
    reply_size = int(request.query.get("reply", "0"))
    ws = web.WebSocketResponse()
    await ws.prepare(request)
    async for frame in ws:
        if frame.type == WSMsgType.TEXT:
            await ws.send_str(frame.data if not reply_size else frame.data.ljust(reply_size))
    return ws


if __name__ == "__main__":
    app = web.Application()
    app.add_routes([web.get("/echo", echo)])
    web.run_app(app, host="127.0.0.1", port=int(sys.argv[1]), print=lambda *_: print("echo ready", flush=True))
