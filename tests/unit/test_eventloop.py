"""The processes' event loop (servicekit/eventloop.py): uvloop unless GAMEROOM_LOOP=asyncio, every
entry module starts through it, and grpc.aio and aiohttp work on it, a server and a client in one
process (the stack tests run the real services on it)."""

from __future__ import annotations

import ast
import asyncio
import pathlib

import aiohttp
import grpc
import pytest
import uvloop
from aiohttp import web

from servicekit import eventloop

ROOT = pathlib.Path(__file__).resolve().parents[2]


async def _grpc_and_http_round_trip() -> str:
    async def echo(request: bytes, context: grpc.aio.ServicerContext) -> bytes:
        return request[::-1]

    server = grpc.aio.server()
    server.add_generic_rpc_handlers(
        (grpc.method_handlers_generic_handler("t.T", {"Echo": grpc.unary_unary_rpc_method_handler(echo)}),)
    )
    port = server.add_insecure_port("127.0.0.1:0")
    await server.start()
    try:
        async with grpc.aio.insecure_channel(f"127.0.0.1:{port}") as channel:
            assert await channel.unary_unary("/t.T/Echo")(b"abc", timeout=10) == b"cba"
    finally:
        await server.stop(None)

    async def socket(request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        async for message in ws:
            await ws.send_str(message.data.upper())
        return ws

    app = web.Application()
    app.router.add_get("/ws", socket)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    try:
        http_port = runner.addresses[0][1]
        async with aiohttp.ClientSession() as session, session.ws_connect(f"http://127.0.0.1:{http_port}/ws") as ws:
            await ws.send_str("move")
            assert (await ws.receive()).data == "MOVE"
    finally:
        await runner.cleanup()
    return eventloop.name(asyncio.get_running_loop())


@pytest.mark.parametrize(("setting", "module"), [(None, "uvloop"), ("uvloop", "uvloop"), ("asyncio", "asyncio")])
def test_grpc_and_websockets_on_the_chosen_loop(monkeypatch: pytest.MonkeyPatch, setting, module) -> None:
    if setting is None:
        monkeypatch.delenv("GAMEROOM_LOOP", raising=False)
    else:
        monkeypatch.setenv("GAMEROOM_LOOP", setting)
    assert eventloop.run(_grpc_and_http_round_trip()) == module


def test_uvloop_is_the_default() -> None:
    assert eventloop.LOOPS["uvloop"] is uvloop.new_event_loop


def test_an_unknown_loop_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GAMEROOM_LOOP", "trio")

    async def never() -> None:
        raise AssertionError("ran")

    with pytest.raises(SystemExit, match="GAMEROOM_LOOP='trio'"):
        eventloop.run(never())


def test_every_process_starts_through_eventloop() -> None:
    """Each entry module (python -m gateway, svc_*) runs its main coroutine with eventloop.run."""
    entries = [ROOT / "gateway" / "__main__.py", *sorted(ROOT.glob("svc-*/svc_*/__main__.py"))]
    assert len(entries) == 6
    for entry in entries:
        calls = {
            ast.unparse(node.func)
            for node in ast.walk(ast.parse(entry.read_text()))
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
        }
        assert "eventloop.run" in calls and "asyncio.run" not in calls, entry
