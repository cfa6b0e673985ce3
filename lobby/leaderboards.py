"""Ratings as clients read them: a game's leaderboard or this week's climbers, a player's
ratings and the history of one. The figures are the store's rows on the shown scale
(lobby/rating_scale.py); the rated games' ends write them.

Every start page asks for every title's top three (`tops`, one query per title), and those
change only when a rated game ends: the answer is kept for `tops_kept_ms` and given again,
and dropped at once when a rated game ends in this process (`after_step`, an observer of the
step pipeline). A game rated by another replica shows once the copy runs out, at the latest."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from rulekit import Refusal

from .engines import GameCatalogue
from .players import Players
from .ports import Runner
from .rating_scale import LEADERBOARD_SIZE
from .rating_views import board_entries, history_entries, rating_entries
from .room import Room
from .store import Store

Tops = dict[str, list[dict[str, Any]]]

BOARDS = ("top", "climbers")
HISTORY_POINTS = 100  # the most points a history answer holds (the chart's newest games)
CLIMBERS_SIZE = 100  # this week's climbers listed at most
GALLERY_TOP = 3  # the leaders each game's gallery tile names


class Leaderboards:
    def __init__(
        self,
        store: Store,
        players: Players,
        catalogue: Callable[[], GameCatalogue],
        now_ms: Callable[[], int],
        tops_kept_ms: int = 0,
    ) -> None:
        self.store = store
        self.players = players
        self.catalogue = catalogue
        self.now_ms = now_ms
        self.tops_kept_ms = tops_kept_ms
        self._tops: Tops | None = None
        self._tops_until_ms = 0
        # Bumped by every drop: a read that began before the drop may hold the old ratings,
        # so it answers its own request but is not kept.
        self._tops_drops = 0
        self._tops_read = asyncio.Lock()  # many pages at once after the copy ran out: one read

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

    async def tops(self) -> Tops:
        """Each game's GALLERY_TOP leaders, by game (empty lists for games nobody is ranked in),
        as read at most `tops_kept_ms` ago. The answer is shared: not to be changed."""
        if self._tops is not None and self.now_ms() < self._tops_until_ms:
            return self._tops
        if self.tops_kept_ms <= 0:
            return await self.read_tops()
        async with self._tops_read:
            if self._tops is not None and self.now_ms() < self._tops_until_ms:
                return self._tops  # read by the request this one waited for
            drops = self._tops_drops
            tops = await self.read_tops()
            if drops == self._tops_drops:
                self._tops, self._tops_until_ms = tops, self.now_ms() + self.tops_kept_ms
            return tops

    def drop_tops(self) -> None:
        self._tops = None
        self._tops_drops += 1

    async def after_step(self, room: Room, revision: int, steps: Runner, force: bool = False) -> None:
        """A rated game that ended here changed ratings: the next start page reads them."""
        if room.rated and room.status == "finished" and (room.rating_result or {}).get("changes"):
            self.drop_tops()

    async def read_tops(self) -> Tops:
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
