"""Quick seating across two gateway replicas on one PostgreSQL: ten players asking at once for
a 3-seat, 1,000-coin poker table end at three full tables and one waiting player, each stake
escrowed once."""

from __future__ import annotations

import asyncio
from collections import Counter

import aiohttp

from lobby.store import make_store
from tests.support.client import rest


async def test_ten_players_at_once_fill_three_poker_tables_on_two_replicas(replicas) -> None:
    bases = [replicas.url_of("gateway"), replicas.url_of("gateway-2")]
    async with aiohttp.ClientSession() as session:
        made = [await rest(session, bases[n % 2], "POST", "/api/players", {"nickname": f"P{n}"}) for n in range(10)]
        asks = [
            rest(
                session,
                bases[n % 2],
                "POST",
                "/api/quick-seats",
                {"player_token": player["token"], "game": "poker", "seats": 3, "stake": 1000},
            )
            for n, player in enumerate(made)
        ]
        entries = await asyncio.gather(*asks)
        # Each player looks once more (a client polls), on the other replica.
        looks = await asyncio.gather(
            *(
                rest(
                    session, bases[(n + 1) % 2], "POST", f"/api/quick-seats/{entry['id']}", {"secret": entry["secret"]}
                )
                for n, entry in enumerate(entries)
            )
        )
        statuses = Counter(look["status"] for look in looks)
        assert statuses == {"seated": 9, "waiting": 1}, statuses
        tables = Counter(look["ticket"]["code"] for look in looks if look["status"] == "seated")
        assert sorted(tables.values()) == [3, 3, 3]
        for code in tables:
            seats = sorted(look["ticket"]["seats"][0] for look in looks if look.get("ticket", {}).get("code") == code)
            assert seats == [0, 1, 2]
        # First come, first seated: whoever waits is one of the players, and only one.
        waiting = [n for n, look in enumerate(looks) if look["status"] == "waiting"]
        assert len(waiting) == 1
        ids = [player["player"]["id"] for player in made]
        store = make_store(replicas.store_url)
        await store.open()
        try:
            escrows = await store.ledger_escrows()
            assert len(escrows) == 3 and {e.status for e in escrows} == {"open"}
            assert {e.amount for e in escrows} == {1000}
            staked = [player for e in escrows for player in e.players]
            assert len(staked) == 9 and len(set(staked)) == 9
            assert set(staked) == set(ids) - {ids[waiting[0]]}
            assert {e.table.split(":")[0] for e in escrows} == set(tables)
            balances = [await store.ledger_balance(f"wallet:{player}") for player in ids]
            assert sorted(balances) == [0] * 9 + [1000]
        finally:
            await store.close()
