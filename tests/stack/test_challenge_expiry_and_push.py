"""Challenges on a platform whose challenges expire after three seconds (GAMEROOM_CHALLENGE_TTL_S),
with Web Push on: a challenge not answered in time expires, is told so on the WebSocket event
stream (`/ws/events`) and can no longer be accepted; a challenge to a person is a push notice
in their language ("invited"), one to a bot is not. The push service is a stand-in on loopback
(tests/support/push_service.py): the public push services cannot be reached from here."""

from __future__ import annotations

import aiohttp
import pytest

from devstack import Stack, free_port
from lobby.push_keys import new_private_key
from tests.support.challenges import EventSocket, account, call
from tests.support.push_service import LocalPushService

VAPID_KEY = new_private_key()


@pytest.fixture(scope="module")
def push_port() -> int:
    return free_port()


@pytest.fixture(scope="module")
def stack(tmp_path_factory, push_port):  # type: ignore[no-untyped-def]
    folder = tmp_path_factory.mktemp("challenges")
    running = Stack.on_free_ports(
        f"sqlite:///{folder}/rooms.sqlite3",
        extra_env={
            "GAMEROOM_CHALLENGE_TTL_S": "3",
            "GAMEROOM_VAPID_PRIVATE_KEY": VAPID_KEY,
            "GAMEROOM_PUSH_TEST_ORIGINS": f"http://127.0.0.1:{push_port}",
            "GAMEROOM_PUSH_POLL_MS": "200",
        },
        log_dir=folder / "logs",
    )
    running.start()
    yield running
    running.stop()


async def test_an_unanswered_challenge_expires_and_is_told_so_on_the_websocket_stream(stack: Stack) -> None:
    base = stack.base_url
    async with aiohttp.ClientSession() as session:
        anna, _ = await account(session, base, "Anna")
        ben, ben_id = await account(session, base, "Ben")
        socket = await EventSocket.open(session, base, ben)
        try:
            status, made = await call(
                session, base, "POST", "/api/challenges", anna, {"to_player": ben_id, "game": "four-in-a-row"}
            )
            assert status == 201 and made["status"] == "open"
            await socket.wait_for(
                lambda f: [e.get("status") for e in f if e.get("id") == made["id"]] == ["open", "expired"]
            )
            first = socket.frames[0]
            assert first["kind"] == "challenge" and first["from_name"] == "Anna" and first["to_player"] == ben_id
            status, refused = await call(session, base, "POST", f"/api/challenges/{made['id']}/accept", ben)
            assert status == 410 and refused["refused"]["code"] == "expired"
            _, mine = await call(session, base, "GET", "/api/players/me/challenges", ben)
            assert mine["challenges"] == []
            assert not [f for f in socket.frames if f["kind"] == "game_started"]
        finally:
            await socket.close()
        # A stream opened with a token that is none is refused in a frame of its own, then closed.
        refused_socket = await EventSocket.open(session, base, "not-a-token", live=False)
        await refused_socket.wait_for(lambda f: f)
        assert refused_socket.frames[0]["refused"]["code"] == "bad_token" and not refused_socket.is_open
        await refused_socket.close()


async def test_a_challenge_to_a_person_is_a_push_notice_and_to_a_bot_is_not(stack: Stack, push_port: int) -> None:
    service = await LocalPushService().start(push_port)
    base = stack.base_url
    try:
        async with aiohttp.ClientSession() as session:
            anna, _ = await account(session, base, "Anna")
            ben, ben_id = await account(session, base, "Ben")
            robo, robo_id = await account(session, base, "Robo")
            assert (await call(session, base, "PUT", "/api/players/me/bot", robo, {"bot": True}))[0] == 200
            for token, name, language in ((ben, "ben", "sv"), (robo, "robo", "en")):
                subscription = service.browser(name).subscription(service.endpoint(name))
                status, _ = await call(
                    session,
                    base,
                    "POST",
                    "/api/players/me/push",
                    token,
                    {"subscription": subscription, "language": language},
                )
                assert status == 201
            status, to_robo = await call(
                session, base, "POST", "/api/challenges", anna, {"to_player": robo_id, "game": "four-in-a-row"}
            )
            assert status == 201 and to_robo["to_bot"] is True
            status, to_ben = await call(
                session, base, "POST", "/api/challenges", anna, {"to_player": ben_id, "game": "four-in-a-row"}
            )
            assert status == 201
            await service.wait_for(lambda s: len(s.to("ben")) == 1)
            told = service.to("ben")[0]
            assert told["kind"] == "invited" and told["lang"] == "sv"
            assert told["body"] == "Anna utmanar dig till ett parti Fyra i rad."  # the game named as the client does
            assert told["url"] == f"/?challenge={to_ben['id']}"
            assert service.to("robo") == []  # bots are not sent notices
    finally:
        await service.stop()
