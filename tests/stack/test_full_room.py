"""Joining a room without a free seat is refused with `room_full`; watching is a choice the
joiner makes explicitly (REST, WebSocket ticket and gRPC alike)."""

from __future__ import annotations

import aiohttp
import grpc
import pytest
from gameroom import play_pb2, play_pb2_grpc

from tests.support.client import PlayClient, Refused, rest

TWO_HUMANS = [{"kind": "human"}, {"kind": "human"}]


async def test_a_third_player_is_refused_a_full_room_and_may_watch(stack) -> None:
    async with aiohttp.ClientSession() as session:
        anna = await PlayClient.create(session, stack.base_url, "four-in-a-row", TWO_HUMANS)
        ben = await PlayClient.join(session, stack.base_url, anna.code, "Ben")
        assert ben.seats == [1]
        # Waiting, but every seat taken: a refusal, and the room gained no ticket.
        with pytest.raises(Refused) as refused:
            await PlayClient.join(session, stack.base_url, anna.code, "Carl")
        assert refused.value.code == "room_full"
        await anna.connect()
        await ben.connect()
        await anna.send({"start": {}})
        await anna.wait_until(lambda c: c.room["status"] == "playing")
        # In play: the same refusal, over REST and gRPC.
        with pytest.raises(Refused) as refused:
            await rest(session, stack.base_url, "POST", f"/api/rooms/{anna.code}/join", {"nickname": "Carl"})
        assert refused.value.code == "room_full"
        async with grpc.aio.insecure_channel(f"127.0.0.1:{stack.ports['play']}") as channel:
            play = play_pb2_grpc.PlayStub(channel)
            with pytest.raises(grpc.aio.AioRpcError) as failed:
                await play.JoinRoom(play_pb2.JoinRoomRequest(code=anna.code, nickname="Dora"))
            assert failed.value.details().startswith("room_full")
            dora = await play.JoinRoom(play_pb2.JoinRoomRequest(code=anna.code, nickname="Dora", spectator=True))
            assert list(dora.seats) == []
        # Asking to watch is the explicit choice: a ticket without seats that sees the board.
        carl = await PlayClient.join(session, stack.base_url, anna.code, "Carl", spectator=True)
        assert carl.seats == []
        await carl.connect()
        await anna.move(0, {"type": "drop", "column": 3})
        await carl.wait_until(lambda c: -1 in c.views and c.views[-1]["public"]["moves"] == 1)
        for client in (anna, ben, carl):
            await client.close()
