"""The lobby's step stream (lobby/step_stream.py) against a real svc-boards servicer over real
gRPC in this process: answers are the unary calls' answers, each call gets its own among many
at once, a stream is retired after its share of calls, a call the stream does not answer in time
goes again as a unary call, and a failing engine call does not end the stream."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator

import grpc
import pytest
from gameroom import engine_pb2, engine_pb2_grpc
from svc_boards.registry import REGISTRY as BOARDS

from lobby import step_stream
from lobby.engines import Engines
from rulekit import Refusal
from servicekit.family import FamilyServicer

GAME = "four-in-a-row"


class SilentSteps(FamilyServicer):
    """Reads step calls and never answers them (a replica that hangs); unary calls work."""

    async def Steps(self, calls, context):  # type: ignore[no-untyped-def]
        async for _call in calls:
            pass
        if False:  # an async generator that yields nothing
            yield


class FailingApply(FamilyServicer):
    """The engine fails on a move to column 6 (an unexpected exception, not a refusal)."""

    async def Apply(self, request, context):  # type: ignore[no-untyped-def]
        if json.loads(request.move_json).get("column") == 6:
            raise RuntimeError("engine bug")
        return await super().Apply(request, context)


async def _serve(servicer: FamilyServicer) -> tuple[grpc.aio.Server, int]:
    server = grpc.aio.server()
    engine_pb2_grpc.add_FamilyEngineServicer_to_server(servicer, server)
    port = server.add_insecure_port("127.0.0.1:0")
    await server.start()
    return server, port


@pytest.fixture
async def engines(request, monkeypatch) -> AsyncIterator[tuple[Engines, Engines]]:  # type: ignore[no-untyped-def]
    """(on the stream, unary) clients of one svc-boards servicer (the test's `servicer` mark)."""
    marker = request.node.get_closest_marker("servicer")
    servicer = (marker.args[0] if marker else FamilyServicer)(BOARDS)
    server, port = await _serve(servicer)
    monkeypatch.setenv("GAMEROOM_BOARDS_ADDR", f"127.0.0.1:{port}")
    streamed = Engines(families=("boards",), call_timeout=2.0, retry_for=2.0, streams=True)
    unary = Engines(families=("boards",), streams=False)
    for client in (streamed, unary):
        await client.load_catalogue()
    yield streamed, unary
    streamed.close()
    await server.stop(None)


async def _start(client: Engines) -> engine_pb2.StepReply:
    return await client.setup(GAME, 2, {}, b"stream-seed", 1_000)


async def test_answers_on_the_stream_are_the_unary_answers(engines) -> None:  # type: ignore[no-untyped-def]
    streamed, unary = engines
    a, b = await _start(streamed), await _start(unary)
    assert a == b
    for column in (3, 3, 4, 2, 5):
        seat = a.to_move[0]
        a = await streamed.apply(GAME, a.state_json, seat, {"type": "drop", "column": column}, 2_000)
        b = await unary.apply(GAME, b.state_json, seat, {"type": "drop", "column": column}, 2_000)
        assert a == b and a.state_json
    with pytest.raises(Refusal) as refused:
        await streamed.apply(GAME, a.state_json, a.to_move[0], {"type": "drop", "column": 99}, 3_000)
    assert refused.value.code == "illegal_move"


async def test_many_calls_at_once_each_get_their_own_answer(engines) -> None:  # type: ignore[no-untyped-def]
    streamed, unary = engines
    start = await _start(unary)
    moves = [{"type": "drop", "column": column} for column in range(7)] * 6
    on_stream = await asyncio.gather(*(streamed.apply(GAME, start.state_json, 0, m, 2_000) for m in moves))
    one_by_one = [await unary.apply(GAME, start.state_json, 0, m, 2_000) for m in moves]
    assert on_stream == one_by_one
    assert len({reply.state_json for reply in on_stream}) == 7


async def test_a_stream_is_retired_after_its_share_of_calls(engines, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(step_stream, "STREAM_CALLS", 3)
    streamed, unary = engines
    start = await _start(unary)
    stream = streamed._streams["boards"]
    opened = []
    for column in range(7):
        await streamed.apply(GAME, start.state_json, 0, {"type": "drop", "column": column}, 2_000)
        if stream._open not in opened:
            opened.append(stream._open)
    assert len(opened) == 3  # 7 calls, 3 a stream
    async with asyncio.timeout(60):  # a retired stream ends once its last answer is in
        while not all(old.ended for old in opened[:-1]):
            await asyncio.sleep(0.01)
    assert not opened[-1].ended


@pytest.mark.servicer.with_args(SilentSteps)
async def test_a_call_the_stream_leaves_unanswered_goes_again_unary(engines) -> None:  # type: ignore[no-untyped-def]
    streamed, unary = engines
    start = await _start(unary)
    loop = asyncio.get_running_loop()
    began = loop.time()
    reply = await streamed.apply(GAME, start.state_json, 0, {"type": "drop", "column": 2}, 2_000)
    # Given up on the stream after the call's timeout (2 s), then answered unary.
    assert 1.9 <= loop.time() - began < 60  # not waiting on the silent stream for good
    assert reply == await unary.apply(GAME, start.state_json, 0, {"type": "drop", "column": 2}, 2_000)


@pytest.mark.servicer.with_args(FailingApply)
async def test_an_engine_failure_answers_internal_and_the_stream_goes_on(engines) -> None:  # type: ignore[no-untyped-def]
    streamed, unary = engines
    start = await _start(unary)
    with pytest.raises(Refusal) as failed:
        await streamed.apply(GAME, start.state_json, 0, {"type": "drop", "column": 6}, 2_000)
    assert failed.value.code == "internal"
    first = streamed._streams["boards"]._open
    reply = await streamed.apply(GAME, start.state_json, 0, {"type": "drop", "column": 5}, 2_000)
    assert streamed._streams["boards"]._open is first and not first.ended
    assert reply == await unary.apply(GAME, start.state_json, 0, {"type": "drop", "column": 5}, 2_000)


async def test_a_service_that_is_down_is_given_up_on_within_the_retry_window(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """No replica answers (nothing listens on the port): the step is refused `unavailable` once
    the lobby's retry window (GAMEROOM_ENGINE_RETRY_S) is over, not after a whole call timeout."""
    server, port = await _serve(FamilyServicer(BOARDS))
    monkeypatch.setenv("GAMEROOM_BOARDS_ADDR", f"127.0.0.1:{port}")
    # A call timeout far beyond the retry window: giving up at the one is told from the other
    # however slowly a loaded machine runs the tries.
    client = Engines(families=("boards",), call_timeout=120.0, retry_for=1.0, streams=False)
    await client.load_catalogue()
    await server.stop(None)  # the service goes away after the catalogue was read
    loop = asyncio.get_running_loop()
    began = loop.time()
    with pytest.raises(Refusal) as refused:
        await _start(client)
    assert refused.value.code == "unavailable"
    assert 0.9 < loop.time() - began < 60
