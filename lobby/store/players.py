"""Players, their devices and their house rules: guest identities (a token's hash), transfer codes
that give an identity a further device, statistics and named sets of options. Written once over
the backend seam (lobby/store/sql.py)."""

from __future__ import annotations

from typing import Any

from .base import GameStats, Player
from .games import stats
from .sql import Backend, Tx


class Players:
    FLAT = (
        "create_player",
        "player_by_token",
        "players_by_ids",
        "mark_account",
        "player_stats",
        "link_player",
        "claim_player_link",
        "save_house_rules",
        "house_rules",
        "delete_house_rules",
    )

    def __init__(self, backend: Backend) -> None:
        self._backend = backend

    async def create_player(self, player: Player, token_hash: str) -> None:
        async def work(tx: Tx) -> None:
            await tx.execute(
                "INSERT INTO players (id, nickname, token_hash, created_ms) VALUES (?, ?, ?, ?)",
                player.id,
                player.nickname,
                token_hash,
                player.created_ms,
            )

        await self._backend.write(work, alone=True)

    async def player_by_token(self, token_hash: str) -> Player | None:
        async def work(tx: Tx) -> Player | None:
            row = await tx.fetchone(
                "SELECT id, nickname, created_ms, account_ms FROM players WHERE token_hash = ?"
                " UNION ALL SELECT p.id, p.nickname, p.created_ms, p.account_ms FROM player_tokens t JOIN players p ON p.id = t.player_id"
                " WHERE t.token_hash = ? LIMIT 1",
                token_hash,
                token_hash,
            )
            return Player(*row) if row else None

        return await self._backend.read(work)

    async def players_by_ids(self, ids: list[str]) -> dict[str, Player]:
        """The players of these ids that exist, by id (a room's seats, a leaderboard's rows)."""
        wanted = sorted(set(ids))
        if not wanted:
            return {}

        async def work(tx: Tx) -> dict[str, Player]:
            marks = ", ".join("?" for _ in wanted)
            rows = await tx.fetchall(
                f"SELECT id, nickname, created_ms, account_ms FROM players WHERE id IN ({marks})", *wanted
            )
            return {row[0]: Player(*row) for row in rows}

        return await self._backend.read(work)

    async def mark_account(self, player_id: str, at_ms: int) -> None:
        """The player is an account from `at_ms` on (secured with a passkey); kept if already."""

        async def work(tx: Tx) -> None:
            await tx.execute("UPDATE players SET account_ms = ? WHERE id = ? AND account_ms = 0", at_ms, player_id)

        await self._backend.write(work, alone=True)

    async def player_stats(self, player_id: str) -> list[GameStats]:
        async def work(tx: Tx) -> list[GameStats]:
            rows = await tx.fetchall(
                "SELECT game, place, count FROM player_placings WHERE player_id = ? ORDER BY game, place", player_id
            )
            return stats([tuple(row) for row in rows])  # type: ignore[misc]

        return await self._backend.read(work)

    async def link_player(self, code_hash: str, player_id: str, expires_ms: int) -> None:
        """A transfer code for the player, valid until `expires_ms` (only its hash is kept)."""

        async def work(tx: Tx) -> None:
            await tx.execute(
                "INSERT INTO player_links (code_hash, player_id, expires_ms) VALUES (?, ?, ?)",
                code_hash,
                player_id,
                expires_ms,
            )

        await self._backend.write(work, alone=True)

    async def claim_player_link(self, code_hash: str, token_hash: str, now_ms: int) -> Player | None:
        """Once and before it expires: the code's player, who now also answers to `token_hash`
        (a second device); None for an unknown, used or expired code."""

        async def work(tx: Tx) -> Player | None:
            row = await tx.fetchone(
                "DELETE FROM player_links WHERE code_hash = ? RETURNING player_id, expires_ms", code_hash
            )
            if row is None or row[1] < now_ms:
                return None
            await tx.execute("INSERT INTO player_tokens (token_hash, player_id) VALUES (?, ?)", token_hash, row[0])
            found = await tx.fetchone("SELECT id, nickname, created_ms, account_ms FROM players WHERE id = ?", row[0])
            return Player(*found) if found else None

        return await self._backend.write(work)

    async def save_house_rules(self, player_id: str, game: str, name: str, options: dict[str, Any], at_ms: int) -> None:
        """Create or replace the player's named set of options for a game."""

        async def work(tx: Tx) -> None:
            await tx.execute(
                "INSERT INTO house_rules (player_id, game, name, options, updated_ms) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT (player_id, game, name) DO UPDATE SET options = excluded.options,"
                " updated_ms = excluded.updated_ms",
                player_id,
                game,
                name,
                tx.json(options),
                at_ms,
            )

        await self._backend.write(work, alone=True)

    async def house_rules(self, player_id: str, game: str | None = None) -> list[dict[str, Any]]:
        """`[{"game", "name", "options", "updated_ms"}]`, by game and name."""

        async def work(tx: Tx) -> list[dict[str, Any]]:
            rows = await tx.fetchall(
                "SELECT game, name, options, updated_ms FROM house_rules"
                " WHERE player_id = ? AND (CAST(? AS TEXT) IS NULL OR game = ?) ORDER BY game, name",
                player_id,
                game,
                game,
            )
            return [{"game": g, "name": n, "options": tx.unjson(o), "updated_ms": u} for g, n, o, u in rows]

        return await self._backend.read(work)

    async def delete_house_rules(self, player_id: str, game: str, name: str) -> bool:
        async def work(tx: Tx) -> bool:
            deleted = await tx.execute(
                "DELETE FROM house_rules WHERE player_id = ? AND game = ? AND name = ?", player_id, game, name
            )
            return deleted == 1

        return await self._backend.write(work, alone=True)
