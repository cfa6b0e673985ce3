"""Reading ratings on both stores: a game's leaderboard (accounts only, active, past the provisional
games, best first), this week's climbers, a player's ratings with their rank, and the history
of one rating; deleted players never show."""

from __future__ import annotations

import secrets

import pytest

from lobby.rating_scale import ACTIVE_MS, DAY_MS, LEADERBOARD_SIZE, PROVISIONAL_GAMES, rating_week, shown
from lobby.store import RatingRows
from tests.support.ratings import RatedPlayer, make_players, rate, rating_rows

# A Wednesday noon (UTC): the games of the last hours fall in this week.
NOW = (rating_week(1_780_000_000_000) * 7 - 3 + 2) * DAY_MS + DAY_MS // 2
assert rating_week(NOW - DAY_MS) == rating_week(NOW)


@pytest.fixture
def t() -> str:
    return secrets.token_hex(3)


def climbing(to: float, games: int = 12) -> list[float]:
    return [to * (i + 1) / games for i in range(games)]


def cast(t: str) -> list[RatedPlayer]:
    """Players and games named after the test (`t`): the PostgreSQL schema is the session's."""
    return [
        RatedPlayer(f"{t}-alice", "Alice", played={f"chess{t}": climbing(5), f"checkers{t}": climbing(2)}),
        RatedPlayer(f"{t}-bob", "Bob", played={f"chess{t}": climbing(8)}),
        RatedPlayer(f"{t}-bea", "Bea", played={f"chess{t}": climbing(5)}),  # ties with Alice: after her by id
        RatedPlayer(f"{t}-carl", "Carl", played={f"chess{t}": climbing(20, PROVISIONAL_GAMES - 1)}),  # provisional
        RatedPlayer(f"{t}-dora", "Dora", account=False, played={f"chess{t}": climbing(30)}),  # a guest
        RatedPlayer(f"{t}-erik", "", played={f"chess{t}": climbing(40)}),  # deleted: nickname emptied
        RatedPlayer(f"{t}-fay", "Fay", played={f"chess{t}": [1, 0.5, 0, -0.5, -1, -1.5, -2, -2.5, -3, -3.5, -4, -4.5]}),
    ]


async def test_the_leaderboard_lists_active_accounts_past_their_provisional_games_best_first(store, t: str) -> None:
    await rate(store, cast(t), NOW - 3_600_000)
    gone = [RatedPlayer(f"{t}-gone", "Gone", played={f"chess{t}": climbing(50)})]  # last played long ago
    await rate(store, gone, NOW - ACTIVE_MS - 1)

    board = await store.leaderboard(f"chess{t}", NOW)
    assert [(r.rank, r.player_id, r.nickname) for r in board] == [
        (1, f"{t}-bob", "Bob"),
        (2, f"{t}-alice", "Alice"),
        (3, f"{t}-bea", "Bea"),
        (4, f"{t}-fay", "Fay"),
    ]
    assert board[0].shown == shown(8) and board[0].games == 12
    assert [r.player_id for r in await store.leaderboard(f"chess{t}", NOW, 2)] == [f"{t}-bob", f"{t}-alice"]
    assert [r.player_id for r in await store.leaderboard(f"checkers{t}", NOW)] == [f"{t}-alice"]
    assert await store.leaderboard(f"go{t}", NOW) == []


async def test_this_weeks_climbers_rank_the_weeks_gain(store, t: str) -> None:
    await rate(store, cast(t), NOW - 3_600_000)
    last_week = [RatedPlayer(f"{t}-lw", "Lena", played={f"chess{t}": climbing(60)})]
    await rate(store, last_week, NOW - 7 * DAY_MS)

    climbers = await store.climbers(f"chess{t}", NOW)
    # The provisional Carl climbs too; the guest, the deleted player, last week's gain and a
    # loss do not.
    assert [(r.rank, r.player_id) for r in climbers] == [
        (1, f"{t}-carl"),
        (2, f"{t}-bob"),
        (3, f"{t}-alice"),
        (4, f"{t}-bea"),
    ]
    assert climbers[0].gain == shown(20) - shown(0) and climbers[0].shown == shown(20)
    assert [r.player_id for r in await store.climbers(f"chess{t}", NOW, limit=2)] == [f"{t}-carl", f"{t}-bob"]
    assert [r.player_id for r in await store.climbers(f"chess{t}", NOW - 7 * DAY_MS)] == [f"{t}-lw"]


async def test_a_players_ratings_carry_their_rank_where_they_are_ranked(store, t: str) -> None:
    await rate(store, cast(t), NOW - 3_600_000)

    alice = await store.player_ratings(f"{t}-alice", NOW)
    assert [(r.game, r.games, r.rank) for r in alice] == [(f"checkers{t}", 12, 1), (f"chess{t}", 12, 2)]
    assert alice[1].ordinal == pytest.approx(5) and alice[1].mu - 3 * alice[1].sigma == pytest.approx(5)
    assert [(r.game, r.rank) for r in await store.player_ratings(f"{t}-bea", NOW)] == [(f"chess{t}", 3)]
    # Provisional, a guest, or no longer active: rated, but without a rank.
    assert [(r.game, r.games, r.rank) for r in await store.player_ratings(f"{t}-carl", NOW)] == [(f"chess{t}", 9, None)]
    assert [r.rank for r in await store.player_ratings(f"{t}-dora", NOW)] == [None]
    assert [r.rank for r in await store.player_ratings(f"{t}-bob", NOW + ACTIVE_MS)] == [None]
    # Deleted or unknown: nothing at all.
    assert await store.player_ratings(f"{t}-erik", NOW) == []
    assert await store.player_ratings(f"{t}-nobody", NOW) == []


async def test_a_rating_history_is_the_newest_points_oldest_first(store, t: str) -> None:
    await rate(store, cast(t), NOW - 3_600_000)

    history = await store.rating_history(f"{t}-fay", f"chess{t}", limit=5)
    assert [p.ordinal for p in history] == [-2.5, -3, -3.5, -4, -4.5]
    assert [p.at_ms for p in history] == sorted(p.at_ms for p in history)
    assert history[-1].at_ms == NOW - 3_600_000 and history[-1].delta == pytest.approx(-0.5)
    assert len(await store.rating_history(f"{t}-fay", f"chess{t}")) == 12
    assert await store.rating_history(f"{t}-fay", f"checkers{t}") == []
    assert await store.rating_history(f"{t}-erik", f"chess{t}") == []  # deleted


async def test_the_board_holds_its_size_and_ranks_beyond_it_are_none(store, t: str) -> None:
    many = [
        RatedPlayer(f"{t}-{i:03d}", f"Player {i}", played={f"go{t}": climbing(i / 10)})
        for i in range(LEADERBOARD_SIZE + 3)
    ]
    await rate(store, many, NOW - 3_600_000)

    board = await store.leaderboard(f"go{t}", NOW)
    assert len(board) == LEADERBOARD_SIZE
    assert board[0].player_id == f"{t}-{LEADERBOARD_SIZE + 2:03d}" and board[-1].rank == LEADERBOARD_SIZE
    assert [r.rank for r in await store.player_ratings(board[-1].player_id, NOW)] == [LEADERBOARD_SIZE]
    assert [r.rank for r in await store.player_ratings(f"{t}-002", NOW)] == [None]


async def test_loading_rows_is_all_or_nothing(store, t: str) -> None:
    await make_players(store, [RatedPlayer(f"{t}-x", "Xena")])
    rows = rating_rows([RatedPlayer(f"{t}-x", "Xena", played={f"chess{t}": climbing(3)})], NOW)
    twice = RatingRows(rows.ratings * 2, rows.changes, rows.weeks)  # a repeated key: refused whole
    with pytest.raises(Exception):  # noqa: B017, PT011 - each driver names its own integrity error
        await store.load_ratings(twice)
    assert await store.player_ratings(f"{t}-x", NOW) == []
    assert await store.rating_history(f"{t}-x", f"chess{t}") == []
