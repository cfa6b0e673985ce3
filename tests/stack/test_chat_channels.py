"""Chat channels over the real socket and the gRPC stream, in a six-player Village Night.

The engine names each seat's channels in its view (`"chat": {"post": [...], "read": [...]}`);
the lobby enforces them from the seat's current view: a pack line reaches only the pack (never
a villager, the spectator or a gRPC watcher), a post to a channel the view does not allow is
refused with `chat_not_allowed` and stored nowhere, the dead post nothing, and the history a
reconnecting connection gets is filtered the same way."""

from __future__ import annotations

import asyncio
from typing import Any

import aiohttp
import grpc
from gameroom import play_pb2, play_pb2_grpc
from google.protobuf import json_format

from tests.support.client import PlayClient, Refused

SEATS = 6


class GrpcConnection:
    """One Connect stream: messages out through a queue, every message in kept as JSON."""

    def __init__(self, play: play_pb2_grpc.PlayStub, ticket: play_pb2.RoomTicket) -> None:
        self.ticket = ticket
        self.outbox: asyncio.Queue[play_pb2.ClientMessage] = asyncio.Queue()
        self.received: list[dict[str, Any]] = []
        self.arrived = asyncio.Event()
        self.moves = 0

        async def requests():  # type: ignore[no-untyped-def]
            while True:
                yield await self.outbox.get()

        self.stream = play.Connect(requests())
        self.reader = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        async for message in self.stream:
            self.received.append(json_format.MessageToDict(message, preserving_proto_field_name=True))
            self.arrived.set()

    async def hello(self) -> None:
        hello = play_pb2.Hello(code=self.ticket.code, token=self.ticket.token)
        await self.outbox.put(play_pb2.ClientMessage(hello=hello))

    async def chat(self, text: str, channel: str = "") -> None:
        await self.outbox.put(play_pb2.ClientMessage(chat=play_pb2.ChatRequest(text=text, channel=channel)))

    def chat_texts(self) -> list[str]:
        return [m["chat"]["text"] for m in self.received if "chat" in m]

    def seats(self) -> list[int]:
        welcomes = [m["welcome"] for m in self.received if "welcome" in m]
        return [int(s) for s in welcomes[-1].get("seats", [])] if welcomes else []

    def view(self) -> dict[str, Any] | None:
        views = [v for m in self.received if "update" in m for v in m["update"].get("views", [])]
        return views[-1]["view"] if views else None

    async def wait_for(self, predicate, timeout: float = 15) -> None:  # type: ignore[no-untyped-def]
        async with asyncio.timeout(timeout):
            while not predicate(self):
                self.arrived.clear()
                await self.arrived.wait()

    def version(self) -> int:
        rooms = [m["update"]["room"] for m in self.received if "update" in m]
        return int(rooms[-1].get("version", 0))

    async def act(self, choose) -> None:  # type: ignore[no-untyped-def]
        """The move `choose(legal moves)` picks, answered before this returns."""
        view = self.view()
        assert view is not None
        legal = [{k: int(v) if isinstance(v, float) else v for k, v in m.items()} for m in view["legal_moves"]]
        self.moves += 1
        move_id = f"grpc-{self.moves}"
        request = play_pb2.MoveRequest(seat=self.seats()[0], client_move_id=move_id, version=self.version())
        request.move.update(choose(legal))
        await self.outbox.put(play_pb2.ClientMessage(move=request))
        await self.wait_for(lambda c: any(m.get("update", {}).get("client_move_id") == move_id for m in c.received))

    def close(self) -> None:
        self.stream.cancel()
        self.reader.cancel()


async def act(client: PlayClient, seat: int, move: dict[str, Any]) -> None:
    for _ in range(100):
        try:
            await client.move(seat, move)
            return
        except Refused as refused:
            if refused.code not in ("stale_version", "rate_limited"):
                raise
            await asyncio.sleep(0.1)
    raise AssertionError(f"{move} kept being refused")


async def refusal_of(client: PlayClient, message: dict[str, Any]) -> str:
    await client.send(message)
    return (await client.expect("refused"))["code"]


def keep_potions(legal: list[dict[str, Any]]) -> dict[str, Any]:
    """The seer looks at the first she may, the witch keeps her potions, the rest sleep."""
    return {"type": "brew", "save": False, "poison": -1} if legal[0]["type"] == "brew" else legal[0]


def texts(client: PlayClient) -> list[str]:
    return [line["text"] for line in client.chat]


async def test_pack_chat_the_silent_night_and_the_dead(stack) -> None:
    async with (
        aiohttp.ClientSession() as session,
        grpc.aio.insecure_channel(f"127.0.0.1:{stack.ports['play']}") as channel,
    ):
        play = play_pb2_grpc.PlayStub(channel)
        host = await PlayClient.create(session, stack.base_url, "village-night", [{"kind": "human"}] * SEATS)
        players = [host]
        for index in range(1, SEATS - 1):
            players.append(await PlayClient.join(session, stack.base_url, host.code, f"P{index}"))
        remote = GrpcConnection(play, await play.JoinRoom(play_pb2.JoinRoomRequest(code=host.code, nickname="Bot")))
        watcher = await PlayClient.join(session, stack.base_url, host.code, "Watcher", spectator=True)
        remote_watcher = GrpcConnection(
            play, await play.JoinRoom(play_pb2.JoinRoomRequest(code=host.code, nickname="Eye", spectator=True))
        )
        for client in [*players, watcher]:
            await client.connect()
        await remote.hello()
        await remote_watcher.hello()
        await remote.wait_for(lambda c: c.seats())
        await host.send({"start": {}})
        for client in players:
            await client.wait_until(lambda c: c.room["status"] == "playing" and c.views)
        await remote.wait_for(lambda c: c.view() is not None and c.view().get("private"))

        # -- the night: who is who (each from its own view) ----------------------------------------
        role = {client.seats[0]: client.view()["private"]["role"] for client in players}
        remote_seat = remote.seats()[0]
        role[remote_seat] = remote.view()["private"]["role"]
        wolf_seat = next(seat for seat, r in role.items() if r == "wolf")
        by_seat = {client.seats[0]: client for client in players}
        villagers = [c for s, c in by_seat.items() if role[s] != "wolf"]

        if wolf_seat == remote_seat:
            await remote.chat("gRPC howl", "pack")
            await remote.wait_for(lambda c: "gRPC howl" in c.chat_texts())
            pack_line = "gRPC howl"
        else:
            wolf = by_seat[wolf_seat]
            assert wolf.view()["chat"] == {"post": ["pack"], "read": ["room", "pack"]}
            await wolf.send({"chat": {"text": "take the baker", "channel": "pack"}})
            line = await wolf.expect("chat")
            assert (line["text"], line["channel"]) == ("take the baker", "pack")
            # Not even the pack talks in the room at night.
            assert await refusal_of(wolf, {"chat": {"text": "hello village", "channel": "room"}}) == "chat_not_allowed"
            pack_line = "take the baker"
        villager = villagers[0]
        assert villager.view()["chat"] == {"post": [], "read": ["room"], "why": "night"}
        for channel_name in ("room", "pack", "team:0", ""):
            message = {"chat": {"text": "I am awake", **({"channel": channel_name} if channel_name else {})}}
            assert await refusal_of(villager, message) == "chat_not_allowed"
        # The spectator talks in the room as in every game; that line reaches everyone, so
        # whoever has it and not the pack's line never will have it (one queue per connection).
        await watcher.send({"chat": {"text": "marker one"}})
        for client in [*players, watcher]:
            await client.wait_until(lambda c: "marker one" in texts(c))
        await remote.wait_for(lambda c: "marker one" in c.chat_texts())
        await remote_watcher.wait_for(lambda c: "marker one" in c.chat_texts())
        for client in [*villagers, watcher]:
            assert pack_line not in texts(client) and "I am awake" not in texts(client)
        assert pack_line not in remote_watcher.chat_texts()
        assert (pack_line in remote.chat_texts()) == (wolf_seat == remote_seat)

        # -- through the night: the pack kills a socket villager ----------------------------------
        victim = villager.seats[0]
        wolf_client = by_seat.get(wolf_seat)
        await remote.act(lambda legal: {"type": "kill", "seat": victim} if legal[0]["type"] == "kill" else legal[0])
        for seat, client in sorted(by_seat.items()):
            move = {"type": "kill", "seat": victim} if seat == wolf_seat else {"type": "sleep"}
            await act(client, seat, move)
        await host.wait_until(lambda c: c.view()["public"]["phase"] == "powers")
        await remote.wait_for(lambda c: c.view()["public"]["phase"] == "powers")
        await remote.act(keep_potions)
        for seat, client in sorted(by_seat.items()):  # the victim too: it dies at dawn
            await act(client, seat, keep_potions(client.view(seat)["legal_moves"]))
        await host.wait_until(lambda c: c.view()["public"]["phase"] == "day")
        assert not host.view()["public"]["alive"][victim]

        # -- the day: the dead keep quiet, the living talk in the room ----------------------------
        await villager.wait_until(lambda c: c.view()["chat"] == {"post": [], "read": ["room"], "why": "dead"})
        assert await refusal_of(villager, {"chat": {"text": "it was the smith"}}) == "chat_not_allowed"
        speaker = villagers[1]
        await speaker.wait_until(lambda c: c.view()["chat"]["post"] == ["room"])
        await speaker.send({"chat": {"text": "who howled?"}})
        for client in [*players, watcher]:
            await client.wait_until(lambda c: "who howled?" in texts(c))
        await remote_watcher.wait_for(lambda c: "who howled?" in c.chat_texts())
        await remote.wait_for(lambda c: "who howled?" in c.chat_texts())
        assert "it was the smith" not in texts(host)

        # -- history after reconnect, filtered the same way ---------------------------------------
        async def history(client: PlayClient) -> list[str]:
            again = PlayClient(session, stack.base_url, client.ticket)
            await again.connect()
            await again.wait_until(lambda c: "who howled?" in texts(c))
            await again.close()
            return texts(again)

        refused = {"I am awake", "hello village", "it was the smith"}
        for client in villagers:
            lines = await history(client)
            assert pack_line not in lines and not refused & set(lines), lines
            assert "marker one" in lines
        watcher_lines = await history(watcher)
        assert pack_line not in watcher_lines and "marker one" in watcher_lines
        if wolf_client is not None:
            lines = await history(wolf_client)
            assert lines.index(pack_line) < lines.index("marker one") < lines.index("who howled?")
            assert not refused & set(lines)
        again = GrpcConnection(play, remote_watcher.ticket)
        await again.hello()
        await again.wait_for(lambda c: "who howled?" in c.chat_texts())
        assert pack_line not in again.chat_texts()
        again.close()

        for client in [*players, watcher]:
            await client.close()
        remote.close()
        remote_watcher.close()


async def test_cpus_only_vote_and_never_talk(stack) -> None:
    """A CPU may only vote (it never talks): a table of one person and five CPUs plays to the
    end through svc-ai, and no chat line ever comes from a CPU seat. (The person moves the
    moment each step opens, so the CPUs' moves are overtaken again and again: the CPU driver
    counts its failures per turn, not per game.)"""
    seats = [{"kind": "human"}] + [{"kind": "cpu", "level": level} for level in ("strong", "easy") * 2 + ("strong",)]
    async with aiohttp.ClientSession() as session:
        anna = await PlayClient.create(session, stack.base_url, "village-night", seats)
        await anna.connect()
        await anna.send({"start": {}})
        await anna.wait_until(lambda c: c.room["status"] == "playing" and c.views)
        async with asyncio.timeout(120):
            while anna.room["status"] != "finished":
                view = anna.view()
                if 0 in view["to_move"] and view["legal_moves"]:
                    try:
                        await anna.move(0, keep_potions(view["legal_moves"]))
                    except Refused as refused:
                        assert refused.code in ("stale_version", "not_your_turn", "rate_limited"), refused
                        await asyncio.sleep(0.1)
                else:
                    await anna.inbox.get()
        assert anna.view()["result"] is not None
        tallies = [e for e in anna.events.values() if e["code"] == "tally"]
        assert any(v not in (None, -1) for t in tallies for v in t["votes"][1:]) or not tallies
        assert all(line["seat"] == 0 for line in anna.chat)
        await anna.close()
