"""Scaled out, the REST limits are shared: two gateway replicas count in one Redis, so a
client cannot get twice the limit by alternating between them."""

from __future__ import annotations

import aiohttp


async def test_a_limit_holds_across_two_replicas(make_replicas) -> None:  # type: ignore[no-untyped-def]
    stack = make_replicas(2, GAMEROOM_LIMITS_EXEMPT="", GAMEROOM_LIMIT_CREATE_PLAYER="4/minute")
    bases = [stack.url_of("gateway"), stack.url_of("gateway-2")]
    statuses = []
    async with aiohttp.ClientSession() as session:
        for n in range(8):
            async with session.post(bases[n % 2] + "/api/players", json={"nickname": f"P{n}"}) as answer:
                statuses.append(answer.status)
                if answer.status == 429:
                    assert int(answer.headers["Retry-After"]) >= 1
    assert statuses == [201] * 4 + [429] * 4, statuses
