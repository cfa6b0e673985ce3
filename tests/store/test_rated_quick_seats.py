"""Quick seating by rating on both stores: a claim hands the chooser each waiting entry with its
player's rating in the game (None for guests and unrated players) and claims what it picks,
all in one locked step."""

from __future__ import annotations

import secrets

import pytest

from lobby.rated_tables import Waiting, choose_table
from tests.support.ratings import RatedPlayer, make_players, rate


async def test_a_claim_seats_the_players_closest_in_rating(store) -> None:
    t = secrets.token_hex(3)
    game, pool = f"chess{t}", f"chess{t}|2|0"
    strong = RatedPlayer(f"{t}-strong", "Strong", played={game: [20.0] * 12})  # shown 1800
    near = RatedPlayer(f"{t}-near", "Near", played={game: [1.0] * 12})  # shown 1040
    other_game = RatedPlayer(f"{t}-other", "Other", played={f"go{t}": [30.0] * 12})  # unrated in chess
    await rate(store, [strong, near, other_game], 1_000)
    await make_players(store, [RatedPlayer(f"{t}-guest", "Guest", account=False)])
    for n, player in enumerate([strong, RatedPlayer(f"{t}-guest", ""), near, other_game]):
        await store.quick_seat_join(f"{t}-e{n}", pool, player.id, player.nickname, "h", 10_000 + n)

    seen: list[list[tuple[str, int, float | None]]] = []

    def choose(waiting: list[tuple[str, int, float | None]]) -> list[str]:
        seen.append(waiting)
        return choose_table([Waiting(*row) for row in waiting], 2, 10_010)

    claimed = await store.quick_seat_claim_chosen(pool, game, f"{t}-c1", choose)
    assert [(e, at, None if o is None else round(o)) for e, at, o in seen[0]] == [
        (f"{t}-e0", 10_000, 20),
        (f"{t}-e1", 10_001, None),
        (f"{t}-e2", 10_002, 1),
        (f"{t}-e3", 10_003, None),
    ]
    # The strong player waits on; the guest meets the player unrated in chess (both at the
    # default 1000) rather than the one shown 1040.
    assert [(e["id"], e["status"]) for e in claimed] == [(f"{t}-e1", "claimed"), (f"{t}-e3", "claimed")]
    assert await store.quick_seat_waiting(pool) == 2
    # 1800 and 1040 are too far apart yet: nothing claimed, nothing changed.
    assert await store.quick_seat_claim_chosen(pool, game, f"{t}-c2", choose) == []
    assert await store.quick_seat_waiting(pool) == 2


async def test_a_chooser_that_picks_a_stranger_claims_nothing(store) -> None:
    t = secrets.token_hex(3)
    pool = f"chess{t}|2|0"
    await make_players(store, [RatedPlayer(f"{t}-a", "A"), RatedPlayer(f"{t}-b", "B")])
    await store.quick_seat_join(f"{t}-e0", pool, f"{t}-a", "A", "h", 1)
    await store.quick_seat_join(f"{t}-e1", pool, f"{t}-b", "B", "h", 2)
    with pytest.raises(ValueError, match="does not wait"):
        await store.quick_seat_claim_chosen(pool, f"chess{t}", "c", lambda rows: [rows[0][0], "someone-else"])
    assert await store.quick_seat_waiting(pool) == 2
