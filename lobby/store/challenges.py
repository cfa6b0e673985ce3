"""Bot accounts and challenges (lobby/challenges.py): which accounts are bots (and whether quick
seating may seat them), and one player's challenge to another to a game.

A challenge: {"id", "from_player", "to_player", "game", "options", "rated", "status",
"created_ms", "expires_ms", "room_code"}; `status` open, accepted, declined, cancelled or
expired. A status changes only from open, and only once (`close_challenge` compares and sets),
so two replicas answering one challenge at once cannot both win. The limits on a player's
challenges are counted in the very transaction that adds one, the challenger's writes taking
turns (`Tx.lock`). Written once over the backend seam (lobby/store/sql.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .sql import Backend, Tx

_COLUMNS = "id, from_player, to_player, game, options, rated, status, created_ms, expires_ms, room_code"


def _challenge(tx: Tx, row: Sequence[Any]) -> dict[str, Any]:
    cid, from_player, to_player, game, options, rated, status, created_ms, expires_ms, room_code = row
    return {
        "id": cid,
        "from_player": from_player,
        "to_player": to_player,
        "game": game,
        "options": tx.unjson(options) or {},
        "rated": bool(rated),
        "status": status,
        "created_ms": int(created_ms),
        "expires_ms": int(expires_ms),
        "room_code": room_code,
    }


class Challenges:
    FLAT = (
        "set_bot",
        "bot_of",
        "bots_among",
        "list_bots",
        "quick_seat_bots",
        "set_bot_online",
        "add_challenge",
        "challenge_by_id",
        "close_challenge",
        "close_challenge_room",
        "reopen_challenge",
        "open_challenges_of",
        "expire_challenges",
    )

    def __init__(self, backend: Backend) -> None:
        self._backend = backend

    # -- bot accounts ---------------------------------------------------------------------------
    async def set_bot(self, player_id: str, bot: bool, quick_seats: bool, games: list[str], at_ms: int) -> None:
        """The account is a bot (with its choices) or, `bot` False, a person again."""

        async def work(tx: Tx) -> None:
            if not bot:
                await tx.execute("DELETE FROM bots WHERE player_id = ?", player_id)
                return
            await tx.execute(
                "INSERT INTO bots (player_id, quick_seats, games, since_ms, online_until_ms) VALUES (?, ?, ?, ?, 0)"
                " ON CONFLICT (player_id) DO UPDATE SET quick_seats = excluded.quick_seats, games = excluded.games",
                player_id,
                1 if quick_seats else 0,
                tx.json(games),
                at_ms,
            )

        await self._backend.write(work, alone=True)

    async def bot_of(self, player_id: str) -> dict[str, Any] | None:
        """{"quick_seats", "games", "online_until_ms"} of a bot; None for a person."""

        async def work(tx: Tx) -> dict[str, Any] | None:
            row = await tx.fetchone(
                "SELECT quick_seats, games, online_until_ms FROM bots WHERE player_id = ?", player_id
            )
            if row is None:
                return None
            return {"quick_seats": bool(row[0]), "games": tx.unjson(row[1]) or [], "online_until_ms": int(row[2])}

        return await self._backend.read(work)

    async def bots_among(self, ids: list[str]) -> set[str]:
        """Which of these players are bots (a room's seats, a leaderboard's rows)."""
        wanted = sorted({i for i in ids if i})
        if not wanted:
            return set()

        async def work(tx: Tx) -> set[str]:
            marks = ", ".join("?" for _ in wanted)
            rows = await tx.fetchall(f"SELECT player_id FROM bots WHERE player_id IN ({marks})", *wanted)
            return {row[0] for row in rows}

        return await self._backend.read(work)

    async def list_bots(self, now_ms: int, limit: int = 200) -> list[dict[str, Any]]:
        """Every bot account, online ones first, then by nickname: {"player_id", "nickname",
        "online", "games"}."""

        async def work(tx: Tx) -> list[dict[str, Any]]:
            rows = await tx.fetchall(
                "SELECT b.player_id, p.nickname, b.online_until_ms, b.games FROM bots b"
                " JOIN players p ON p.id = b.player_id"
                " ORDER BY CASE WHEN b.online_until_ms > ? THEN 0 ELSE 1 END, p.nickname, b.player_id LIMIT ?",
                now_ms,
                limit,
            )
            return [
                {"player_id": r[0], "nickname": r[1], "online": int(r[2]) > now_ms, "games": tx.unjson(r[3]) or []}
                for r in rows
            ]

        return await self._backend.read(work)

    async def quick_seat_bots(self, game: str, now_ms: int, exclude: list[str]) -> list[tuple[str, str]]:
        """(player id, nickname) of the online bots that opted in to quick seating and play
        `game` (a bot naming no games plays any), but those of `exclude`; by id, so the choice
        is stable."""

        async def work(tx: Tx) -> list[tuple[str, str]]:
            rows = await tx.fetchall(
                "SELECT b.player_id, p.nickname, b.games FROM bots b JOIN players p ON p.id = b.player_id"
                " WHERE b.quick_seats = 1 AND b.online_until_ms > ? ORDER BY b.player_id",
                now_ms,
            )
            found = []
            for player_id, nickname, games in rows:
                listed = tx.unjson(games) or []
                if player_id not in exclude and (not listed or game in listed):
                    found.append((player_id, nickname))
            return found

        return await self._backend.read(work)

    async def set_bot_online(self, player_id: str, until_ms: int) -> None:
        """The bot's event stream is open until `until_ms` unless renewed (0: closed now)."""

        async def work(tx: Tx) -> None:
            await tx.execute("UPDATE bots SET online_until_ms = ? WHERE player_id = ?", until_ms, player_id)

        await self._backend.write(work, alone=True)

    # -- challenges -----------------------------------------------------------------------------
    async def add_challenge(
        self, challenge: dict[str, Any], max_open: int, max_per_window: int, window_start_ms: int
    ) -> str:
        """Add the open challenge unless its challenger has `max_open` open ones already
        ("open"), or created `max_per_window` since `window_start_ms` ("window"); "" when added."""

        async def work(tx: Tx) -> str:
            sender = challenge["from_player"]
            await tx.lock(f"challenges:{sender}")
            (open_now,) = await tx.fetchone(  # type: ignore[misc]
                "SELECT COUNT(*) FROM challenges WHERE from_player = ? AND status = 'open' AND expires_ms > ?",
                sender,
                challenge["created_ms"],
            )
            if open_now >= max_open:
                return "open"
            (recent,) = await tx.fetchone(  # type: ignore[misc]
                "SELECT COUNT(*) FROM challenges WHERE from_player = ? AND created_ms >= ?", sender, window_start_ms
            )
            if recent >= max_per_window:
                return "window"
            await tx.execute(
                f"INSERT INTO challenges ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, 'open', ?, ?, '')",
                challenge["id"],
                sender,
                challenge["to_player"],
                challenge["game"],
                tx.json(challenge["options"]),
                1 if challenge["rated"] else 0,
                challenge["created_ms"],
                challenge["expires_ms"],
            )
            return ""

        return await self._backend.write(work)

    async def challenge_by_id(self, challenge_id: str) -> dict[str, Any] | None:
        async def work(tx: Tx) -> dict[str, Any] | None:
            row = await tx.fetchone(f"SELECT {_COLUMNS} FROM challenges WHERE id = ?", challenge_id)
            return _challenge(tx, row) if row else None

        return await self._backend.read(work)

    async def close_challenge(self, challenge_id: str, status: str, now_ms: int, room_code: str = "") -> bool:
        """Open and not expired at `now_ms` → `status` (with the room of an accepted one);
        False when it was not open any more (answered, withdrawn or expired meanwhile)."""

        async def work(tx: Tx) -> bool:
            changed = await tx.execute(
                "UPDATE challenges SET status = ?, room_code = ? WHERE id = ? AND status = 'open' AND expires_ms > ?",
                status,
                room_code,
                challenge_id,
                now_ms,
            )
            return changed == 1

        return await self._backend.write(work, alone=True)

    async def close_challenge_room(self, challenge_id: str, room_code: str) -> None:
        """The room an accepted challenge is played in (opened after the challenge closed)."""

        async def work(tx: Tx) -> None:
            await tx.execute(
                "UPDATE challenges SET room_code = ? WHERE id = ? AND status = 'accepted'", room_code, challenge_id
            )

        await self._backend.write(work, alone=True)

    async def reopen_challenge(self, challenge_id: str) -> None:
        """An accepted challenge whose table did not open is open again (to be answered again)."""

        async def work(tx: Tx) -> None:
            await tx.execute(
                "UPDATE challenges SET status = 'open' WHERE id = ? AND status = 'accepted' AND room_code = ''",
                challenge_id,
            )

        await self._backend.write(work, alone=True)

    async def open_challenges_of(self, player_id: str, now_ms: int) -> list[dict[str, Any]]:
        """The open challenges to and from the player, the oldest first."""

        async def work(tx: Tx) -> list[dict[str, Any]]:
            rows = await tx.fetchall(
                f"SELECT {_COLUMNS} FROM challenges WHERE (from_player = ? OR to_player = ?)"
                " AND status = 'open' AND expires_ms > ? ORDER BY created_ms, id",
                player_id,
                player_id,
                now_ms,
            )
            return [_challenge(tx, row) for row in rows]

        return await self._backend.read(work)

    async def expire_challenges(self, now_ms: int) -> list[dict[str, Any]]:
        """Mark the open challenges past their time expired; the ones this call marked (each
        is marked by one caller only, whichever replica sweeps)."""

        async def work(tx: Tx) -> list[dict[str, Any]]:
            rows = await tx.fetchall(
                f"UPDATE challenges SET status = 'expired' WHERE status = 'open' AND expires_ms <= ?"
                f" RETURNING {_COLUMNS}",
                now_ms,
            )
            return [_challenge(tx, row) for row in rows]

        return await self._backend.write(work, alone=True)
