"""Limits on the REST API, per client address and per player, with the `limits` library.

Every /api/ request counts against its address's general limit; lookups by room code
(which could otherwise walk the code space), room creation, guest creation, signing in (a
recovery code is a guess) and adding passkeys also count against stricter limits of their own, and requests that name a player (a Bearer token, or a
`player_token` in the body) against that player's limit. With GAMEROOM_REDIS the counters
live in Redis, so every gateway replica sees the same counts; without it, in memory.

Limits are `limits` strings ("300/minute", "20 per 10 seconds") from the environment
(docs/configuration.md). GAMEROOM_LIMITS_EXEMPT lists addresses that are never limited:
a setting for development and the test suite on loopback, empty by default.
"""

from __future__ import annotations

import hashlib
import logging
import math
import os
import time
from dataclasses import dataclass, field

from limits import RateLimitItem, parse
from limits.aio.storage import MemoryStorage, Storage
from limits.aio.strategies import SlidingWindowCounterRateLimiter
from limits.storage import storage_from_string

log = logging.getLogger(__name__)

DEFAULTS = {
    "rest": "300/minute",  # every /api/ request, per address
    "lookup": "60/minute",  # GET /api/rooms/{code}, its finished games, joining by code
    "create_room": "20/minute",
    "create_player": "10/minute",
    "player": "120/minute",  # every request naming a player, per player
    "qr": "30/minute",  # POST /api/qr: drawing a QR code costs milliseconds of pure Python
    "sign_in": "20/minute",  # passkey sign-in (its options, its answer) and recovery codes
    "register": "20/minute",  # adding a passkey (its options, its answer) and making bot tokens
}


@dataclass
class RestLimitSettings:
    limits: dict[str, str] = field(default_factory=lambda: dict(DEFAULTS))
    exempt: frozenset[str] = frozenset()

    @classmethod
    def from_env(cls) -> RestLimitSettings:
        chosen = {name: os.environ.get(f"GAMEROOM_LIMIT_{name.upper()}", rule) for name, rule in DEFAULTS.items()}
        exempt = frozenset(a.strip() for a in os.environ.get("GAMEROOM_LIMITS_EXEMPT", "").split(",") if a.strip())
        return cls(chosen, exempt)


class RestLimiter:
    def __init__(self, settings: RestLimitSettings, storage: Storage) -> None:
        self.settings = settings
        self.items: dict[str, RateLimitItem] = {name: parse(rule) for name, rule in settings.limits.items()}
        self.storage = storage
        self.limiter = SlidingWindowCounterRateLimiter(storage)

    @classmethod
    def from_env(cls, settings: RestLimitSettings | None = None) -> RestLimiter:
        settings = settings or RestLimitSettings.from_env()
        redis_url = os.environ.get("GAMEROOM_REDIS", "")
        if not redis_url:
            return cls(settings, MemoryStorage())
        prefix = os.environ.get("GAMEROOM_REDIS_PREFIX", "gameroom")
        storage = storage_from_string(f"async+{redis_url}", implementation="redispy", key_prefix=f"{prefix}:limits")
        return cls(settings, storage)

    async def retry_after(self, address: str, kinds: tuple[str, ...], player_token: str = "") -> float:
        """Count one request; 0 if it may go ahead, else the seconds until it may.

        Each limit is counted only while the ones before it passed, so a refused request
        does not eat into the stricter limits behind it."""
        if address in self.settings.exempt:
            return 0.0
        keys = [(kind, "address", address) for kind in ("rest", *kinds)]
        if player_token:
            keys.append(("player", "player", hashlib.sha256(player_token.encode()).hexdigest()[:32]))
        for kind, scope, who in keys:
            item = self.items[kind]
            if not await self.limiter.hit(item, kind, scope, who):
                stats = await self.limiter.get_window_stats(item, kind, scope, who)
                return max(1.0, math.ceil(stats.reset_time - time.time()))
        return 0.0
