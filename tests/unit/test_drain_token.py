"""POST /admin/drain: only the operator's token stops new rooms, compared in constant time;
a wrong, missing or non-ASCII token is refused with `bad_token` and changes nothing."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer

from gateway.app import LOBBY, SETTINGS, GatewaySettings, drain

TOKEN = "drain-secret-0123"


@pytest.fixture
async def gateway():  # type: ignore[no-untyped-def]
    app = web.Application()
    app[SETTINGS] = GatewaySettings(admin_token=TOKEN)
    # drain() touches one flag of the lobby: a stand-in holding it is the whole lobby it sees.
    app[LOBBY] = SimpleNamespace(accepting_rooms=True)  # type: ignore[assignment]
    app.router.add_post("/admin/drain", drain)
    async with TestClient(TestServer(app)) as client:
        yield client, app[LOBBY]


@pytest.mark.parametrize(
    "headers",
    [
        {},
        {"X-Gameroom-Admin-Token": "drain-secret-0124"},
        {"X-Gameroom-Admin-Token": TOKEN[:-1]},
        {"Authorization": f"Bearer {TOKEN}x"},
        {"X-Gameroom-Admin-Token": "dräin-secret-0123".encode().decode("latin-1")},
    ],
)
async def test_a_wrong_token_is_refused(gateway, headers: dict[str, str]) -> None:  # type: ignore[no-untyped-def]
    client, lobby = gateway
    answer = await client.post("/admin/drain", headers=headers)
    assert answer.status == 403
    assert (await answer.json())["refused"]["code"] == "bad_token"
    assert lobby.accepting_rooms is True


@pytest.mark.parametrize("headers", [{"X-Gameroom-Admin-Token": TOKEN}, {"Authorization": f"Bearer {TOKEN}"}])
async def test_the_token_drains(gateway, headers: dict[str, str]) -> None:  # type: ignore[no-untyped-def]
    client, lobby = gateway
    answer = await client.post("/admin/drain", headers=headers)
    assert answer.status == 200 and await answer.json() == {"draining": True}
    assert lobby.accepting_rooms is False
