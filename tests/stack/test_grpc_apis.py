"""The gRPC side: the play API for bots, the family services' engine API, health, reflection
and metrics, all against the running processes."""

from __future__ import annotations

import asyncio
import json
import urllib.request

import grpc
import pytest
from gameroom import engine_pb2, engine_pb2_grpc, play_pb2, play_pb2_grpc
from google.protobuf import descriptor_pb2, json_format
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc

from devstack import SERVICES


async def test_a_bot_plays_a_whole_game_over_grpc(stack) -> None:
    async with grpc.aio.insecure_channel(f"127.0.0.1:{stack.ports['play']}") as channel:
        play = play_pb2_grpc.PlayStub(channel)
        games = await play.ListGames(play_pb2.ListGamesRequest())
        assert "four-in-a-row" in [g.id for g in games.games]
        request = play_pb2.CreateRoomRequest(
            game="four-in-a-row",
            nickname="bot",
            seats=[play_pb2.SeatSpec(kind="human"), play_pb2.SeatSpec(kind="cpu", level="easy")],
        )
        ticket = await play.CreateRoom(request)
        assert list(ticket.seats) == [0]
        outbox: asyncio.Queue[play_pb2.ClientMessage] = asyncio.Queue()

        async def requests():
            while True:
                yield await outbox.get()

        stream = play.Connect(requests())
        await outbox.put(play_pb2.ClientMessage(hello=play_pb2.Hello(code=ticket.code, token=ticket.token)))
        await outbox.put(play_pb2.ClientMessage(start=play_pb2.StartRequest()))
        moves = 0
        async with asyncio.timeout(60):
            async for message in stream:
                if message.WhichOneof("body") != "update":
                    continue
                update = message.update
                if update.room.status == "finished":
                    view = json_format.MessageToDict(update.views[0].view)
                    assert view["result"]["placings"] in ([1, 2], [2, 1], [1, 1])
                    break
                if not update.views:
                    continue
                view = json_format.MessageToDict(update.views[0].view)
                if 0 in [int(s) for s in view["to_move"]]:
                    legal = view["legal_moves"][0]
                    move = play_pb2.MoveRequest(seat=0, client_move_id=f"bot-{moves}", version=update.room.version)
                    move.move.update({"type": legal["type"], "column": int(legal["column"])})
                    await outbox.put(play_pb2.ClientMessage(move=move))
                    moves += 1
        stream.cancel()
        assert moves >= 4


async def test_grpc_refusals_carry_the_code(stack) -> None:
    async with grpc.aio.insecure_channel(f"127.0.0.1:{stack.ports['play']}") as channel:
        play = play_pb2_grpc.PlayStub(channel)
        with pytest.raises(grpc.aio.AioRpcError) as error:
            await play.GetRoom(play_pb2.GetRoomRequest(code="ZZZZZ"))
        assert error.value.code() == grpc.StatusCode.NOT_FOUND
        assert error.value.details().startswith("unknown_room")
        with pytest.raises(grpc.aio.AioRpcError) as error:
            await play.CreateRoom(play_pb2.CreateRoomRequest(game="nope", seats=[play_pb2.SeatSpec(kind="human")]))
        assert error.value.details().startswith("unknown_game")


async def test_family_service_engine_api(stack) -> None:
    async with grpc.aio.insecure_channel(f"127.0.0.1:{stack.ports['boards']}") as channel:
        family = engine_pb2_grpc.FamilyEngineStub(channel)
        listed = await family.ListGames(engine_pb2.ListGamesRequest())
        meta = {g.id: json.loads(g.meta_json) for g in listed.games}["four-in-a-row"]
        assert meta["max_seats"] == 2 and meta["options"][0]["key"] == "variant"
        step = await family.Setup(engine_pb2.SetupRequest(game="four-in-a-row", seats=2, seed=b"s" * 32))
        assert not step.HasField("refusal") and list(step.to_move) == [0] and len(step.views) == 2
        assert "rng" not in step.views[0].view_json and "rng" not in step.spectator_view_json
        applied = await family.Apply(
            engine_pb2.ApplyRequest(
                game="four-in-a-row", state_json=step.state_json, seat=1, move_json='{"type":"drop","column":0}'
            )
        )
        assert applied.refusal.code == "not_your_turn" and not applied.state_json
        applied = await family.Apply(
            engine_pb2.ApplyRequest(game="four-in-a-row", state_json="{broken", seat=0, move_json="{}")
        )
        assert applied.refusal.code == "bad_request"
        missing = await family.Setup(engine_pb2.SetupRequest(game="chess-960", seats=2, seed=b"x"))
        assert missing.refusal.code == "unknown_game"


def test_every_process_has_health_reflection_and_metrics(stack) -> None:
    for name in SERVICES:
        if name == "gateway":
            continue
        with grpc.insecure_channel(f"127.0.0.1:{stack.ports[name]}") as channel:
            status = health_pb2_grpc.HealthStub(channel).Check(health_pb2.HealthCheckRequest(), timeout=5)
            assert status.status == health_pb2.HealthCheckResponse.SERVING
            answers = reflection_pb2_grpc.ServerReflectionStub(channel).ServerReflectionInfo(
                iter([reflection_pb2.ServerReflectionRequest(list_services="")]), timeout=5
            )
            services = [s.name for answer in answers for s in answer.list_services_response.service]
            assert "grpc.health.v1.Health" in services
            assert any(s.startswith("gameroom.engine.") for s in services)
        with urllib.request.urlopen(f"http://127.0.0.1:{stack.metrics_ports[name]}/metrics", timeout=5) as answer:
            assert b"python_info" in answer.read()
    with urllib.request.urlopen(f"http://127.0.0.1:{stack.metrics_ports['gateway']}/metrics", timeout=5) as answer:
        text = answer.read().decode()
    assert "gameroom_ws_connections" in text and "gameroom_moves_total" in text


async def test_a_bot_sits_as_a_player_with_its_token(stack) -> None:
    """A player token from REST links the gRPC seat to that player: its nickname names the
    seat, and an unknown token is refused with bad_token."""
    created = json.loads(
        urllib.request.urlopen(
            urllib.request.Request(
                f"{stack.base_url}/api/players",
                data=json.dumps({"nickname": "Robo"}).encode(),
                headers={"Content-Type": "application/json"},
                method="POST",
            ),
            timeout=10,
        ).read()
    )
    async with grpc.aio.insecure_channel(f"127.0.0.1:{stack.ports['play']}") as channel:
        play = play_pb2_grpc.PlayStub(channel)
        seats = [play_pb2.SeatSpec(kind="human"), play_pb2.SeatSpec(kind="human")]
        ticket = await play.CreateRoom(
            play_pb2.CreateRoomRequest(game="hau-hau", seats=seats, player_token=created["token"])
        )
        assert ticket.room.seats[0].name == "Robo"
        with pytest.raises(grpc.aio.AioRpcError) as refused:
            await play.JoinRoom(play_pb2.JoinRoomRequest(code=ticket.code, nickname="x", player_token="nope"))
        assert refused.value.details().startswith("bad_token")


def _reflect(channel: grpc.Channel, version: str, request: reflection_pb2.ServerReflectionRequest):  # type: ignore[no-untyped-def]
    """One reflection call under `version` (v1 and v1alpha speak the same messages)."""
    call = channel.stream_stream(
        f"/grpc.reflection.{version}.ServerReflection/ServerReflectionInfo",
        request_serializer=reflection_pb2.ServerReflectionRequest.SerializeToString,
        response_deserializer=reflection_pb2.ServerReflectionResponse.FromString,
    )
    return list(call(iter([request]), timeout=5))[0]


def test_health_and_both_reflection_versions_name_every_service(stack) -> None:
    expected = {"gateway": ("gameroom.play.Play", "gameroom.play.Play")}
    for family in SERVICES[:-1]:
        expected[family] = ("gameroom.engine.", f"svc-{family}")
    for name, (service, own_name) in expected.items():
        port = stack.ports["play" if name == "gateway" else name]
        with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
            listed = _reflect(channel, "v1", reflection_pb2.ServerReflectionRequest(list_services=""))
            services = [s.name for s in listed.list_services_response.service]
            assert (
                "grpc.reflection.v1.ServerReflection" in services
                and "grpc.reflection.v1alpha.ServerReflection" in services
            )
            served = [s for s in services if s.startswith(service)]
            assert served, f"{name}: {services}"
            for version in ("v1", "v1alpha"):
                found = _reflect(
                    channel, version, reflection_pb2.ServerReflectionRequest(file_containing_symbol=served[0])
                )
                assert not found.HasField("error_response"), (name, version, found.error_response)
                files = [
                    descriptor_pb2.FileDescriptorProto.FromString(b)
                    for b in found.file_descriptor_response.file_descriptor_proto
                ]
                assert any(served[0].rsplit(".", 1)[1] in [s.name for s in f.service] for f in files)
            # The reflection service describes itself under v1 too.
            itself = _reflect(
                channel,
                "v1",
                reflection_pb2.ServerReflectionRequest(file_containing_symbol="grpc.reflection.v1.ServerReflection"),
            )
            assert not itself.HasField("error_response")
            health = health_pb2_grpc.HealthStub(channel)
            for asked in ("", *served, own_name):
                status = health.Check(health_pb2.HealthCheckRequest(service=asked), timeout=5)
                assert status.status == health_pb2.HealthCheckResponse.SERVING, (name, asked)
            with pytest.raises(grpc.RpcError) as unknown:
                health.Check(health_pb2.HealthCheckRequest(service="gameroom.nothing.Here"), timeout=5)
            assert unknown.value.code() == grpc.StatusCode.NOT_FOUND
