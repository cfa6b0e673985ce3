"""Seeded chaos on the move path across two replicas: clients that duplicate, reorder and resend
moves, drop their connection with moves in flight and come back on the other replica. Every move
id gets exactly one result, the game has one line of play, and every client ends on the
server's state."""

from __future__ import annotations

import asyncio
import random
from collections import defaultdict
from typing import Any

import aiohttp
import pytest

from rulekit.playout import instantiate
from tests.support.client import PlayClient, rest

SEEDS = [3, 17, 2024, 7, 99, 123456]


class Device:
    """One player's phone: its connections come and go; every answer to every move id is kept."""

    def __init__(
        self, session: aiohttp.ClientSession, urls: list[str], ticket: dict[str, Any], rnd: random.Random
    ) -> None:
        self.session = session
        self.urls = urls
        self.ticket = ticket
        self.rnd = rnd
        self.seat = ticket["seats"][0]
        self.connections: list[PlayClient] = []
        self.client: PlayClient | None = None
        self.sent: dict[str, tuple[int, dict[str, Any], int]] = {}  # move id -> (seat, move, version)
        self.answers: dict[str, list[str]] = defaultdict(list)
        self._read: dict[int, int] = {}

    @property
    def events(self) -> dict[int, dict[str, Any]]:
        merged: dict[int, dict[str, Any]] = {}
        for connection in self.connections:
            merged.update(connection.events)
        return merged

    async def reconnect(self) -> None:
        """Drop the connection, whatever is in flight, and come back on a replica at random."""
        self.collect()
        if self.client is not None:
            await self.client.close()
        self.client = PlayClient(self.session, self.rnd.choice(self.urls), self.ticket)
        await self.client.connect(last_event=max(self.events, default=0))
        self.connections.append(self.client)

    def collect(self) -> None:
        for connection in self.connections:
            start = self._read.get(id(connection), 0)
            for message in connection.received[start:]:
                if "update" in message and message["update"]["client_move_id"]:
                    self.answers[message["update"]["client_move_id"]].append("accepted")
                elif "refused" in message and message["refused"]["client_move_id"]:
                    self.answers[message["refused"]["client_move_id"]].append(f"refused:{message['refused']['code']}")
            self._read[id(connection)] = len(connection.received)

    async def send(self, move_id: str) -> None:
        seat, move, version = self.sent[move_id]
        assert self.client is not None
        await self.client.send({"move": {"seat": seat, "move": move, "client_move_id": move_id, "version": version}})

    async def answered(self, move_ids: set[str], timeout: float = 60) -> None:
        async with asyncio.timeout(timeout):
            while True:
                self.collect()
                if all(self.answers[m] for m in move_ids):
                    return
                await asyncio.sleep(0.01)

    def my_turn(self, version: int) -> bool:
        client = self.client
        view = client.views.get(self.seat) if client else None
        return bool(view) and client.room["version"] == version and self.seat in view["to_move"]  # type: ignore[union-attr]


async def _play_a_chaotic_game(session: aiohttp.ClientSession, urls: list[str], seed: int) -> None:
    rnd = random.Random(seed)
    host = await PlayClient.create(session, urls[0], "four-in-a-row", [{"kind": "human"}, {"kind": "human"}], "Anna")
    guest = await rest(session, urls[1], "POST", f"/api/rooms/{host.code}/join", {"nickname": "Ben"})
    devices = [Device(session, urls, host.ticket, rnd), Device(session, urls, guest, rnd)]
    for device in devices:
        await device.reconnect()
    await devices[0].client.send({"start": {}})  # type: ignore[union-attr]
    version = 1
    turn = 0
    status = "playing"
    while status == "playing":
        async with asyncio.timeout(60):
            while not any(d.my_turn(version) for d in devices):
                await asyncio.sleep(0.005)
        device = next(d for d in devices if d.my_turn(version))
        other = devices[1 - devices.index(device)]
        view = device.client.view(device.seat)  # type: ignore[union-attr]
        move = instantiate(rnd.choice(view["legal_moves"]), rnd)
        main = f"s{device.seat}-t{turn}"
        device.sent[main] = (device.seat, move, version)
        frames = [main]
        if rnd.random() < 0.4:
            frames.append(main)  # the same frame twice
        earlier = [m for m in device.sent if m != main]
        if earlier and rnd.random() < 0.4:
            frames.append(rnd.choice(earlier))  # an old move id, resent
        if rnd.random() < 0.3:
            stale = f"s{device.seat}-t{turn}-stale"
            device.sent[stale] = (device.seat, move, version - 1)  # built on a state that is gone
            frames.append(stale)
        rnd.shuffle(frames)  # and out of order
        for move_id in frames:
            await device.send(move_id)
        if rnd.random() < 0.35:
            # The connection drops with all of that in flight; on the way back everything not yet
            # answered is sent again, maybe to the other replica.
            await device.reconnect()
            for move_id in sorted(set(frames)):
                if not device.answers[move_id]:
                    await device.send(move_id)
        await device.answered(set(frames))
        assert device.answers[main][0] == "accepted", f"seed {seed}: {main} {device.answers[main]}"
        if rnd.random() < 0.15:
            await other.reconnect()  # the waiting player's phone wobbles too
        version += 1
        turn += 1
        async with asyncio.timeout(60):
            while device.client.room["version"] < version:  # type: ignore[union-attr]
                await asyncio.sleep(0.005)
        status = device.client.room["status"]  # type: ignore[union-attr]

    # Every move id: one result, however often it was sent and wherever it was answered.
    for device in devices:
        device.collect()
        for move_id in device.sent:
            assert device.answers[move_id], f"seed {seed}: {move_id} never answered"
            assert len(set(device.answers[move_id])) == 1, f"seed {seed}: {move_id} got {device.answers[move_id]}"
            if move_id.endswith("-stale"):
                assert device.answers[move_id][0].startswith("refused:"), f"seed {seed}: {move_id}"

    # One line of play: the accepted move ids are exactly the stored moves, each once, in order.
    replay = await rest(session, urls[1], "GET", f"/api/rooms/{host.code}/games/1")
    accepted = sorted(
        (version + 1, seat, move)
        for device in devices
        for move_id, (seat, move, version) in device.sent.items()
        if device.answers[move_id][0] == "accepted"
    )
    assert [(m["version"], m["seat"], m["move"]) for m in replay["moves"]] == accepted, f"seed {seed}"
    assert [m["version"] for m in replay["moves"]] == list(range(2, version + 1))

    # Every client ends on the server's state, seen afresh through either replica.
    for device in devices:
        await device.client.wait_until(lambda c: c.room["version"] == version and c.room["status"] == "finished")  # type: ignore[union-attr]
        for url in urls:
            fresh = PlayClient(session, url, device.ticket)
            await fresh.connect()
            assert fresh.views == {device.seat: device.client.views[device.seat]}, f"seed {seed}"  # type: ignore[union-attr]
            assert fresh.room == device.client.room, f"seed {seed}"  # type: ignore[union-attr]
            assert fresh.events == device.events, f"seed {seed}: events differ"
            await fresh.close()
    for device in devices:
        await device.client.close()  # type: ignore[union-attr]


@pytest.mark.parametrize("seed", SEEDS)
async def test_duplicated_reordered_and_resent_moves_across_reconnects(replicas, seed: int) -> None:
    urls = [replicas.url_of("gateway"), replicas.url_of("gateway-2")]
    async with aiohttp.ClientSession() as session:
        await _play_a_chaotic_game(session, urls, seed)
