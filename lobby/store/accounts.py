"""Accounts: passkeys, the ceremonies' challenges, recovery codes and sessions (a signed-in
device or a bot token), and the deletion of a player's personal data. Secrets are kept only as
hashes; a challenge, a recovery code and a sign count are each used once, inside the
transaction that uses them. Written once over the backend seam (lobby/store/sql.py)."""

from __future__ import annotations

from typing import Collection

from .base import WALLET, Passkey, Player, Session
from .ledger import empty_wallet
from .sql import Backend, Tx
from .tombstones import deleted_among, tombstone

_PASSKEY = "id, player_id, credential_id, public_key, sign_count, transports, name, created_ms, last_used_ms"
_SESSION = "id, player_id, kind, label, created_ms, last_used_ms, revoked_ms"
# Where a player's own rows are, for the deletion of the player (the order: rows that name the
# player before the player's row, which PostgreSQL's references ask).
_OWN_ROWS = (
    "passkeys",
    "recovery_codes",
    "account_sessions",
    "passkey_challenges",
    "house_rules",
    "player_links",
    "player_tokens",
    "player_placings",
    "quick_seats",
    "ratings",
    "rating_changes",
    "rating_weeks",
    "bots",
    # No notification reaches a device after its player has gone (the outbox's waiting ones too).
    "push_subscriptions",
    "push_quiet_hours",
    "push_notices",
    "push_outbox",
    "vacations",
)


def _passkey(row: object) -> Passkey:
    id_, player_id, credential_id, public_key, count, transports, name, created, used = row  # type: ignore[misc]
    return Passkey(id_, player_id, credential_id, public_key, count, tuple(transports.split()), name, created, used)


async def _insert_session(tx: Tx, session: Session, token_hash: str) -> None:
    await tx.execute(
        "INSERT INTO account_sessions (id, token_hash, player_id, kind, label, created_ms, last_used_ms, revoked_ms)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, 0)",
        session.id,
        token_hash,
        session.player_id,
        session.kind,
        session.label,
        session.created_ms,
        session.last_used_ms,
    )


async def _revoke_replaced(tx: Tx, player_id: str, replaces_hash: str, at_ms: int) -> None:
    """The device's earlier session of the same player ends when it signs in again."""
    if replaces_hash:
        await tx.execute(
            "UPDATE account_sessions SET revoked_ms = ? WHERE token_hash = ? AND player_id = ? AND kind = 'device'"
            " AND revoked_ms = 0",
            at_ms,
            replaces_hash,
            player_id,
        )


class Accounts:
    FLAT = (
        "add_passkey_challenge",
        "take_passkey_challenge",
        "add_passkey",
        "passkeys",
        "passkey_by_credential",
        "delete_passkey",
        "passkey_sign_in",
        "recovery_sign_in",
        "replace_recovery_codes",
        "recovery_codes_left",
        "add_session",
        "account_session",
        "touch_session",
        "sessions",
        "revoke_session",
        "sweep_sessions",
        "delete_player",
        "deleted_players",
    )

    def __init__(self, backend: Backend) -> None:
        self._backend = backend

    # -- challenges -------------------------------------------------------------------------------
    async def add_passkey_challenge(
        self, challenge_hash: str, ceremony: str, player_id: str, expires_ms: int, now_ms: int
    ) -> None:
        """A ceremony's challenge ("register" for `player_id`, "sign_in" for anyone), good until
        `expires_ms`; the expired ones of every ceremony go in the same transaction."""

        async def work(tx: Tx) -> None:
            await tx.execute("DELETE FROM passkey_challenges WHERE expires_ms < ?", now_ms)
            await tx.execute(
                "INSERT INTO passkey_challenges (challenge_hash, ceremony, player_id, expires_ms) VALUES (?, ?, ?, ?)",
                challenge_hash,
                ceremony,
                player_id,
                expires_ms,
            )

        await self._backend.write(work)

    async def take_passkey_challenge(self, challenge_hash: str) -> tuple[str, str, int] | None:
        """Once: the challenge's (ceremony, player id, expires_ms), and it is gone; None if unknown."""

        async def work(tx: Tx) -> tuple[str, str, int] | None:
            row = await tx.fetchone(
                "DELETE FROM passkey_challenges WHERE challenge_hash = ? RETURNING ceremony, player_id, expires_ms",
                challenge_hash,
            )
            return (row[0], row[1], row[2]) if row else None

        return await self._backend.write(work, alone=True)

    # -- passkeys ---------------------------------------------------------------------------------
    async def add_passkey(
        self, passkey: Passkey, recovery_hashes: list[str], device: Session | None, device_hash: str
    ) -> bool:
        """Store the passkey. The player's first makes them an account, in the same transaction:
        `account_ms` set, the recovery codes stored, and their guest tokens turned into
        sessions (`device`, the asking device's, under `device_hash`; the others unlabelled), so
        every device keeps its player and is listed and revocable. True if it was the first."""

        async def work(tx: Tx) -> bool:
            await tx.execute(
                f"INSERT INTO passkeys ({_PASSKEY}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                passkey.id,
                passkey.player_id,
                passkey.credential_id,
                passkey.public_key,
                passkey.sign_count,
                " ".join(passkey.transports),
                passkey.name,
                passkey.created_ms,
                passkey.last_used_ms,
            )
            first = await tx.execute(
                "UPDATE players SET account_ms = ? WHERE id = ? AND account_ms = 0",
                passkey.created_ms,
                passkey.player_id,
            )
            if not first:
                return False
            guest_hashes = [
                row[0]
                for row in await tx.fetchall(
                    "SELECT token_hash FROM players WHERE id = ?"
                    " UNION ALL SELECT token_hash FROM player_tokens WHERE player_id = ?",
                    passkey.player_id,
                    passkey.player_id,
                )
            ]
            for number, token_hash in enumerate(guest_hashes):
                if device is not None and token_hash == device_hash:
                    await _insert_session(tx, device, token_hash)
                else:
                    earlier = Session(
                        f"{passkey.id}-{number}",
                        passkey.player_id,
                        "device",
                        "",
                        passkey.created_ms,
                        passkey.created_ms,
                    )
                    await _insert_session(tx, earlier, token_hash)
            # The guest columns keep a value of their own (unique, never a token's hash).
            await tx.execute(
                "UPDATE players SET token_hash = ? WHERE id = ?", f"account:{passkey.player_id}", passkey.player_id
            )
            await tx.execute("DELETE FROM player_tokens WHERE player_id = ?", passkey.player_id)
            await tx.execute("DELETE FROM player_links WHERE player_id = ?", passkey.player_id)
            await tx.executemany(
                "INSERT INTO recovery_codes (code_hash, player_id) VALUES (?, ?)",
                [(code_hash, passkey.player_id) for code_hash in recovery_hashes],
            )
            return True

        return await self._backend.write(work)

    async def passkeys(self, player_id: str) -> list[Passkey]:
        """The player's passkeys, oldest first."""

        async def work(tx: Tx) -> list[Passkey]:
            rows = await tx.fetchall(
                f"SELECT {_PASSKEY} FROM passkeys WHERE player_id = ? ORDER BY created_ms, id", player_id
            )
            return [_passkey(row) for row in rows]

        return await self._backend.read(work)

    async def passkey_by_credential(self, credential_id: str) -> Passkey | None:
        async def work(tx: Tx) -> Passkey | None:
            row = await tx.fetchone(f"SELECT {_PASSKEY} FROM passkeys WHERE credential_id = ?", credential_id)
            return _passkey(row) if row else None

        return await self._backend.read(work)

    async def delete_passkey(self, player_id: str, passkey_id: str) -> bool:
        """The player's passkey gone (no more sign-ins with it); False if not theirs."""

        async def work(tx: Tx) -> bool:
            return await tx.execute("DELETE FROM passkeys WHERE id = ? AND player_id = ?", passkey_id, player_id) == 1

        return await self._backend.write(work, alone=True)

    # -- signing in -------------------------------------------------------------------------------
    async def passkey_sign_in(
        self, passkey_id: str, seen_count: int, new_count: int, session: Session, token_hash: str, replaces_hash: str
    ) -> bool:
        """The passkey's sign count moves from `seen_count` to `new_count` and the new session
        opens, in one transaction; False (nothing written) if the count moved meanwhile or the
        passkey is gone: an assertion is good for one sign-in."""

        async def work(tx: Tx) -> bool:
            moved = await tx.execute(
                "UPDATE passkeys SET sign_count = ?, last_used_ms = ? WHERE id = ? AND sign_count = ?",
                new_count,
                session.created_ms,
                passkey_id,
                seen_count,
            )
            if not moved:
                return False
            await _revoke_replaced(tx, session.player_id, replaces_hash, session.created_ms)
            await _insert_session(tx, session, token_hash)
            return True

        return await self._backend.write(work)

    async def recovery_sign_in(self, code_hash: str, session: Session, token_hash: str, replaces_hash: str) -> str:
        """The recovery code used up and a session opened for its player (the session's
        `player_id` is taken from the code). The player's id, or "" for an unknown or used code."""

        async def work(tx: Tx) -> str:
            row = await tx.fetchone("DELETE FROM recovery_codes WHERE code_hash = ? RETURNING player_id", code_hash)
            if row is None:
                return ""
            player_id = row[0]
            opened = Session(session.id, player_id, "device", session.label, session.created_ms, session.last_used_ms)
            await _revoke_replaced(tx, player_id, replaces_hash, session.created_ms)
            await _insert_session(tx, opened, token_hash)
            return str(player_id)

        return await self._backend.write(work)

    async def replace_recovery_codes(self, player_id: str, code_hashes: list[str]) -> None:
        """The player's recovery codes are these; the earlier ones are void."""

        async def work(tx: Tx) -> None:
            await tx.execute("DELETE FROM recovery_codes WHERE player_id = ?", player_id)
            await tx.executemany(
                "INSERT INTO recovery_codes (code_hash, player_id) VALUES (?, ?)",
                [(code_hash, player_id) for code_hash in code_hashes],
            )

        await self._backend.write(work)

    async def recovery_codes_left(self, player_id: str) -> int:
        async def work(tx: Tx) -> int:
            row = await tx.fetchone("SELECT COUNT(*) FROM recovery_codes WHERE player_id = ?", player_id)
            return int(row[0]) if row else 0

        return await self._backend.read(work)

    # -- sessions ---------------------------------------------------------------------------------
    async def add_session(self, session: Session, token_hash: str) -> None:
        async def work(tx: Tx) -> None:
            await _insert_session(tx, session, token_hash)

        await self._backend.write(work, alone=True)

    async def account_session(self, token_hash: str) -> tuple[Session, Player] | None:
        """The session of this token, revoked or not, with its player."""

        async def work(tx: Tx) -> tuple[Session, Player] | None:
            row = await tx.fetchone(
                "SELECT s.id, s.player_id, s.kind, s.label, s.created_ms, s.last_used_ms, s.revoked_ms,"
                " p.nickname, p.created_ms, p.account_ms"
                " FROM account_sessions s JOIN players p ON p.id = s.player_id WHERE s.token_hash = ?",
                token_hash,
            )
            if row is None:
                return None
            return Session(*row[:7]), Player(row[1], row[7], row[8], row[9])

        return await self._backend.read(work)

    async def touch_session(self, session_id: str, at_ms: int) -> None:
        async def work(tx: Tx) -> None:
            await tx.execute("UPDATE account_sessions SET last_used_ms = ? WHERE id = ?", at_ms, session_id)

        await self._backend.write(work, alone=True)

    async def sessions(self, player_id: str, kind: str) -> list[Session]:
        """The player's sessions of this kind ("device" or "bot") that are not revoked, newest first."""

        async def work(tx: Tx) -> list[Session]:
            rows = await tx.fetchall(
                f"SELECT {_SESSION} FROM account_sessions WHERE player_id = ? AND kind = ? AND revoked_ms = 0"
                " ORDER BY created_ms DESC, id",
                player_id,
                kind,
            )
            return [Session(*row) for row in rows]

        return await self._backend.read(work)

    async def revoke_session(self, player_id: str, session_id: str, at_ms: int) -> bool:
        """The player's session revoked (its token refused from now on); False if it is not
        theirs or was revoked already."""

        async def work(tx: Tx) -> bool:
            changed = await tx.execute(
                "UPDATE account_sessions SET revoked_ms = ? WHERE id = ? AND player_id = ? AND revoked_ms = 0",
                at_ms,
                session_id,
                player_id,
            )
            return changed == 1

        return await self._backend.write(work, alone=True)

    async def sweep_sessions(self, idle_before_ms: int, revoked_before_ms: int, now_ms: int) -> int:
        """Forget what can no longer sign anyone in: devices' sessions last used before
        `idle_before_ms`, sessions revoked before `revoked_before_ms` (a revoked token is told
        so for that long, then it is merely unknown), expired challenges. How many sessions."""

        async def work(tx: Tx) -> int:
            await tx.execute("DELETE FROM passkey_challenges WHERE expires_ms < ?", now_ms)
            return await tx.execute(
                "DELETE FROM account_sessions WHERE (kind = 'device' AND last_used_ms < ?)"
                " OR (revoked_ms > 0 AND revoked_ms < ?)",
                idle_before_ms,
                revoked_before_ms,
            )

        return await self._backend.write(work)

    # -- deleting a player ------------------------------------------------------------------------
    async def delete_player(self, player_id: str, at_ms: int = 0) -> bool:
        """Every row of the player's personal data gone, in one transaction: nickname, passkeys,
        sessions, tokens, recovery codes, house rules, transfer links, statistics, ratings, bot
        marks, push subscriptions and waiting notifications, vacations, challenges to and from
        them; their wallet's coins back to the mint (the transfer `delete:<id>`). Their finished
        games stay, the seats they held with "" as the name and the player (read: a deleted
        player). False if there is no such player or it was deleted already."""

        async def work(tx: Tx) -> bool:
            # The tombstone first: its row lock orders this against a game finishing with the
            # player (lobby/store/games.py `without_deleted`) and a payout to their wallet
            # (lobby/store/ledger.py), each of which then sees it or is already written.
            deleted = await tx.execute(
                "UPDATE players SET nickname = '', token_hash = ?, account_ms = 0 WHERE id = ? AND token_hash <> ?",
                tombstone(player_id),
                player_id,
                tombstone(player_id),
            )
            await empty_wallet(tx, f"delete:{player_id}", WALLET + player_id, at_ms)
            if tx.dialect.game_players_table:
                games = await tx.fetchall(
                    "SELECT f.code, f.number, f.names, f.players FROM finished_game_players g"
                    " JOIN finished_games f ON f.code = g.code AND f.number = g.number WHERE g.player_id = ?",
                    player_id,
                )
            else:  # PostgreSQL: the jsonb array holds the id as one of its strings (`??`, a GIN index)
                games = await tx.fetchall(
                    "SELECT code, number, names, players FROM finished_games WHERE players ?? ?", player_id
                )
            for code, number, names_column, players_column in games:
                names, players = tx.unjson(names_column), tx.unjson(players_column)
                if player_id not in players:
                    continue
                names = ["" if held_by == player_id else name for name, held_by in zip(names, players, strict=False)]
                players = ["" if held_by == player_id else held_by for held_by in players]
                await tx.execute(
                    "UPDATE finished_games SET names = ?, players = ? WHERE code = ? AND number = ?",
                    tx.json(names),
                    tx.json(players),
                    code,
                    number,
                )
            if tx.dialect.game_players_table:
                await tx.execute("DELETE FROM finished_game_players WHERE player_id = ?", player_id)
            for table in _OWN_ROWS:
                await tx.execute(f"DELETE FROM {table} WHERE player_id = ?", player_id)
            await tx.execute("DELETE FROM challenges WHERE from_player = ? OR to_player = ?", player_id, player_id)
            # The row stays as a tombstone without a name or a token: a game still running with
            # the player in a seat finishes and counts (its references hold), and is never rated.
            return deleted == 1

        return await self._backend.write(work)

    async def deleted_players(self, player_ids: Collection[str]) -> set[str]:
        """Those of `player_ids` whose account was deleted (their row is a tombstone)."""
        wanted = sorted(set(player_ids) - {""})
        if not wanted:
            return set()

        async def work(tx: Tx) -> set[str]:
            return await deleted_among(tx, wanted)

        return await self._backend.read(work)
