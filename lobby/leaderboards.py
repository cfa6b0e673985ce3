"""Ratings as clients read them: a game's leaderboard or this week's climbers, a player's
ratings and the history of one. The figures are the store's rows on the shown scale
(lobby/rating_scale.py); the rated games' ends write them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rulekit import Refusal

from .engines import GameCatalogue
from .players import Players
from .rating_scale import LEADERBOARD_SIZE
from .rating_views import board_entries, history_entries, rating_entries
from .store import Store

BOARDS = ("top", "climbers")
HISTORY_POINTS = 100  # the most points a history answer holds (the chart's newest games)
CLIMBERS_SIZE = 100  # this week's climbers listed at most
GALLERY_TOP = 3  # the leaders each game's gallery tile names


class Leaderboards:
    def __init__(
        self, store: Store, players: Players, catalogue: Callable[[], GameCatalogue], now_ms: Callable[[], int]
    ) -> None:
        self.store = store
        self.players = players
        self.catalogue = catalogue
        self.now_ms = now_ms

    async def board(self, game: str, board: str = "top", limit: int | None = None) -> dict[str, Any]:
        """`{"game", "board", "rows"}`: the top board or this week's climbers; `limit` cuts it
        (the gallery's top three)."""
        self.catalogue().meta(game)  # refuses an unknown game
        if board not in BOARDS:
            raise Refusal("bad_request", f"board must be one of {BOARDS}")
        if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit < 1):
            raise Refusal("bad_request", "limit is a whole number from 1")
        if board == "top":
            rows = await self.store.leaderboard(game, self.now_ms(), min(limit or LEADERBOARD_SIZE, LEADERBOARD_SIZE))
        else:
            rows = await self.store.climbers(game, self.now_ms(), min(limit or CLIMBERS_SIZE, CLIMBERS_SIZE))
        bots = await self.store.bots_among([r.player_id for r in rows])
        return {"game": game, "board": board, "rows": board_entries(rows, board == "climbers", bots)}

    async def tops(self) -> dict[str, list[dict[str, Any]]]:
        """Each game's GALLERY_TOP leaders, by game (empty lists for games nobody is ranked in)."""
        now = self.now_ms()
        boards = {game: await self.store.leaderboard(game, now, GALLERY_TOP) for game in sorted(self.catalogue().metas)}
        bots = await self.store.bots_among([r.player_id for rows in boards.values() for r in rows])
        return {game: board_entries(rows, False, bots) for game, rows in boards.items()}

    async def ratings_of(self, player_id: str) -> list[dict[str, Any]]:
        return rating_entries(await self.store.player_ratings(player_id, self.now_ms()))

    async def player(self, player_id: str) -> dict[str, Any]:
        """Anyone's look at a player: nickname and ratings; a deleted or unknown player is refused."""
        found = (await self.store.players_by_ids([player_id])).get(player_id)
        if found is None or not found.nickname:
            raise Refusal("unknown_player", player_id)
        bot = bool(await self.store.bots_among([found.id]))
        return {
            "player": {"id": found.id, "nickname": found.nickname, "bot": bot},
            "ratings": await self.ratings_of(found.id),
        }

    async def mine(self, token: str) -> dict[str, Any]:
        """The token's player's own look at their ratings (as anyone's, `player`)."""
        return await self.player((await self.players.by_token(token)).id)

    async def history(self, token: str, game: str, limit: int = HISTORY_POINTS) -> dict[str, Any]:
        """The token's player's newest `limit` points in the game, oldest first."""
        player_id = (await self.players.by_token(token)).id
        self.catalogue().meta(game)
        if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= HISTORY_POINTS:
            raise Refusal("bad_request", f"limit is a whole number from 1 to {HISTORY_POINTS}")
        points = await self.store.rating_history(player_id, game, limit)
        return {"game": game, "points": history_entries(points)}
