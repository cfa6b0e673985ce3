"""A flooding connection is closed (1013) and backed off; frames over the rate are not parsed;
connections per ticket and per address are capped. On a stack of its own: the back-off holds
the test's own address for a moment."""

from __future__ import annotations

import asyncio
import json

import aiohttp
import pytest

from devstack import Stack
from tests.support.client import PlayClient, rest

PER_ADDRESS = 12


@pytest.fixture(scope="module")
def own_stack(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    folder = tmp_path_factory.mktemp("flood")
    running = Stack.on_free_ports(
        f"sqlite:///{folder}/rooms.sqlite3",
        extra_env={"GAMEROOM_WS_PER_ADDRESS": str(PER_ADDRESS), "GAMEROOM_CPU_DELAY_MS": "20"},
        log_dir=folder / "logs",
    )
    running.start()
    yield running
    running.stop()


async def _connected(session, base):  # type: ignore[no-untyped-def]
    anna = await PlayClient.create(session, base, "four-in-a-row", [{"kind": "human"}, {"kind": "human"}])
    await anna.connect()
    return anna


async def _closed_by_server(ws: aiohttp.ClientWebSocketResponse) -> tuple[int, str, int]:
    """(close code, close message, refusals received) once the server closes."""
    refusals = 0
    async with asyncio.timeout(15):
        while True:
            frame = await ws.receive()
            if frame.type == aiohttp.WSMsgType.TEXT:
                refusals += "refused" in json.loads(frame.data)
            elif frame.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSING):
                return ws.close_code or 0, str(frame.extra or ""), refusals


async def _admitted_on_ticket(session, base, ticket) -> aiohttp.ClientWebSocketResponse:  # type: ignore[no-untyped-def]
    """A socket welcomed on `ticket`, hello sent again while it is refused for the ticket's cap:
    the gateway counts a closed socket out once its handler has ended, a moment after the
    client's close returns."""
    async with asyncio.timeout(60):
        while True:
            ws = await session.ws_connect(base + "/ws")
            await ws.send_str(json.dumps({"hello": {"code": ticket["code"], "token": ticket["token"]}}))
            answer = json.loads((await ws.receive(timeout=30)).data)
            if "welcome" in answer:
                return ws
            assert answer["refused"]["code"] == "rate_limited", answer
            await _closed_by_server(ws)
            await asyncio.sleep(0.05)


async def _admitted_at_address(session, base) -> aiohttp.ClientWebSocketResponse:  # type: ignore[no-untyped-def]
    """A socket, asked for again while the address's cap refuses it (429)."""
    async with asyncio.timeout(60):
        while True:
            try:
                return await session.ws_connect(base + "/ws")
            except aiohttp.WSServerHandshakeError as refused:
                assert refused.status == 429, refused
            await asyncio.sleep(0.05)


async def test_a_flooder_is_closed_and_backed_off(own_stack) -> None:
    base = own_stack.base_url
    async with aiohttp.ClientSession() as session:
        ticket = await rest(
            session, base, "POST", "/api/rooms", {"game": "four-in-a-row", "seats": [{"kind": "human"}] * 2}
        )
        ws = await session.ws_connect(base + "/ws")
        await ws.send_str(json.dumps({"hello": {"code": ticket["code"], "token": ticket["token"]}}))
        assert "welcome" in json.loads((await ws.receive(timeout=10)).data)
        for nonce in range(1000):
            try:
                await ws.send_str(json.dumps({"ping": {"nonce": nonce}}))
            except ConnectionResetError:
                break
        code, message, refusals = await _closed_by_server(ws)
        assert code == 1013 and message == "retry_after=1", (code, message)
        # Over the rate, a ping is not answered one by one: a notice a second at most
        # (beside the pongs of the burst and the room's update).
        assert refusals <= 3
        # Reconnecting at once on that ticket: the hello is refused, with the time to wait.
        ws = await session.ws_connect(base + "/ws")
        await ws.send_str(json.dumps({"hello": {"code": ticket["code"], "token": ticket["token"]}}))
        assert json.loads((await ws.receive(timeout=10)).data)["refused"]["code"] == "rate_limited"
        code, message, _ = await _closed_by_server(ws)
        assert code == 1013 and message.startswith("retry_after="), (code, message)
        # Everyone else at the same address plays on.
        other = await _connected(session, base)
        await other.close()
        await asyncio.sleep(1.2)
        again = PlayClient(session, base, ticket)
        await again.connect()  # the back-off is over
        await again.close()


async def test_a_flooder_without_a_ticket_backs_its_address_off(own_stack) -> None:
    base = own_stack.base_url
    async with aiohttp.ClientSession() as session:
        ws = await session.ws_connect(base + "/ws")
        for nonce in range(1000):
            try:
                await ws.send_str(json.dumps({"ping": {"nonce": nonce}}))
            except ConnectionResetError:
                break
        code, message, _ = await _closed_by_server(ws)
        assert code == 1013 and message == "retry_after=1"
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await session.ws_connect(base + "/ws")
        assert refused.value.status == 429 and int(refused.value.headers["Retry-After"]) >= 1
        await asyncio.sleep(1.2)
        await (await session.ws_connect(base + "/ws")).close()


async def test_connections_per_ticket_are_capped(own_stack) -> None:
    base = own_stack.base_url
    async with aiohttp.ClientSession() as session:
        anna = await _connected(session, base)
        extra = []
        for _ in range(3):  # four in all: a reconnect may overlap the dying socket
            client = PlayClient(session, base, anna.ticket)
            await client.connect()
            extra.append(client)
        ws = await session.ws_connect(base + "/ws")
        await ws.send_str(json.dumps({"hello": {"code": anna.code, "token": anna.token}}))
        answer = json.loads((await ws.receive(timeout=10)).data)
        assert answer["refused"]["code"] == "rate_limited"
        code, _, _ = await _closed_by_server(ws)
        assert code == 1013
        # One closes: there is room again (once the gateway has counted it out).
        await extra.pop().close()
        again = await _admitted_on_ticket(session, base, anna.ticket)
        await again.close()
        for c in (anna, *extra):
            await c.close()


async def test_connections_per_address_are_capped(own_stack) -> None:
    base = own_stack.base_url
    async with aiohttp.ClientSession() as session:
        # The sockets the tests before closed are counted out as their handlers end (a close
        # waits a second at most): the first sockets are asked for again until they all open.
        sockets = []
        async with asyncio.timeout(60):
            while len(sockets) < PER_ADDRESS:
                try:
                    sockets.append(await session.ws_connect(base + "/ws"))
                except aiohttp.WSServerHandshakeError as early:
                    assert early.status == 429, early
                    await asyncio.sleep(0.05)
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await session.ws_connect(base + "/ws")
        assert refused.value.status == 429
        await sockets.pop().close()
        sockets.append(await _admitted_at_address(session, base))  # once it is counted out
        for ws in sockets:
            await ws.close()


async def test_grpc_streams_count_against_the_same_ticket_cap(own_stack) -> None:
    import grpc
    from gameroom import play_pb2, play_pb2_grpc

    base = own_stack.base_url
    async with aiohttp.ClientSession() as session:
        anna = await _connected(session, base)  # one WebSocket on the ticket
        async with grpc.aio.insecure_channel(f"127.0.0.1:{own_stack.ports['play']}") as channel:
            play = play_pb2_grpc.PlayStub(channel)
            held = asyncio.Event()

            def stream():  # type: ignore[no-untyped-def]
                async def requests():  # type: ignore[no-untyped-def]
                    yield play_pb2.ClientMessage(hello=play_pb2.Hello(code=anna.code, token=anna.token))
                    await held.wait()

                return play.Connect(requests())

            async def first(call) -> str:  # type: ignore[no-untyped-def]
                async for message in call:
                    body = message.WhichOneof("body")
                    return body if body != "refused" else message.refused.code
                return ""

            calls = [stream() for _ in range(4)]
            answers = [await asyncio.wait_for(first(call), 15) for call in calls]
            # With the WebSocket, four on the ticket: one stream of the four is refused.
            assert sorted(answers) == ["rate_limited", "welcome", "welcome", "welcome"], answers
            held.set()
            for call in calls:
                call.cancel()
        await anna.close()
