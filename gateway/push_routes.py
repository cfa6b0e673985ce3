"""REST for Web Push (docs/play-api.md): the server's VAPID key, and a player's subscriptions
and quiet hours. The lobby (lobby/push.py) checks what is sent; refusals answer as every REST
refusal does."""

from __future__ import annotations

from aiohttp import web

from rulekit import Refusal

from .app import LOBBY, SETTINGS, origin_allowed, player_token, read_json, refused_response, this_device


async def push_key(request: web.Request) -> web.Response:
    """GET /api/push/key: {"key"}, the application server key browsers subscribe with."""
    try:
        return web.json_response({"key": request.app[LOBBY].push.public_key()})
    except Refusal as refusal:
        return refused_response(refusal)


async def subscribe(request: web.Request) -> web.Response:
    """POST /api/players/me/push {subscription, language}: this browser is told too, listed
    under the name its User-Agent gives it (as its sessions are)."""
    try:
        if not origin_allowed(request, request.app[SETTINGS]):
            raise Refusal("bad_origin")
        body = await read_json(request)
        stored = await request.app[LOBBY].push.subscribe(player_token(request), body, this_device(request))
    except Refusal as refusal:
        return refused_response(refusal)
    return web.json_response(stored, status=201)


async def subscriptions(request: web.Request) -> web.Response:
    """GET /api/players/me/push: {subscriptions: [{id, label, language, created_ms}], quiet_hours}."""
    try:
        return web.json_response(await request.app[LOBBY].push.subscriptions(player_token(request)))
    except Refusal as refusal:
        return refused_response(refusal)


async def unsubscribe(request: web.Request) -> web.Response:
    """DELETE /api/players/me/push/{id}."""
    try:
        if not origin_allowed(request, request.app[SETTINGS]):
            raise Refusal("bad_origin")
        await request.app[LOBBY].push.unsubscribe(player_token(request), request.match_info["id"])
    except Refusal as refusal:
        return refused_response(refusal)
    return web.json_response({"deleted": True})


async def quiet_hours(request: web.Request) -> web.Response:
    """PUT /api/players/me/push/quiet-hours {from: "HH:MM", to: "HH:MM", time_zone}."""
    try:
        if not origin_allowed(request, request.app[SETTINGS]):
            raise Refusal("bad_origin")
        body = await read_json(request)
        saved = await request.app[LOBBY].push.save_quiet_hours(player_token(request), body)
    except Refusal as refusal:
        return refused_response(refusal)
    return web.json_response({"quiet_hours": saved})


def routes() -> list[web.AbstractRouteDef]:
    return [
        web.get("/api/push/key", push_key),
        web.get("/api/players/me/push", subscriptions),
        web.post("/api/players/me/push", subscribe),
        web.put("/api/players/me/push/quiet-hours", quiet_hours),
        web.delete("/api/players/me/push/{id}", unsubscribe),
    ]
