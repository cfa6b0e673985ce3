"""Through the running platform: Anna's 1,000 coins stake one 1,000-coin table a day, not two
(the daily top-up comes on the day's first look at her wallet, not whenever it is low)."""

from __future__ import annotations

from typing import Any

import aiohttp

from tests.support.client import PlayClient, rest

HUMANS = [{"kind": "human"}, {"kind": "human"}]


async def _coins(session: aiohttp.ClientSession, base: str, token: str) -> int:
    async with session.get(f"{base}/api/players/me", headers={"Authorization": f"Bearer {token}"}) as answer:
        return (await answer.json())["coins"]


async def _table(session: aiohttp.ClientSession, base: str, host: dict[str, Any], guest: dict[str, Any]):  # type: ignore[no-untyped-def]
    """A 1,000-coin Hau Hau table hosted by `host` with `guest` seated; both clients connected."""
    created = await rest(
        session,
        base,
        "POST",
        "/api/rooms",
        {"game": "hau-hau", "seats": HUMANS, "options": {"stake": 1000}, "player_token": host["token"]},
    )
    joined = await rest(session, base, "POST", f"/api/rooms/{created['code']}/join", {"player_token": guest["token"]})
    clients = PlayClient(session, base, created), PlayClient(session, base, joined)
    for client in clients:
        await client.connect()
    return clients


async def test_one_wallet_stakes_its_1000_coins_once_a_day(stack) -> None:
    base = stack.base_url
    async with aiohttp.ClientSession() as session:
        anna, ben, carl = [
            await rest(session, base, "POST", "/api/players", {"nickname": name}) for name in ("Anna", "Ben", "Carl")
        ]
        first = await _table(session, base, anna, ben)
        await first[0].send({"start": {}})
        await first[0].wait_until(lambda c: c.room["status"] == "playing")
        assert await _coins(session, base, anna["token"]) == 0
        second = await _table(session, base, anna, carl)
        await second[0].send({"start": {}})
        assert (await second[0].expect("refused"))["code"] == "insufficient_coins"
        assert (await rest(session, base, "GET", f"/api/rooms/{second[0].code}"))["status"] == "waiting"
        assert await _coins(session, base, anna["token"]) == 0
        assert await _coins(session, base, carl["token"]) == 1000
        for client in (*first, *second):
            await client.close()
