"""Quick seating by rating through the running platform: of three players waiting for the same
table, the two close in rating are seated together and the far one waits on (the allowed gap
widens with the wait: tests/unit/test_rated_tables.py)."""

from __future__ import annotations

import aiohttp

from lobby.store import make_store
from tests.stack.test_quick_seating import _ask, _look, _player
from tests.support.ratings import RatedPlayer, rating_rows

GAME = "morris"


async def test_players_close_in_rating_are_seated_together_and_the_far_one_waits(stack) -> None:
    base = stack.base_url
    async with aiohttp.ClientSession() as session:
        strong, guest, near = [await _player(session, base, name) for name in ("Stina", "Gösta", "Nils")]
        store = make_store(stack.store_url)
        await store.open()
        try:
            for player in (strong, near):
                await store.mark_account(player["id"], 1)
            rated = [
                RatedPlayer(strong["id"], "Stina", played={GAME: [25.0] * 12}),  # shown 2000
                RatedPlayer(near["id"], "Nils", played={GAME: [26.0] * 12}),  # shown 2040
            ]
            await store.load_ratings(rating_rows(rated, 1_000))
        finally:
            await store.close()

        first = await _ask(session, base, strong, game=GAME, seats=2, stake=0)
        second = await _ask(session, base, guest, game=GAME, seats=2, stake=0)
        # A guest counts at 1000, a thousand below: no table yet, both wait.
        assert (first["status"], second["status"], second["waiting"]) == ("waiting", "waiting", 2)
        third = await _ask(session, base, near, game=GAME, seats=2, stake=0)
        assert third["status"] == "seated"
        looked = await _look(session, base, first)
        assert looked["status"] == "seated" and looked["ticket"]["code"] == third["ticket"]["code"]
        still = await _look(session, base, second)
        assert still["status"] == "waiting" and still["waiting"] == 1
        await rest_cancel(session, base, second)


async def rest_cancel(session: aiohttp.ClientSession, base: str, entry: dict) -> None:  # type: ignore[type-arg]
    async with session.post(f"{base}/api/quick-seats/{entry['id']}/cancel", json={"secret": entry["secret"]}) as answer:
        assert answer.status == 200
