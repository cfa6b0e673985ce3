"""The floor server of the throughput goal: the least a server must do per move, written for
the benchmark (bench/load.py `--sweep`), to be measured beside the platform on the same cores.

An aiohttp WebSocket server in a process of its own. Its connections join rooms by name
(`/play?room=NAME&reply=BYTES`, as bench/echo_server.py's); for every frame it gets it

1. makes one grpc.aio unary call, with the lobby's channel options, timeout and wait_for_ready
   (lobby/engines.py), to a no-op service in a process of its own (bench/move_floor.py's
   generic handler), carrying an ApplyRequest the platform's svc-boards was sent and answering
   with svc-boards' StepReply to it (bytes in, bytes out: no protobuf on either side);
2. makes one durable commit of the room, through the platform's own SQLite store
   (lobby/store/sqlite.py: WAL, synchronous=FULL, one writer thread committing every waiting
   write in one transaction): `save_room` of a room row as long as the platform's, with the
   move's events, answer and move as the platform wrote them;
3. answers every connection of the room with a frame of `reply` bytes (the platform's update).

It does nothing else: no parsing of the frame, no rules, no store read (the room lives in
memory), no views, no shedding. The sizes come from a platform run (`capture`): a playing
room's row, events, answer and move from its store, and an Apply asked of its svc-boards.

    python bench/floor_server.py serve PORT --grpc 127.0.0.1:GRPC_PORT --store FILE --sizes SIZES.json
    python bench/floor_server.py noop GRPC_PORT REPLY_FILE     # the no-op gRPC service
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import contextlib
import json
import sqlite3
import sys
import time
from collections.abc import AsyncIterator, Callable, Coroutine
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from aiohttp import WSMsgType, web

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.move_floor import FLOOR_METHOD, serve_noop  # noqa: E402
from lobby import jsontext  # noqa: E402  (the store's own JSON writer)
from lobby.store import MoveRecord, StoredEvent  # noqa: E402
from lobby.store.sqlite import SqliteStore  # noqa: E402

GRPC_TIMEOUT_S = 10  # as the lobby calls a family service


@dataclass
class FloorSizes:
    """What a platform move sent and wrote, to be sent and written again by the floor."""

    apply_request: bytes  # a serialised ApplyRequest of a playing room's state and a legal move
    apply_reply: bytes  # svc-boards' serialised StepReply to it
    room_row_bytes: int  # length of the room row (rooms.data) the store writes per move
    events: list[tuple[list[int] | None, dict[str, Any]]]  # (visible_to, event) written per move
    answer: dict[str, Any]  # the move id's answer
    move: dict[str, Any]  # the move's row

    def to_json(self) -> str:
        data = asdict(self)
        data["apply_request"] = base64.b64encode(self.apply_request).decode()
        data["apply_reply"] = base64.b64encode(self.apply_reply).decode()
        return json.dumps(data)

    @classmethod
    def from_json(cls, text: str) -> FloorSizes:
        data = json.loads(text)
        data["apply_request"] = base64.b64decode(data["apply_request"])
        data["apply_reply"] = base64.b64decode(data["apply_reply"])
        data["events"] = [(visible_to, event) for visible_to, event in data["events"]]
        return cls(**data)


def capture(store_path: Path, boards_target: str) -> FloorSizes:
    """The sizes of a platform move, from the platform's store (read-only, its gateway may still
    be writing) and one Apply asked of its svc-boards: the median-length row of the rooms in
    play, that room's last events (as many as the store holds per move, rounded), its last
    answer and move."""
    import grpc
    from gameroom import engine_pb2

    from servicekit.grpc_server import server_options

    db = sqlite3.connect(f"file:{store_path}?mode=ro", uri=True)
    try:
        rows = db.execute("SELECT code, data FROM rooms WHERE status = 'playing'").fetchall()
        if not rows:
            raise RuntimeError(f"no room in play in {store_path}")
        rows.sort(key=lambda row: len(row[1]))
        code, data = rows[len(rows) // 2]
        events_count = db.execute("SELECT count(*) FROM events").fetchone()[0]
        moves_count = db.execute("SELECT count(*) FROM moves").fetchone()[0]
        per_move = max(1, round(events_count / max(1, moves_count)))
        events = db.execute(
            "SELECT visible_to, event FROM events WHERE code = ? ORDER BY number DESC LIMIT ?", (code, per_move)
        ).fetchall()
        answer = db.execute(
            "SELECT answer FROM move_answers WHERE code = ? ORDER BY rowid DESC LIMIT 1", (code,)
        ).fetchone()
        move = db.execute("SELECT move FROM moves WHERE code = ? ORDER BY rowid DESC LIMIT 1", (code,)).fetchone()
    finally:
        db.close()
    room = json.loads(data)
    seat = min(room["to_move"])
    view = json.loads(room["views"][str(seat)])
    request = engine_pb2.ApplyRequest(
        game=room["game"],
        state_json=room["state_json"],
        seat=seat,
        move_json=json.dumps(view["legal_moves"][0]),
        now_ms=int(time.time() * 1000),
    )
    with grpc.insecure_channel(boards_target, options=server_options()) as boards:
        apply = boards.unary_unary("/gameroom.engine.FamilyEngine/Apply")  # bytes in, bytes out
        reply = apply(request.SerializeToString(), timeout=GRPC_TIMEOUT_S, wait_for_ready=True)
    return FloorSizes(
        apply_request=request.SerializeToString(),
        apply_reply=reply,
        room_row_bytes=len(data),
        events=[(None if v is None else json.loads(v), json.loads(e)) for v, e in reversed(events)],
        answer=json.loads(answer[0]) if answer else {"accepted": True, "version": 1},
        move=json.loads(move[0]) if move else {},
    )


@dataclass
class FloorRoom:
    code: str
    peers: set[web.WebSocketResponse] = field(default_factory=set)
    revision: int = 1  # the store's revision of the room row
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)  # a room's moves are written in turn, as the lobby's
    moves: int = 0
    events: int = 0


class Floor:
    """Per move: one gRPC call, one durable group-committed write."""

    def __init__(self, sizes: FloorSizes, store_path: Path, grpc_target: str) -> None:
        self.sizes = sizes
        self.store = SqliteStore(str(store_path))
        self.grpc_target = grpc_target
        self.rooms: dict[str, FloorRoom] = {}
        # Filler for the room row: with the other fields, the row is as long as the platform's.
        self._filler = "x" * max(0, sizes.room_row_bytes - len(jsontext.dumps(self._row("", ""))))

    async def open(self) -> None:
        from lobby.engines import channel

        await self.store.open()
        self._channel = channel(self.grpc_target)
        self._call = self._channel.unary_unary(FLOOR_METHOD)  # no (de)serializers: bytes

    async def close(self) -> None:
        await self._channel.close()
        await self.store.close()

    def _row(self, code: str, filler: str) -> dict[str, Any]:
        return {"code": code, "status": "playing", "updated_ms": int(time.time() * 1000), "state": filler}

    async def room(self, code: str) -> FloorRoom:
        room = self.rooms.get(code)
        if room is None:
            room = self.rooms[code] = FloorRoom(code)
            if not await self.store.insert_room(self._row(code, self._filler)):
                raise RuntimeError(f"room {code} is in the store already")
        return room

    async def move(self, room: FloorRoom) -> None:
        async with room.lock:
            await self._move(room)

    async def _move(self, room: FloorRoom) -> None:
        sizes = self.sizes
        await self._call(sizes.apply_request, timeout=GRPC_TIMEOUT_S, wait_for_ready=True)
        room.moves += 1
        now = int(time.time() * 1000)
        events = []
        for visible_to, event in sizes.events:
            room.events += 1
            events.append(StoredEvent(room.events, event, visible_to))
        written = await self.store.save_room(
            self._row(room.code, self._filler),
            room.revision,
            events,
            (f"floor:{room.moves}", sizes.answer),
            [MoveRecord(0, sizes.move, room.moves, now)],
        )
        if not written:
            raise RuntimeError(f"room {room.code}: revision {room.revision} lost")
        room.revision += 1


FLOOR = web.AppKey("floor", Floor)


async def play(request: web.Request) -> web.WebSocketResponse:
    floor = request.app[FLOOR]
    reply_size = int(request.query.get("reply", "0"))
    room = await floor.room(request.query.get("room", "solo"))
    ws = web.WebSocketResponse(max_msg_size=0)
    await ws.prepare(request)
    room.peers.add(ws)
    try:
        async for frame in ws:
            if frame.type != WSMsgType.TEXT:
                continue
            await floor.move(room)
            reply = frame.data.ljust(reply_size)
            for peer in [p for p in room.peers if not p.closed]:
                with contextlib.suppress(ConnectionError):  # a peer that is going: the others still hear
                    await peer.send_str(reply)
    finally:
        room.peers.discard(ws)
    return ws


def make_app(sizes: FloorSizes, store_path: Path, grpc_target: str) -> web.Application:
    async def floor_context(app: web.Application) -> AsyncIterator[None]:
        floor = Floor(sizes, store_path, grpc_target)
        await floor.open()
        app[FLOOR] = floor
        yield
        await floor.close()

    app = web.Application()
    app.cleanup_ctx.append(floor_context)
    app.add_routes([web.get("/play", play)])
    return app


def event_loop_runner() -> Callable[[Coroutine[Any, Any, None]], None]:
    """The gateway's event loop (servicekit.eventloop: uvloop unless GAMEROOM_LOOP=asyncio),
    so the floor and the platform run on the same; asyncio's where the platform has no choice."""
    try:
        from servicekit.eventloop import run
    except ImportError:
        return asyncio.run
    return run


async def serve(port: int, sizes: FloorSizes, store_path: Path, grpc_target: str) -> None:
    runner = web.AppRunner(make_app(sizes, store_path, grpc_target), access_log=None)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    print("floor ready", flush=True)
    try:
        await asyncio.Event().wait()  # until terminated
    finally:
        await runner.cleanup()


def describe(sizes: FloorSizes) -> str:
    event_bytes = sum(len(json.dumps(event)) for _, event in sizes.events)
    return (
        f"ApplyRequest {len(sizes.apply_request):,} B, StepReply {len(sizes.apply_reply):,} B, room row "
        f"{sizes.room_row_bytes:,} B, {len(sizes.events)} event(s) {event_bytes:,} B"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    modes = parser.add_subparsers(dest="mode", required=True)
    serving = modes.add_parser("serve")
    serving.add_argument("port", type=int)
    serving.add_argument("--grpc", required=True, help="the no-op service's address")
    serving.add_argument("--store", required=True, type=Path, help="the SQLite file to write")
    serving.add_argument("--sizes", required=True, type=Path, help="FloorSizes JSON (capture)")
    noop = modes.add_parser("noop")
    noop.add_argument("port", type=int)
    noop.add_argument("reply_file", type=Path)
    args = parser.parse_args()
    run = event_loop_runner()
    if args.mode == "noop":
        run(serve_noop(args.port, args.reply_file))
    else:
        sizes = FloorSizes.from_json(args.sizes.read_text())
        run(serve(args.port, sizes, args.store, args.grpc))


if __name__ == "__main__":
    main()
