"""bench/floor_server.py: a move frame makes one gRPC call with the captured request and one
committed write, and only then is every connection of the room answered with a frame of the
asked size. In-process: a no-op gRPC server, the floor app on aiohttp's test server."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import aiohttp
import grpc
from aiohttp.test_utils import TestServer

from bench.floor_server import FloorSizes, make_app
from bench.move_floor import FLOOR_METHOD

SIZES = FloorSizes(
    apply_request=b"request-bytes",
    apply_reply=b"reply-bytes" * 50,
    room_row_bytes=2_000,
    events=[(None, {"code": "moved", "seat": 0, "move": {"column": 3}})],
    answer={"accepted": True, "version": 7},
    move={"column": 3},
)


async def test_a_move_is_called_committed_then_answered_to_the_room(tmp_path: Path) -> None:
    calls: list[bytes] = []

    async def noop(request: bytes, context: object) -> bytes:
        calls.append(request)
        return SIZES.apply_reply

    service, method = FLOOR_METHOD.strip("/").split("/")
    grpc_server = grpc.aio.server()
    grpc_server.add_generic_rpc_handlers(
        (grpc.method_handlers_generic_handler(service, {method: grpc.unary_unary_rpc_method_handler(noop)}),)
    )
    port = grpc_server.add_insecure_port("127.0.0.1:0")
    await grpc_server.start()
    store = tmp_path / "floor.sqlite3"
    server = TestServer(make_app(FloorSizes.from_json(SIZES.to_json()), store, f"127.0.0.1:{port}"))
    await server.start_server()
    try:
        async with aiohttp.ClientSession() as session:
            url = server.make_url("/play?room=r1&reply=1100")
            seats = [await session.ws_connect(url), await session.ws_connect(url)]
            for _ in range(2):
                await seats[0].send_str('{"move": {}}')
                answers = [await seat.receive(timeout=10) for seat in seats]
                assert [len(a.data) for a in answers] == [1100, 1100]
            for seat in seats:
                await seat.close()
    finally:
        await server.close()
        await grpc_server.stop(None)

    assert calls == [SIZES.apply_request] * 2
    db = sqlite3.connect(store)
    try:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        revision, data = db.execute("SELECT revision, data FROM rooms WHERE code = 'r1'").fetchone()
        assert revision == 3  # inserted at 1, one write per move
        assert abs(len(data) - SIZES.room_row_bytes) <= 2
        assert db.execute("SELECT count(*) FROM moves WHERE code = 'r1'").fetchone()[0] == 2
        assert db.execute("SELECT count(*) FROM events WHERE code = 'r1'").fetchone()[0] == 2
        answers = db.execute("SELECT answer FROM move_answers WHERE code = 'r1'").fetchall()
        assert [json.loads(a) for (a,) in answers] == [SIZES.answer] * 2
    finally:
        db.close()
