"""Ratings, the reading side: a game's leaderboard and this week's climbers, a player's ratings
and the history of one. The rated games' ends write the rows (`ratings`, `rating_changes`,
`rating_weeks`); what counts as ranked is lobby/rating_scale.py's. Written once over the
backend seam (lobby/store/sql.py).

A deleted player (nickname emptied, or no player row) never appears; only accounts are ranked.
"""

from __future__ import annotations

from ..rating_scale import ACTIVE_MS, LEADERBOARD_SIZE, PROVISIONAL_GAMES, rating_week, shown
from .base import BoardRow, GameRating, RatingPoint, RatingRows
from .sql import Backend, Tx

# A ratings row `r` joined with its player `p` that may stand on a leaderboard; its parameters
# are the provisional bound and the start of the active window.
_RANKED = "r.game = ? AND r.games >= ? AND r.updated_ms >= ? AND p.account_ms > 0 AND p.nickname <> ''"


def shown_gain(gain: float) -> int:
    """A gain of ordinal in shown points (the scale's slope, without its offset)."""
    return shown(gain) - shown(0)


class Ratings:
    FLAT = ("leaderboard", "climbers", "player_ratings", "rating_history", "load_ratings")

    def __init__(self, backend: Backend) -> None:
        self._backend = backend

    async def leaderboard(self, game: str, now_ms: int, limit: int = LEADERBOARD_SIZE) -> list[BoardRow]:
        async def work(tx: Tx) -> list[BoardRow]:
            rows = await tx.fetchall(
                "SELECT r.player_id, p.nickname, r.ordinal, r.games FROM ratings r"
                f" JOIN players p ON p.id = r.player_id WHERE {_RANKED}"
                " ORDER BY r.ordinal DESC, r.player_id LIMIT ?",
                game,
                PROVISIONAL_GAMES,
                now_ms - ACTIVE_MS,
                min(limit, LEADERBOARD_SIZE),
            )
            return [
                BoardRow(rank, player, nickname, shown(ordinal), games)
                for rank, (player, nickname, ordinal, games) in enumerate(rows, start=1)
            ]

        return await self._backend.read(work)

    async def climbers(self, game: str, now_ms: int, limit: int = 100) -> list[BoardRow]:
        async def work(tx: Tx) -> list[BoardRow]:
            rows = await tx.fetchall(
                "SELECT w.player_id, p.nickname, r.ordinal, r.games, w.gain FROM rating_weeks w"
                " JOIN players p ON p.id = w.player_id"
                " JOIN ratings r ON r.game = w.game AND r.player_id = w.player_id"
                " WHERE w.game = ? AND w.week = ? AND w.gain > 0 AND p.account_ms > 0 AND p.nickname <> ''"
                " ORDER BY w.gain DESC, w.player_id LIMIT ?",
                game,
                rating_week(now_ms),
                limit,
            )
            return [
                BoardRow(rank, player, nickname, shown(ordinal), games, shown_gain(gain))
                for rank, (player, nickname, ordinal, games, gain) in enumerate(rows, start=1)
            ]

        return await self._backend.read(work)

    async def player_ratings(self, player_id: str, now_ms: int) -> list[GameRating]:
        async def work(tx: Tx) -> list[GameRating]:
            player = await tx.fetchone("SELECT nickname, account_ms FROM players WHERE id = ?", player_id)
            if player is None or not player[0]:
                return []
            rows = await tx.fetchall(
                "SELECT game, mu, sigma, ordinal, games, updated_ms FROM ratings WHERE player_id = ? ORDER BY game",
                player_id,
            )
            active_from = now_ms - ACTIVE_MS
            found = []
            for game, mu, sigma, ordinal, games, updated_ms in rows:
                rank = None
                if player[1] > 0 and games >= PROVISIONAL_GAMES and updated_ms >= active_from:
                    # Only the ranked players above this one, and at most a board of them.
                    above = await tx.fetchone(
                        "SELECT count(*) FROM (SELECT 1 FROM ratings r JOIN players p ON p.id = r.player_id"
                        f" WHERE {_RANKED} AND (r.ordinal > ? OR (r.ordinal = ? AND r.player_id < ?)) LIMIT ?) a",
                        game,
                        PROVISIONAL_GAMES,
                        active_from,
                        ordinal,
                        ordinal,
                        player_id,
                        LEADERBOARD_SIZE,
                    )
                    assert above is not None
                    rank = above[0] + 1 if above[0] < LEADERBOARD_SIZE else None
                found.append(GameRating(game, mu, sigma, ordinal, games, updated_ms, rank))
            return found

        return await self._backend.read(work)

    async def rating_history(self, player_id: str, game: str, limit: int = 100) -> list[RatingPoint]:
        async def work(tx: Tx) -> list[RatingPoint]:
            rows = await tx.fetchall(
                "SELECT c.at_ms, c.code, c.number, c.mu, c.sigma, c.ordinal, c.delta FROM rating_changes c"
                " JOIN players p ON p.id = c.player_id AND p.nickname <> ''"
                " WHERE c.player_id = ? AND c.game = ? ORDER BY c.at_ms DESC, c.code DESC, c.number DESC LIMIT ?",
                player_id,
                game,
                limit,
            )
            return [RatingPoint(*row) for row in reversed(rows)]

        return await self._backend.read(work)

    async def load_ratings(self, rows: RatingRows) -> None:
        async def work(tx: Tx) -> None:
            await tx.executemany(
                "INSERT INTO ratings (game, player_id, mu, sigma, ordinal, games, updated_ms)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                rows.ratings,
            )
            await tx.executemany(
                "INSERT INTO rating_changes (player_id, game, at_ms, code, number, mu, sigma, ordinal, delta)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                rows.changes,
            )
            await tx.executemany(
                "INSERT INTO rating_weeks (game, week, player_id, gain) VALUES (?, ?, ?, ?)", rows.weeks
            )

        await self._backend.write(work)
