"""Passkey accounts over REST: the gateway's routes on a real lobby and a real SQLite store,
answered by a software authenticator that signs with a real P-256 key
(tests/support/authenticator.py; py_webauthn verifies, nothing of it is mocked). Every bad
answer is refused with its stable code and changes nothing."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer
from cryptography.hazmat.primitives.asymmetric import ec
from limits.aio.storage import MemoryStorage

from gateway.app import GatewaySettings, make_app
from gateway.rest_limits import DEFAULTS, RestLimiter, RestLimitSettings
from lobby.context import LobbySettings
from lobby.engines import Engines
from lobby.face import make_lobby
from lobby.store import MINT, make_store
from tests.support.authenticator import Authenticator, b64url

ORIGIN = "http://localhost:8080"
PHONE_AGENT = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36"
LAPTOP_AGENT = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0"
DAY_S = 86_400


@dataclass
class Site:
    client: TestClient
    store: Any
    now: list[float]  # the lobby's clock, in seconds
    lobby: Any

    async def call(
        self, method: str, path: str, token: str = "", body: Any = None, agent: str = PHONE_AGENT, status: int = 0
    ) -> dict[str, Any]:
        headers = {"Origin": ORIGIN, "User-Agent": agent}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        answer = await self.client.request(method, path, json=body, headers=headers)
        data = await answer.json()
        if status:
            assert answer.status == status, data
        return data  # type: ignore[no-any-return]

    async def refused(self, method: str, path: str, token: str = "", body: Any = None) -> tuple[str, str]:
        data = await self.call(method, path, token, body)
        assert "refused" in data, data
        return data["refused"]["code"], data["refused"]["detail"]


@pytest.fixture
async def site(tmp_path) -> AsyncIterator[Site]:  # type: ignore[no-untyped-def]
    store = make_store(f"sqlite:///{tmp_path}/accounts.sqlite3")
    await store.open()
    now = [1_800_000_000.0]
    # The lobby is not started: these routes need its store alone, no family service.
    lobby = make_lobby(store, Engines(families=()), LobbySettings(clock=lambda: now[0]))
    app = make_app(lobby, GatewaySettings(http_port=8080), RestLimiter.from_env())
    async with TestClient(TestServer(app)) as client:
        yield Site(client, store, now, lobby)
    await store.close()


async def _guest(site: Site, name: str = "Anna") -> str:
    return str((await site.call("POST", "/api/players", body={"nickname": name}, status=201))["token"])


async def _secure(site: Site, token: str, device: Authenticator | None = None) -> tuple[Authenticator, list[str]]:
    device = device or Authenticator()
    options = await site.call("POST", "/api/players/me/passkeys/options", token, status=200)
    assert options["authenticatorSelection"]["residentKey"] == "required"
    assert options["attestation"] == "none" and options["rp"]["id"] == "localhost"
    made = await site.call(
        "POST", "/api/players/me/passkeys", token, {"credential": device.register(options), "name": "Phone"}, status=201
    )
    return device, made["recovery_codes"]


async def _sign_in(site: Site, device: Authenticator, token: str = "", agent: str = LAPTOP_AGENT) -> dict[str, Any]:
    options = await site.call("POST", "/api/sessions/options", status=200)
    assert options["rpId"] == "localhost" and not options.get("allowCredentials")
    return await site.call("POST", "/api/sessions", token, {"credential": device.sign(options)}, agent=agent)


def _b64(device: Authenticator) -> str:
    return b64url(device.credential_id)


async def _state(site: Site, token: str) -> dict[str, Any]:
    """What a refusal must leave as it was: the player's passkeys (with sign counts) and devices."""
    player = (await site.call("GET", "/api/players/me", token))["player"]
    passkeys = await site.store.passkeys(player["id"])
    devices = await site.store.sessions(player["id"], "device")
    return {"passkeys": passkeys, "devices": devices}


async def test_a_guest_secured_with_a_passkey_signs_in_on_a_second_device(site: Site) -> None:
    phone = await _guest(site)
    before = await site.call("GET", "/api/players/me", phone)
    assert before["player"]["account"] is False
    device, codes = await _secure(site, phone)
    assert len(codes) == 10 and len(set(codes)) == 10
    me = await site.call("GET", "/api/players/me", phone)
    assert me["player"]["account"] is True and me["coins"] == before["coins"]
    assert (await site.call("GET", "/api/players/me/account", phone))["recovery_codes_left"] == 10

    signed = await _sign_in(site, device)
    laptop = signed["token"]
    assert signed["player"] == {"id": me["player"]["id"], "nickname": "Anna"} and laptop != phone
    assert (await site.call("GET", "/api/players/me", laptop))["player"]["id"] == me["player"]["id"]
    devices = (await site.call("GET", "/api/players/me/devices", laptop))["devices"]
    assert sorted((d["label"], d["current"]) for d in devices) == [
        ("Chrome on Android", False),
        ("Firefox on Linux", True),
    ]
    # Signing in again on the laptop rotates its token: the earlier one is refused.
    again = await _sign_in(site, device, token=laptop)
    assert (await site.refused("GET", "/api/players/me", laptop))[0] == "bad_token"
    assert (await site.call("GET", "/api/players/me", again["token"]))["player"]["id"] == me["player"]["id"]
    passkeys = (await site.call("GET", "/api/players/me/passkeys", phone))["passkeys"]
    assert [p["name"] for p in passkeys] == ["Phone"]
    # The same authenticator's credential again: registered already, nothing added.
    options = await site.call("POST", "/api/players/me/passkeys/options", phone)
    assert [c["id"] for c in options["excludeCredentials"]] == [_b64(device)]
    again_made = await site.refused("POST", "/api/players/me/passkeys", phone, {"credential": device.register(options)})
    assert again_made == ("bad_passkey", "this passkey is registered already")
    assert len((await site.call("GET", "/api/players/me/passkeys", phone))["passkeys"]) == 1


async def test_a_forged_assertion_is_refused_and_changes_nothing(site: Site) -> None:
    phone = await _guest(site)
    device, _ = await _secure(site, phone)
    before = await _state(site, phone)
    forger = Authenticator(credential_id=device.credential_id, user_handle=device.user_handle, sign_count=5)
    forger.key = ec.generate_private_key(ec.SECP256R1())  # not the registered key: a wrong signature
    options = await site.call("POST", "/api/sessions/options")
    assert await site.refused("POST", "/api/sessions", body={"credential": forger.sign(options)}) == (
        "bad_passkey",
        "sign-in not verified: Could not verify authentication signature",
    )
    # An assertion for another site, and one not shaped like a credential.
    options = await site.call("POST", "/api/sessions/options")
    elsewhere = device.sign(options, origin="https://evil.example")
    assert (await site.refused("POST", "/api/sessions", body={"credential": elsewhere}))[0] == "bad_passkey"
    assert (await site.refused("POST", "/api/sessions", body={"credential": {"id": "x"}}))[0] == "bad_passkey"
    assert await _state(site, phone) == before


async def test_a_replayed_assertion_and_a_stale_sign_count_are_refused(site: Site) -> None:
    phone = await _guest(site)
    device, _ = await _secure(site, phone)
    options = await site.call("POST", "/api/sessions/options")
    assertion = device.sign(options)
    await site.call("POST", "/api/sessions", body={"credential": assertion}, status=201)
    after_first = await _state(site, phone)
    assert await site.refused("POST", "/api/sessions", body={"credential": assertion}) == (
        "bad_challenge",
        "unknown or used challenge",
    )
    # A fresh challenge, but the authenticator's count did not move: a cloned key.
    options = await site.call("POST", "/api/sessions/options")
    cloned = device.sign(options, count_up=False)
    assert (await site.refused("POST", "/api/sessions", body={"credential": cloned}))[0] == "bad_passkey"
    assert await _state(site, phone) == after_first


async def test_a_challenge_of_another_ceremony_is_refused(site: Site) -> None:
    phone = await _guest(site)
    device, _ = await _secure(site, phone)
    before = await _state(site, phone)
    # A registration's challenge answered as a sign-in ...
    registering = await site.call("POST", "/api/players/me/passkeys/options", phone)
    assert await site.refused("POST", "/api/sessions", body={"credential": device.sign(registering)}) == (
        "bad_challenge",
        "the challenge belongs to another ceremony",
    )
    # ... and a sign-in's as a registration.
    signing = await site.call("POST", "/api/sessions/options")
    signing["user"] = {"id": "eA"}
    other = Authenticator()
    code, _ = await site.refused("POST", "/api/players/me/passkeys", phone, {"credential": other.register(signing)})
    assert code == "bad_challenge"
    # Another player's registration challenge.
    ben = await _guest(site, "Ben")
    bens = await site.call("POST", "/api/players/me/passkeys/options", ben)
    code, _ = await site.refused("POST", "/api/players/me/passkeys", phone, {"credential": other.register(bens)})
    assert code == "bad_challenge"
    # An expired one.
    late = await site.call("POST", "/api/players/me/passkeys/options", phone)
    site.now[0] += 301
    code, detail = await site.refused("POST", "/api/players/me/passkeys", phone, {"credential": other.register(late)})
    assert (code, detail) == ("bad_challenge", "the challenge expired")
    assert await _state(site, phone) == before


async def test_a_revoked_passkey_no_longer_signs_in(site: Site) -> None:
    phone = await _guest(site)
    device, _ = await _secure(site, phone)
    site.now[0] += 60  # the passkeys are listed oldest first
    second, _ = await _secure(site, phone, Authenticator())
    passkeys = (await site.call("GET", "/api/players/me/passkeys", phone))["passkeys"]
    assert len(passkeys) == 2
    await site.call("DELETE", f"/api/players/me/passkeys/{passkeys[0]['id']}", phone, status=200)
    assert (await site.refused("DELETE", f"/api/players/me/passkeys/{passkeys[0]['id']}", phone))[
        0
    ] == "unknown_passkey"
    before = await _state(site, phone)
    options = await site.call("POST", "/api/sessions/options")
    assert (await site.refused("POST", "/api/sessions", body={"credential": device.sign(options)}))[0] == (
        "unknown_passkey"
    )
    assert await _state(site, phone) == before
    assert (await _sign_in(site, second))["token"]


async def test_sessions_expire_when_idle_and_end_when_revoked_or_signed_out(site: Site) -> None:
    phone = await _guest(site)
    device, _ = await _secure(site, phone)
    laptop = (await _sign_in(site, device))["token"]
    # The phone revokes the laptop.
    devices = (await site.call("GET", "/api/players/me/devices", phone))["devices"]
    laptop_id = next(d["id"] for d in devices if not d["current"])
    await site.call("DELETE", f"/api/players/me/devices/{laptop_id}", phone, status=200)
    assert await site.refused("GET", "/api/players/me", laptop) == (
        "bad_token",
        "this session was signed out or revoked",
    )
    # The laptop signs in again; then it signs out.
    laptop = (await _sign_in(site, device))["token"]
    await site.call("DELETE", "/api/sessions/current", laptop, status=200)
    assert (await site.refused("GET", "/api/players/me", laptop))[0] == "bad_token"
    # Used within 60 days, the phone's session goes on; idle longer, it has expired.
    site.now[0] += 59 * DAY_S
    await site.call("GET", "/api/players/me", phone, status=200)
    site.now[0] += 61 * DAY_S
    assert await site.refused("GET", "/api/players/me", phone) == ("bad_token", "this session expired: sign in again")
    # The retention sweep forgets it then: the token is merely unknown.
    assert await site.lobby.retention.sweep_sessions() >= 1
    assert await site.refused("GET", "/api/players/me", phone) == ("bad_token", "unknown player")
    # A guest's token does not expire.
    guest = await _guest(site, "Ben")
    site.now[0] += 400 * DAY_S
    await site.call("GET", "/api/players/me", guest, status=200)
    assert (await site.refused("DELETE", "/api/sessions/current", guest))[0] == "not_account"


async def test_recovery_codes_sign_in_once_and_new_ones_void_the_old(site: Site) -> None:
    phone = await _guest(site)
    _, codes = await _secure(site, phone)
    signed = await site.call("POST", "/api/sessions/recovery", body={"code": codes[0].lower()}, status=201)
    assert (await site.call("GET", "/api/players/me", signed["token"]))["player"]["nickname"] == "Anna"
    assert await site.refused("POST", "/api/sessions/recovery", body={"code": codes[0]}) == (
        "bad_token",
        "unknown or used recovery code",
    )
    fresh = (await site.call("POST", "/api/players/me/recovery-codes", phone, status=201))["recovery_codes"]
    assert len(fresh) == 10 and not set(fresh) & set(codes)
    assert (await site.refused("POST", "/api/sessions/recovery", body={"code": codes[1]}))[0] == "bad_token"
    await site.call("POST", "/api/sessions/recovery", body={"code": fresh[1]}, status=201)


async def test_a_bot_token_plays_as_the_player_until_revoked(site: Site) -> None:
    phone = await _guest(site)
    assert (await site.refused("POST", "/api/players/me/bot-tokens", phone, {"name": "bot"}))[0] == "not_account"
    await _secure(site, phone)
    made = await site.call("POST", "/api/players/me/bot-tokens", phone, {"name": "Chess bot"}, status=201)
    bot = made["token"]
    me = await site.call("GET", "/api/players/me", phone)
    assert (await site.call("GET", "/api/players/me", bot))["player"]["id"] == me["player"]["id"]
    listed = (await site.call("GET", "/api/players/me/bot-tokens", phone))["bot_tokens"]
    assert [(b["id"], b["name"]) for b in listed] == [(made["id"], "Chess bot")] and "token" not in listed[0]
    # A bot token plays; it manages nothing of the account.
    assert (await site.refused("POST", "/api/players/me/bot-tokens", bot, {"name": "x"}))[0] == "bad_token"
    assert (await site.refused("DELETE", "/api/players/me", bot))[0] == "bad_token"
    assert (await site.refused("POST", "/api/players/me/passkeys/options", bot))[0] == "bad_token"
    assert (await site.refused("GET", "/api/players/me/devices", bot))[0] == "bad_token"
    assert (await site.refused("POST", "/api/players/me/recovery-codes", bot))[0] == "bad_token"
    assert (await site.call("GET", "/api/players/me/account", phone))["recovery_codes_left"] == 10
    await site.call("DELETE", f"/api/players/me/bot-tokens/{made['id']}", phone, status=200)
    assert await site.refused("GET", "/api/players/me", bot) == ("bad_token", "this session was signed out or revoked")
    assert (await site.call("GET", "/api/players/me/bot-tokens", phone))["bot_tokens"] == []
    assert (await site.refused("DELETE", f"/api/players/me/bot-tokens/{made['id']}", phone))[0] == "bad_request"


async def test_deleting_the_account_returns_the_coins_to_the_mint(site: Site) -> None:
    phone = await _guest(site)
    ben = await _guest(site, "Ben")
    device, codes = await _secure(site, phone)
    me = await site.call("GET", "/api/players/me", phone)
    await site.call("GET", "/api/players/me", ben)
    balances = await site.store.ledger_balances()
    assert sum(balances.values()) == 0
    deleted = await site.call("DELETE", "/api/players/me", phone, status=200)
    assert deleted == {"deleted": True, "coins_returned": me["coins"]}
    after = await site.store.ledger_balances()
    assert sum(after.values()) == 0
    assert after[MINT] == balances[MINT] + me["coins"] and after.get(f"wallet:{me['player']['id']}", 0) == 0
    # Nothing of the player answers any more: the token, the passkey, the recovery codes.
    assert await site.refused("GET", "/api/players/me", phone) == ("bad_token", "unknown player")
    options = await site.call("POST", "/api/sessions/options")
    assert (await site.refused("POST", "/api/sessions", body={"credential": device.sign(options)}))[0] == (
        "unknown_passkey"
    )
    assert (await site.refused("POST", "/api/sessions/recovery", body={"code": codes[2]}))[0] == "bad_token"
    # Ben is untouched.
    assert (await site.call("GET", "/api/players/me", ben))["player"]["nickname"] == "Ben"


async def test_account_writes_need_an_origin_we_serve(site: Site) -> None:
    phone = await _guest(site)
    answer = await site.client.post(
        "/api/players/me/passkeys/options",
        headers={"Origin": "https://evil.example", "Authorization": f"Bearer {phone}"},
    )
    assert answer.status == 403 and (await answer.json())["refused"]["code"] == "bad_origin"
    answer = await site.client.delete(
        "/api/players/me", headers={"Origin": "https://evil.example", "Authorization": f"Bearer {phone}"}
    )
    assert answer.status == 403
    await site.call("GET", "/api/players/me", phone, status=200)


async def test_sign_in_and_registration_have_limits_of_their_own(tmp_path) -> None:  # type: ignore[no-untyped-def]
    store = make_store(f"sqlite:///{tmp_path}/limits.sqlite3")
    await store.open()
    lobby = make_lobby(store, Engines(families=()), LobbySettings())
    # Nobody exempt, every other limit wide: only the two under test can refuse.
    limits = {name: "1000/minute" for name in DEFAULTS} | {"sign_in": "2/minute", "register": "2/minute"}
    limiter = RestLimiter(RestLimitSettings(limits, frozenset()), MemoryStorage())
    try:
        async with TestClient(TestServer(make_app(lobby, GatewaySettings(http_port=8080), limiter))) as client:
            statuses = [(await client.post("/api/sessions/options", json={})).status for _ in range(3)]
            assert statuses == [200, 200, 429]
            # Another kind's count is its own: registering still may, twice.
            created = await (await client.post("/api/players", json={"nickname": "Anna"})).json()
            headers = {"Authorization": f"Bearer {created['token']}"}
            asked = [
                (await client.post("/api/players/me/passkeys/options", json={}, headers=headers)).status
                for _ in range(3)
            ]
            assert asked == [200, 200, 429]
            # Reading the account is not limited by either.
            assert (await client.get("/api/players/me/account", headers=headers)).status == 200
    finally:
        await store.close()
