"""Who sits where in rooms that are playing: one row per seat a player (lobby.players) holds,
with since when it is that seat's turn (None while it is not) and when its clock runs out.

The "your turn" list is one indexed read of it (`seated (player_id, turn_since_ms)`), not a
scan of the rooms; a player's vacation finds every table they sit at through it. A room's rows
are written with the room, in its save's transaction (`save_room(..., seated=rows)`) after a
step that changed whose turn it is (lobby/steps.py): they always match a committed room, and a
move costs one durable write. The reads are written once over the backend seam (lobby/store/sql.py);
the write is each backend's room save's: `write_seated` below on SQLite, PostgreSQL's function of
that name (migration 21) inside `write_rooms`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .base import SeatedRow
from .sql import Backend, Tx


class Seated:
    FLAT = ("turns_of", "tables_of", "add_vacation", "vacations_of")

    def __init__(self, backend: Backend) -> None:
        self._backend = backend

    async def turns_of(self, player_id: str, limit: int = 100) -> list[SeatedRow]:
        """The seats where it is the player's turn, the longest waiting first."""

        async def work(tx: Tx) -> list[SeatedRow]:
            rows = await tx.fetchall(
                "SELECT player_id, code, seat, game, turn_since_ms, deadline_ms, turn_based FROM seated"
                " WHERE player_id = ? AND turn_since_ms IS NOT NULL ORDER BY turn_since_ms, code, seat LIMIT ?",
                player_id,
                limit,
            )
            return [_row(r) for r in rows]

        return await self._backend.read(work)

    async def tables_of(self, player_id: str) -> list[str]:
        """The codes of every playing room the player sits at."""

        async def work(tx: Tx) -> list[str]:
            rows = await tx.fetchall("SELECT DISTINCT code FROM seated WHERE player_id = ? ORDER BY code", player_id)
            return [str(r[0]) for r in rows]

        return await self._backend.read(work)

    async def add_vacation(self, player_id: str, year: int, from_ms: int, until_ms: int) -> None:
        async def work(tx: Tx) -> None:
            await tx.execute(
                "INSERT INTO vacations (player_id, year, from_ms, until_ms) VALUES (?, ?, ?, ?)",
                player_id,
                year,
                from_ms,
                until_ms,
            )

        await self._backend.write(work)

    async def vacations_of(self, player_id: str, year: int) -> list[tuple[int, int]]:
        """The player's vacations of `year` as (from_ms, until_ms), oldest first."""

        async def work(tx: Tx) -> list[tuple[int, int]]:
            rows = await tx.fetchall(
                "SELECT from_ms, until_ms FROM vacations WHERE player_id = ? AND year = ? ORDER BY from_ms",
                player_id,
                year,
            )
            return [(int(r[0]), int(r[1])) for r in rows]

        return await self._backend.read(work)


async def write_seated(tx: Tx, code: str, rows: list[SeatedRow]) -> None:
    """The room's rows are now `rows` (none once it is not playing), in the caller's transaction
    (the room's save). A seat that was to move and still is keeps its `turn_since_ms`: its turn
    did not start again."""
    before = {
        (row[0], row[1]): row[2]
        for row in await tx.fetchall("SELECT player_id, seat, turn_since_ms FROM seated WHERE code = ?", code)
    }
    written = []
    for r in rows:
        since, kept = r.turn_since_ms, before.get((r.player_id, r.seat))
        if since is not None and kept is not None:
            since = kept
        written.append((r.player_id, code, r.seat, r.game, since, r.deadline_ms, 1 if r.turn_based else 0))
    await tx.execute("DELETE FROM seated WHERE code = ?", code)
    await tx.executemany(
        "INSERT INTO seated (player_id, code, seat, game, turn_since_ms, deadline_ms, turn_based)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        written,
    )


def seated_json(rows: list[SeatedRow]) -> list[list[object]]:
    """Rows as PostgreSQL's `write_seated` takes them: [player_id, seat, game, turn_since_ms,
    deadline_ms, turn_based as 0 or 1]."""
    return [[r.player_id, r.seat, r.game, r.turn_since_ms, r.deadline_ms, 1 if r.turn_based else 0] for r in rows]


def _row(r: Sequence[Any]) -> SeatedRow:
    player_id, code, seat, game, since, deadline, turn_based = r
    return SeatedRow(
        str(player_id),
        str(code),
        int(seat),
        str(game),
        None if since is None else int(since),
        None if deadline is None else int(deadline),
        bool(turn_based),
    )
