"""Web Push through the running platform: REST subscriptions with their refusals, and a player
away from a four-in-a-row table told of each of their turns, on their own device, in its
language, by a push service on loopback that decrypts what it gets (a stand-in for the public
push services, which cannot be reached from here: tests/support/push_service.py)."""

from __future__ import annotations

from typing import Any

import aiohttp
import pytest

from devstack import Stack, free_port
from lobby.push_keys import b64url_decode, new_private_key, public_key_of
from tests.support.client import PlayClient
from tests.support.push_service import LocalPushService

VAPID_KEY = new_private_key()


@pytest.fixture
def push_port() -> int:
    return free_port()


@pytest.fixture
def stack(tmp_path, push_port):  # type: ignore[no-untyped-def]
    running = Stack.on_free_ports(
        f"sqlite:///{tmp_path}/rooms.sqlite3",
        extra_env={
            "GAMEROOM_VAPID_PRIVATE_KEY": VAPID_KEY,
            "GAMEROOM_PUSH_TEST_ORIGINS": f"http://127.0.0.1:{push_port}",
            "GAMEROOM_PUSH_POLL_MS": "200",
            "GAMEROOM_CPU_DELAY_MS": "20",
        },
        log_dir=tmp_path / "logs",
    )
    running.start()
    yield running
    running.stop()


# A phone's browser as it names itself; the server lists its subscription as "Firefox on Android".
PHONE_AGENT = "Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0"


async def call(  # type: ignore[no-untyped-def]
    session: aiohttp.ClientSession, method: str, url: str, token: str = "", body: Any = None, agent: str = ""
):
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    if agent:
        headers["User-Agent"] = agent
    async with session.request(method, url, json=body, headers=headers) as answer:
        return answer.status, await answer.json()


async def test_a_player_away_from_the_table_is_told_of_each_turn(stack, push_port) -> None:
    service = await LocalPushService().start(push_port)
    base = stack.base_url
    async with aiohttp.ClientSession() as session:
        status, key = await call(session, "GET", f"{base}/api/push/key")
        assert status == 200 and key["key"] == public_key_of(VAPID_KEY)
        assert len(b64url_decode(key["key"])) == 65

        _, anna = await call(session, "POST", f"{base}/api/players", body={"nickname": "Anna"})
        _, ben = await call(session, "POST", f"{base}/api/players", body={"nickname": "Ben"})
        mine = f"{base}/api/players/me/push"
        ben_sub = service.browser("ben").subscription(service.endpoint("ben"))
        # The label is the server's name for the browser: one the client sends is not kept.
        status, stored = await call(
            session,
            "POST",
            mine,
            ben["token"],
            {"subscription": ben_sub, "language": "de-AT", "label": "Bens Handy"},
            agent=PHONE_AGENT,
        )
        assert (status, stored["language"], stored["label"]) == (201, "de", "Firefox on Android")
        anna_sub = service.browser("anna").subscription(service.endpoint("anna"))
        assert (await call(session, "POST", mine, anna["token"], {"subscription": anna_sub, "language": "en"}))[
            0
        ] == 201

        # Bad subscriptions are refused with a stable code and change nothing.
        plain_http = {**ben_sub, "endpoint": "http://push.example.com/x"}
        short_key = {**ben_sub, "keys": {**ben_sub["keys"], "p256dh": ben_sub["keys"]["p256dh"][:40]}}
        long_auth = {**ben_sub, "keys": {**ben_sub["keys"], "auth": ben_sub["keys"]["p256dh"]}}
        for bad in (plain_http, short_key, long_auth, {"endpoint": ben_sub["endpoint"]}):
            status, answer = await call(session, "POST", mine, ben["token"], {"subscription": bad, "language": "de"})
            assert (status, answer["refused"]["code"]) == (400, "bad_subscription")
        assert (await call(session, "POST", mine, "", {"subscription": ben_sub}))[1]["refused"]["code"] == "bad_token"
        status, answer = await call(session, "DELETE", f"{mine}/nosuchid", ben["token"])
        assert (status, answer["refused"]["code"]) == (404, "unknown_subscription")
        status, listed = await call(session, "GET", mine, ben["token"])
        assert [(s["id"], s["label"], s["language"]) for s in listed["subscriptions"]] == [
            (stored["id"], "Firefox on Android", "de")
        ]
        assert int(listed["subscriptions"][0]["created_ms"]) > 0
        quiet = f"{mine}/quiet-hours"
        for bad in (
            {"from": "25:00", "to": "07:00", "time_zone": "UTC"},
            {"from": "22:00", "to": "07:00", "time_zone": "Nowhere/City"},
        ):
            status, answer = await call(session, "PUT", quiet, ben["token"], bad)
            assert (status, answer["refused"]["code"]) == (400, "bad_request")
        assert (await call(session, "GET", mine, ben["token"]))[1]["quiet_hours"] is None

        # Anna and Ben at a table, as players; Ben leaves it, Anna moves: it is Ben's turn.
        host = await PlayClient.create(
            session, base, "four-in-a-row", [{"kind": "human"}] * 2, "Anna", player_token=anna["token"]
        )
        _, ticket = await call(
            session,
            "POST",
            f"{base}/api/rooms/{host.code}/join",
            body={"nickname": "Ben", "player_token": ben["token"]},
        )
        guest = PlayClient(session, base, ticket)
        await host.connect()
        await guest.connect()
        await host.send({"start": {}})
        for client in (host, guest):
            await client.wait_until(lambda c: c.room["status"] == "playing" and c.views)
        assert 0 in host.view(0)["to_move"], "four in a row: the host's seat opens"
        await guest.close()
        await host.move(0, host.view(0)["legal_moves"][0])
        await service.wait_for(lambda s: len(s.to("ben")) == 1)
        told = service.to("ben")[0]
        assert told["title"] == "Du bist dran" and host.code in told["body"]
        assert told["url"] == f"/r/{host.code}" and told["tag"] == f"table-{host.code}"
        assert service.to("anna") == []  # she was at the table

        # Ben looks, moves and leaves again; Anna moves: his next turn is told, once.
        guest = PlayClient(session, base, ticket)
        await guest.connect()
        await guest.wait_until(lambda c: 1 in c.view(1)["to_move"])
        await guest.move(1, guest.view(1)["legal_moves"][0])
        await guest.close()
        await host.wait_until(lambda c: 0 in c.view(0)["to_move"])
        await host.move(0, host.view(0)["legal_moves"][0])
        await service.wait_for(lambda s: len(s.to("ben")) == 2)
        assert [m["kind"] for m in service.to("ben")] == ["turn", "turn"]
        assert service.posts.get("anna", 0) == 0

        # Unsubscribed, Ben's device is told nothing more.
        assert (await call(session, "DELETE", f"{mine}/{stored['id']}", ben["token"]))[0] == 200
        assert (await call(session, "GET", mine, ben["token"]))[1]["subscriptions"] == []
        await host.close()
    await service.stop()
