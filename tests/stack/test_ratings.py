"""Ratings over REST and gRPC on the running stack: a game's leaderboard and this week's
climbers, the gallery's top three, a player's ratings (their own in /api/players/me, anyone's
by id) and the history of one; bad asks are refused with their codes. The rating rows are
loaded into the stack's store as the rated games' ends would write them."""

from __future__ import annotations

import itertools
import time
from collections.abc import AsyncIterator

import aiohttp
import grpc
import pytest
from gameroom import play_pb2, play_pb2_grpc

from lobby.rating_scale import PROVISIONAL_GAMES, shown
from lobby.store import make_store
from tests.support.client import Refused, rest
from tests.support.ratings import RatedPlayer, rating_rows

GAME = "chess"
# Each test's players stand above the ones before (the stack and its store are the session's).
HEIGHTS = itertools.count(1000, 1000)


async def _get(session: aiohttp.ClientSession, url: str, token: str = "") -> dict:  # type: ignore[type-arg]
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    async with session.get(url, headers=headers) as answer:
        data = await answer.json()
        if answer.status >= 400:
            raise Refused(data["refused"]["code"], data["refused"].get("detail", ""))
        return data  # type: ignore[no-any-return]


@pytest.fixture
async def rated(stack) -> AsyncIterator[tuple[aiohttp.ClientSession, dict[str, dict], int]]:  # type: ignore[type-arg]
    """Three accounts rated in chess far above anyone else the session rates (Cleo still
    provisional) and a guest: their REST answers (token and player) by name, and the height
    `h` their ordinals start from (Alma ends at h + 11, Bruno at h + 111, Cleo at h + 400)."""
    h = next(HEIGHTS)
    session = aiohttp.ClientSession()
    made = {}
    for name in ("Alma", "Bruno", "Cleo", "Gus"):
        made[name] = await rest(session, stack.base_url, "POST", "/api/players", {"nickname": name})
    store = make_store(stack.store_url)
    await store.open()
    try:
        for name in ("Alma", "Bruno", "Cleo"):
            await store.mark_account(made[name]["player"]["id"], 1)
        players = [
            RatedPlayer(made["Alma"]["player"]["id"], "Alma", played={GAME: [h + i for i in range(12)]}),
            RatedPlayer(made["Bruno"]["player"]["id"], "Bruno", played={GAME: [h + 100 + i for i in range(12)]}),
            RatedPlayer(made["Cleo"]["player"]["id"], "Cleo", played={GAME: [h + 400.0] * (PROVISIONAL_GAMES - 1)}),
        ]
        await store.load_ratings(rating_rows(players, int(time.time() * 1000) - 60_000))
    finally:
        await store.close()
    yield session, made, h
    await session.close()


async def test_the_leaderboard_and_the_climbers_over_rest(stack, rated) -> None:
    session, made, h = rated
    alma, bruno = made["Alma"]["player"]["id"], made["Bruno"]["player"]["id"]
    top = await _get(session, f"{stack.base_url}/api/games/{GAME}/leaderboard")
    assert top["game"] == GAME and top["board"] == "top"
    assert [(r["rank"], r["player"], r["nickname"]) for r in top["rows"][:2]] == [
        (1, bruno, "Bruno"),
        (2, alma, "Alma"),
    ]
    assert top["rows"][0]["shown"] == shown(h + 111) and top["rows"][0]["games"] == 12
    assert made["Cleo"]["player"]["id"] not in {r["player"] for r in top["rows"]}  # provisional

    climbers = await _get(session, f"{stack.base_url}/api/games/{GAME}/leaderboard?board=climbers&limit=3")
    assert [r["nickname"] for r in climbers["rows"][:3]] == ["Cleo", "Bruno", "Alma"]
    assert climbers["rows"][0]["gain"] == shown(h + 400) - shown(0)

    tops = (await _get(session, f"{stack.base_url}/api/leaderboards"))["boards"]
    assert [r["nickname"] for r in tops[GAME][:2]] == ["Bruno", "Alma"] and len(tops[GAME]) <= 3
    assert set(tops) >= {GAME, "four-in-a-row"}

    for bad, code in [
        (f"/api/games/{GAME}/leaderboard?board=worst", "bad_request"),
        (f"/api/games/{GAME}/leaderboard?limit=-1", "bad_request"),
        (f"/api/games/{GAME}/leaderboard?limit=0", "bad_request"),
        ("/api/games/no-such-game/leaderboard", "unknown_game"),
    ]:
        with pytest.raises(Refused) as refused:
            await _get(session, f"{stack.base_url}{bad}")
        assert refused.value.code == code, bad


async def test_a_players_ratings_and_history_over_rest(stack, rated) -> None:
    session, made, h = rated
    bruno = made["Bruno"]
    mine = await _get(session, f"{stack.base_url}/api/players/me", bruno["token"])
    assert mine["ratings"] == [
        {
            "game": GAME,
            "shown": shown(h + 111),
            "mu": pytest.approx(mine["ratings"][0]["sigma"] * 3 + h + 111, abs=0.01),
            "sigma": mine["ratings"][0]["sigma"],
            "games": 12,
            "provisional": False,
            "rank": 1,
        }
    ]
    anyones = await _get(session, f"{stack.base_url}/api/players/{made['Cleo']['player']['id']}/ratings")
    assert anyones["player"]["nickname"] == "Cleo"
    assert [(r["game"], r["provisional"], r["rank"]) for r in anyones["ratings"]] == [(GAME, True, None)]
    assert (await _get(session, f"{stack.base_url}/api/players/me/ratings", bruno["token"]))["ratings"] == mine[
        "ratings"
    ]
    assert (await _get(session, f"{stack.base_url}/api/players/{made['Gus']['player']['id']}/ratings"))["ratings"] == []

    history = await _get(session, f"{stack.base_url}/api/players/me/ratings/{GAME}/history?limit=4", bruno["token"])
    assert [p["shown"] for p in history["points"]] == [shown(h + 108 + i) for i in range(4)]
    assert all(p["change"] == shown(1) - shown(0) for p in history["points"])
    assert int(history["points"][-1]["at_ms"]) > int(history["points"][0]["at_ms"])

    for bad, token, code in [
        ("/api/players/nobody-at-all/ratings", "", "unknown_player"),
        ("/api/players/me/ratings", "", "bad_token"),
        (f"/api/players/me/ratings/{GAME}/history", "not-a-token", "bad_token"),
        (f"/api/players/me/ratings/{GAME}/history?limit=101", bruno["token"], "bad_request"),
        (f"/api/players/me/ratings/{GAME}/history?limit=x", bruno["token"], "bad_request"),
        ("/api/players/me/ratings/no-such-game/history", bruno["token"], "unknown_game"),
    ]:
        with pytest.raises(Refused) as refused:
            await _get(session, f"{stack.base_url}{bad}", token)
        assert refused.value.code == code, bad


async def test_the_leaderboard_and_a_players_ratings_over_grpc(stack, rated) -> None:
    _, made, h = rated
    async with grpc.aio.insecure_channel(f"127.0.0.1:{stack.ports['play']}") as channel:
        play = play_pb2_grpc.PlayStub(channel)
        board = await play.GetLeaderboard(play_pb2.LeaderboardRequest(game=GAME, limit=2))
        assert board.board == "top" and [r.nickname for r in board.rows] == ["Bruno", "Alma"]
        climbers = await play.GetLeaderboard(play_pb2.LeaderboardRequest(game=GAME, board="climbers", limit=1))
        assert climbers.rows[0].nickname == "Cleo" and climbers.rows[0].gain == shown(h + 400) - shown(0)

        cleo = await play.GetPlayerRatings(play_pb2.PlayerRatingsRequest(player_id=made["Cleo"]["player"]["id"]))
        assert cleo.player.nickname == "Cleo" and cleo.ratings[0].provisional and not cleo.ratings[0].HasField("rank")
        bruno = await play.GetPlayerRatings(play_pb2.PlayerRatingsRequest(player_id=made["Bruno"]["player"]["id"]))
        assert bruno.ratings[0].rank == 1 and bruno.ratings[0].shown == shown(h + 111)

        with pytest.raises(grpc.aio.AioRpcError) as refused:
            await play.GetPlayerRatings(play_pb2.PlayerRatingsRequest(player_id="nobody-at-all"))
        assert refused.value.code() == grpc.StatusCode.NOT_FOUND and refused.value.details().startswith(
            "unknown_player"
        )
        with pytest.raises(grpc.aio.AioRpcError) as refused:
            await play.GetLeaderboard(play_pb2.LeaderboardRequest(game=GAME, board="worst"))
        assert refused.value.code() == grpc.StatusCode.INVALID_ARGUMENT
