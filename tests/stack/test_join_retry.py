"""A join asked again with the same request id (its answer was lost) gets the same ticket and
seat, never `room_full` for the seat it took; another id finds the room full (REST and gRPC)."""

from __future__ import annotations

import uuid

import aiohttp
import grpc
import pytest
from gameroom import play_pb2, play_pb2_grpc

from tests.support.client import PlayClient, Refused, rest

TWO_HUMANS = [{"kind": "human"}, {"kind": "human"}]


def _join(code: str, nickname: str, request_id: str) -> tuple[str, dict[str, str]]:
    return f"/api/rooms/{code}/join", {"nickname": nickname, "request_id": request_id}


async def test_a_join_asked_again_gets_the_same_seat_and_ticket(stack) -> None:
    async with aiohttp.ClientSession() as session:
        anna = await PlayClient.create(session, stack.base_url, "four-in-a-row", TWO_HUMANS)
        request_id = uuid.uuid4().hex
        lost = await rest(session, stack.base_url, "POST", *_join(anna.code, "Ben", request_id))
        assert lost["seats"] == [1]
        # The answer never reached Ben's phone: it asks again with the same id.
        again = await rest(session, stack.base_url, "POST", *_join(anna.code, "Ben", request_id))
        assert (again["token"], again["seats"]) == (lost["token"], [1])
        # Another joiner (another id, or none) finds the room full: the retry took no seat.
        for other in (uuid.uuid4().hex, ""):
            with pytest.raises(Refused) as refused:
                await rest(session, stack.base_url, "POST", *_join(anna.code, "Carl", other))
            assert refused.value.code == "room_full"
        with pytest.raises(Refused) as refused:
            await rest(session, stack.base_url, "POST", *_join(anna.code, "Carl", "short"))
        assert refused.value.code == "bad_request"

        # The ticket of the retry is Ben's: it opens seat 1, and the game plays.
        ben = PlayClient(session, stack.base_url, again)
        await anna.connect()
        await ben.connect()
        await anna.send({"start": {}})
        await ben.wait_until(lambda c: c.room["status"] == "playing" and 1 in c.views)
        # Asked once more while the game runs (no seat is open now): still Ben's ticket.
        late = await rest(session, stack.base_url, "POST", *_join(anna.code, "Ben", request_id))
        assert (late["token"], late["seats"]) == (lost["token"], [1])
        room = await rest(session, stack.base_url, "GET", f"/api/rooms/{anna.code}")
        assert [s["name"] for s in room["seats"]] == ["Anna", "Ben"]
        for client in (anna, ben):
            await client.close()


async def test_a_grpc_join_asked_again_gets_the_same_ticket(stack) -> None:
    async with aiohttp.ClientSession() as session:
        anna = await PlayClient.create(session, stack.base_url, "four-in-a-row", TWO_HUMANS)
    request_id = str(uuid.uuid4())
    async with grpc.aio.insecure_channel(f"127.0.0.1:{stack.ports['play']}") as channel:
        play = play_pb2_grpc.PlayStub(channel)
        ask = play_pb2.JoinRoomRequest(code=anna.code.lower(), nickname="Robo", request_id=request_id)
        first = await play.JoinRoom(ask)
        again = await play.JoinRoom(ask)
        assert (again.token, list(again.seats)) == (first.token, [1])
        with pytest.raises(grpc.aio.AioRpcError) as failed:
            await play.JoinRoom(play_pb2.JoinRoomRequest(code=anna.code, nickname="Dora", request_id=uuid.uuid4().hex))
        assert failed.value.details().startswith("room_full")
        # The same id to watch a room is a ticket of its own too, asked again alike.
        watch = play_pb2.JoinRoomRequest(code=anna.code, nickname="Eve", spectator=True, request_id=uuid.uuid4().hex)
        eve = await play.JoinRoom(watch)
        assert (await play.JoinRoom(watch)).token == eve.token and list(eve.seats) == []
