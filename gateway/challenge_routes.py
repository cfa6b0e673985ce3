"""Bots online over REST and WebSocket (docs/play-api.md, "Bots online: challenges and events"):
an account marks itself a bot, challenges are made, answered and withdrawn, bot accounts are
listed, and a player's own event stream runs on `/ws/events`. The lobby (lobby/challenges.py)
checks what is sent; refusals answer as every REST refusal does."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from typing import Any

from aiohttp import WSCloseCode, WSMsgType, web

from lobby.face import REFUSALS
from rulekit import Refusal

from .app import FLOOD_GUARD, LOBBY, SETTINGS, client_address, origin_allowed, player_token, read_json, refused_response

log = logging.getLogger(__name__)

STREAM_OPEN = json.dumps({"kind": "stream_open"})
EVENT_SOCKETS = web.AppKey("event_sockets", set)  # the open /ws/events sockets, closed on shutdown
EVENTS_QUEUE = 256  # events waiting for a slow socket; past that it is closed (it reconnects)
HELLO_TIMEOUT_S = 30.0


def _checked(request: web.Request) -> None:
    if not origin_allowed(request, request.app[SETTINGS]):
        raise Refusal("bad_origin")


async def set_bot(request: web.Request) -> web.Response:
    """PUT /api/players/me/bot {"bot", "quick_seats", "games"}: an account is a bot, or not."""
    try:
        _checked(request)
        body = await read_json(request)
        answer = await request.app[LOBBY].challenges.set_bot(player_token(request), body)
    except Refusal as refusal:
        return refused_response(refusal)
    return web.json_response(answer)


async def list_bots(request: web.Request) -> web.Response:
    """GET /api/bots: {"bots": [{player_id, nickname, online, games}]}, online ones first."""
    try:
        return web.json_response({"bots": await request.app[LOBBY].challenges.bots()})
    except Refusal as refusal:
        return refused_response(refusal)


async def create_challenge(request: web.Request) -> web.Response:
    """POST /api/challenges {to_player, game, options, rated}: the open challenge (201)."""
    try:
        _checked(request)
        body = await read_json(request)
        made = await request.app[LOBBY].challenges.create(
            player_token(request),
            body.get("to_player"),
            body.get("game"),
            body.get("options"),
            body.get("rated", False),
        )
    except Refusal as refusal:
        return refused_response(refusal)
    return web.json_response(made, status=201)


async def answer_challenge(request: web.Request) -> web.Response:
    """POST /api/challenges/{id}/accept or /decline: the challenge; accepted, with "ticket"."""
    try:
        _checked(request)
        action = request.match_info["action"]
        if action not in ("accept", "decline"):
            raise Refusal("bad_request", "accept or decline")
        answer = await request.app[LOBBY].challenges.answer(
            player_token(request), request.match_info["id"], action == "accept"
        )
    except Refusal as refusal:
        return refused_response(refusal)
    return web.json_response(answer)


async def cancel_challenge(request: web.Request) -> web.Response:
    """DELETE /api/challenges/{id}: the challenger withdraws it."""
    try:
        _checked(request)
        answer = await request.app[LOBBY].challenges.cancel(player_token(request), request.match_info["id"])
    except Refusal as refusal:
        return refused_response(refusal)
    return web.json_response(answer)


async def my_challenges(request: web.Request) -> web.Response:
    """GET /api/players/me/challenges: {"challenges": [...]}, the open ones to and from me."""
    try:
        return web.json_response({"challenges": await request.app[LOBBY].challenges.mine(player_token(request))})
    except Refusal as refusal:
        return refused_response(refusal)


class QueuedSink:
    """An event stream's outbox: `send` queues; a socket too slow to keep up is closed."""

    def __init__(self) -> None:
        self.queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue(EVENTS_QUEUE)

    def send(self, event: dict[str, Any]) -> None:
        try:
            self.queue.put_nowait(event)
        except asyncio.QueueFull:
            with contextlib.suppress(asyncio.QueueFull):
                self.queue.get_nowait()
                self.queue.put_nowait(None)  # the writer ends the socket: the client reconnects


async def events_socket(request: web.Request) -> web.StreamResponse:
    """GET /ws/events: the first frame {"player_token"}, then {"kind": "stream_open"} and one
    JSON frame per event ({"kind", ...}); a refused token gets {"refused": {code, detail}} and
    the socket closes."""
    settings = request.app[SETTINGS]
    guard = request.app[FLOOD_GUARD]
    if not origin_allowed(request, settings):
        return refused_response(Refusal("bad_origin", request.headers.get("Origin", "")))
    address = f"address:{client_address(request, settings)}"
    if not guard.admit(address, settings.ws_per_address):
        return refused_response(Refusal("rate_limited", "too many sockets from this address"))
    ws = web.WebSocketResponse(max_msg_size=4096, heartbeat=30.0)
    sink = QueuedSink()
    lobby = request.app[LOBBY]
    player_id = ""
    writer: asyncio.Task[None] | None = None
    try:
        await ws.prepare(request)
        request.app[EVENT_SOCKETS].add(ws)
        try:
            frame = await ws.receive(timeout=HELLO_TIMEOUT_S)
            hello = json.loads(frame.data) if frame.type is WSMsgType.TEXT else None
            token = hello.get("player_token") if isinstance(hello, dict) else None
            if not isinstance(token, str) or not token:
                raise Refusal("malformed_frame", 'the first frame is {"player_token": "..."}')
            player_id = await lobby.challenges.open_stream(token, sink)
        except (TimeoutError, ValueError):
            await _refuse(ws, Refusal("malformed_frame", 'the first frame is {"player_token": "..."}'))
            return ws
        except Refusal as refusal:
            await _refuse(ws, refusal)
            return ws
        # As the gRPC stream's initial metadata: the server holds the stream, so what happens
        # from here reaches it (a client may wait for this before acting on it).
        try:
            await ws.send_str(STREAM_OPEN)
        except (ConnectionError, RuntimeError):
            return ws  # gone meanwhile

        async def write() -> None:
            # A socket that went away meanwhile ends the writer; the reader then sees it closed.
            with contextlib.suppress(ConnectionError, RuntimeError):
                while True:
                    event = await sink.queue.get()
                    if event is None:
                        await ws.close()
                        return
                    await ws.send_str(json.dumps(event, separators=(",", ":")))

        writer = asyncio.get_running_loop().create_task(write())
        async for message in ws:
            if message.type is WSMsgType.ERROR:
                break  # the stream only speaks; whatever the client sends is not read
        return ws
    finally:
        guard.release(address)
        request.app[EVENT_SOCKETS].discard(ws)
        if writer is not None:
            writer.cancel()
        if player_id:
            await lobby.challenges.close_stream(player_id, sink)


async def _refuse(ws: web.WebSocketResponse, refusal: Refusal) -> None:
    REFUSALS.labels(refusal.code).inc()
    with contextlib.suppress(Exception):
        await ws.send_str(json.dumps({"refused": {"code": refusal.code, "detail": refusal.detail}}))
        await ws.close()


async def close_event_sockets(app: web.Application):  # type: ignore[no-untyped-def]
    yield
    for ws in list(app[EVENT_SOCKETS]):
        await ws.close(code=WSCloseCode.GOING_AWAY, message=b"server shutdown")


def install(app: web.Application) -> None:
    """The routes, and the event sockets closed (going away) when the gateway stops."""
    app[EVENT_SOCKETS] = set()
    app.cleanup_ctx.append(close_event_sockets)
    app.add_routes(routes())


def routes() -> list[web.RouteDef]:
    return [
        web.put("/api/players/me/bot", set_bot),
        web.get("/api/bots", list_bots),
        web.post("/api/challenges", create_challenge),
        web.post("/api/challenges/{id}/{action}", answer_challenge),
        web.delete("/api/challenges/{id}", cancel_challenge),
        web.get("/api/players/me/challenges", my_challenges),
        web.get("/ws/events", events_socket),
    ]
