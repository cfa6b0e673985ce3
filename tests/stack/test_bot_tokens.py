"""A bot token over the running platform: an account's named token seats its bot as the player
on the gRPC play API and over REST, until the player revokes it; then both refuse it with
`bad_token` and no room is made."""

from __future__ import annotations

from urllib.parse import urlsplit

import aiohttp
import grpc
import pytest
from gameroom import play_pb2, play_pb2_grpc

from tests.support.authenticator import Authenticator
from tests.support.client import rest


async def _call(session: aiohttp.ClientSession, base: str, method: str, path: str, token: str, body=None):  # type: ignore[no-untyped-def]
    async with session.request(method, base + path, json=body, headers={"Authorization": f"Bearer {token}"}) as answer:
        return answer.status, await answer.json()


async def test_a_bot_token_seats_the_player_over_grpc_until_revoked(stack) -> None:
    base = stack.base_url
    device = Authenticator(origin=f"http://localhost:{urlsplit(base).port}")
    async with aiohttp.ClientSession() as session:
        phone = (await rest(session, base, "POST", "/api/players", {"nickname": "Robo"}))["token"]
        _, options = await _call(session, base, "POST", "/api/players/me/passkeys/options", phone, {})
        status, _ = await _call(
            session, base, "POST", "/api/players/me/passkeys", phone, {"credential": device.register(options)}
        )
        assert status == 201
        status, made = await _call(session, base, "POST", "/api/players/me/bot-tokens", phone, {"name": "Grpc bot"})
        assert status == 201
        bot = made["token"]
        async with grpc.aio.insecure_channel(f"127.0.0.1:{stack.ports['play']}") as channel:
            play = play_pb2_grpc.PlayStub(channel)
            seats = [play_pb2.SeatSpec(kind="human"), play_pb2.SeatSpec(kind="human")]
            ticket = await play.CreateRoom(play_pb2.CreateRoomRequest(game="hau-hau", seats=seats, player_token=bot))
            assert ticket.room.seats[0].name == "Robo"

            status, _ = await _call(session, base, "DELETE", f"/api/players/me/bot-tokens/{made['id']}", phone)
            assert status == 200
            with pytest.raises(grpc.aio.AioRpcError) as refused:
                await play.CreateRoom(play_pb2.CreateRoomRequest(game="hau-hau", seats=seats, player_token=bot))
            assert refused.value.code() == grpc.StatusCode.PERMISSION_DENIED
            assert refused.value.details() == "bad_token: this session was signed out or revoked"
            with pytest.raises(grpc.aio.AioRpcError) as refused:
                await play.JoinRoom(play_pb2.JoinRoomRequest(code=ticket.code, nickname="x", player_token=bot))
            assert refused.value.details().startswith("bad_token")
        body = {"game": "hau-hau", "seats": [{"kind": "human"}] * 2, "nickname": "Robo", "player_token": bot}
        async with session.post(base + "/api/rooms", json=body) as answer:
            assert answer.status == 403 and (await answer.json())["refused"]["code"] == "bad_token"
        # The player's own device goes on.
        status, me = await _call(session, base, "GET", "/api/players/me", phone)
        assert status == 200 and me["player"]["account"] is True
