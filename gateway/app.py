"""The aiohttp application: static web client, REST, WebSocket, health and metrics."""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
import math
import os
import pathlib
import re
import uuid
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

import structlog
from aiohttp import WSCloseCode, WSMsgType, web
from multidict import istr
from prometheus_client import CONTENT_TYPE_LATEST, Gauge, generate_latest

from lobby.face import REFUSALS, LobbyFace, RelyingParty, clean_text, normalise_code, token_hash
from rulekit import Refusal

from . import dispatch, heartbeat, qr, rules_pages, static_assets
from .connection import SendQueue, rooms_by_status
from .device_label import device_label
from .frames import MAX_FRAME_BYTES, loads_bounded, parse_client_frame, server_frame
from .limits import FloodGuard, FloodMeter, TokenBucket
from .rest_limits import RestLimiter

log = logging.getLogger(__name__)

WEB_ROOT = pathlib.Path(__file__).parent / "web"
WS_CONNECTIONS = Gauge("gameroom_ws_connections", "Open WebSocket connections")
ROOMS = Gauge("gameroom_rooms", "Rooms with a connection on this gateway, by status", ["status"])
MAX_BODY_BYTES = 16 * 1024

STATUS_OF = {
    "unknown_room": 404,
    "unknown_game": 404,
    "unknown_subscription": 404,
    "push_off": 404,
    "unknown_player": 404,
    "bad_token": 403,
    "bad_origin": 403,
    "bad_passkey": 403,
    "bad_challenge": 403,
    "unknown_passkey": 404,
    "not_account": 409,
    "not_host": 403,
    "room_full": 409,
    "room_finished": 409,
    "invitation_needed": 403,
    "rated_needs_accounts": 403,  # a guest at a rated room: signing in opens it, as an invitation would
    "rate_limited": 429,
    "unknown_challenge": 404,
    "not_your_challenge": 403,
    "challenge_closed": 409,
    "expired": 410,
    "self_challenge": 409,
    "rated_no_bots": 403,
    "frame_too_large": 413,
    "unavailable": 503,
    "internal": 500,
}


@dataclass
class GatewaySettings:
    # Browsers' origins allowed to open a WebSocket or write through REST. Empty: the origin
    # the gateway serves by default (http://localhost:<port> and http://127.0.0.1:<port>).
    allowed_origins: set[str] = field(default_factory=set)
    http_port: int = 8080
    rate_per_s: float = 20.0
    burst: int = 40
    admin_token: str = ""
    ws_per_address: int = 100  # open WebSocket connections per client address
    ws_per_ticket: int = 4  # per seat ticket (a reconnect may overlap the dying socket)
    flood_close_after: int = 100  # frames over the rate within 10 s before the socket is closed
    trusted_proxies: int = 0  # load balancers in front that append to X-Forwarded-For
    # The passkeys' relying party: its id (the site's domain; empty: the allowed origins' host,
    # or "localhost") and the name an authenticator shows.
    rp_id: str = ""
    rp_name: str = "Game room"

    @classmethod
    def from_env(cls) -> GatewaySettings:
        origins = {o.strip() for o in os.environ.get("GAMEROOM_ALLOWED_ORIGINS", "").split(",") if o.strip()}
        return cls(
            allowed_origins=origins,
            http_port=int(os.environ.get("GAMEROOM_HTTP_PORT", "8080")),
            admin_token=os.environ.get("GAMEROOM_ADMIN_TOKEN", ""),
            rate_per_s=float(os.environ.get("GAMEROOM_RATE_PER_S", "20")),
            burst=int(os.environ.get("GAMEROOM_RATE_BURST", "40")),
            ws_per_address=int(os.environ.get("GAMEROOM_WS_PER_ADDRESS", "100")),
            ws_per_ticket=int(os.environ.get("GAMEROOM_WS_PER_TICKET", "4")),
            flood_close_after=int(os.environ.get("GAMEROOM_FLOOD_CLOSE_AFTER", "100")),
            trusted_proxies=int(os.environ.get("GAMEROOM_TRUSTED_PROXIES", "0")),
            rp_id=os.environ.get("GAMEROOM_RP_ID", ""),
            rp_name=os.environ.get("GAMEROOM_RP_NAME", "Game room"),
        )


LOBBY = web.AppKey("lobby", LobbyFace)
SETTINGS = web.AppKey("settings", GatewaySettings)
SOCKETS = web.AppKey("sockets", set)
FLOOD_GUARD = web.AppKey("flood_guard", FloodGuard)
REST_LIMITER = web.AppKey("rest_limiter", RestLimiter)


def refused_response(refusal: Refusal) -> web.Response:
    REFUSALS.labels(refusal.code).inc()
    return web.json_response(
        {"refused": {"code": refusal.code, "detail": refusal.detail}}, status=STATUS_OF.get(refusal.code, 400)
    )


async def read_json(request: web.Request) -> dict[str, Any]:
    if request.content_length is not None and request.content_length > MAX_BODY_BYTES:
        raise Refusal("frame_too_large", "request body too large")
    raw = await request.content.read(MAX_BODY_BYTES + 1)
    if len(raw) > MAX_BODY_BYTES:
        raise Refusal("frame_too_large", "request body too large")
    data = loads_bounded(raw or b"{}")
    if not isinstance(data, dict):
        raise Refusal("malformed_frame", "body is not an object")
    return data


def served_origins(settings: GatewaySettings) -> set[str]:
    if settings.allowed_origins:
        return settings.allowed_origins
    return {f"http://localhost:{settings.http_port}", f"http://127.0.0.1:{settings.http_port}"}


def relying_party(settings: GatewaySettings) -> RelyingParty:
    """Whom the passkeys belong to: a ceremony must come from an origin we serve, for our RP id."""
    origins = sorted(served_origins(settings))
    rp_id = settings.rp_id
    if not rp_id:
        hosts = [urlsplit(o).hostname or "" for o in origins]
        rp_id = "localhost" if "localhost" in hosts or not hosts else hosts[0]
    return RelyingParty(rp_id, settings.rp_name, tuple(origins))


def origin_allowed(request: web.Request, settings: GatewaySettings) -> bool:
    """A browser's Origin must be one we serve. Never the request's own Host header: a page
    on a domain the attacker pointed at our address (DNS rebinding) would match it."""
    origin = request.headers.get("Origin")
    if origin is None:
        return True  # not a browser (bots, tests): tokens protect the seats
    return origin.rstrip("/") in served_origins(settings)


# -- REST ------------------------------------------------------------------------------------------
async def list_games(request: web.Request) -> web.Response:
    # The catalogue only changes when the services do: its compressed forms are kept (with
    # their ETag) for as long as its text stays the same.
    body = json.dumps({"games": request.app[LOBBY].list_games()}).encode("utf-8")
    return serve_asset(request, static_assets.compressed_once(body, ".json"))


async def game_rules(request: web.Request) -> web.Response:
    """A game's rules as an HTML fragment: ?lang=de|en|es|sv (English when the game has no
    text in that language) and ?level=2|3 for the level of its sections' headings."""
    try:
        level = request.query.get("level", "2")
        page = rules_pages.rules_page(
            WEB_ROOT / "games",
            request.match_info["game"],
            request.query.get("lang", rules_pages.FALLBACK),
            int(level) if level in ("2", "3") else 0,
        )
    except Refusal as refusal:
        return refused_response(refusal)
    headers = {"Cache-Control": "no-cache", "ETag": page.etag, "Content-Language": page.lang, "Vary": "Accept-Encoding"}
    if page.etag in request.headers.get("If-None-Match", ""):
        return web.Response(status=304, headers=headers)
    body = page.html
    if "gzip" in request.headers.get("Accept-Encoding", ""):
        body, headers["Content-Encoding"] = page.gzipped, "gzip"
    return web.Response(body=body, content_type="text/html", charset="utf-8", headers=headers)


async def qr_code(request: web.Request) -> web.Response:
    """A room's join link as an SVG QR code. The link comes in the body, not the address: it
    may carry the room's invitation."""
    try:
        body = await read_json(request)
        hosts = {request.host.lower()} | {urlsplit(o).netloc.lower() for o in served_origins(request.app[SETTINGS])}
        svg = qr.qr_svg(qr.check_join_link(body.get("text"), hosts))
    except Refusal as refusal:
        return refused_response(refusal)
    return web.Response(body=svg, content_type="image/svg+xml", headers={"Cache-Control": "no-store"})


async def limit_player(request: web.Request, token: str) -> None:
    """A player named in a body (`player_token`) counts against that player's limit too."""
    if token:
        wait = await request.app[REST_LIMITER].retry_after(
            client_address(request, request.app[SETTINGS]), (), player_token=token
        )
        if wait:
            raise TooManyRequests(wait)


class TooManyRequests(Exception):
    def __init__(self, retry_after: float) -> None:
        super().__init__(f"retry after {retry_after} s")
        self.retry_after = retry_after


async def create_room(request: web.Request) -> web.Response:
    try:
        if not origin_allowed(request, request.app[SETTINGS]):
            raise Refusal("bad_origin")
        body = await read_json(request)
        await limit_player(request, str(body.get("player_token", "")))
        ticket = await request.app[LOBBY].create_room(
            str(body.get("game", "")),
            body.get("options") or {},
            body.get("seats") or [],
            clean_text(body.get("nickname"), "nickname"),
            str(body.get("player_token", "")),
            body.get("private") is True,
            body.get("rated") is True,
            body.get("bots_allowed") is True,
        )
    except Refusal as refusal:
        return refused_response(refusal)
    return web.json_response(ticket, status=201)


async def quick_seat(request: web.Request) -> web.Response:
    """ "Play now": queue for a table of this game, size and stake (lobby/quick_seating.py)."""
    try:
        if not origin_allowed(request, request.app[SETTINGS]):
            raise Refusal("bad_origin")
        body = await read_json(request)
        token = str(body.get("player_token", ""))
        await limit_player(request, token)
        answer = await request.app[LOBBY].quick_seat(
            token,
            str(body.get("game", "")),
            body.get("seats"),
            body.get("stake", 0),
            clean_text(body.get("nickname"), "nickname"),
            body.get("cpu_after_s", 60),
            body.get("language", ""),
        )
    except Refusal as refusal:
        return refused_response(refusal)
    return web.json_response(answer, status=201)


async def quick_seat_action(request: web.Request) -> web.Response:
    """A queued player looks (POST /api/quick-seats/{id}), starts with CPU seats (.../cpu) or
    leaves the queue (.../cancel); the entry's secret comes in the body, never in the URL."""
    lobby = request.app[LOBBY]
    try:
        if not origin_allowed(request, request.app[SETTINGS]):
            raise Refusal("bad_origin")
        body = await read_json(request)
        entry, secret = request.match_info["entry"], str(body.get("secret", ""))
        action = request.match_info.get("action", "look")
        if action == "cpu":
            answer = await lobby.quick_seat_with_cpus(entry, secret)
        elif action == "cancel":
            answer = {"cancelled": await lobby.quick_seat_cancel(entry, secret)}
        elif action == "look":
            cpu_after = body.get("cpu_after_s", 60)
            answer = await lobby.quick_seat_look(entry, secret, cpu_after if isinstance(cpu_after, int) else 60)
        else:
            raise Refusal("bad_request", "unknown action")
    except Refusal as refusal:
        return refused_response(refusal)
    return web.json_response(answer)


async def join_room(request: web.Request) -> web.Response:
    try:
        if not origin_allowed(request, request.app[SETTINGS]):
            raise Refusal("bad_origin")
        body = await read_json(request)
        await limit_player(request, str(body.get("player_token", "")))
        ticket = await request.app[LOBBY].join_room(
            request.match_info["code"],
            clean_text(body.get("nickname"), "nickname"),
            bool(body.get("spectator", False)),
            str(body.get("player_token", "")),
            str(body.get("invite", "")),
            str(body.get("request_id", "")),
        )
    except Refusal as refusal:
        return refused_response(refusal)
    return web.json_response(ticket)


async def get_room(request: web.Request) -> web.Response:
    try:
        return web.json_response(await request.app[LOBBY].get_room(request.match_info["code"]))
    except Refusal as refusal:
        return refused_response(refusal)


INVITE_HEADER = "Gameroom-Invite"


def game_access(request: web.Request) -> tuple[str, str]:
    """What opens a private room's finished game: the room's invitation (a header, as the
    room link keeps it out of request lines and logs) and the player token, both optional."""
    header = request.headers.get("Authorization", "")
    token = header[len("Bearer ") :] if header.startswith("Bearer ") else ""
    return request.headers.get(INVITE_HEADER, "")[:200], token[:200]


async def finished_game(request: web.Request) -> web.Response:
    try:
        number = int(request.match_info["number"])
        invite, token = game_access(request)
        return web.json_response(
            await request.app[LOBBY].finished_game(request.match_info["code"], number, invite, token)
        )
    except ValueError:
        return refused_response(Refusal("bad_request", "a game number is a whole number"))
    except Refusal as refusal:
        return refused_response(refusal)


async def replay(request: web.Request) -> web.Response:
    """A finished game frame by frame: `?seat=K` as seat K saw it, `?seat=all` revealed."""
    try:
        number = int(request.match_info["number"])
        seat = request.query.get("seat", "all")[:8]
        invite, token = game_access(request)
        return web.json_response(
            await request.app[LOBBY].replay(request.match_info["code"], number, seat, invite, token)
        )
    except ValueError:
        return refused_response(Refusal("bad_request", "a game number is a whole number"))
    except Refusal as refusal:
        return refused_response(refusal)


# -- players ---------------------------------------------------------------------------------------
def player_token(request: web.Request) -> str:
    """Players present their token as `Authorization: Bearer <token>`."""
    header = request.headers.get("Authorization", "")
    if not header.startswith("Bearer "):
        raise Refusal("bad_token", "Authorization: Bearer <player token> expected")
    return header[len("Bearer ") :]


async def create_player(request: web.Request) -> web.Response:
    try:
        if not origin_allowed(request, request.app[SETTINGS]):
            raise Refusal("bad_origin")
        body = await read_json(request)
        player, token = await request.app[LOBBY].players.create(clean_text(body.get("nickname"), "nickname"))
    except Refusal as refusal:
        return refused_response(refusal)
    return web.json_response({"player": {"id": player.id, "nickname": player.nickname}, "token": token}, status=201)


async def transfer_code(request: web.Request) -> web.Response:
    """A code that gives another device this player (POST /api/players/me/transfer)."""
    try:
        if not origin_allowed(request, request.app[SETTINGS]):
            raise Refusal("bad_origin")
        answer = await request.app[LOBBY].players.transfer_code(player_token(request))
    except Refusal as refusal:
        return refused_response(refusal)
    return web.json_response(answer, status=201)


async def claim_player(request: web.Request) -> web.Response:
    """This device becomes the player of a transfer code (POST /api/players/claim {code})."""
    try:
        if not origin_allowed(request, request.app[SETTINGS]):
            raise Refusal("bad_origin")
        body = await read_json(request)
        player, token = await request.app[LOBBY].players.claim(str(body.get("code", ""))[:32])
    except Refusal as refusal:
        return refused_response(refusal)
    return web.json_response({"player": {"id": player.id, "nickname": player.nickname}, "token": token}, status=201)


async def my_profile(request: web.Request) -> web.Response:
    try:
        return web.json_response(await request.app[LOBBY].players.profile(player_token(request)))
    except Refusal as refusal:
        return refused_response(refusal)


async def my_games(request: web.Request) -> web.Response:
    """The player's finished games, newest first (GET /api/players/me/games)."""
    try:
        return web.json_response({"games": await request.app[LOBBY].players.finished_games(player_token(request))})
    except Refusal as refusal:
        return refused_response(refusal)


async def my_turns(request: web.Request) -> web.Response:
    """Where it is the player's turn, the longest waiting first (GET /api/players/me/turns)."""
    try:
        return web.json_response({"turns": await request.app[LOBBY].turns(player_token(request))})
    except Refusal as refusal:
        return refused_response(refusal)


async def my_vacation(request: web.Request) -> web.Response:
    """GET: the player's vacation now and the days left this year; POST {days}: one starts now."""
    lobby = request.app[LOBBY]
    try:
        if request.method == "GET":
            return web.json_response(await lobby.vacation(player_token(request)))
        if not origin_allowed(request, request.app[SETTINGS]):
            raise Refusal("bad_origin")
        body = await read_json(request)
        return web.json_response(await lobby.start_vacation(player_token(request), body.get("days")), status=201)
    except Refusal as refusal:
        return refused_response(refusal)


async def my_house_rules(request: web.Request) -> web.Response:
    try:
        rules = await request.app[LOBBY].players.house_rules(player_token(request), request.query.get("game") or None)
    except Refusal as refusal:
        return refused_response(refusal)
    return web.json_response({"house_rules": rules})


async def save_house_rules(request: web.Request) -> web.Response:
    lobby = request.app[LOBBY]
    try:
        if not origin_allowed(request, request.app[SETTINGS]):
            raise Refusal("bad_origin")
        game = request.match_info["game"]
        body = await read_json(request)
        options = lobby.resolve_options(game, body.get("options") or {})
        await lobby.players.save_house_rules(player_token(request), game, request.match_info["name"], options)
    except Refusal as refusal:
        return refused_response(refusal)
    return web.json_response({"game": game, "name": request.match_info["name"], "options": options})


async def delete_house_rules(request: web.Request) -> web.Response:
    try:
        if not origin_allowed(request, request.app[SETTINGS]):
            raise Refusal("bad_origin")
        deleted = await request.app[LOBBY].players.delete_house_rules(
            player_token(request), request.match_info["game"], request.match_info["name"]
        )
    except Refusal as refusal:
        return refused_response(refusal)
    return web.json_response({"deleted": deleted})


# -- accounts: passkeys, sessions, devices, recovery codes, bot tokens ---------------------------
def optional_token(request: web.Request) -> str:
    header = request.headers.get("Authorization", "")
    return header[len("Bearer ") :][:200] if header.startswith("Bearer ") else ""


def checked_origin(request: web.Request) -> None:
    if not origin_allowed(request, request.app[SETTINGS]):
        raise Refusal("bad_origin")


def this_device(request: web.Request) -> str:
    return device_label(request.headers.get("User-Agent", ""))


async def my_account(request: web.Request) -> web.Response:
    """Whether the player is an account, since when, recovery codes left (GET /api/players/me/account)."""
    try:
        return web.json_response(await request.app[LOBBY].accounts.account(player_token(request)))
    except Refusal as refusal:
        return refused_response(refusal)


async def passkey_options(request: web.Request) -> web.Response:
    """POST /api/players/me/passkeys/options: a registration ceremony's options."""
    try:
        checked_origin(request)
        rp = relying_party(request.app[SETTINGS])
        options = await request.app[LOBBY].accounts.registration_options(player_token(request), rp)
    except Refusal as refusal:
        return refused_response(refusal)
    return web.json_response(options)


async def add_passkey(request: web.Request) -> web.Response:
    """POST /api/players/me/passkeys {credential, name}: the new passkey verified and kept."""
    try:
        checked_origin(request)
        body = await read_json(request)
        answer = await request.app[LOBBY].accounts.register(
            player_token(request),
            relying_party(request.app[SETTINGS]),
            body.get("credential"),
            str(body.get("name", "")),
            this_device(request),
        )
    except Refusal as refusal:
        return refused_response(refusal)
    return web.json_response(answer, status=201)


async def my_passkeys(request: web.Request) -> web.Response:
    try:
        return web.json_response({"passkeys": await request.app[LOBBY].accounts.passkeys(player_token(request))})
    except Refusal as refusal:
        return refused_response(refusal)


async def delete_passkey(request: web.Request) -> web.Response:
    try:
        checked_origin(request)
        await request.app[LOBBY].accounts.delete_passkey(player_token(request), request.match_info["id"])
    except Refusal as refusal:
        return refused_response(refusal)
    return web.json_response({"deleted": True})


async def sign_in_options(request: web.Request) -> web.Response:
    """POST /api/sessions/options: a sign-in ceremony's options (no user name needed)."""
    try:
        checked_origin(request)
        options = await request.app[LOBBY].accounts.sign_in_options(relying_party(request.app[SETTINGS]))
    except Refusal as refusal:
        return refused_response(refusal)
    return web.json_response(options)


async def sign_in(request: web.Request) -> web.Response:
    """POST /api/sessions {credential}: a new session for this device; the Bearer token it
    held, if any, is its earlier session, revoked when it is the same player's."""
    try:
        checked_origin(request)
        body = await read_json(request)
        answer = await request.app[LOBBY].accounts.sign_in(
            relying_party(request.app[SETTINGS]), body.get("credential"), this_device(request), optional_token(request)
        )
    except Refusal as refusal:
        return refused_response(refusal)
    return web.json_response(answer, status=201)


async def recover(request: web.Request) -> web.Response:
    """POST /api/sessions/recovery {code}: a recovery code signs this device in, once."""
    try:
        checked_origin(request)
        body = await read_json(request)
        answer = await request.app[LOBBY].accounts.recover(
            str(body.get("code", ""))[:32], this_device(request), optional_token(request)
        )
    except Refusal as refusal:
        return refused_response(refusal)
    return web.json_response(answer, status=201)


async def sign_out(request: web.Request) -> web.Response:
    """DELETE /api/sessions/current: this device's session ends."""
    try:
        checked_origin(request)
        await request.app[LOBBY].accounts.sign_out(player_token(request))
    except Refusal as refusal:
        return refused_response(refusal)
    return web.json_response({"signed_out": True})


async def my_devices(request: web.Request) -> web.Response:
    try:
        return web.json_response({"devices": await request.app[LOBBY].accounts.devices(player_token(request))})
    except Refusal as refusal:
        return refused_response(refusal)


async def revoke_device(request: web.Request) -> web.Response:
    try:
        checked_origin(request)
        await request.app[LOBBY].accounts.revoke_device(player_token(request), request.match_info["id"])
    except Refusal as refusal:
        return refused_response(refusal)
    return web.json_response({"revoked": True})


async def new_recovery_codes(request: web.Request) -> web.Response:
    """POST /api/players/me/recovery-codes: ten new codes, shown once; the old ones are void."""
    try:
        checked_origin(request)
        fresh = await request.app[LOBBY].accounts.new_recovery_codes(player_token(request))
    except Refusal as refusal:
        return refused_response(refusal)
    return web.json_response({"recovery_codes": fresh}, status=201)


async def my_bot_tokens(request: web.Request) -> web.Response:
    try:
        return web.json_response({"bot_tokens": await request.app[LOBBY].accounts.bot_tokens(player_token(request))})
    except Refusal as refusal:
        return refused_response(refusal)


async def create_bot_token(request: web.Request) -> web.Response:
    """POST /api/players/me/bot-tokens {name}: the token, shown once."""
    try:
        checked_origin(request)
        body = await read_json(request)
        made = await request.app[LOBBY].accounts.create_bot_token(player_token(request), str(body.get("name", "")))
    except Refusal as refusal:
        return refused_response(refusal)
    return web.json_response(made, status=201)


async def revoke_bot_token(request: web.Request) -> web.Response:
    try:
        checked_origin(request)
        await request.app[LOBBY].accounts.revoke_bot_token(player_token(request), request.match_info["id"])
    except Refusal as refusal:
        return refused_response(refusal)
    return web.json_response({"revoked": True})


async def delete_me(request: web.Request) -> web.Response:
    """DELETE /api/players/me: the player's personal data removed, their coins back to the mint."""
    try:
        checked_origin(request)
        answer = await request.app[LOBBY].accounts.delete(player_token(request))
    except Refusal as refusal:
        return refused_response(refusal)
    return web.json_response(answer)


# -- ratings ---------------------------------------------------------------------------------------
def whole_query(request: web.Request, name: str) -> int | None:
    """A whole-number query parameter, None when absent; anything else is refused."""
    raw = request.query.get(name)
    if raw is None:
        return None
    if not raw.isdigit() or len(raw) > 6:
        raise Refusal("bad_request", f"{name} is a whole number")
    return int(raw)


async def leaderboard(request: web.Request) -> web.Response:
    """A game's leaderboard, or this week's climbers (GET /api/games/{game}/leaderboard?board=climbers)."""
    try:
        board = await request.app[LOBBY].ratings.board(
            request.match_info["game"], request.query.get("board", "top"), whole_query(request, "limit")
        )
    except Refusal as refusal:
        return refused_response(refusal)
    return web.json_response(board)


async def leaderboard_tops(request: web.Request) -> web.Response:
    """Every game's top three, for the gallery's tiles (GET /api/leaderboards)."""
    return web.json_response({"boards": await request.app[LOBBY].ratings.tops()})


async def player_ratings(request: web.Request) -> web.Response:
    """Anyone's ratings (GET /api/players/{id}/ratings); `me` is the token's player."""
    lobby = request.app[LOBBY]
    try:
        player_id = request.match_info["player"]
        if player_id == "me":
            answer = await lobby.ratings.mine(player_token(request))
        else:
            answer = await lobby.ratings.player(player_id[:64])
    except Refusal as refusal:
        return refused_response(refusal)
    return web.json_response(answer)


async def my_rating_history(request: web.Request) -> web.Response:
    """The player's rating in a game after each of their newest rated games, oldest first
    (GET /api/players/me/ratings/{game}/history?limit=100)."""
    try:
        limit = whole_query(request, "limit")
        history = await request.app[LOBBY].ratings.history(
            player_token(request), request.match_info["game"], *(() if limit is None else (limit,))
        )
    except Refusal as refusal:
        return refused_response(refusal)
    return web.json_response(history)


# -- WebSocket -------------------------------------------------------------------------------------
# A refused move is named so its client knows which one to send again; the id is found in the
# raw text, since a frame over the rate is never parsed.
_MOVE_ID = re.compile(r'"client_move_id"\s*:\s*"([^"\\]{1,64})"')


MAX_HOLD_S = 5.0  # the longest a client asking during its back-off is kept waiting for the answer


def client_address(request: web.Request, settings: GatewaySettings) -> str:
    """The client's address: the peer, or with `trusted_proxies` hops of load balancers in
    front, the X-Forwarded-For entry the outermost trusted one added."""
    if settings.trusted_proxies:
        hops = [h.strip() for h in request.headers.get("X-Forwarded-For", "").split(",") if h.strip()]
        if len(hops) >= settings.trusted_proxies:
            return hops[-settings.trusted_proxies]
    return request.remote or "unknown"


def _too_many(retry_after: float) -> web.Response:
    REFUSALS.labels("rate_limited").inc()
    return web.json_response(
        {"refused": {"code": "rate_limited", "detail": "try again later"}},
        status=429,
        headers={"Retry-After": str(max(1, math.ceil(retry_after)))},
    )


async def websocket(request: web.Request) -> web.StreamResponse:
    # One coroutine for the socket's whole life (no helper awaited inside): each frame of a
    # suspended coroutine stays allocated for as long as its socket is open.
    settings = request.app[SETTINGS]
    guard = request.app[FLOOD_GUARD]
    if not origin_allowed(request, settings):
        return refused_response(Refusal("bad_origin", request.headers.get("Origin", "")))
    address = f"address:{client_address(request, settings)}"
    if not guard.admit(address, settings.ws_per_address):
        return _too_many(1)
    socket: _Socket | None = None
    try:
        # A client closed for flooding waits its back-off before it gets a socket again; one
        # that asks sooner is held (costing no CPU) before it hears so.
        wait = guard.retry_after(address)
        if wait > 0:
            await asyncio.sleep(min(wait, MAX_HOLD_S))
            return _too_many(guard.retry_after(address))
        # Frames a little over our own cap still arrive, so they get a refusal rather than a
        # hang-up. A close waits a second at most for the client's answer. No heartbeat of
        # aiohttp's (timers per socket, re-armed as frames come): gateway/heartbeat.py pings
        # the app's sockets from one task, and answering pings is ours to do.
        ws = web.WebSocketResponse(max_msg_size=4 * MAX_FRAME_BYTES, autoping=False, timeout=1.0)
        await ws.prepare(request)
        # The upgrade's headers are on the wire; aiohttp would keep them (a dozen, with ours and
        # the request id) for as long as the socket lives.
        ws.headers.clear()
        socket = _Socket(request, ws, settings, guard, address)
        request.app[SOCKETS].add(socket)
        WS_CONNECTIONS.inc()
        async for frame in ws:
            socket.heard = True
            kind = frame.type
            if kind is WSMsgType.TEXT or kind is WSMsgType.BINARY:
                if await socket.receive(kind, frame.data):
                    break
            elif kind is WSMsgType.PING:
                await ws.pong(frame.data)
            elif kind is WSMsgType.ERROR:
                break
            # What an idle socket waits with holds no frame, no parsed body, no update.
            del frame
        return ws
    finally:
        guard.release(address)
        if socket is not None:
            if socket.counted_ticket:
                guard.release(socket.ticket_key)
            WS_CONNECTIONS.dec()
            request.app[SOCKETS].discard(socket)
            socket.lobby.disconnect(socket)
            await socket.close()


async def heartbeats(app: web.Application):  # type: ignore[no-untyped-def]
    """One task pings and closes the app's silent sockets (gateway/heartbeat.py)."""
    task = asyncio.get_running_loop().create_task(heartbeat.watch(app[SOCKETS]))
    yield
    task.cancel()


class _Socket(SendQueue):
    """One WebSocket's state between frames: its limits, the ticket it counts under, and (as
    the SendQueue it is) its lobby connection. Each frame is handled in a call of its own, so
    nothing of it (the parsed body, the hello's token) stays referenced while the player thinks."""

    __slots__ = (
        "request",
        "ws",
        "settings",
        "guard",
        "address",
        "lobby",
        "bucket",
        "meter",
        "counted_ticket",
        "heard",
        "silent_since",
        "pinged_at",
    )

    def __init__(
        self,
        request: web.Request,
        ws: web.WebSocketResponse,
        settings: GatewaySettings,
        guard: FloodGuard,
        address: str,
    ) -> None:
        super().__init__()
        self.request, self.ws, self.settings, self.guard, self.address = request, ws, settings, guard, address
        self.lobby = request.app[LOBBY]
        self.bucket = TokenBucket(settings.rate_per_s, settings.burst)
        self.meter = FloodMeter(settings.flood_close_after)
        self.counted_ticket = False  # its ticket counts against ws_per_ticket (`ticket_key`)
        # For gateway/heartbeat.py: a frame came since its last round; silent since; pinged then (0: not).
        self.heard = False
        self.silent_since = asyncio.get_running_loop().time()
        self.pinged_at = 0.0

    @property
    def ticket_key(self) -> str:
        """The key the socket's ticket counts under in the FloodGuard ("" before its hello):
        made again from the ticket when needed rather than kept for the socket's life."""
        ticket = self.ticket
        return f"ticket:{ticket.key}" if ticket is not None else ""

    async def write(self, message: dict[str, Any]) -> None:
        await self.ws.send_str(server_frame(message))

    def overflow(self) -> None:
        asyncio.get_running_loop().create_task(self.ws.close(code=WSCloseCode.TRY_AGAIN_LATER, message=b"too slow"))

    async def hang_up(self, retry_after: float, hold_s: float = 0.0) -> None:
        """Close with 1013 without reading what a flooder goes on sending: reading stops
        first (the close then waits its second for nothing), and a client that came back
        during its back-off is held a while before it hears so."""
        if self.request.transport is not None:
            self.request.transport.pause_reading()
        if hold_s > 0:
            await asyncio.sleep(min(hold_s, MAX_HOLD_S))
        message = f"retry_after={max(1, math.ceil(retry_after))}".encode()
        await self.ws.close(code=WSCloseCode.TRY_AGAIN_LATER, message=message)

    async def receive(self, kind: WSMsgType, data: Any) -> bool:
        """Handle one text or binary frame; True when the socket is to be closed."""
        guard, settings = self.guard, self.settings
        # The rate check comes first: a frame over the rate costs a counter, not a parse.
        if not self.bucket.take():
            if self.meter.refused():
                # A seat's ticket is backed off; only a flooder without one costs its
                # address (which people behind one NAT share) the back-off.
                backoff = guard.punish(self.ticket_key or self.address)
                log.info("closing a flooding connection; back-off %.0f s", backoff)
                await self.hang_up(backoff)
                return True
            named = _MOVE_ID.search(data) if kind == WSMsgType.TEXT else None
            if named is not None:
                dispatch.refuse(self, Refusal("rate_limited"), named.group(1))
            elif self.meter.notice_due():
                dispatch.refuse(self, Refusal("rate_limited"))
            return False
        if kind == WSMsgType.BINARY:
            dispatch.refuse(self, Refusal("malformed_frame", "text frames only"))
            return False
        try:
            branch, body = parse_client_frame(data)
        except Refusal as refusal:
            dispatch.refuse(self, refusal)
            return False
        if branch == "hello" and self.ticket is None:
            key = f"ticket:{token_hash(str(body.get('token', '')))}"
            wait = guard.retry_after(key)
            if wait > 0 or not guard.admit(key, settings.ws_per_ticket):
                REFUSALS.labels("rate_limited").inc()
                refused = {"code": "rate_limited", "detail": "too many connections for this ticket"}
                await self.ws.send_str(server_frame({"refused": {**refused, "client_move_id": ""}}))
                await self.hang_up(wait, hold_s=wait)
                return True
            await dispatch.handle(self.lobby, self, branch, body)
            if self.ticket is None:
                guard.release(key)
            else:
                self.counted_ticket = True  # under `key`, which ticket_key makes again
                structlog.contextvars.bind_contextvars(room=self.ticket.code)
            return False
        await dispatch.handle(self.lobby, self, branch, body)
        return False


# -- pages, health, metrics, admin -----------------------------------------------------------------
ASSETS = web.AppKey("assets", static_assets.StaticAssets)
# What the client fetches as soon as its modules run (js/i18n.js: English always, as the
# fallback; js/games.js: the catalogue for the gallery): the page preloads them beside the
# modules instead of a round trip after them.
FIRST_FETCHES = ("/static/i18n/en.json", "/api/games")


def serve_asset(
    request: web.Request, asset: static_assets.Asset, headers: dict[str, str] | None = None
) -> web.Response:
    """A body as it was compressed at start-up; 304 when the client holds this content."""
    body, encoding = asset.encoded(request.headers.get("Accept-Encoding", ""))
    out = {
        "Cache-Control": static_assets.IMMUTABLE if asset.immutable else static_assets.REVALIDATE,
        "ETag": asset.etag(encoding),
        "Vary": "Accept-Encoding",
        **(headers or {}),
    }
    if asset.matches(request.headers.get("If-None-Match", "")):
        return web.Response(status=304, headers=out)
    if encoding:
        out["Content-Encoding"] = encoding
    return web.Response(body=body, headers={"Content-Type": asset.content_type, **out})


async def index(request: web.Request) -> web.Response:
    """The page; for a game's pages and a room's, with that game's files preloaded as well."""
    assets = request.app[ASSETS]
    if "game" in request.match_info:  # its create form or rules: the game's strings
        page = assets.page_for(request.match_info["game"])
    else:  # a room or a replay: its module too
        page = assets.page_for(await room_game(request), module=True)
    return serve_asset(request, page, {"Content-Security-Policy": page_policy(assets.script_hashes)})


async def room_game(request: web.Request) -> str | None:
    code = request.match_info.get("code")
    if not code:
        return None
    try:
        return await request.app[LOBBY].game_of(code)
    except Exception:  # the store unreachable: the page without the game's preloads still works
        log.warning("no game for the page of room %s", code, exc_info=True)
        return None


async def static_file(request: web.Request) -> web.Response:
    asset = request.app[ASSETS].files.get(request.match_info["path"])
    if asset is None:
        raise web.HTTPNotFound()
    return serve_asset(request, asset)


async def service_worker(request: web.Request) -> web.Response:
    """The service worker at the root, so its scope is the whole site; revalidated on every
    check, so a new deployment's worker (a new shell, gateway/static_assets.py) is found at once."""
    worker = request.app[ASSETS].service_worker
    if worker is None:
        raise web.HTTPNotFound()
    return serve_asset(request, worker, {"Service-Worker-Allowed": "/"})


async def healthz(request: web.Request) -> web.Response:
    return web.json_response({"ok": True})


async def readyz(request: web.Request) -> web.Response:
    lobby = request.app[LOBBY]
    ready = lobby.accepting_rooms and bool(lobby.list_games())
    return web.json_response({"ready": ready}, status=200 if ready else 503)


async def metrics(request: web.Request) -> web.Response:
    lobby = request.app.get(LOBBY)
    if lobby is not None:
        for status, count in rooms_by_status(lobby.hub.rooms()).items():
            ROOMS.labels(status).set(count)
    return web.Response(body=generate_latest(), headers={"Content-Type": CONTENT_TYPE_LATEST})


async def drain(request: web.Request) -> web.Response:
    """Stop taking new rooms (readyz turns 503); running games go on until players move on."""
    token = request.app[SETTINGS].admin_token
    # The Kubernetes API server's pod proxy drops Authorization, so opsctl sends its own header.
    presented = request.headers.get("X-Gameroom-Admin-Token") or request.headers.get("Authorization", "").removeprefix(
        "Bearer "
    )
    # In constant time: how long a wrong guess takes tells nothing about the token.
    if not token or not hmac.compare_digest(presented.encode(errors="replace"), token.encode()):
        return refused_response(Refusal("bad_token"))
    request.app[LOBBY].accepting_rooms = False
    return web.json_response({"draining": True})


async def close_sockets(app: web.Application):  # type: ignore[no-untyped-def]
    yield
    for socket in list(app[SOCKETS]):
        await socket.ws.close(code=WSCloseCode.GOING_AWAY, message=b"server shutdown")


# Scripts and styles only from our own files (no inline ones), never framed, no sniffing.
CONTENT_SECURITY_POLICY = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    )
)


def page_policy(script_hashes: list[str]) -> str:
    """The policy for the page itself: its inline import map allowed by its hash, nothing else inline."""
    allowed = " ".join(f"'{h}'" for h in script_hashes)
    return CONTENT_SECURITY_POLICY.replace("script-src 'self'", f"script-src 'self' {allowed}".rstrip(), 1)


# Names as multidict's case-insensitive strings: a plain str name costs every response (and
# for as long as a WebSocket lives, its upgrade response) a lowered copy and a serialised one.
SECURITY_HEADERS = {
    istr("Content-Security-Policy"): CONTENT_SECURITY_POLICY,
    istr("X-Content-Type-Options"): "nosniff",
    istr("Referrer-Policy"): "no-referrer",
    istr("X-Frame-Options"): "DENY",
    istr("Cross-Origin-Opener-Policy"): "same-origin",
}
REQUEST_ID_HEADER = istr("X-Request-Id")


async def security_headers(request: web.Request, response: web.StreamResponse) -> None:
    """On every answer: pages, static files, REST, refusals, the WebSocket upgrade."""
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    if REQUEST_ID in request:
        response.headers[REQUEST_ID_HEADER] = request[REQUEST_ID]


REQUEST_ID = "request_id"
_GOOD_REQUEST_ID = re.compile(r"[A-Za-z0-9._:-]{1,64}")


# The middlewares hand on the handler's coroutine rather than await it (aiohttp awaits what a
# middleware returns): a WebSocket's handler runs as long as its socket, and a middleware
# awaiting it would keep a frame of its own alive that long, for every connection.
@web.middleware
def log_context(request: web.Request, handler):  # type: ignore[no-untyped-def]
    """Every log line of a request carries its id (the load balancer's X-Request-Id, or a
    new one) and the room code it names; a WebSocket adds its room after the hello."""
    given = request.headers.get("X-Request-Id", "")
    request[REQUEST_ID] = given if _GOOD_REQUEST_ID.fullmatch(given) else uuid.uuid4().hex[:16]
    structlog.contextvars.clear_contextvars()
    structlog.contextvars.bind_contextvars(
        request_id=request[REQUEST_ID], room=normalise_code(request.match_info.get("code", ""))
    )
    return handler(request)


# Lookups by code could walk the code space; creating rooms and guests writes to the store.
REST_KINDS = {
    create_room: ("create_room",),
    create_player: ("create_player",),
    claim_player: ("create_player",),  # guessing codes costs like making players
    get_room: ("lookup",),
    join_room: ("lookup",),
    finished_game: ("lookup",),
    replay: ("lookup",),
    qr_code: ("qr",),
    # Every ceremony writes a challenge; a sign-in or a recovery code is a guess worth limiting.
    sign_in_options: ("sign_in",),
    sign_in: ("sign_in",),
    recover: ("sign_in",),
    passkey_options: ("register",),
    add_passkey: ("register",),
    create_bot_token: ("register",),
}


@web.middleware
def rest_limits(request: web.Request, handler):  # type: ignore[no-untyped-def]
    """Per address and per player on every /api/ request: 429 with Retry-After when over."""
    if not request.path.startswith("/api/"):
        return handler(request)
    return _limited(request, handler)


async def _limited(request: web.Request, handler):  # type: ignore[no-untyped-def]
    header = request.headers.get("Authorization", "")
    token = header[len("Bearer ") :] if header.startswith("Bearer ") else ""
    kinds = REST_KINDS.get(getattr(request.match_info, "handler", None), ())
    try:
        wait = await request.app[REST_LIMITER].retry_after(
            client_address(request, request.app[SETTINGS]), kinds, player_token=token
        )
    except Exception:  # the shared counters are unreachable: serve rather than refuse everyone
        log.warning("REST limits unavailable", exc_info=True)
        wait = 0
    if wait:
        return _too_many(wait)
    try:
        return await handler(request)
    except TooManyRequests as over:
        return _too_many(over.retry_after)


def make_metrics_app(lobby: LobbyFace | None = None) -> web.Application:
    """/metrics alone, for the gateway's metrics port (with the lobby: rooms by status too)."""
    app = web.Application()
    if lobby is not None:
        app[LOBBY] = lobby
    app.add_routes([web.get("/metrics", metrics)])
    return app


def make_app(
    lobby: LobbyFace, settings: GatewaySettings | None = None, rest_limiter: RestLimiter | None = None
) -> web.Application:
    app = web.Application(client_max_size=MAX_BODY_BYTES, middlewares=[log_context, rest_limits])
    app[REST_LIMITER] = rest_limiter or RestLimiter.from_env()
    app[LOBBY] = lobby
    app[SETTINGS] = settings or GatewaySettings()
    app[SOCKETS] = set()
    app[FLOOD_GUARD] = FloodGuard()
    app[ASSETS] = static_assets.load(WEB_ROOT, FIRST_FETCHES)
    app.cleanup_ctx.append(close_sockets)
    app.cleanup_ctx.append(heartbeats)
    app.on_response_prepare.append(security_headers)
    app.add_routes(
        [
            web.get("/", index),
            web.get("/r/{code}", index),
            web.get("/me", index),
            web.get("/r/{code}/games/{number}/replay", index),
            web.get("/tutorial/{name}", index),
            web.get("/fairness", index),
            web.get("/games/{game}/rules", index),
            web.get("/games/{game}/new", index),
            web.get("/games/{game}/leaderboard", index),
            web.get("/api/games", list_games),
            web.get("/api/games/{game}/rules", game_rules),
            web.get("/api/games/{game}/leaderboard", leaderboard),
            web.get("/api/leaderboards", leaderboard_tops),
            web.post("/api/qr", qr_code),
            web.post("/api/rooms", create_room),
            web.get("/api/rooms/{code}", get_room),
            web.post("/api/rooms/{code}/join", join_room),
            web.post("/api/quick-seats", quick_seat),
            web.post("/api/quick-seats/{entry}", quick_seat_action),
            web.post("/api/quick-seats/{entry}/{action}", quick_seat_action),
            web.get("/api/rooms/{code}/games/{number}", finished_game),
            web.get("/api/rooms/{code}/games/{number}/replay", replay),
            web.post("/api/players", create_player),
            web.get("/api/players/me", my_profile),
            web.get("/api/players/me/games", my_games),
            web.get("/api/players/me/turns", my_turns),
            web.get("/api/players/me/vacation", my_vacation),
            web.post("/api/players/me/vacation", my_vacation),
            web.post("/api/players/me/transfer", transfer_code),
            web.post("/api/players/claim", claim_player),
            web.get("/api/players/me/house-rules", my_house_rules),
            web.put("/api/players/me/house-rules/{game}/{name}", save_house_rules),
            web.delete("/api/players/me/house-rules/{game}/{name}", delete_house_rules),
            web.delete("/api/players/me", delete_me),
            web.get("/api/players/me/account", my_account),
            web.post("/api/players/me/passkeys/options", passkey_options),
            web.post("/api/players/me/passkeys", add_passkey),
            web.get("/api/players/me/passkeys", my_passkeys),
            web.delete("/api/players/me/passkeys/{id}", delete_passkey),
            web.get("/api/players/me/devices", my_devices),
            web.delete("/api/players/me/devices/{id}", revoke_device),
            web.post("/api/players/me/recovery-codes", new_recovery_codes),
            web.get("/api/players/me/bot-tokens", my_bot_tokens),
            web.post("/api/players/me/bot-tokens", create_bot_token),
            web.delete("/api/players/me/bot-tokens/{id}", revoke_bot_token),
            web.post("/api/sessions/options", sign_in_options),
            web.post("/api/sessions", sign_in),
            web.post("/api/sessions/recovery", recover),
            web.delete("/api/sessions/current", sign_out),
            web.get("/api/players/me/ratings/{game}/history", my_rating_history),
            web.get("/api/players/{player}/ratings", player_ratings),
            web.get("/ws", websocket),
            web.get("/healthz", healthz),
            web.get("/readyz", readyz),
            web.post("/admin/drain", drain),
            web.get("/static/{path:.+}", static_file),
            web.get("/sw.js", service_worker),
        ]
    )
    from . import challenge_routes, push_routes  # their handlers use this module's helpers

    app.add_routes(push_routes.routes())
    challenge_routes.install(app)
    return app
