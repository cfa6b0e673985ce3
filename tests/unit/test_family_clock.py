"""The family services' clock over real gRPC: Setup takes `now_ms`, every StepReply's
deadline names its seats, and Timeout applies the engine's `apply_timeout`, refusing with
illegal_move before the clock has run out. The servers run in this process, on real ports."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator

import grpc
import pytest
from gameroom import engine_pb2, engine_pb2_grpc
from svc_boards.registry import REGISTRY as BOARDS
from svc_cards.registry import REGISTRY as CARDS

from rulekit import Registry
from servicekit.family import FamilyServicer


@pytest.fixture
async def boards() -> AsyncIterator[engine_pb2_grpc.FamilyEngineStub]:
    async for stub in serve(BOARDS):
        yield stub


@pytest.fixture
async def cards() -> AsyncIterator[engine_pb2_grpc.FamilyEngineStub]:
    async for stub in serve(CARDS):
        yield stub


async def serve(registry: Registry) -> AsyncIterator[engine_pb2_grpc.FamilyEngineStub]:
    """A family server for `registry` on a free port, and a client for it."""
    server = grpc.aio.server()
    engine_pb2_grpc.add_FamilyEngineServicer_to_server(FamilyServicer(registry), server)
    port = server.add_insecure_port("127.0.0.1:0")
    await server.start()
    async with grpc.aio.insecure_channel(f"127.0.0.1:{port}") as channel:
        yield engine_pb2_grpc.FamilyEngineStub(channel)
    await server.stop(None)


async def setup(family, game: str, options: dict, now_ms: int, seats: int = 2):  # type: ignore[no-untyped-def]
    reply = await family.Setup(
        engine_pb2.SetupRequest(game=game, seats=seats, options_json=json.dumps(options), seed=b"clock", now_ms=now_ms)
    )
    assert not reply.HasField("refusal"), reply.refusal
    return reply


def events_of(reply) -> list[dict]:  # type: ignore[no-untyped-def]
    return [json.loads(item.event_json) for item in reply.events]


async def test_setup_starts_the_clock_and_timeout_plays_the_default_move(boards) -> None:  # type: ignore[no-untyped-def]
    reply = await setup(boards, "four-in-a-row", {"move_clock": "fast"}, now_ms=100_000)
    assert reply.HasField("deadline")
    assert (reply.deadline.at_ms, reply.deadline.seat, list(reply.deadline.seats)) == (115_000, 0, [0])
    early = await boards.Timeout(
        engine_pb2.TimeoutRequest(game="four-in-a-row", state_json=reply.state_json, now_ms=114_999)
    )
    assert early.refusal.code == "illegal_move"
    late = await boards.Timeout(
        engine_pb2.TimeoutRequest(game="four-in-a-row", state_json=reply.state_json, now_ms=115_000)
    )
    assert not late.HasField("refusal")
    events = events_of(late)
    assert events[0] == {"code": "timed_out", "seat": 0}
    # The centre column: the drop Four in a Row players make when nothing else presses.
    assert events[1]["code"] == "dropped" and events[1]["column"] == 3
    assert (late.deadline.at_ms, late.deadline.seat, list(late.deadline.seats)) == (130_000, 1, [1])


async def test_a_setup_without_now_ms_has_no_clock_until_the_first_move(boards) -> None:  # type: ignore[no-untyped-def]
    reply = await setup(boards, "four-in-a-row", {"move_clock": "fast"}, now_ms=0)
    assert not reply.HasField("deadline")
    refused = await boards.Timeout(
        engine_pb2.TimeoutRequest(game="four-in-a-row", state_json=reply.state_json, now_ms=10**13)
    )
    assert refused.refusal.code == "illegal_move"
    moved = await boards.Apply(
        engine_pb2.ApplyRequest(
            game="four-in-a-row",
            state_json=reply.state_json,
            seat=0,
            move_json='{"type":"drop","column":0}',
            now_ms=50_000,
        )
    )
    assert moved.deadline.at_ms == 65_000 and list(moved.deadline.seats) == [1]


async def test_hau_hau_times_out_both_throwers_of_the_first_throw(cards) -> None:  # type: ignore[no-untyped-def]
    reply = await setup(cards, "hau-hau", {}, now_ms=1_000)
    assert (reply.deadline.at_ms, reply.deadline.seat, list(reply.deadline.seats)) == (11_000, 0, [0, 1])
    late = await cards.Timeout(engine_pb2.TimeoutRequest(game="hau-hau", state_json=reply.state_json, now_ms=11_000))
    codes = [(e["code"], e.get("seat")) for e in events_of(late)]
    assert codes[:4] == [("timed_out", 0), ("rps_chosen", 0), ("timed_out", 1), ("rps_chosen", 1)]
    assert ("rps_thrown", None) in codes


async def test_the_meta_carries_the_clock_seconds(boards, cards) -> None:  # type: ignore[no-untyped-def]
    meta = {}
    for family in (boards, cards):
        listed = await family.ListGames(engine_pb2.ListGamesRequest())
        meta.update({game.id: json.loads(game.meta_json) for game in listed.games})
    assert meta["hau-hau"]["clock"] == {"fixed": 10}
    assert meta["chess"]["clock"]["normal"] == 600 and meta["chess"]["clock"]["increment"]["normal"] == 5
    for game in meta.values():
        (option,) = [o for o in game["options"] if o["key"] == "move_clock"]
        assert option["choices"] in (["off", "relaxed", "normal", "fast"], ["fixed"])
