"""Players: a nickname and a secret token, no password. A room ticket may name its player, so
finished games count in that player's statistics; a player keeps saved house rules (named sets
of options per game) and a coin wallet. A guest's token works for as long as the player exists;
once secured with a passkey (an account, lobby/accounts.py) the player's tokens are sessions,
refused when revoked or idle for longer than SESSION_IDLE_MS."""

from __future__ import annotations

import secrets
import time
from typing import Any, Callable

from rulekit import Refusal

from . import codes
from .ledger import Ledger
from .rating_views import rating_entries
from .store import Player, Session, Store
from .text import clean_text

MAX_RULE_SETS = 50  # per player and game
MAX_GAMES_LISTED = 50  # the newest finished games on a player's page


TRANSFER_MS = 10 * 60 * 1000  # a transfer code is good for ten minutes
TRANSFER_CODE_LENGTH = 8  # from the room codes' alphabet: about 40 bits, used once
SESSION_IDLE_MS = 60 * 86_400_000  # an account's device signs in again after 60 days unused
# A session's last use is written at most this often: not one write per request.
SESSION_TOUCH_MS = 60 * 60 * 1000


class Players:
    def __init__(
        self,
        store: Store,
        ledger: Ledger,
        clock: Callable[[], float] = time.time,
        session_idle_ms: int = SESSION_IDLE_MS,
    ) -> None:
        self.store = store
        self.ledger = ledger
        self.clock = clock
        self.session_idle_ms = session_idle_ms

    async def create(self, nickname: str) -> tuple[Player, str]:
        """A new guest identity and its token (shown once; only its hash is stored)."""
        name = clean_text(nickname, "nickname") or "Guest"
        player = Player(secrets.token_hex(12), name, int(self.clock() * 1000))
        token = codes.new_token()
        await self.store.create_player(player, codes.token_hash(token))
        return player, token

    async def by_token(self, token: str) -> Player:
        player, _ = await self.identify(token)
        return player

    async def identify(self, token: str) -> tuple[Player, Session | None]:
        """The token's player, and its session when the player is an account (a device or a
        bot token). `bad_token` for an unknown token, a revoked or an expired session."""
        hashed = codes.token_hash(token or "")
        player = await self.store.player_by_token(hashed)
        if player is not None:
            return player, None
        found = await self.store.account_session(hashed) if token else None
        if found is None:
            raise Refusal("bad_token", "unknown player")
        session, player = found
        now = int(self.clock() * 1000)
        if session.revoked_ms:
            raise Refusal("bad_token", "this session was signed out or revoked")
        if session.kind == "device" and now - session.last_used_ms > self.session_idle_ms:
            raise Refusal("bad_token", "this session expired: sign in again")
        if now - session.last_used_ms > SESSION_TOUCH_MS:
            await self.store.touch_session(session.id, now)
        return player, session

    async def profile(self, token: str) -> dict[str, Any]:
        """The player, their statistics per game, their wallet (topped up on a new day) and
        their rating in each title they have played rated."""
        player = await self.by_token(token)
        stats = await self.store.player_stats(player.id)
        bot = await self.store.bot_of(player.id)
        return {
            "player": {
                "id": player.id,
                "nickname": player.nickname,
                "created_ms": str(player.created_ms),
                "account": player.is_account,
                # A bot account (PUT /api/players/me/bot, lobby/challenges.py), and its choices.
                "bot": bot is not None,
                "quick_seats": bool(bot and bot["quick_seats"]),
                "bot_games": bot["games"] if bot else [],
            },
            "coins": await self.ledger.wallet(player.id),
            "ratings": rating_entries(await self.store.player_ratings(player.id, int(self.clock() * 1000))),
            "stats": [
                {
                    "game": s.game,
                    "played": s.played,
                    "won": s.won,
                    "placings": {str(k): v for k, v in s.placings.items()},
                }
                for s in stats
            ],
        }

    async def finished_games(self, token: str, limit: int = MAX_GAMES_LISTED) -> list[dict[str, Any]]:
        """The player's finished games, newest first: enough to list them and open their
        replays (`seats`: the seats the player held, to watch from their own view first)."""
        player = await self.by_token(token)
        return [
            {
                "code": g.code,
                "number": g.number,
                "game": g.game,
                "names": g.names,
                "seats": [seat for seat, held_by in enumerate(g.players) if held_by == player.id],
                "placings": g.result.get("placings", []),
                "finished_ms": str(g.finished_ms),
            }
            for g in await self.store.player_games(player.id, limit)
        ]

    async def transfer_code(self, token: str) -> dict[str, Any]:
        """A short code that gives another device this player (once, within TRANSFER_MS):
        what a cleared browser would otherwise lose. Only its hash is stored."""
        player = await self.by_token(token)
        if player.is_account:
            raise Refusal("bad_request", "an account signs in with a passkey on another device")
        code = "".join(secrets.choice(codes.CODE_ALPHABET) for _ in range(TRANSFER_CODE_LENGTH))
        expires = int(self.clock() * 1000) + TRANSFER_MS
        await self.store.link_player(codes.token_hash(code), player.id, expires)
        return {"code": f"{code[:4]}-{code[4:]}", "expires_ms": expires}

    async def claim(self, code: str) -> tuple[Player, str]:
        """The player of a transfer code, with a new token for this device."""
        typed = "".join(ch for ch in str(code or "").upper() if ch.isalnum())
        token = codes.new_token()
        player = await self.store.claim_player_link(
            codes.token_hash(typed), codes.token_hash(token), int(self.clock() * 1000)
        )
        if player is None:
            raise Refusal("bad_token", "unknown, used or expired transfer code")
        return player, token

    async def house_rules(self, token: str, game: str | None) -> list[dict[str, Any]]:
        player = await self.by_token(token)
        return [{**r, "updated_ms": str(r["updated_ms"])} for r in await self.store.house_rules(player.id, game)]

    async def save_house_rules(self, token: str, game: str, name: str, options: dict[str, Any]) -> None:
        """`options` must already be resolved against the game's schema (the lobby does that)."""
        name = clean_text(name, "rule_name")
        if not name:
            raise Refusal("bad_text", "a saved set needs a name")
        player = await self.by_token(token)
        saved = await self.store.house_rules(player.id, game)
        if len(saved) >= MAX_RULE_SETS and name not in {r["name"] for r in saved}:
            raise Refusal("bad_request", f"at most {MAX_RULE_SETS} saved sets per game")
        await self.store.save_house_rules(player.id, game, name, options, int(self.clock() * 1000))

    async def delete_house_rules(self, token: str, game: str, name: str) -> bool:
        player = await self.by_token(token)
        return await self.store.delete_house_rules(player.id, game, clean_text(name, "rule_name"))
