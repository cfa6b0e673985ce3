"""lobby/leaderboards.py: the start page's top three of every title are read from the store once
and given again while the copy lasts; a rated game that ends in this process drops the copy,
and a read that began before such a drop answers its own request without being kept."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from lobby.engines import Engines, GameCatalogue
from lobby.leaderboards import Leaderboards
from lobby.lobby import Lobby
from lobby.room import Room, Seat
from lobby.store import make_store
from lobby.store.base import BoardRow
from tests.support.ratings import RatedPlayer, rate

KEPT_MS = 30_000


class RankedStore:
    """The two store reads `tops` makes; it counts the leaderboard queries, and can hold them
    until let go, to ask while one is under way."""

    def __init__(self) -> None:
        self.leader = {"chess": "Anna", "reversi": "Ben"}
        self.queries = 0
        self.open = asyncio.Event()
        self.open.set()

    async def leaderboard(self, game: str, now_ms: int, limit: int = 100) -> list[BoardRow]:
        self.queries += 1
        leader = self.leader[game]  # as the query's snapshot saw it
        await self.open.wait()
        return [BoardRow(1, f"p-{leader}", leader, 1500, 12)]

    async def bots_among(self, player_ids: list[str]) -> set[str]:
        return set()


class Clock:
    def __init__(self) -> None:
        self.ms = 1_000_000

    def __call__(self) -> int:
        return self.ms


def boards(kept_ms: int = KEPT_MS) -> tuple[Leaderboards, RankedStore, Clock]:
    store, clock = RankedStore(), Clock()
    catalogue = GameCatalogue({"chess": {}, "reversi": {}})
    return Leaderboards(store, None, lambda: catalogue, clock, kept_ms), store, clock  # type: ignore[arg-type]


def leaders(tops: dict) -> dict[str, str]:  # type: ignore[type-arg]
    return {game: rows[0]["nickname"] for game, rows in tops.items()}


def finished_rated_room(rating_result: dict) -> Room:  # type: ignore[type-arg]
    room = Room(code="ABCDE", game="chess", options={}, seats=[Seat("human"), Seat("human")], rated=True)
    room.status, room.rating_result = "finished", rating_result
    return room


async def test_the_copy_is_given_until_it_runs_out() -> None:
    ratings, store, clock = boards()
    assert leaders(await ratings.tops()) == {"chess": "Anna", "reversi": "Ben"}
    assert store.queries == 2  # one per title
    store.leader["chess"] = "Cleo"
    clock.ms += KEPT_MS - 1
    assert leaders(await ratings.tops()) == {"chess": "Anna", "reversi": "Ben"}
    assert store.queries == 2
    clock.ms += 1
    assert leaders(await ratings.tops()) == {"chess": "Cleo", "reversi": "Ben"}
    assert store.queries == 4


async def test_a_rated_game_ending_here_drops_the_copy() -> None:
    ratings, store, _ = boards()
    await ratings.tops()
    store.leader["chess"] = "Cleo"
    # Neither an unrated end nor a rated room still in play changes a rating.
    await ratings.after_step(finished_rated_room({"unrated": "rated_repeat_limit", "limit": 3}), 7, None)  # type: ignore[arg-type]
    playing = finished_rated_room({})
    playing.status = "playing"
    await ratings.after_step(playing, 7, None)  # type: ignore[arg-type]
    assert leaders(await ratings.tops())["chess"] == "Anna" and store.queries == 2
    changes = {"changes": [{"seat": 0, "shown": 1510, "change": 10, "provisional": False}]}
    await ratings.after_step(finished_rated_room(changes), 8, None)  # type: ignore[arg-type]
    assert leaders(await ratings.tops())["chess"] == "Cleo" and store.queries == 4


async def test_many_pages_at_once_share_one_read_and_a_drop_during_it_is_not_lost() -> None:
    ratings, store, _ = boards()
    store.open.clear()
    asks = [asyncio.ensure_future(ratings.tops()) for _ in range(5)]
    while store.queries == 0:  # the first ask is at the store; the others wait for it
        await asyncio.sleep(0)
    ratings.drop_tops()  # a rated game ended while the store was read
    store.leader["chess"] = "Cleo"
    store.open.set()
    answers = await asyncio.gather(*asks)
    # The first read answers its own ask but is not kept: the next ask reads again, once,
    # and the asks after it are given that copy.
    assert [leaders(a)["chess"] for a in answers] == ["Anna", "Cleo", "Cleo", "Cleo", "Cleo"]
    assert store.queries == 4


async def test_without_a_copy_every_ask_reads_the_store() -> None:
    ratings, store, _ = boards(kept_ms=0)
    await ratings.tops()
    await ratings.tops()
    assert store.queries == 4


async def test_the_lobbys_step_pipeline_drops_the_copy_when_a_rated_game_ends(tmp_path: Path) -> None:
    """The same through a lobby over SQLite: the leaders the store holds are kept past a change
    until the pipeline tells of a rated game's end."""
    store = make_store(f"sqlite:///{tmp_path}/rooms.sqlite3")
    await store.open()
    try:
        lobby = Lobby(store, Engines())
        lobby.engines.catalogue = GameCatalogue({"chess": {}})  # no family services here
        now = int(time.time() * 1000)
        await rate(store, [RatedPlayer("p-anna", "Anna", played={"chess": [10.0] * 12})], now - 60_000)
        assert leaders(await lobby.ratings.tops()) == {"chess": "Anna"}
        await rate(store, [RatedPlayer("p-cleo", "Cleo", played={"chess": [20.0] * 12})], now - 60_000)
        assert leaders(await lobby.ratings.tops()) == {"chess": "Anna"}  # the copy
        changes = {"changes": [{"seat": 0, "shown": 1510, "change": 10, "provisional": False}]}
        await lobby.steps.observe(finished_rated_room(changes), 9)
        assert leaders(await lobby.ratings.tops()) == {"chess": "Cleo"}
    finally:
        await store.close()
