"""JSON nested far too deep gets the stable refusal at every entry, and nothing is logged as
an error (json.loads recurses per level: without the cap it ends in a RecursionError)."""

from __future__ import annotations

import asyncio
import json

import aiohttp
import grpc
from gameroom import play_pb2, play_pb2_grpc

from tests.support.client import PlayClient

DEEP = "[" * 981 + "]" * 981


def _deep_object(levels: int) -> dict:
    value: dict = {"type": "drop", "column": 3}
    for _ in range(levels):
        value = {"a": value}
    return value


class GatewayLog:
    """What the gateway logged from here on."""

    def __init__(self, stack) -> None:  # type: ignore[no-untyped-def]
        self.path = stack.log_dir / "gateway.log"
        self.start = self.path.stat().st_size

    def since(self) -> str:
        with open(self.path, "rb") as log:
            log.seek(self.start)
            return log.read().decode(errors="replace")


def _assert_quiet(log: GatewayLog) -> None:
    logged = log.since()
    assert "RecursionError" not in logged and "Traceback" not in logged, logged[-2000:]


async def test_deep_websocket_frames_are_refused(stack) -> None:
    log = GatewayLog(stack)
    async with aiohttp.ClientSession() as session:
        ws = await session.ws_connect(stack.base_url + "/ws")
        for frame in (DEEP, json.dumps({"chat": {"text": "x"}, "deep": json.loads("[" * 500 + "]" * 500)})):
            await ws.send_str(frame)
            answer = await ws.receive(timeout=10)
            assert answer.type == aiohttp.WSMsgType.TEXT, answer
            assert json.loads(answer.data)["refused"]["code"] == "malformed_frame"
        # A move nested deep inside an otherwise good frame, from a seated player.
        anna = await PlayClient.create(session, stack.base_url, "four-in-a-row", [{"kind": "human"}, {"kind": "cpu"}])
        await anna.connect()
        await anna.send({"move": {"seat": 0, "move": _deep_object(600), "client_move_id": "deep", "version": 0}})
        assert (await anna.expect("refused"))["code"] == "malformed_frame"
        # Both connections are still open and answer.
        await ws.send_str(json.dumps({"ping": {"nonce": 1}}))
        assert "refused" in json.loads((await ws.receive(timeout=10)).data)
        await ws.close()
        await anna.close()
    _assert_quiet(log)


async def test_deep_rest_bodies_are_refused(stack) -> None:
    log = GatewayLog(stack)
    async with aiohttp.ClientSession() as session:
        player = await (await session.post(stack.base_url + "/api/players", json={"nickname": "Deep"})).json()
        auth = {"Authorization": f"Bearer {player['token']}", "Content-Type": "application/json"}
        for method, path, headers in (
            ("POST", "/api/rooms", {"Content-Type": "application/json"}),
            ("POST", "/api/players", {"Content-Type": "application/json"}),
            ("PUT", "/api/players/me/house-rules/four-in-a-row/deep", auth),
        ):
            for body in (DEEP, json.dumps({"game": "four-in-a-row", "options": _deep_object(900)})):
                async with session.request(method, stack.base_url + path, data=body, headers=headers) as answer:
                    assert answer.status == 400, (method, path, answer.status)
                    assert (await answer.json())["refused"]["code"] == "malformed_frame"
    _assert_quiet(log)


async def test_deep_grpc_moves_are_refused(stack) -> None:
    log = GatewayLog(stack)
    async with grpc.aio.insecure_channel(f"127.0.0.1:{stack.ports['play']}") as channel:
        play = play_pb2_grpc.PlayStub(channel)
        ticket = await play.CreateRoom(
            play_pb2.CreateRoomRequest(
                game="four-in-a-row",
                nickname="bot",
                seats=[play_pb2.SeatSpec(kind="human"), play_pb2.SeatSpec(kind="cpu")],
            )
        )
        outbox: asyncio.Queue[play_pb2.ClientMessage] = asyncio.Queue()

        async def requests():  # type: ignore[no-untyped-def]
            while True:
                yield await outbox.get()

        stream = play.Connect(requests())
        await outbox.put(play_pb2.ClientMessage(hello=play_pb2.Hello(code=ticket.code, token=ticket.token)))
        move = play_pb2.MoveRequest(seat=0, client_move_id="deep", version=0)
        move.move.update(_deep_object(32))  # 33 levels: protobuf itself takes no more
        await outbox.put(play_pb2.ClientMessage(move=move))
        async with asyncio.timeout(15):
            async for message in stream:
                if message.WhichOneof("body") == "refused":
                    assert message.refused.code == "malformed_frame"
                    assert message.refused.client_move_id == "deep"
                    break
        stream.cancel()
    _assert_quiet(log)
