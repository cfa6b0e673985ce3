"""The play API as a bot author meets it, over real gRPC against the running processes: how
the Connect stream ends, what a presence update says, version refusals, the details every
refusal carries, and the lobby's codes for seats, CPU levels and finished rooms."""

from __future__ import annotations

import asyncio
from typing import Any

import grpc
import pytest
from gameroom import play_pb2, play_pb2_grpc
from google.protobuf import json_format

from devstack import Stack


def plain(value: Any) -> Any:
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value


class Stream:
    """One Connect stream: what it received, in order, and how it ended."""

    def __init__(self, play: play_pb2_grpc.PlayStub) -> None:
        self.outbox: asyncio.Queue[play_pb2.ClientMessage | None] = asyncio.Queue()
        self.received: list[dict[str, Any]] = []
        self.arrived = asyncio.Event()

        async def requests():  # type: ignore[no-untyped-def]
            while (message := await self.outbox.get()) is not None:
                yield message

        self.call = play.Connect(requests())
        self.ended: grpc.StatusCode | None = None
        self.reader = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        try:
            async for message in self.call:
                self.received.append(plain(json_format.MessageToDict(message, preserving_proto_field_name=True)))
                self.arrived.set()
        except grpc.aio.AioRpcError:
            pass
        self.ended = await self.call.code()
        self.arrived.set()

    async def send(self, **body: Any) -> None:
        await self.outbox.put(play_pb2.ClientMessage(**body))

    async def wait_for(self, predicate, timeout: float = 60) -> None:  # type: ignore[no-untyped-def]
        async with asyncio.timeout(timeout):
            while not predicate(self):
                self.arrived.clear()
                await self.arrived.wait()

    def updates(self) -> list[dict[str, Any]]:
        return [m["update"] for m in self.received if "update" in m]

    def refusals(self) -> list[dict[str, Any]]:
        return [m["refused"] for m in self.received if "refused" in m]

    def latest(self) -> dict[str, Any] | None:
        """The newest update with views (none before the game starts)."""
        with_views = [u for u in self.updates() if u.get("views")]
        return with_views[-1] if with_views else None

    def to_move(self) -> tuple[int, list[int]]:
        """(version, seats to move) of the newest view; (-1, []) before the game starts."""
        latest = self.latest()
        return (latest["room"]["version"], latest["views"][0]["view"]["to_move"]) if latest else (-1, [])

    async def close(self) -> None:
        await self.outbox.put(None)
        self.call.cancel()
        await asyncio.gather(self.reader, return_exceptions=True)


async def _versus_cpu(play: play_pb2_grpc.PlayStub, keep_open: bool = False) -> tuple[play_pb2.RoomTicket, Stream]:
    seats = [play_pb2.SeatSpec(kind="human"), play_pb2.SeatSpec(kind="cpu", level="easy")]
    ticket = await play.CreateRoom(play_pb2.CreateRoomRequest(game="four-in-a-row", nickname="Bot", seats=seats))
    stream = Stream(play)
    await stream.send(hello=play_pb2.Hello(code=ticket.code, token=ticket.token, keep_open=keep_open))
    await stream.send(start=play_pb2.StartRequest())
    return ticket, stream


async def _play_to_the_end(stream: Stream) -> dict[str, Any]:
    """Play the first legal move whenever seat 0 is to move; the last update (finished)."""
    moved_at = -1
    number = 0
    while True:
        await stream.wait_for(
            lambda s, moved_at=moved_at: (
                s.ended is not None
                or any(u["room"]["status"] == "finished" for u in s.updates())
                or (s.to_move()[0] not in (-1, moved_at) and 0 in s.to_move()[1])
            )
        )
        finished = [u for u in stream.updates() if u["room"]["status"] == "finished"]
        if finished:
            return finished[0]
        assert stream.ended is None, stream.received[-3:]
        update = stream.latest()
        assert update is not None
        moved_at = update["room"]["version"]
        number += 1
        move = play_pb2.MoveRequest(seat=0, version=moved_at, client_move_id=f"m{number}")
        move.move.update(update["views"][0]["view"]["legal_moves"][0])
        await stream.send(move=move)


def _channel(stack: Stack) -> grpc.aio.Channel:
    return grpc.aio.insecure_channel(f"127.0.0.1:{stack.ports['play']}")


async def test_the_stream_ends_with_ok_after_the_finished_update_and_a_finished_room_refuses_seats(stack) -> None:
    async with _channel(stack) as channel:
        play = play_pb2_grpc.PlayStub(channel)
        ticket, stream = await _versus_cpu(play)
        last = await _play_to_the_end(stream)
        assert last["views"][0]["view"]["result"]["placings"] in ([1, 2], [2, 1], [1, 1])
        await stream.wait_for(lambda s: s.ended is not None, timeout=15)
        assert stream.ended == grpc.StatusCode.OK
        # The finished update is the stream's last: nothing after it but what was queued with it.
        assert stream.updates()[-1] == last

        # A seat in a finished room: a code that says so; watching stays possible.
        with pytest.raises(grpc.aio.AioRpcError) as failed:
            await play.JoinRoom(play_pb2.JoinRoomRequest(code=ticket.code, nickname="Late"))
        assert dict(failed.value.trailing_metadata() or ())["gameroom-refusal"] == "room_finished"
        assert failed.value.details().startswith("room_finished: ") and len(failed.value.details()) > 20
        watcher = await play.JoinRoom(play_pb2.JoinRoomRequest(code=ticket.code, nickname="Late", spectator=True))
        assert list(watcher.seats) == []
        after = await play.GetRoom(play_pb2.GetRoomRequest(code=ticket.code))
        assert [s.name for s in after.seats] == [s.name for s in ticket.room.seats]  # no seat taken


async def test_keep_open_keeps_the_stream_for_chat_after_the_game(stack) -> None:
    async with _channel(stack) as channel:
        play = play_pb2_grpc.PlayStub(channel)
        _, stream = await _versus_cpu(play, keep_open=True)
        await _play_to_the_end(stream)
        await stream.send(chat=play_pb2.ChatRequest(text="gg"))
        await stream.wait_for(lambda s: any(m.get("chat", {}).get("text") == "gg" for m in s.received))
        assert stream.ended is None
        await stream.close()


async def test_a_refused_hello_ends_the_stream_with_its_status_and_trailer(stack) -> None:
    async with _channel(stack) as channel:
        play = play_pb2_grpc.PlayStub(channel)
        ticket, stream = await _versus_cpu(play)
        await stream.close()
        for code, token, refusal, status in (
            (ticket.code, "not-the-token", "bad_token", grpc.StatusCode.PERMISSION_DENIED),
            ("ZZZZZ", ticket.token, "unknown_room", grpc.StatusCode.NOT_FOUND),
        ):
            wrong = Stream(play)
            await wrong.send(hello=play_pb2.Hello(code=code, token=token))
            await wrong.wait_for(lambda s: s.ended is not None, timeout=15)
            assert wrong.ended == status
            assert [r["code"] for r in wrong.refusals()] == [refusal]
            assert wrong.refusals()[0]["detail"]
            assert dict(await wrong.call.trailing_metadata() or ())["gameroom-refusal"] == refusal
            assert (await wrong.call.details()).startswith(f"{refusal}: ")


async def test_versions_refusals_and_their_details(stack) -> None:
    async with _channel(stack) as channel:
        play = play_pb2_grpc.PlayStub(channel)
        seats = [play_pb2.SeatSpec(kind="human"), play_pb2.SeatSpec(kind="cpu", level="easy")]
        ticket = await play.CreateRoom(play_pb2.CreateRoomRequest(game="four-in-a-row", nickname="Bot", seats=seats))
        stream = Stream(play)
        await stream.send(hello=play_pb2.Hello(code=ticket.code, token=ticket.token))
        await stream.wait_for(lambda s: s.updates())

        def move(move_id: str, version: int, column: int = 3) -> play_pb2.ClientMessage:
            request = play_pb2.MoveRequest(seat=0, version=version, client_move_id=move_id)
            request.move.update({"type": "drop", "column": column})
            return play_pb2.ClientMessage(move=request)

        def refusal_of(move_id: str):  # type: ignore[no-untyped-def]
            return lambda s: any(r["client_move_id"] == move_id for r in s.refusals())

        def refused(move_id: str) -> dict[str, Any]:
            return next(r for r in stream.refusals() if r["client_move_id"] == move_id)

        await stream.outbox.put(move("early", 0))
        await stream.wait_for(refusal_of("early"))
        assert refused("early")["code"] == "not_started" and refused("early")["detail"]

        await stream.send(start=play_pb2.StartRequest())
        await stream.wait_for(lambda s: any(u["room"]["status"] == "playing" for u in s.updates()))
        version = stream.to_move()[0]
        await stream.outbox.put(move("ahead", version + 5))
        await stream.wait_for(refusal_of("ahead"))
        ahead = refused("ahead")
        assert ahead["code"] == "future_version"
        assert str(version + 5) in ahead["detail"] and str(version) in ahead["detail"]

        await stream.outbox.put(move("first", version))
        await stream.wait_for(lambda s: any(u.get("client_move_id") == "first" for u in s.updates()))
        # Straight after my move the CPU is to move: mine is out of turn, and says so.
        answered = next(u for u in stream.updates() if u.get("client_move_id") == "first")
        if 0 not in answered["views"][0]["view"]["to_move"]:
            await stream.outbox.put(move("twice", answered["room"]["version"], 4))
            await stream.wait_for(refusal_of("twice"))
            assert refused("twice")["code"] in ("not_your_turn", "stale_version")
            assert refused("twice")["detail"]
        await stream.wait_for(lambda s: s.to_move()[0] > version + 1)
        await stream.outbox.put(move("old", version, 5))
        await stream.wait_for(refusal_of("old"))
        assert refused("old")["code"] == "stale_version" and "older" in refused("old")["detail"]
        await stream.close()


async def test_a_presence_change_repeats_no_version_and_no_views(stack) -> None:
    async with _channel(stack) as channel:
        play = play_pb2_grpc.PlayStub(channel)
        seats = [play_pb2.SeatSpec(kind="human"), play_pb2.SeatSpec(kind="human")]
        anna_ticket = await play.CreateRoom(play_pb2.CreateRoomRequest(game="four-in-a-row", nickname="A", seats=seats))
        ben_ticket = await play.JoinRoom(play_pb2.JoinRoomRequest(code=anna_ticket.code, nickname="B"))
        anna, ben = Stream(play), Stream(play)
        await anna.send(hello=play_pb2.Hello(code=anna_ticket.code, token=anna_ticket.token))
        await ben.send(hello=play_pb2.Hello(code=ben_ticket.code, token=ben_ticket.token))
        await anna.send(start=play_pb2.StartRequest())
        await ben.wait_for(lambda s: any(u["room"]["status"] == "playing" for u in s.updates()))
        await anna.wait_for(lambda s: any(u["room"]["status"] == "playing" for u in s.updates()))
        await anna.wait_for(lambda s: s.updates()[-1]["room"]["seats"][1].get("connected"))
        before = len(anna.updates())
        playing_version = anna.to_move()[0]
        await ben.close()
        await anna.wait_for(lambda s: not s.updates()[-1]["room"]["seats"][1].get("connected"))
        presence = anna.updates()[before:]
        assert presence, "no update told that Ben left"
        for update in presence:
            assert update.get("room_only") is True
            assert not update.get("views") and not update.get("events")
            assert update["room"]["version"] == playing_version
        # A real change carries a new version and the views again, without the flag.
        move = play_pb2.MoveRequest(seat=0, version=playing_version, client_move_id="a1")
        move.move.update({"type": "drop", "column": 3})
        await anna.send(move=move)
        await anna.wait_for(lambda s: any(u.get("client_move_id") == "a1" for u in s.updates()))
        answer = next(u for u in anna.updates() if u.get("client_move_id") == "a1")
        assert answer["room"]["version"] == playing_version + 1 and answer["views"]
        assert not answer.get("room_only")
        await anna.close()


async def test_lobby_refusals_name_the_real_ranges(stack) -> None:
    async def refusal(request: play_pb2.CreateRoomRequest) -> tuple[str, str]:
        with pytest.raises(grpc.aio.AioRpcError) as failed:
            await play.CreateRoom(request)
        return dict(failed.value.trailing_metadata() or ())["gameroom-refusal"], failed.value.details()

    async with _channel(stack) as channel:
        play = play_pb2_grpc.PlayStub(channel)
        code, details = await refusal(play_pb2.CreateRoomRequest(game="four-in-a-row", nickname="x"))
        assert code == "bad_seat_count"
        assert "four-in-a-row is played by 2 seats" in details and "got 0 seats" in details
        code, details = await refusal(
            play_pb2.CreateRoomRequest(game="dice-poker", seats=[play_pb2.SeatSpec(kind="human")] * 9)
        )
        assert code == "bad_seat_count" and "dice-poker is played by 2 to" in details
        code, details = await refusal(
            play_pb2.CreateRoomRequest(
                game="four-in-a-row",
                seats=[play_pb2.SeatSpec(kind="human"), play_pb2.SeatSpec(kind="cpu", level="grandmaster")],
            )
        )
        assert code == "bad_option" and "grandmaster" in details and "easy" in details


async def test_a_removed_player_s_stream_ends_with_permission_denied(stack) -> None:
    async with _channel(stack) as channel:
        play = play_pb2_grpc.PlayStub(channel)
        seats = [play_pb2.SeatSpec(kind="human"), play_pb2.SeatSpec(kind="human")]
        host_ticket = await play.CreateRoom(play_pb2.CreateRoomRequest(game="four-in-a-row", nickname="H", seats=seats))
        guest_ticket = await play.JoinRoom(play_pb2.JoinRoomRequest(code=host_ticket.code, nickname="G"))
        host, guest = Stream(play), Stream(play)
        await host.send(hello=play_pb2.Hello(code=host_ticket.code, token=host_ticket.token))
        await guest.send(hello=play_pb2.Hello(code=guest_ticket.code, token=guest_ticket.token))
        await guest.wait_for(lambda s: s.updates())
        await host.send(remove=play_pb2.RemoveRequest(seat=1))
        await guest.wait_for(lambda s: s.ended is not None, timeout=15)
        assert guest.ended == grpc.StatusCode.PERMISSION_DENIED
        assert [r["code"] for r in guest.refusals()] == ["removed"]
        assert dict(await guest.call.trailing_metadata() or ())["gameroom-refusal"] == "removed"
        # The host's stream goes on: it hears of the seat opening again.
        await host.wait_for(lambda s: not s.updates()[-1]["room"]["seats"][1].get("taken"))
        assert host.ended is None
        await host.close()
