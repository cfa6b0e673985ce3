"""Text people type is checked once, the same way at every entry (REST, WebSocket, gRPC):
valid Unicode, NFC, no control or bidi characters, a length cap; a refused join takes no seat."""

from __future__ import annotations

import asyncio
from urllib.parse import quote

import aiohttp
import grpc
import pytest
from gameroom import play_pb2, play_pb2_grpc

from tests.support.client import PlayClient, Refused, rest

BAD = ("tr\ud800oll", "\u202eevil", "bell\x07", "x" * 25)
TWO_HUMANS = [{"kind": "human"}, {"kind": "human"}]


async def _hello(play, ticket) -> str:  # type: ignore[no-untyped-def]
    """The first message a Connect stream answers a hello with."""
    outbox: asyncio.Queue[play_pb2.ClientMessage] = asyncio.Queue()

    async def requests():  # type: ignore[no-untyped-def]
        yield play_pb2.ClientMessage(hello=play_pb2.Hello(code=ticket.code, token=ticket.token))
        await outbox.get()  # hold the stream open

    stream = play.Connect(requests())
    async with asyncio.timeout(15):
        async for message in stream:
            stream.cancel()
            return message.WhichOneof("body")
    return ""


async def test_an_unpaired_surrogate_takes_no_seat_and_grpc_keeps_working(stack) -> None:
    async with aiohttp.ClientSession() as session:
        anna = await PlayClient.create(session, stack.base_url, "four-in-a-row", TWO_HUMANS)
        with pytest.raises(Refused) as refused:
            await rest(session, stack.base_url, "POST", f"/api/rooms/{anna.code}/join", {"nickname": "tr\ud800oll"})
        assert refused.value.code == "bad_text"
        info = await rest(session, stack.base_url, "GET", f"/api/rooms/{anna.code}")
        assert [s["name"] for s in info["seats"]] == ["Anna", ""]
    async with grpc.aio.insecure_channel(f"127.0.0.1:{stack.ports['play']}") as channel:
        play = play_pb2_grpc.PlayStub(channel)
        assert [s.name for s in (await play.GetRoom(play_pb2.GetRoomRequest(code=anna.code))).seats] == ["Anna", ""]
        bot = await play.JoinRoom(play_pb2.JoinRoomRequest(code=anna.code, nickname="Bot"))
        assert list(bot.seats) == [1]  # the last seat was still free
        assert await _hello(play, bot) == "welcome"


async def test_bad_text_is_refused_at_every_entry(stack) -> None:
    async with aiohttp.ClientSession() as session:
        anna = await PlayClient.create(session, stack.base_url, "four-in-a-row", TWO_HUMANS)
        player = await rest(session, stack.base_url, "POST", "/api/players", {"nickname": "Ruth"})
        for text in BAD:
            for method, path, body in (
                ("POST", "/api/rooms", {"game": "four-in-a-row", "seats": TWO_HUMANS, "nickname": text}),
                ("POST", f"/api/rooms/{anna.code}/join", {"nickname": text}),
                ("POST", "/api/players", {"nickname": text}),
            ):
                with pytest.raises(Refused) as refused:
                    await rest(session, stack.base_url, method, path, body)
                assert refused.value.code == "bad_text", (path, text)
        # The name of a saved set of house rules travels in the path.
        for text in ("\u202eevil", "bell\x07", "x" * 41):
            async with session.put(
                f"{stack.base_url}/api/players/me/house-rules/four-in-a-row/{quote(text)}",
                json={"options": {}},
                headers={"Authorization": f"Bearer {player['token']}"},
            ) as answer:
                assert answer.status == 400 and (await answer.json())["refused"]["code"] == "bad_text", text
        info = await rest(session, stack.base_url, "GET", f"/api/rooms/{anna.code}")
        assert [s["name"] for s in info["seats"]] == ["Anna", ""]
        # Chat over the WebSocket.
        await anna.connect()
        for text in ("\u202eevil", "bell\x07", "x" * 501):
            await anna.send({"chat": {"text": text}})
            assert (await anna.expect("refused"))["code"] == "bad_text", text
        await anna.send({"chat": {"text": "Cafe\u0301  ok"}})
        line = await anna.expect("chat")
        assert line["text"] == "Café ok"  # NFC, one space
        await anna.close()
    async with grpc.aio.insecure_channel(f"127.0.0.1:{stack.ports['play']}") as channel:
        play = play_pb2_grpc.PlayStub(channel)
        for text in BAD[1:]:  # protobuf itself cannot carry an unpaired surrogate
            for call in (
                play.JoinRoom(play_pb2.JoinRoomRequest(code=anna.code, nickname=text)),
                play.CreateRoom(
                    play_pb2.CreateRoomRequest(
                        game="four-in-a-row", nickname=text, seats=[play_pb2.SeatSpec(kind="human")]
                    )
                ),
            ):
                with pytest.raises(grpc.aio.AioRpcError) as error:
                    await call
                assert error.value.code() == grpc.StatusCode.INVALID_ARGUMENT
                assert error.value.details().startswith("bad_text")
        assert [s.name for s in (await play.GetRoom(play_pb2.GetRoomRequest(code=anna.code))).seats] == ["Anna", ""]


async def test_names_are_kept_in_nfc(stack) -> None:
    async with aiohttp.ClientSession() as session:
        anna = await PlayClient.create(session, stack.base_url, "four-in-a-row", TWO_HUMANS)
        ticket = await rest(session, stack.base_url, "POST", f"/api/rooms/{anna.code}/join", {"nickname": "Rene\u0301"})
        assert ticket["room"]["seats"][1]["name"] == "Ren\u00e9"


@pytest.mark.parametrize("bad", BAD[1:])
async def test_a_pass_and_play_name_is_checked_like_a_nickname(stack, bad: str) -> None:
    """The name of a second player on the creator's device goes through the same check: odd
    text is refused and no room is made; a good one names the seat, over REST and gRPC."""
    seats = [{"kind": "human"}, {"kind": "human", "local": True, "name": bad}]
    async with aiohttp.ClientSession() as session:
        with pytest.raises(Refused) as refused:
            await rest(
                session, stack.base_url, "POST", "/api/rooms", {"game": "kalaha", "seats": seats, "nickname": "Anna"}
            )
        assert refused.value.code == "bad_text"
        seats[1]["name"] = "Ben"
        ticket = await rest(
            session, stack.base_url, "POST", "/api/rooms", {"game": "kalaha", "seats": seats, "nickname": "Anna"}
        )
        assert ticket["seats"] == [0, 1]
        assert [s["name"] for s in ticket["room"]["seats"]] == ["Anna", "Ben"]
    async with grpc.aio.insecure_channel(f"127.0.0.1:{stack.ports['play']}") as channel:
        play = play_pb2_grpc.PlayStub(channel)
        spec = [play_pb2.SeatSpec(kind="human"), play_pb2.SeatSpec(kind="human", local=True, name="Cleo")]
        created = await play.CreateRoom(play_pb2.CreateRoomRequest(game="kalaha", seats=spec, nickname="Anna"))
        assert [s.name for s in created.room.seats] == ["Anna", "Cleo"]
