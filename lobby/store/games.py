"""Finished games and replays: a game's move list, the finished game, a player's games, and the
statistics a finished game counts in. Written once over the backend seam (lobby/store/sql.py)."""

from __future__ import annotations

from dataclasses import replace

from ..rating_scale import rating_week
from .base import FinishedGame, GameStats, MoveRecord, RatingsMoved, StoredRating
from .sql import Backend, Tx, placeholders
from .tombstones import deleted_among

_FINISHED_COLUMNS = "code, number, game, options, seed, names, players, result, started_ms, finished_ms"


def best_placings(game: FinishedGame) -> dict[str, int]:
    """Each player once, with the best placing of the seats they held (pass-and-play holds several)."""
    placings = game.result.get("placings") or []
    best: dict[str, int] = {}
    for seat, player in enumerate(game.players):
        if player and seat < len(placings):
            best[player] = min(best.get(player, placings[seat]), placings[seat])
    return best


async def without_deleted(tx: Tx, game: FinishedGame) -> FinishedGame:
    """The game as a deleted player's finished games are kept (lobby/store/accounts.py
    `delete_player`): the seats of a player who deleted the account while it ran hold "" as
    name and player, so it counts in nobody's list or statistics. A rating of such a player
    is a rating read before the deletion: RatingsMoved, and the step is redone unrated."""
    gone = await deleted_among(tx, game.players)
    if not gone:
        return game
    for rated in game.ratings:
        if rated.player_id in gone:
            raise RatingsMoved(rated.player_id)
    return replace(
        game,
        names=["" if player in gone else name for name, player in zip(game.names, game.players, strict=False)],
        players=["" if player in gone else player for player in game.players],
    )


async def insert_finished(tx: Tx, game: FinishedGame) -> None:
    """The finished game, its players' list entries and their statistics, in the caller's transaction."""
    game = await without_deleted(tx, game)
    await tx.execute(
        f"INSERT INTO finished_games ({_FINISHED_COLUMNS}, fairness, private_room, invite_hash)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        game.code,
        game.number,
        game.game,
        tx.json(game.options),
        game.seed,
        tx.json(game.names),
        tx.json(game.players),
        tx.json(game.result),
        game.started_ms,
        game.finished_ms,
        tx.json(game.fairness),
        game.private,
        game.invite_hash,
    )
    if tx.dialect.game_players_table:
        await tx.executemany(
            "INSERT INTO finished_game_players (player_id, code, number, finished_ms) VALUES (?, ?, ?, ?)"
            " ON CONFLICT DO NOTHING",
            [(player, game.code, game.number, game.finished_ms) for player in sorted(set(game.players) - {""})],
        )
    # Sorted by player, so two games ending together lock their rows in one order.
    await tx.executemany(
        "INSERT INTO player_placings (player_id, game, place, count) VALUES (?, ?, ?, 1)"
        " ON CONFLICT (player_id, game, place) DO UPDATE SET count = player_placings.count + 1",
        [(player, game.game, placing) for player, placing in sorted(best_placings(game).items())],
    )
    await insert_ratings(tx, game)


async def insert_ratings(tx: Tx, game: FinishedGame) -> None:
    """A rated game's new ratings, their changes and the week's gains, in the caller's
    transaction. Each rating is replaced only if it is still the one the game was rated from
    (its count of games): else RatingsMoved, and the caller's whole write is undone."""
    week = rating_week(game.finished_ms)
    for rated in sorted(game.ratings, key=lambda r: r.player_id):  # one lock order for every writer
        if rated.games == 1:
            changed = await tx.execute(
                "INSERT INTO ratings (game, player_id, mu, sigma, ordinal, games, updated_ms)"
                " VALUES (?, ?, ?, ?, ?, 1, ?) ON CONFLICT DO NOTHING",
                game.game,
                rated.player_id,
                rated.mu,
                rated.sigma,
                rated.ordinal,
                game.finished_ms,
            )
        else:
            changed = await tx.execute(
                "UPDATE ratings SET mu = ?, sigma = ?, ordinal = ?, games = ?, updated_ms = ?"
                " WHERE game = ? AND player_id = ? AND games = ?",
                rated.mu,
                rated.sigma,
                rated.ordinal,
                rated.games,
                game.finished_ms,
                game.game,
                rated.player_id,
                rated.games - 1,
            )
        if changed != 1:
            raise RatingsMoved(rated.player_id)
        await tx.execute(
            "INSERT INTO rating_changes (player_id, game, at_ms, code, number, mu, sigma, ordinal, delta)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            rated.player_id,
            game.game,
            game.finished_ms,
            game.code,
            game.number,
            rated.mu,
            rated.sigma,
            rated.ordinal,
            rated.delta,
        )
        await tx.execute(
            "INSERT INTO rating_weeks (game, week, player_id, gain) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (game, week, player_id) DO UPDATE SET gain = rating_weeks.gain + excluded.gain",
            game.game,
            week,
            rated.player_id,
            rated.delta,
        )


def ratings_json(game: FinishedGame) -> dict[str, object]:
    """A rated game's new ratings as the PostgreSQL store's `write_rooms` takes them."""
    return {
        "week": rating_week(game.finished_ms),
        "ratings": [
            [r.player_id, r.mu, r.sigma, r.ordinal, r.games, r.delta]
            for r in sorted(game.ratings, key=lambda r: r.player_id)
        ],
    }


async def moves(tx: Tx, code: str, number: int) -> list[MoveRecord]:
    rows = await tx.fetchall(
        "SELECT seat, move, version, at_ms FROM moves WHERE code = ? AND game_number = ? ORDER BY version",
        code,
        number,
    )
    return [MoveRecord(seat, tx.unjson(move), version, at) for seat, move, version, at in rows]


def stats(rows: list[tuple[str, int, int]]) -> list[GameStats]:
    """(game, placing, count) rows as each game's statistics, by game."""
    by_game: dict[str, dict[int, int]] = {}
    for game, placing, count in rows:
        by_game.setdefault(game, {})[placing] = count
    return [GameStats(g, sum(p.values()), p.get(1, 0), p) for g, p in sorted(by_game.items())]


class Games:
    """Finished games and the move lists they replay from."""

    FLAT = ("game_moves", "finished_game", "player_games", "current_ratings", "rated_meetings")

    def __init__(self, backend: Backend) -> None:
        self._backend = backend

    async def game_moves(self, code: str, number: int) -> list[MoveRecord]:
        """The moves of a room's n-th game so far, in order."""

        async def work(tx: Tx) -> list[MoveRecord]:
            return await moves(tx, code, number)

        return await self._backend.read(work)

    async def finished_game(self, code: str, number: int) -> FinishedGame | None:
        async def work(tx: Tx) -> FinishedGame | None:
            row = await tx.fetchone(
                "SELECT game, options, seed, names, players, result, started_ms, finished_ms, fairness,"
                " private_room, invite_hash FROM finished_games WHERE code = ? AND number = ?",
                code,
                number,
            )
            if row is None:
                return None
            game, options, seed, names, players, result, started, finished, chain, private, invite = row
            return FinishedGame(
                code,
                number,
                game,
                tx.unjson(options),
                seed,
                tx.unjson(names),
                tx.unjson(players),
                tx.unjson(result),
                started,
                finished,
                await moves(tx, code, number),
                tx.unjson(chain),
                bool(private),
                invite,
            )

        return await self._backend.read(work)

    async def player_games(self, player_id: str, limit: int = 50) -> list[FinishedGame]:
        """The newest `limit` finished games in which the player held a seat, newest first,
        without their moves."""

        async def work(tx: Tx) -> list[FinishedGame]:
            rows = await tx.fetchall(tx.dialect.player_games, player_id, limit)
            return [
                FinishedGame(
                    code,
                    number,
                    game,
                    tx.unjson(options),
                    seed,
                    tx.unjson(names),
                    tx.unjson(players),
                    tx.unjson(result),
                    started,
                    finished,
                    private=bool(private),
                    invite_hash=invite,
                )
                for code, number, game, options, seed, names, players, result, started, finished, private, invite in rows
            ]

        return await self._backend.read(work)

    # -- ratings --------------------------------------------------------------------------------
    async def current_ratings(self, game: str, player_ids: list[str]) -> dict[str, StoredRating]:
        """The players' ratings in `game`; a player without one is missing."""
        if not player_ids:
            return {}

        async def work(tx: Tx) -> dict[str, StoredRating]:
            rows = await tx.fetchall(
                "SELECT player_id, mu, sigma, games, updated_ms FROM ratings"
                f" WHERE game = ? AND player_id IN ({placeholders(len(player_ids))})",
                game,
                *player_ids,
            )
            return {p: StoredRating(game, mu, sigma, games, at) for p, mu, sigma, games, at in rows}

        return await self._backend.read(work)

    async def rated_meetings(self, game: str, player_ids: list[str], since_ms: int) -> int:
        """Rated games of `game` finished since `since_ms` whose players were exactly these
        (read through the first player's changes: the table's key leads with the player)."""
        if not player_ids:
            return 0
        wanted = set(player_ids)

        async def work(tx: Tx) -> int:
            rows = await tx.fetchall(
                "SELECT f.players FROM rating_changes c JOIN finished_games f ON f.code = c.code AND f.number = c.number"
                " WHERE c.player_id = ? AND c.game = ? AND c.at_ms >= ?",
                player_ids[0],
                game,
                since_ms,
            )
            return sum(1 for (players,) in rows if set(tx.unjson(players)) == wanted)

        return await self._backend.read(work)
