"""Web Push on two gateway replicas over one PostgreSQL and one Redis: both observe every step
and both run a sender on the one outbox, and still a player away from the table is told of each
of their turns and of the game's end exactly once, in order. The push service is a stand-in on
loopback that decrypts what it gets (tests/support/push_service.py): the public ones cannot be
reached from here."""

from __future__ import annotations

from typing import Any

import aiohttp

from devstack import free_port
from lobby.push_keys import new_private_key
from tests.support.client import PlayClient
from tests.support.push_service import LocalPushService

TWO_HUMANS = [{"kind": "human"}, {"kind": "human"}]
# Anna (seat 0) stacks column 0, Ben (seat 1) column 1: Anna has four down after seven discs.
WINNING_LINE = [(0, 0), (1, 1), (0, 0), (1, 1), (0, 0), (1, 1), (0, 0)]


async def call(session: aiohttp.ClientSession, method: str, url: str, token: str = "", body: Any = None) -> Any:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    async with session.request(method, url, json=body, headers=headers) as answer:
        assert answer.status < 300, await answer.text()
        return await answer.json()


async def test_each_turn_and_the_end_are_told_once_with_two_senders(make_replicas) -> None:
    push_port = free_port()
    service = await LocalPushService().start(push_port)
    stack = make_replicas(
        2,
        GAMEROOM_VAPID_PRIVATE_KEY=new_private_key(),
        GAMEROOM_PUSH_TEST_ORIGINS=f"http://127.0.0.1:{push_port}",
        GAMEROOM_PUSH_POLL_MS="100",
    )
    first, second = stack.url_of("gateway"), stack.url_of("gateway-2")
    async with aiohttp.ClientSession() as session:
        anna = await call(session, "POST", f"{first}/api/players", body={"nickname": "Anna"})
        ben = await call(session, "POST", f"{second}/api/players", body={"nickname": "Ben"})
        for who, base, name in ((anna, first, "anna"), (ben, second, "ben")):
            subscription = service.browser(name).subscription(service.endpoint(name))
            await call(
                session,
                "POST",
                f"{base}/api/players/me/push",
                who["token"],
                {"subscription": subscription, "language": "sv"},
            )
        host = await PlayClient.create(session, first, "four-in-a-row", TWO_HUMANS, "Anna", player_token=anna["token"])
        ticket = await call(
            session,
            "POST",
            f"{second}/api/rooms/{host.code}/join",
            body={"nickname": "Ben", "player_token": ben["token"]},
        )
        guest = PlayClient(session, second, ticket)
        await host.connect()
        await guest.connect()
        await host.wait_until(lambda c: all(s["connected"] for s in c.room["seats"]))
        await host.send({"start": {}})
        await host.wait_until(lambda c: c.room["status"] == "playing" and c.views)
        await guest.close()

        for turn, (seat, column) in enumerate(WINNING_LINE):
            version = turn + 1
            if seat == 0:
                # Anna moves once she has seen Ben leave: a player at the table when the game
                # ends sees it end, and is not told.
                await host.wait_until(
                    lambda c, v=version: c.room["version"] == v and not c.room["seats"][1]["connected"]
                )
                await host.move(0, {"type": "drop", "column": column})
                told = (turn // 2) + 1
                await service.wait_for(lambda s, n=told: len(s.to("ben")) >= n)
                assert len(service.to("ben")) == told, "told twice"
            else:
                # Ben comes back (on the other replica), drops, and leaves again.
                guest = PlayClient(session, second, ticket)
                await guest.connect()
                await guest.wait_until(lambda c, v=version: c.room["version"] == v)
                await guest.move(1, {"type": "drop", "column": column})
                await guest.close()
        await host.wait_until(lambda c: c.room["status"] == "finished")
        assert [(m["kind"], m["title"]) for m in service.to("ben")] == [
            ("turn", "Din tur"),
            ("turn", "Din tur"),
            ("turn", "Din tur"),
            ("ended", "Partiet är slut"),
        ]
        assert service.posts == {"ben": 4}  # Anna was at the table throughout; nothing sent twice
        await host.close()
    await service.stop()
