"""Private rooms and removing a player, over the running platform: a seat (or watching) needs
the code and the host's invitation token; the host sends a player out of the waiting room,
everyone hears of it, the player's connection is told and their ticket no longer opens it."""

from __future__ import annotations

import asyncio

import aiohttp
import grpc
import pytest
from gameroom import play_pb2, play_pb2_grpc

from tests.support.client import PlayClient, Refused, rest

TWO_HUMANS = [{"kind": "human"}, {"kind": "human"}]


async def _create_private(session, base: str) -> PlayClient:  # type: ignore[no-untyped-def]
    ticket = await rest(
        session,
        base,
        "POST",
        "/api/rooms",
        {"game": "four-in-a-row", "seats": TWO_HUMANS, "nickname": "Anna", "private": True},
    )
    assert len(ticket["invite"]) >= 20  # only the host's answer carries it
    return PlayClient(session, base, ticket)


async def test_a_private_room_needs_the_invitation_to_sit_or_watch(stack) -> None:
    base = stack.base_url
    async with aiohttp.ClientSession() as session:
        anna = await _create_private(session, base)
        invite = anna.ticket["invite"]
        for body in (
            {"nickname": "Ben"},
            {"nickname": "Ben", "invite": "guessed"},
            {"nickname": "Eve", "spectator": True},
        ):
            with pytest.raises(Refused) as refused:
                await rest(session, base, "POST", f"/api/rooms/{anna.code}/join", body)
            assert refused.value.code == "invitation_needed"
        async with grpc.aio.insecure_channel(f"127.0.0.1:{stack.ports['play']}") as channel:
            play = play_pb2_grpc.PlayStub(channel)
            with pytest.raises(grpc.aio.AioRpcError) as failed:
                await play.JoinRoom(play_pb2.JoinRoomRequest(code=anna.code, nickname="Bot"))
            assert failed.value.details().startswith("invitation_needed")
            bot = await play.JoinRoom(play_pb2.JoinRoomRequest(code=anna.code, nickname="Bot", invite=invite))
            assert list(bot.seats) == [1] and bot.invite == ""
        # Looking a private room up by its code names nobody at its table.
        looked_up = await rest(session, base, "GET", f"/api/rooms/{anna.code}")
        assert looked_up["private"] is True
        assert [s["taken"] for s in looked_up["seats"]] == [True, True]
        assert [s["name"] for s in looked_up["seats"]] == ["", ""]
        # A room that is not private takes no invitation and gives none.
        open_room = await PlayClient.create(session, base, "four-in-a-row", TWO_HUMANS)
        assert "invite" not in open_room.ticket
        ben = await PlayClient.join(session, base, open_room.code, "Ben")
        assert ben.seats == [1]


async def test_the_host_removes_a_player_from_the_waiting_room(stack) -> None:
    base = stack.base_url
    async with aiohttp.ClientSession() as session:
        anna = await _create_private(session, base)
        ticket = await rest(
            session, base, "POST", f"/api/rooms/{anna.code}/join", {"nickname": "Ben", "invite": anna.ticket["invite"]}
        )
        ben = PlayClient(session, base, ticket)
        await anna.connect()
        await ben.connect()
        await anna.wait_until(lambda c: c.room["seats"][1]["connected"])
        # Only the host, only a taken seat, never the host's own.
        await ben.send({"remove": {"seat": 0}})
        assert (await ben.expect("refused"))["code"] == "not_host"
        await anna.send({"remove": {"seat": 0}})
        assert (await anna.expect("refused"))["code"] == "bad_request"
        await anna.send({"remove": {"seat": 1}})
        assert (await ben.expect("refused"))["code"] == "removed"
        await anna.wait_until(lambda c: any(e["code"] == "player_removed" for e in c.events.values()))
        removed = next(e for e in anna.events.values() if e["code"] == "player_removed")
        assert (removed["seat"], removed["name"]) == (1, "Ben")
        assert anna.room["seats"][1]["taken"] is False
        # Ben's ticket no longer opens the room.
        async with session.ws_connect(base + "/ws") as ws:
            await ws.send_json({"hello": {"code": anna.code, "token": ben.token, "last_event": 0}})
            assert (await ws.receive_json(timeout=15))["refused"]["code"] == "bad_token"
        # The seat is open again for whoever has the invitation.
        cleo = await rest(
            session, base, "POST", f"/api/rooms/{anna.code}/join", {"nickname": "Cleo", "invite": anna.ticket["invite"]}
        )
        assert cleo["seats"] == [1]
        # Once the game runs, nobody is removed.
        cleo_client = PlayClient(session, base, cleo)
        await cleo_client.connect()
        await anna.send({"start": {}})
        await anna.wait_until(lambda c: c.room["status"] == "playing")
        await anna.send({"remove": {"seat": 1}})
        assert (await anna.expect("refused"))["code"] == "already_started"
        for client in (anna, ben, cleo_client):
            await client.close()


async def test_the_host_removes_a_player_over_the_grpc_stream(stack) -> None:
    async with aiohttp.ClientSession() as session:
        ben = await PlayClient.create(session, stack.base_url, "four-in-a-row", TWO_HUMANS, "Ben")
        cleo = await PlayClient.join(session, stack.base_url, ben.code, "Cleo")
        await cleo.connect()
        async with grpc.aio.insecure_channel(f"127.0.0.1:{stack.ports['play']}") as channel:
            play = play_pb2_grpc.PlayStub(channel)
            outbox: asyncio.Queue[play_pb2.ClientMessage | None] = asyncio.Queue()
            await outbox.put(play_pb2.ClientMessage(hello=play_pb2.Hello(code=ben.code, token=ben.token)))
            await outbox.put(play_pb2.ClientMessage(remove=play_pb2.RemoveRequest(seat=1)))

            async def requests():  # type: ignore[no-untyped-def]
                while (message := await outbox.get()) is not None:
                    yield message

            stream = play.Connect(requests())
            assert (await cleo.expect("refused"))["code"] == "removed"
            await outbox.put(None)
            stream.cancel()
        await cleo.close()
