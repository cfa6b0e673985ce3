"""Deleted players: a deleted player's row stays as a tombstone (no name, no token) so the games
that name them keep their references. What every store module asks of it, in the caller's
transaction."""

from __future__ import annotations

from collections.abc import Sequence

from .sql import Tx, placeholders


def tombstone(player_id: str) -> str:
    """What a deleted player's row holds instead of a token hash: no token ever hashes to it."""
    return f"deleted:{player_id}"


async def deleted_among(tx: Tx, player_ids: Sequence[str], lock: bool = False) -> set[str]:
    """Those of `player_ids` whose account was deleted. With `lock`, every one of their rows is
    locked first (in one order) until the transaction ends: a deletion, which writes the
    tombstone first, then comes wholly before or after it."""
    wanted = sorted(set(player_ids) - {""})
    if not wanted:
        return set()
    # One statement, the tombstones told apart here: a filter on the token in SQL would leave
    # the living players' rows unlocked, and a lock and a look-up apart cost a round trip more.
    rows = await tx.fetchall(
        f"SELECT id, token_hash FROM players WHERE id IN ({placeholders(len(wanted))})"
        f" ORDER BY id{tx.dialect.for_share if lock else ''}",
        *wanted,
    )
    return {player for player, token_hash in rows if token_hash == tombstone(player)}
