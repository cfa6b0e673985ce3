"""Web Push for players: who is told what, and what a player may do with their subscriptions.

Notifications follow the player (lobby/players.py), not a browser: every browser the player
subscribed is told. `PushNotices` observes the step pipeline (lobby/steps.py): after a
committed step, a player whose turn it now is and who is not at the table (no connection to
the seat: `Seat.here`) is told so, and every player of a game that just ended who is not at the
table is told that. One notice per table until they look (`looked`, when they open the table),
each in the language of the subscription, not before their quiet hours end
(lobby/quiet_hours.py). The texts are queued in the store's outbox (lobby/store/push.py), which
the sender (lobby/push_sender.py) works off. Rooms carry no invitations addressed to a player
(a private room's invitation is a link the host shares), so there is nothing to tell of those.

`PushDesk` is what the REST API offers: the server's key, a player's subscriptions and quiet
hours.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from typing import Any
from urllib.parse import urlsplit

from rulekit import Refusal

from .players import Players
from .ports import Runner
from .push_keys import PushSettings, b64url_decode
from .push_texts import language_of, notifications, titles_of
from .quiet_hours import minute_text, parse_minute, send_after, zone
from .room import Room
from .store import Store
from .store.push import worth_telling

log = logging.getLogger(__name__)

MAX_SUBSCRIPTIONS = 20  # per player: browsers and phones of one person
MAX_ENDPOINT = 1024
P256DH_BYTES = 65  # an uncompressed P-256 point (RFC 8291)
AUTH_BYTES = 16  # the authentication secret (RFC 8291)


def reasons_to_tell(room: Room, absent_only: bool = True) -> list[tuple[str, str, str]]:
    """(player id, kind, reason) for each player to tell of the room as it now is: whose turn it
    is at a seat they hold but are not at, or, once the game is over, who sat in it and is not at
    the table (`absent_only` False: at the table or not). A seat a CPU plays for its holder is
    not theirs to move."""
    told: list[tuple[str, str, str]] = []
    if room.status == "playing":
        versions = room.choice_version or {}
        for number in room.to_move:
            seat = room.seats[number]
            if seat.kind != "human" or not seat.holder or seat.left or (seat.here and absent_only):
                continue
            player = room.player_of(seat.holder)
            if player:
                version = versions.get(str(number), room.version)
                told.append((player, "turn", f"turn:{room.game_number}:{version}"))
    elif room.status == "finished":
        for entry in room.tickets.values():
            if not entry.player or not entry.seats:
                continue
            if absent_only and any(room.seats[n].here for n in entry.seats if n < len(room.seats)):
                continue
            told.append((entry.player, "ended", f"ended:{room.game_number}"))
    unique: dict[str, tuple[str, str, str]] = {}
    for player, kind, reason in told:
        unique.setdefault(player, (player, kind, reason))
    return list(unique.values())


class PushNotices:
    """An observer of the step pipeline that queues what players are to be told."""

    def __init__(self, store: Store, settings: PushSettings, now_ms: Any) -> None:
        self.store = store
        self.settings = settings
        self.now_ms = now_ms
        self.queued = asyncio.Event()  # set when this process queued messages: the sender looks

    async def after_step(self, room: Room, revision: int, steps: Runner, force: bool = False) -> None:
        if not self.settings.enabled:
            return
        for player, kind, reason in reasons_to_tell(room):
            # A read first: most players have no subscription, and a step observed again (a
            # restart, another replica) has been told already; only a new notice is written.
            plan = await self.store.push_plan(player, room.code)
            if plan is None or not worth_telling(reason, plan["told"], plan["seen"]):
                continue
            now = self.now_ms()
            quiet = plan["quiet"]
            due = (
                now
                if quiet is None
                else send_after(now, quiet["start_minute"], quiet["end_minute"], quiet["time_zone"])
            )
            queued = await self.store.push_notice(
                player,
                room.code,
                reason,
                notifications(kind, room.code, titles_of(room.game, self.settings.game_titles)),
                due,
                now,
                lambda: secrets.token_hex(12),
            )
            if queued:
                log.info("room %s: %s notice queued for player %s on %d device(s)", room.code, kind, player, queued)
                self.queued.set()

    async def looked(self, player: str, room: Room) -> None:
        """The player opened the table: they know what there is to know of it now (so leaving
        it again on their turn tells them nothing new); the next reason is told again."""
        if player and self.settings.enabled:
            plan = await self.store.push_plan(player, room.code)
            if plan is None:
                return  # no device of theirs is told: nothing to remember
            now = {p: reason for p, _, reason in reasons_to_tell(room, absent_only=False)}.get(player, "")
            if plan["seen"] and plan["told"] == now:
                return
            await self.store.push_seen(player, room.code, now, self.now_ms())


class PushDesk:
    """Subscriptions and quiet hours, as the REST API offers them."""

    def __init__(self, store: Store, players: Players, settings: PushSettings, now_ms: Any) -> None:
        self.store = store
        self.players = players
        self.settings = settings
        self.now_ms = now_ms

    def public_key(self) -> str:
        """The VAPID public key browsers subscribe with; refused `push_off` when not configured."""
        if not self.settings.enabled:
            raise Refusal("push_off", "Web Push is not configured on this server")
        return self.settings.public_key

    def check_endpoint(self, endpoint: Any) -> str:
        """A push service's address: https, or one of the configured local test origins."""
        if not isinstance(endpoint, str) or not endpoint or len(endpoint) > MAX_ENDPOINT:
            raise Refusal("bad_subscription", "endpoint missing or too long")
        parts = urlsplit(endpoint)
        origin = f"{parts.scheme}://{parts.netloc}"
        if not parts.netloc or (parts.scheme != "https" and origin not in self.settings.test_origins):
            raise Refusal("bad_subscription", "endpoint must be an https URL")
        return endpoint

    @staticmethod
    def check_key(value: Any, size: int, name: str) -> str:
        try:
            raw = b64url_decode(value) if isinstance(value, str) and len(value) < 200 else b""
        except ValueError:
            raw = b""
        if len(raw) != size or (name == "p256dh" and raw[0] != 4):
            raise Refusal("bad_subscription", f"keys.{name} must be {size} bytes, base64url")
        return str(value).strip().rstrip("=")

    async def subscribe(self, token: str, body: dict[str, Any], device_label: str) -> dict[str, Any]:
        """Keep the browser's subscription (`pushManager.subscribe`'s JSON, with the page's
        `language`) for the player, labelled `device_label` (the gateway's name for the browser,
        the one its signed-in sessions get too)."""
        self.public_key()
        player = await self.players.by_token(token)
        subscription = body.get("subscription")
        if not isinstance(subscription, dict):
            raise Refusal("bad_subscription", "subscription missing")
        keys = subscription.get("keys")
        if not isinstance(keys, dict):
            raise Refusal("bad_subscription", "keys missing")
        endpoint = self.check_endpoint(subscription.get("endpoint"))
        p256dh = self.check_key(keys.get("p256dh"), P256DH_BYTES, "p256dh")
        auth = self.check_key(keys.get("auth"), AUTH_BYTES, "auth")
        existing = await self.store.push_subscriptions(player.id)
        if len(existing) >= MAX_SUBSCRIPTIONS and endpoint not in {s["endpoint"] for s in existing}:
            raise Refusal("bad_request", f"at most {MAX_SUBSCRIPTIONS} devices")
        stored = await self.store.push_subscribe(
            {
                "id": secrets.token_hex(8),
                "player_id": player.id,
                "endpoint": endpoint,
                "p256dh": p256dh,
                "auth": auth,
                "language": language_of(body.get("language", "")),
                "label": device_label,
                "created_ms": self.now_ms(),
            }
        )
        return listed(stored)

    async def subscriptions(self, token: str) -> dict[str, Any]:
        player = await self.players.by_token(token)
        quiet = await self.store.push_quiet_hours(player.id)
        return {
            "subscriptions": [listed(s) for s in await self.store.push_subscriptions(player.id)],
            "quiet_hours": quiet_listed(quiet),
        }

    async def unsubscribe(self, token: str, subscription_id: str) -> bool:
        player = await self.players.by_token(token)
        if not await self.store.push_unsubscribe(player.id, str(subscription_id)[:64]):
            raise Refusal("unknown_subscription", "no such subscription of this player")
        return True

    async def save_quiet_hours(self, token: str, body: dict[str, Any]) -> dict[str, Any]:
        """{"from": "HH:MM", "to": "HH:MM", "time_zone": IANA name}; from = to: none."""
        start = parse_minute(body.get("from", ""))
        end = parse_minute(body.get("to", ""))
        time_zone = str(body.get("time_zone", ""))[:64]
        zone(time_zone)
        player = await self.players.by_token(token)
        await self.store.push_save_quiet_hours(player.id, start, end, time_zone)
        return quiet_listed({"start_minute": start, "end_minute": end, "time_zone": time_zone}) or {}


def listed(subscription: dict[str, Any]) -> dict[str, Any]:
    """A subscription as the player sees it (no endpoint: it is a capability to message them)."""
    return {
        "id": subscription["id"],
        "label": subscription["label"],
        "language": subscription["language"],
        "created_ms": str(subscription["created_ms"]),
    }


def quiet_listed(quiet: dict[str, Any] | None) -> dict[str, Any] | None:
    if quiet is None:
        return None
    return {
        "from": minute_text(quiet["start_minute"]),
        "to": minute_text(quiet["end_minute"]),
        "time_zone": quiet["time_zone"],
    }
