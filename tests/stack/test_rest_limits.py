"""REST limits over the running platform: per address and per player, stricter on lookups
by code, room creation and guest creation, answered 429 with Retry-After. A gateway of its
own with small limits (the suite's own gateways exempt loopback)."""

from __future__ import annotations

import aiohttp
import pytest

from devstack import Stack

LIMITS = {
    "GAMEROOM_LIMITS_EXEMPT": "",
    "GAMEROOM_TRUSTED_PROXIES": "1",  # each test request names its address in X-Forwarded-For
    "GAMEROOM_LIMIT_REST": "30/minute",
    "GAMEROOM_LIMIT_LOOKUP": "5/minute",
    "GAMEROOM_LIMIT_CREATE_ROOM": "3/minute",
    "GAMEROOM_LIMIT_CREATE_PLAYER": "3/minute",
    "GAMEROOM_LIMIT_PLAYER": "6/minute",
    "GAMEROOM_LIMIT_QR": "3/minute",
}


@pytest.fixture(scope="module")
def limited(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    folder = tmp_path_factory.mktemp("limits")
    running = Stack.on_free_ports(f"sqlite:///{folder}/rooms.sqlite3", extra_env=LIMITS, log_dir=folder / "logs")
    running.start()
    yield running
    running.stop()


async def _status(session, method, url, address, **kwargs):  # type: ignore[no-untyped-def]
    headers = {"X-Forwarded-For": address, **kwargs.pop("headers", {})}
    async with session.request(method, url, headers=headers, **kwargs) as answer:
        body = await answer.json()
        return answer.status, answer.headers.get("Retry-After"), body


async def test_guest_and_room_creation_are_limited_per_address(limited) -> None:
    base = limited.base_url
    async with aiohttp.ClientSession() as session:
        made = [await _status(session, "POST", base + "/api/players", "10.0.0.1", json={}) for _ in range(4)]
        assert [m[0] for m in made] == [201, 201, 201, 429]
        status, retry_after, body = made[-1]
        assert body["refused"]["code"] == "rate_limited" and 1 <= int(retry_after) <= 60
        # Another address is not held back by the first one.
        assert (await _status(session, "POST", base + "/api/players", "10.0.0.2", json={}))[0] == 201
        room = {"game": "four-in-a-row", "seats": [{"kind": "human"}]}
        rooms = [await _status(session, "POST", base + "/api/rooms", "10.0.0.3", json=room) for _ in range(4)]
        assert [r[0] for r in rooms] == [201, 201, 201, 429]


async def test_lookups_by_code_are_limited(limited) -> None:
    base = limited.base_url
    async with aiohttp.ClientSession() as session:
        looks = [await _status(session, "GET", f"{base}/api/rooms/ZZZZ{n}", "10.0.1.1") for n in range(6)]
        assert [s for s, _, _ in looks] == [404] * 5 + [429]
        # The game list is no lookup by code: only the general limit applies.
        assert (await _status(session, "GET", base + "/api/games", "10.0.1.1"))[0] == 200


async def test_a_player_is_limited_from_any_address(limited) -> None:
    base = limited.base_url
    async with aiohttp.ClientSession() as session:
        _, _, player = await _status(session, "POST", base + "/api/players", "10.0.2.1", json={})
        auth = {"Authorization": f"Bearer {player['token']}"}
        answers = [
            await _status(session, "GET", base + "/api/players/me", f"10.0.3.{n}", headers=auth) for n in range(7)
        ]
        assert [s for s, _, _ in answers] == [200] * 6 + [429]


async def test_qr_codes_are_limited_per_address(limited) -> None:
    base = limited.base_url
    async with aiohttp.ClientSession() as session:
        drawn = [
            await session.post(
                base + "/api/qr", json={"text": f"{base}/r/ZZZZ{n + 2}"}, headers={"X-Forwarded-For": "10.0.4.1"}
            )
            for n in range(4)
        ]
        assert [d.status for d in drawn] == [200, 200, 200, 429]
        assert (await drawn[-1].json())["refused"]["code"] == "rate_limited"
        other = await session.post(
            base + "/api/qr", json={"text": f"{base}/r/ZZZZ2"}, headers={"X-Forwarded-For": "10.0.4.2"}
        )
        assert other.status == 200 and other.content_type == "image/svg+xml"
