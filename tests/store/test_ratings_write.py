"""A rated game's ratings are written with the finished game, in its transaction: once, and
never over a rating another game changed meanwhile. Both stores."""

from __future__ import annotations

import uuid

from lobby.rating_scale import rating_week
from lobby.store import FinishedGame, Player, RatedPlayer

DAY_MS = 86_400_000


async def _accounts(store, count: int) -> list[str]:  # type: ignore[no-untyped-def]
    ids = [uuid.uuid4().hex[:12] for _ in range(count)]
    for number, player in enumerate(ids):
        await store.create_player(Player(player, f"P{number}", 1), f"hash-{player}")
        await store.mark_account(player, 2)
    return ids


def _finished(code: str, players: list[str], at_ms: int, ratings: tuple[RatedPlayer, ...]) -> FinishedGame:
    return FinishedGame(
        code=code,
        number=1,
        game="four-in-a-row",
        options={},
        seed="00",
        names=[f"P{i}" for i in range(len(players))],
        players=players,
        result={"placings": list(range(1, len(players) + 1))},
        started_ms=at_ms - 1000,
        finished_ms=at_ms,
        ratings=ratings,
    )


async def _room(store) -> dict:  # type: ignore[no-untyped-def]
    room = {"code": uuid.uuid4().hex[:5].upper(), "status": "playing", "version": 0, "updated_ms": 1, "game_number": 1}
    assert await store.insert_room(room)
    return room


async def _rows(store, game: str, players: list[str]) -> dict:  # type: ignore[no-untyped-def]
    return {p: (r.mu, r.sigma, r.games) for p, r in (await store.current_ratings(game, players)).items()}


async def test_a_finished_rated_game_is_rated_once(store) -> None:
    anna, ben = await _accounts(store, 2)
    room = await _room(store)
    at = 40 * DAY_MS + 5
    ratings = (RatedPlayer(anna, 27.5, 8.0, 1, 3.5), RatedPlayer(ben, 22.5, 8.0, 1, -1.5))
    game = _finished(room["code"], [anna, ben], at, ratings)
    done = {**room, "status": "finished", "version": 1}
    assert await store.save_room(done, 1, [], None, [], game)
    # The same write again (a replica retrying it): the revision moved on, nothing is written.
    assert not await store.save_room(done, 1, [], None, [], game)
    assert await _rows(store, "four-in-a-row", [anna, ben]) == {anna: (27.5, 8.0, 1), ben: (22.5, 8.0, 1)}
    assert await store.rated_meetings("four-in-a-row", [ben, anna], at - DAY_MS) == 1
    assert await store.rated_meetings("four-in-a-row", [anna], at - DAY_MS) == 0  # not the same players
    assert await store.rated_meetings("four-in-a-row", [anna, ben], at + 1) == 0  # before the window
    mine = await store.player_ratings(anna, at)
    assert [(r.game, r.mu, r.games, r.updated_ms) for r in mine] == [("four-in-a-row", 27.5, 1, at)]


async def test_a_rating_changed_meanwhile_loses_the_whole_write(store) -> None:
    anna, ben, cleo = await _accounts(store, 3)
    at = 40 * DAY_MS
    first = await _room(store)
    rated = (RatedPlayer(anna, 26.0, 8.0, 1, 2.0), RatedPlayer(ben, 24.0, 8.0, 1, -2.0))
    game = _finished(first["code"], [anna, ben], at, rated)
    assert await store.save_room({**first, "status": "finished", "version": 1}, 1, [], None, [], game)
    # Another game rated Anna from before that game (her first, so her row is new): refused.
    second = await _room(store)
    stale = (RatedPlayer(anna, 30.0, 7.0, 1, 9.0), RatedPlayer(cleo, 20.0, 7.0, 1, -9.0))
    lost = _finished(second["code"], [anna, cleo], at + 10, stale)
    assert not await store.save_room({**second, "status": "finished", "version": 1}, 1, [], None, [], lost)
    # Nothing of it: the room, the finished game, Cleo's new rating, its changes and gains.
    assert (await store.load_room(second["code"]))[1] == 1
    assert await store.finished_game(second["code"], 1) is None
    assert await _rows(store, "four-in-a-row", [anna, cleo]) == {anna: (26.0, 8.0, 1)}
    # Rated again from Anna's stored rating (one game so far): written.
    fresh = (RatedPlayer(anna, 27.0, 7.5, 2, 2.5), RatedPlayer(cleo, 23.0, 7.9, 1, -0.7))
    again = _finished(second["code"], [anna, cleo], at + 10, fresh)
    assert await store.save_room({**second, "status": "finished", "version": 1}, 1, [], None, [], again)
    assert await _rows(store, "four-in-a-row", [anna, cleo]) == {anna: (27.0, 7.5, 2), cleo: (23.0, 7.9, 1)}
    week = rating_week(at)
    gains = await store.games._backend.read(
        lambda tx: tx.fetchall(
            "SELECT player_id, gain FROM rating_weeks WHERE game = ? AND week = ?", "four-in-a-row", week
        )
    )
    assert {p: round(g, 6) for p, g in gains if p in (anna, ben, cleo)} == {anna: 4.5, ben: -2.0, cleo: -0.7}
    changes = await store.games._backend.read(
        lambda tx: tx.fetchall("SELECT player_id, code, delta FROM rating_changes ORDER BY at_ms, player_id")
    )
    assert sorted((p, c, round(d, 6)) for p, c, d in changes if p in (anna, ben, cleo)) == sorted(
        [
            (anna, first["code"], 2.0),
            (ben, first["code"], -2.0),
            (anna, second["code"], 2.5),
            (cleo, second["code"], -0.7),
        ]
    )
