"""Web Push: each player's subscriptions (one per browser that said yes), their quiet hours, what
they were last told of each table, and the outbox the sender (lobby/push_sender.py) works off.

The outbox lives in the store so that it survives a restart and is shared by gateway replicas:
a sender claims due rows with a lease (`push_claim`), so two replicas never send the same row
while the lease runs; a row is deleted once sent, put back with a later due time after a
failure, and a subscription the push service calls gone takes its rows with it. Written once
over the backend seam (lobby/store/sql.py)."""

from __future__ import annotations

from typing import Any

from .sql import Backend, Tx

_SUBSCRIPTION_COLUMNS = "id, endpoint, language, label, created_ms"


def _subscription(row: Any) -> dict[str, Any]:
    sub_id, endpoint, language, label, created_ms = row
    return {"id": sub_id, "endpoint": endpoint, "language": language, "label": label, "created_ms": created_ms}


def worth_telling(reason: str, told: str | None, seen: bool) -> bool:
    """Whether a notice for `reason` is sent, given what the player was last told of the table
    and whether they looked since: never the same reason twice, and nothing more until they
    look, except that a game's end replaces the notice of a turn."""
    if told is None:
        return True
    if told == reason:
        return False
    return seen or (reason.startswith("ended:") and told.startswith("turn:"))


class Push:
    FLAT = (
        "push_subscribe",
        "push_subscriptions",
        "push_unsubscribe",
        "push_save_quiet_hours",
        "push_quiet_hours",
        "push_plan",
        "push_notice",
        "push_seen",
        "push_forget",
        "push_claim",
        "push_sent",
        "push_retry",
        "push_gone",
        "push_outbox_size",
    )

    def __init__(self, backend: Backend) -> None:
        self._backend = backend

    # -- subscriptions ---------------------------------------------------------------------------
    async def push_subscribe(self, subscription: dict[str, Any]) -> dict[str, Any]:
        """Keep a browser's subscription ({"id", "player_id", "endpoint", "p256dh", "auth",
        "language", "label", "created_ms"}). An endpoint is one browser: subscribed again (new
        keys, another player on that browser) it keeps its row and takes the new owner and keys.
        The stored subscription, without its keys."""

        async def work(tx: Tx) -> dict[str, Any]:
            await tx.execute(
                "INSERT INTO push_subscriptions (id, player_id, endpoint, p256dh, auth, language, label, created_ms)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (endpoint) DO UPDATE SET player_id = excluded.player_id,"
                " p256dh = excluded.p256dh, auth = excluded.auth, language = excluded.language, label = excluded.label",
                subscription["id"],
                subscription["player_id"],
                subscription["endpoint"],
                subscription["p256dh"],
                subscription["auth"],
                subscription["language"],
                subscription["label"],
                subscription["created_ms"],
            )
            row = await tx.fetchone(
                f"SELECT {_SUBSCRIPTION_COLUMNS} FROM push_subscriptions WHERE endpoint = ?", subscription["endpoint"]
            )
            return _subscription(row)

        return await self._backend.write(work)

    async def push_subscriptions(self, player_id: str) -> list[dict[str, Any]]:
        """The player's subscriptions, oldest first, without their keys."""

        async def work(tx: Tx) -> list[dict[str, Any]]:
            rows = await tx.fetchall(
                f"SELECT {_SUBSCRIPTION_COLUMNS} FROM push_subscriptions WHERE player_id = ? ORDER BY created_ms, id",
                player_id,
            )
            return [_subscription(row) for row in rows]

        return await self._backend.read(work)

    async def push_unsubscribe(self, player_id: str, subscription_id: str) -> bool:
        """The player's subscription and its queued messages removed; False if it is not theirs."""

        async def work(tx: Tx) -> bool:
            removed = await tx.execute(
                "DELETE FROM push_subscriptions WHERE id = ? AND player_id = ?", subscription_id, player_id
            )
            if removed:
                await tx.execute("DELETE FROM push_outbox WHERE subscription_id = ?", subscription_id)
            return removed > 0

        return await self._backend.write(work)

    # -- quiet hours -----------------------------------------------------------------------------
    async def push_save_quiet_hours(self, player_id: str, start_minute: int, end_minute: int, time_zone: str) -> None:
        """From `start_minute` to `end_minute` of the day (minutes after midnight in `time_zone`)
        nothing is sent; equal minutes: no quiet hours."""

        async def work(tx: Tx) -> None:
            await tx.execute(
                "INSERT INTO push_quiet_hours (player_id, start_minute, end_minute, time_zone) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (player_id) DO UPDATE SET start_minute = excluded.start_minute,"
                " end_minute = excluded.end_minute, time_zone = excluded.time_zone",
                player_id,
                start_minute,
                end_minute,
                time_zone,
            )

        await self._backend.write(work, alone=True)

    async def push_quiet_hours(self, player_id: str) -> dict[str, Any] | None:
        """{"start_minute", "end_minute", "time_zone"}, or None if the player set none."""

        async def work(tx: Tx) -> dict[str, Any] | None:
            row = await tx.fetchone(
                "SELECT start_minute, end_minute, time_zone FROM push_quiet_hours WHERE player_id = ?", player_id
            )
            return {"start_minute": row[0], "end_minute": row[1], "time_zone": row[2]} if row else None

        return await self._backend.read(work)

    # -- what a player is told -------------------------------------------------------------------
    async def push_plan(self, player_id: str, code: str) -> dict[str, Any] | None:
        """In one read, what deciding on a notice needs: None when the player has no
        subscription (most players: nothing more is written for them), else {"quiet": their
        quiet hours or None, "told": the reason they were last told of the table or None,
        "seen": whether they looked since}."""

        async def work(tx: Tx) -> dict[str, Any] | None:
            row = await tx.fetchone(
                "SELECT q.start_minute, q.end_minute, q.time_zone, n.reason, n.seen"
                " FROM (SELECT ? AS player_id) p"
                " LEFT JOIN push_quiet_hours q ON q.player_id = p.player_id"
                " LEFT JOIN push_notices n ON n.player_id = p.player_id AND n.code = ?"
                " WHERE EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.player_id = p.player_id)",
                player_id,
                code,
            )
            if row is None:
                return None
            start, end, zone, told, seen = row
            quiet = None if zone is None else {"start_minute": start, "end_minute": end, "time_zone": zone}
            return {"quiet": quiet, "told": told, "seen": bool(seen)}

        return await self._backend.read(work)

    async def push_notice(
        self,
        player_id: str,
        code: str,
        reason: str,
        payloads: dict[str, dict[str, Any]],
        due_ms: int,
        now_ms: int,
        new_id: Any,
    ) -> int:
        """Tell the player of table `code` for `reason` ("turn:<game>:<version>", "ended:<game>"),
        once, on every subscription, each in its language (`payloads` by language, "en" the
        fallback), not before `due_ms`: unless they were told of this table since they last looked
        at it (one notice per table until they look; a game's end still replaces a turn's
        notice), or were told of this very reason before. `new_id()` names each outbox row. The
        number of messages queued."""

        async def work(tx: Tx) -> int:
            await tx.lock(f"push:{player_id}")  # replicas observing one step tell the player once
            row = await tx.fetchone(
                "SELECT reason, seen FROM push_notices WHERE player_id = ? AND code = ?", player_id, code
            )
            if row is not None and not worth_telling(reason, row[0], bool(row[1])):
                return 0
            subscriptions = await tx.fetchall(
                "SELECT id, language FROM push_subscriptions WHERE player_id = ? ORDER BY id", player_id
            )
            if not subscriptions:
                return 0
            await tx.execute(
                "INSERT INTO push_notices (player_id, code, reason, seen, at_ms) VALUES (?, ?, ?, 0, ?)"
                " ON CONFLICT (player_id, code) DO UPDATE SET reason = excluded.reason, seen = 0, at_ms = excluded.at_ms",
                player_id,
                code,
                reason,
                now_ms,
            )
            # A turn's notice still waiting to be sent is replaced, not followed, by the game's end.
            await tx.execute(
                "DELETE FROM push_outbox WHERE player_id = ? AND code = ? AND lease_until_ms <= ?",
                player_id,
                code,
                now_ms,
            )
            await tx.executemany(
                "INSERT INTO push_outbox (id, subscription_id, player_id, code, payload, due_ms, attempts,"
                " lease_owner, lease_until_ms) VALUES (?, ?, ?, ?, ?, ?, 0, '', 0)",
                [
                    (new_id(), sub_id, player_id, code, tx.json(payloads.get(language) or payloads["en"]), due_ms)
                    for sub_id, language in subscriptions
                ],
            )
            return len(subscriptions)

        return await self._backend.write(work)

    async def push_seen(self, player_id: str, code: str, reason: str, at_ms: int) -> None:
        """The player looked at the table at `at_ms`, where `reason` is what there is to tell
        them now (their turn, the game's end, "" for nothing): they are not told of it, the next
        reason is told again, and what waits to be sent of the table is not sent."""

        async def work(tx: Tx) -> None:
            await tx.execute(
                "INSERT INTO push_notices (player_id, code, reason, seen, at_ms) VALUES (?, ?, ?, 1, ?)"
                " ON CONFLICT (player_id, code) DO UPDATE SET reason = excluded.reason, seen = 1,"
                " at_ms = excluded.at_ms",
                player_id,
                code,
                reason,
                at_ms,
            )
            await tx.execute(
                "DELETE FROM push_outbox WHERE player_id = ? AND code = ? AND lease_owner = ''", player_id, code
            )

        await self._backend.write(work)

    async def push_forget(self, before_ms: int) -> int:
        """What players were told of tables, or looked at, before `before_ms` forgotten (the
        tables are long gone or quiet): how many such rows were deleted."""

        async def work(tx: Tx) -> int:
            return await tx.execute("DELETE FROM push_notices WHERE at_ms < ?", before_ms)

        return await self._backend.write(work, alone=True)

    # -- the outbox ------------------------------------------------------------------------------
    async def push_claim(self, owner: str, now_ms: int, lease_ms: int, limit: int) -> list[dict[str, Any]]:
        """Up to `limit` due rows no other sender holds, leased to `owner` until `now_ms` +
        `lease_ms`: [{"id", "subscription_id", "endpoint", "p256dh", "auth", "payload",
        "attempts"}], oldest due first. A row whose lease ran out (its sender died) is due again."""

        async def work(tx: Tx) -> list[dict[str, Any]]:
            claimed = await tx.fetchall(
                "UPDATE push_outbox SET lease_owner = ?, lease_until_ms = ? WHERE id IN (SELECT id FROM push_outbox"
                f" WHERE due_ms <= ? AND lease_until_ms <= ? ORDER BY due_ms LIMIT ?{tx.dialect.skip_locked})"
                " RETURNING id",
                owner,
                now_ms + lease_ms,
                now_ms,
                now_ms,
                limit,
            )
            if not claimed:
                return []
            ids = [row[0] for row in claimed]
            marks = ", ".join("?" for _ in ids)
            rows = await tx.fetchall(
                "SELECT o.id, o.subscription_id, s.endpoint, s.p256dh, s.auth, o.payload, o.attempts"
                f" FROM push_outbox o JOIN push_subscriptions s ON s.id = o.subscription_id WHERE o.id IN ({marks})"
                " ORDER BY o.due_ms, o.id",
                *ids,
            )
            return [
                {
                    "id": row[0],
                    "subscription_id": row[1],
                    "endpoint": row[2],
                    "p256dh": row[3],
                    "auth": row[4],
                    "payload": tx.unjson(row[5]),
                    "attempts": row[6],
                }
                for row in rows
            ]

        return await self._backend.write(work)

    async def push_sent(self, row_id: str, owner: str) -> None:
        async def work(tx: Tx) -> None:
            await tx.execute("DELETE FROM push_outbox WHERE id = ? AND lease_owner = ?", row_id, owner)

        await self._backend.write(work, alone=True)

    async def push_retry(self, row_id: str, owner: str, due_ms: int) -> None:
        """The row failed to send: due again at `due_ms`, one attempt more, its lease let go."""

        async def work(tx: Tx) -> None:
            await tx.execute(
                "UPDATE push_outbox SET attempts = attempts + 1, due_ms = ?, lease_owner = '', lease_until_ms = 0"
                " WHERE id = ? AND lease_owner = ?",
                due_ms,
                row_id,
                owner,
            )

        await self._backend.write(work, alone=True)

    async def push_gone(self, subscription_id: str) -> None:
        """The push service no longer knows the subscription: it and its queued rows removed."""

        async def work(tx: Tx) -> None:
            await tx.execute("DELETE FROM push_outbox WHERE subscription_id = ?", subscription_id)
            await tx.execute("DELETE FROM push_subscriptions WHERE id = ?", subscription_id)

        await self._backend.write(work)

    async def push_outbox_size(self) -> int:
        """Rows waiting to be sent (the queue's gauge)."""

        async def work(tx: Tx) -> int:
            row = await tx.fetchone("SELECT COUNT(*) FROM push_outbox")
            return int(row[0]) if row else 0

        return await self._backend.read(work)
