"""The shuffle anyone can check, through the running platform: a card game played to its end
over the sockets. Before the start every seat knows the server seed's commitment; two seats'
browsers send their random values (a second or malformed one is refused and changes nothing),
the third sends none and gets the server's. The hash every seat was told at the start is the
hash of the seed revealed at the end, that seed is the one the revealed server seed and the
values give, and the room's replay verifies move by move with the rule engines alone."""

from __future__ import annotations

import asyncio
import hashlib
import secrets

import grpc
from gameroom import play_pb2, play_pb2_grpc
from google.protobuf import json_format
from svc_cards.registry import REGISTRY

from rulekit import fairness
from tests.support.client import PlayClient
from tests.support.frame_scan import play_over_sockets
from verifier import verify_replay


async def test_a_finished_card_game_mixes_every_seats_value_and_verifies(stack) -> None:
    engine = REGISTRY.get("crazy-eights")
    sent = [secrets.token_hex(32), secrets.token_hex(32)]
    commits: list[str] = []

    async def contribute(players: list[PlayClient], spectator: PlayClient) -> None:
        commit = players[0].room["shuffle_commit"]
        assert len(commit) == 64 and all(p.room["shuffle_commit"] == commit for p in players)
        commits.append(commit)
        for client, value in zip(players[:2], sent, strict=True):
            await client.send({"entropy": {"value": value, "commit": commit}})
        await players[0].wait_until(lambda c: c.room["shuffle_seats"] == [0, 1])
        refusals = [
            (players[0], {"value": secrets.token_hex(32), "commit": commit}, "already_contributed"),
            (players[2], {"value": "ab" * 31, "commit": commit}, "bad_contribution"),
            (players[2], {"value": "zz" * 32, "commit": commit}, "bad_contribution"),
            (players[2], {"value": secrets.token_hex(32), "commit": "00" * 32}, "stale_commit"),
            (spectator, {"value": secrets.token_hex(32), "commit": commit}, "bad_token"),
        ]
        for client, body, code in refusals:
            await client.send({"entropy": body})
            refused = await client.expect("refused")
            assert refused["code"] == code, (body, refused)
        # Nothing of it changed the room: the third seat still has no value of its own.
        await players[2].send({"resync": {}})
        await players[2].expect("update")
        assert players[2].room["shuffle_seats"] == [0, 1]

    players, spectator, replay = await play_over_sockets(
        stack, engine, 3, {}, seed=5, prefer=lambda move: move.get("type") == "play", before_start=contribute
    )
    started = [e for client in [*players, spectator] for e in client.events.values() if e.get("code") == "game_started"]
    ended = [
        e
        for client in [*players, spectator]
        for e in client.events.values()
        if e.get("code") == "game_over" and "seed" in e
    ]
    assert len(started) == 4 and len({e["seed_sha256"] for e in started}) == 1
    announced, commit = started[0]["seed_sha256"], commits[0]
    assert {e["commit"] for e in started} == {commit} == {replay["commit"]}
    server_seed = bytes.fromhex(replay["server_seed"])
    assert hashlib.sha256(server_seed).hexdigest() == commit
    assert {e["server_seed"] for e in ended} == {replay["server_seed"]}
    own = fairness.server_value(server_seed, 2).hex()
    expected = [
        {"seat": 0, "value": sent[0], "from": "seat"},
        {"seat": 1, "value": sent[1], "from": "seat"},
        {"seat": 2, "value": own, "from": "server"},
    ]
    assert started[0]["contributions"] == replay["contributions"] == expected
    mixed = fairness.mix(server_seed, [bytes.fromhex(c["value"]) for c in expected])
    assert ended and {e["seed"] for e in ended} == {replay["seed"]} == {mixed.hex()}
    assert hashlib.sha256(mixed).hexdigest() == announced == replay["seed_sha256"]
    verdict = verify_replay(replay, expect_hash=announced, expect_commit=commit)
    assert verdict.ok and verdict.mixed, verdict.problem
    assert verdict.moves == len(replay["moves"]) > 0
    # The next game's commitment is a new one, public already.
    assert players[0].room["shuffle_commit"] not in ("", commit)
    # Neither seed reached anyone before the end: no frame but the game's last carries them.
    for client in [*players, spectator]:
        for message in client.received:
            text = str(message)
            if "game_over" not in text:
                assert replay["seed"] not in text and replay["server_seed"] not in text


async def test_a_bot_on_the_grpc_play_api_sends_its_value_the_same_way(stack) -> None:
    async with grpc.aio.insecure_channel(f"127.0.0.1:{stack.ports['play']}") as channel:
        play = play_pb2_grpc.PlayStub(channel)
        seats = [play_pb2.SeatSpec(kind="human"), play_pb2.SeatSpec(kind="cpu", level="easy")]
        ticket = await play.CreateRoom(play_pb2.CreateRoomRequest(game="four-in-a-row", nickname="bot", seats=seats))
        commit = ticket.room.shuffle_commit
        assert len(commit) == 64
        outbox: asyncio.Queue[play_pb2.ClientMessage] = asyncio.Queue()

        async def requests():  # type: ignore[no-untyped-def]
            while True:
                yield await outbox.get()

        value = secrets.token_hex(32)
        stream = play.Connect(requests())
        await outbox.put(play_pb2.ClientMessage(hello=play_pb2.Hello(code=ticket.code, token=ticket.token)))
        await outbox.put(play_pb2.ClientMessage(entropy=play_pb2.EntropyRequest(value=value, commit=commit)))
        started: dict = {}
        asked = False
        async with asyncio.timeout(30):
            async for message in stream:
                if message.WhichOneof("body") != "update":
                    continue
                room = message.update.room
                # The room shows the value taken (not the value itself): now start.
                if room.status == "waiting" and list(room.shuffle_seats) == [0] and not asked:
                    asked = True
                    await outbox.put(play_pb2.ClientMessage(start=play_pb2.StartRequest()))
                events = [json_format.MessageToDict(item.event) for item in message.update.events]
                started = next((e for e in events if e.get("code") == "game_started"), started)
                if started:
                    break
        stream.cancel()
    assert started["commit"] == commit
    assert started["contributions"][0] == {"seat": 0, "value": value, "from": "seat"}
    assert started["contributions"][1]["from"] == "server"
