"""On the gRPC play API the rate check runs before protobuf parsing: a stream's messages over
the rate are refused unparsed (a refused move still named by its id), and a message that is
not a ClientMessage is refused with malformed_frame instead of ending the stream."""

from __future__ import annotations

import asyncio

import aiohttp
import grpc
from gameroom import play_pb2

from tests.support.client import PlayClient

GARBAGE = b"\xff\xff\xff\xff"  # no ClientMessage: protobuf refuses to parse it
SENT = 120


async def test_messages_over_the_rate_are_refused_before_parsing(stack) -> None:
    async with aiohttp.ClientSession() as session:
        anna = await PlayClient.create(session, stack.base_url, "four-in-a-row", [{"kind": "human"}, {"kind": "cpu"}])
    hello = play_pb2.ClientMessage(hello=play_pb2.Hello(code=anna.code, token=anna.token)).SerializeToString()
    over = play_pb2.ClientMessage(
        move=play_pb2.MoveRequest(seat=0, client_move_id="m-over", version=1)
    ).SerializeToString()
    async with grpc.aio.insecure_channel(f"127.0.0.1:{stack.ports['play']}") as channel:
        connect = channel.stream_stream(
            "/gameroom.play.Play/Connect",
            request_serializer=None,
            response_deserializer=play_pb2.ServerMessage.FromString,
        )
        done = asyncio.Event()

        async def requests():  # type: ignore[no-untyped-def]
            yield hello
            for _ in range(SENT):
                yield GARBAGE
            yield over
            await done.wait()

        stream = connect(requests())
        refusals: list[play_pb2.Refused] = []
        async with asyncio.timeout(20):
            async for message in stream:
                if message.WhichOneof("body") == "refused":
                    refusals.append(message.refused)
                    if message.refused.client_move_id == "m-over":
                        break
        done.set()
        stream.cancel()
    codes = [r.code for r in refusals]
    # The stream lived through unparsable messages, each refused while under the rate...
    assert "malformed_frame" in codes
    # ...and those over it were never parsed: far fewer malformed_frame refusals than sent,
    # and the move over the rate is refused with its id, read without a parse.
    assert codes.count("malformed_frame") < SENT - 40, codes
    assert refusals[-1].code == "rate_limited" and refusals[-1].client_move_id == "m-over"


async def test_a_flooding_stream_is_ended(stack) -> None:
    async with aiohttp.ClientSession() as session:
        anna = await PlayClient.create(session, stack.base_url, "four-in-a-row", [{"kind": "human"}, {"kind": "cpu"}])
    hello = play_pb2.ClientMessage(hello=play_pb2.Hello(code=anna.code, token=anna.token)).SerializeToString()
    async with grpc.aio.insecure_channel(f"127.0.0.1:{stack.ports['play']}") as channel:
        connect = channel.stream_stream(
            "/gameroom.play.Play/Connect",
            request_serializer=None,
            response_deserializer=play_pb2.ServerMessage.FromString,
        )
        held = asyncio.Event()

        async def requests():  # type: ignore[no-untyped-def]
            yield hello
            for _ in range(160):  # 40 within the burst, then more than 100 over the rate
                yield GARBAGE
            await held.wait()  # the client would go on: the server ends the stream

        refused = []
        async with asyncio.timeout(20):
            try:
                async for message in connect(requests()):
                    if message.WhichOneof("body") == "refused":
                        refused.append(message.refused)
            except grpc.aio.AioRpcError:
                pass  # a send racing the server's end fails on the client's side: the end is what counts
        held.set()
    # The stream ended though the client held it open, and said why.
    assert any(r.code == "rate_limited" and "flooding" in r.detail for r in refused)
