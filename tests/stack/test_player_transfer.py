"""A guest identity on a second device: the first device asks for a transfer code, the second
claims it once and is the same player (nickname, coins, statistics) with a token of its own."""

from __future__ import annotations

import aiohttp
import pytest

from tests.support.client import Refused, rest


async def _me(session: aiohttp.ClientSession, base: str, token: str) -> dict:
    async with session.get(f"{base}/api/players/me", headers={"Authorization": f"Bearer {token}"}) as answer:
        assert answer.status == 200
        return await answer.json()


async def _transfer(session: aiohttp.ClientSession, base: str, token: str) -> dict:
    async with session.post(f"{base}/api/players/me/transfer", headers={"Authorization": f"Bearer {token}"}) as answer:
        data = await answer.json()
        if answer.status >= 400:
            raise Refused(data["refused"]["code"])
        return data


async def test_a_transfer_code_gives_a_second_device_the_same_player_once(stack) -> None:
    base = stack.base_url
    async with aiohttp.ClientSession() as session:
        made = await rest(session, base, "POST", "/api/players", {"nickname": "Anna"})
        first = await _me(session, base, made["token"])
        link = await _transfer(session, base, made["token"])
        assert len(link["code"]) == 9 and link["code"][4] == "-"
        # Typed on the phone in lower case and with a space: still the code.
        typed = link["code"].lower().replace("-", " ")
        claimed = await rest(session, base, "POST", "/api/players/claim", {"code": typed})
        assert claimed["player"] == {"id": first["player"]["id"], "nickname": "Anna"}
        assert claimed["token"] != made["token"]
        second = await _me(session, base, claimed["token"])
        assert second["player"]["id"] == first["player"]["id"] and second["coins"] == first["coins"]
        # The first device keeps working; the code works once only.
        assert (await _me(session, base, made["token"]))["player"]["id"] == first["player"]["id"]
        with pytest.raises(Refused) as refused:
            await rest(session, base, "POST", "/api/players/claim", {"code": link["code"]})
        assert refused.value.code == "bad_token"


@pytest.mark.parametrize("code", ["", "ABCD-EFGH", "x" * 200, "💥💥💥"])
async def test_a_wrong_code_is_refused_and_makes_nobody(stack, code: str) -> None:
    async with aiohttp.ClientSession() as session:
        with pytest.raises(Refused) as refused:
            await rest(session, stack.base_url, "POST", "/api/players/claim", {"code": code})
        assert refused.value.code == "bad_token"


async def test_a_transfer_code_needs_the_players_token(stack) -> None:
    async with aiohttp.ClientSession() as session:
        with pytest.raises(Refused) as refused:
            await _transfer(session, stack.base_url, "not-a-token")
        assert refused.value.code == "bad_token"
