"""The quick-seat queue (lobby/quick_seating.py): players waiting for a table, per pool.

An entry: {"id", "pool", "player", "name", "at_ms", "status", "answer"}; `pool` is
"<game>|<seats>|<stake>", `status` waiting, claimed, seated or cancelled; `answer` is the seated
player's room ticket ({"code", "token", "seats"}), read only with the entry's secret. The writes
of one pool take turns across replicas (`Tx.lock`), so one claim takes a whole table. Written
once over the backend seam (lobby/store/sql.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .sql import Backend, Tx

# The waiting entries of a pool as a chooser of tables sees them: (id, at_ms, the player's
# ordinal in the game or None for a guest or an unrated player), longest-waiting first.
WaitingRow = tuple[str, int, float | None]


async def _entry(tx: Tx, entry_id: str) -> dict[str, Any]:
    row = await tx.fetchone(
        "SELECT pool, player_id, name, at_ms, status, answer FROM quick_seats WHERE id = ?", entry_id
    )
    assert row is not None
    pool, player, name, at_ms, status, answer = row
    return {
        "id": entry_id,
        "pool": pool,
        "player": player,
        "name": name,
        "at_ms": at_ms,
        "status": status,
        "answer": tx.unjson(answer) if answer else None,
    }


class QuickSeats:
    FLAT = (
        "quick_seat_join",
        "quick_seat_claim",
        "quick_seat_claim_chosen",
        "quick_seat_seat",
        "quick_seat_release",
        "quick_seat_entry",
        "quick_seat_cancel",
        "quick_seat_waiting",
    )

    def __init__(self, backend: Backend) -> None:
        self._backend = backend

    async def quick_seat_join(
        self, entry_id: str, pool: str, player: str, name: str, secret_hash: str, at_ms: int
    ) -> dict[str, Any]:
        """Queue the player in `pool`, or, if they wait there already, hand that entry the new
        secret (a second tab takes it over): one waiting entry per player and pool."""

        async def work(tx: Tx) -> dict[str, Any]:
            await tx.lock(pool)  # two replicas never queue one player twice
            row = await tx.fetchone(
                "SELECT id FROM quick_seats WHERE pool = ? AND player_id = ? AND status = 'waiting'", pool, player
            )
            if row is not None:
                await tx.execute(
                    "UPDATE quick_seats SET secret_hash = ?, name = ? WHERE id = ?", secret_hash, name, row[0]
                )
                return await _entry(tx, row[0])
            await tx.execute(
                "INSERT INTO quick_seats (id, pool, player_id, name, secret_hash, at_ms, status)"
                " VALUES (?, ?, ?, ?, ?, ?, 'waiting')",
                entry_id,
                pool,
                player,
                name,
                secret_hash,
                at_ms,
            )
            return await _entry(tx, entry_id)

        return await self._backend.write(work)

    async def quick_seat_claim(
        self, pool: str, count: int, claim: str, include: str | None = None
    ) -> list[dict[str, Any]]:
        """In one step, across replicas: the `count` longest-waiting entries of `pool` marked
        claimed by `claim`, oldest first, or none if fewer wait. With `include`, that entry
        (if it still waits) and up to `count` - 1 of the others waiting longest, however few."""

        async def work(tx: Tx) -> list[dict[str, Any]]:
            await tx.lock(pool)
            waiting = [
                row[0]
                for row in await tx.fetchall(
                    "SELECT id FROM quick_seats WHERE pool = ? AND status = 'waiting' ORDER BY at_ms, id", pool
                )
            ]
            if include is not None:
                if include not in waiting:
                    return []
                chosen = [include, *[entry for entry in waiting if entry != include][: count - 1]]
            elif len(waiting) < count:
                return []
            else:
                chosen = waiting[:count]
            await tx.executemany(
                "UPDATE quick_seats SET status = 'claimed', claim = ? WHERE id = ?", [(claim, e) for e in chosen]
            )
            return [await _entry(tx, entry) for entry in chosen]

        return await self._backend.write(work)

    async def quick_seat_claim_chosen(
        self, pool: str, game: str, claim: str, choose: Callable[[list[WaitingRow]], list[str]]
    ) -> list[dict[str, Any]]:
        """In one step, across replicas: the entries `choose` picks from the pool's waiting ones
        (each with its player's rating in `game`; only accounts are rated) marked claimed by
        `claim`, oldest first; none when it picks none."""

        async def work(tx: Tx) -> list[dict[str, Any]]:
            await tx.lock(pool)
            rows = await tx.fetchall(
                "SELECT q.id, q.at_ms, r.ordinal FROM quick_seats q"
                " LEFT JOIN players p ON p.id = q.player_id"
                " LEFT JOIN ratings r ON r.game = ? AND r.player_id = q.player_id AND p.account_ms > 0"
                " WHERE q.pool = ? AND q.status = 'waiting' ORDER BY q.at_ms, q.id",
                game,
                pool,
            )
            waiting = [(entry, at_ms, ordinal) for entry, at_ms, ordinal in rows]
            chosen = choose(waiting)
            if not set(chosen) <= {entry for entry, _, _ in waiting}:
                raise ValueError("a chooser picked an entry that does not wait")
            await tx.executemany(
                "UPDATE quick_seats SET status = 'claimed', claim = ? WHERE id = ?", [(claim, e) for e in chosen]
            )
            return [await _entry(tx, entry) for entry in chosen]

        return await self._backend.write(work)

    async def quick_seat_seat(self, answers: dict[str, dict[str, Any]]) -> None:
        """The claimed entries seated, each with its ticket."""

        async def work(tx: Tx) -> None:
            await tx.executemany(
                "UPDATE quick_seats SET status = 'seated', answer = ? WHERE id = ?",
                [(tx.json(answer), entry) for entry, answer in answers.items()],
            )

        await self._backend.write(work)

    async def quick_seat_release(self, entry_ids: list[str]) -> None:
        """Claimed entries back to waiting (their table could not start), their places kept."""

        async def work(tx: Tx) -> None:
            await tx.executemany(
                "UPDATE quick_seats SET status = 'waiting', claim = '' WHERE id = ? AND status = 'claimed'",
                [(entry,) for entry in entry_ids],
            )

        await self._backend.write(work)

    async def quick_seat_entry(self, entry_id: str) -> tuple[dict[str, Any], str] | None:
        """The entry and its secret's hash."""

        async def work(tx: Tx) -> tuple[dict[str, Any], str] | None:
            row = await tx.fetchone("SELECT secret_hash FROM quick_seats WHERE id = ?", entry_id)
            return None if row is None else (await _entry(tx, entry_id), row[0])

        return await self._backend.read(work)

    async def quick_seat_cancel(self, entry_id: str) -> bool:
        """A waiting entry cancelled; False if it no longer waits."""

        async def work(tx: Tx) -> bool:
            cancelled = await tx.execute(
                "UPDATE quick_seats SET status = 'cancelled' WHERE id = ? AND status = 'waiting'", entry_id
            )
            return cancelled == 1

        return await self._backend.write(work, alone=True)

    async def quick_seat_waiting(self, pool: str) -> int:
        async def work(tx: Tx) -> int:
            row = await tx.fetchone("SELECT count(*) FROM quick_seats WHERE pool = ? AND status = 'waiting'", pool)
            assert row is not None
            return int(row[0])

        return await self._backend.read(work)
