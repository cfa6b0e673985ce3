"""The basics over the running platform: security headers on every answer, the Origin check
against the configured origins (not the request's Host), /metrics only on its own port with
the rooms gauge, and structured JSON logs with the request id and no tokens."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import json
import pathlib
import re
import urllib.request

import aiohttp
import pytest

from tests.support.client import PlayClient, rest


def _headers_are_safe(headers) -> None:  # type: ignore[no-untyped-def]
    policy = headers["Content-Security-Policy"]
    directives = dict(d.strip().split(" ", 1) for d in policy.split(";"))
    # The page's own inline import map is allowed by its hash; nothing else inline.
    assert re.fullmatch(r"'self'( 'sha256-[A-Za-z0-9+/]+=*')?", directives["script-src"]), policy
    assert directives["style-src"] == "'self'", policy
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
    assert directives["frame-ancestors"] == "'none'"
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Referrer-Policy"] == "no-referrer"


async def test_every_answer_carries_the_security_headers(stack) -> None:
    async with aiohttp.ClientSession() as session:
        anna = await PlayClient.create(session, stack.base_url, "four-in-a-row", [{"kind": "human"}, {"kind": "cpu"}])
        for path in (
            "/",
            f"/r/{anna.code}",
            "/games/chess/rules",
            "/games/chess/new",
            "/static/js/app.js",
            "/static/css/app.css",
            "/api/games",
            "/api/rooms/ZZZZZ",
        ):
            async with session.get(stack.base_url + path) as answer:
                _headers_are_safe(answer.headers)
        ws = await session.ws_connect(stack.base_url + "/ws")
        _headers_are_safe(ws._response.headers)
        await ws.close()
        # The page itself needs nothing the policy forbids: no inline script or style.
        async with session.get(stack.base_url + "/") as answer:
            page = await answer.text()
            policy = answer.headers["Content-Security-Policy"]
        # A JSON data block (the games' catalogue) is never run: only code needs the policy's leave.
        inline = [
            tag
            for tag in re.findall(r"<script\b[^>]*>", page)
            if "src=" not in tag and 'type="application/json"' not in tag
        ]
        assert inline == ['<script type="importmap">']
        (import_map,) = re.findall(r'<script type="importmap">(.*?)</script>', page)
        digest = base64.b64encode(hashlib.sha256(import_map.encode()).digest()).decode()
        assert f"script-src 'self' 'sha256-{digest}';" in policy
        assert "<style" not in page and not re.search(r"\sstyle=", page) and not re.search(r"\son\w+=", page)


async def test_the_origin_is_checked_against_the_served_origins_not_the_host(stack) -> None:
    port = stack.http_port
    async with aiohttp.ClientSession() as session:
        # A page on a name the attacker points at our address sends a matching Host and Origin.
        forged = {"Origin": f"http://rebound.example:{port}", "Host": f"rebound.example:{port}"}
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await session.ws_connect(stack.base_url + "/ws", headers=forged)
        assert refused.value.status == 403
        async with session.post(stack.base_url + "/api/players", json={"nickname": "Eve"}, headers=forged) as answer:
            assert answer.status == 403
        for origin in (stack.base_url, f"http://localhost:{port}"):
            ws = await session.ws_connect(stack.base_url + "/ws", headers={"Origin": origin})
            await ws.close()


async def test_metrics_are_on_their_own_port_with_the_rooms_gauge(stack) -> None:
    async with aiohttp.ClientSession() as session:
        async with session.get(stack.base_url + "/metrics") as answer:
            assert answer.status == 404
        anna = await PlayClient.create(session, stack.base_url, "four-in-a-row", [{"kind": "human"}, {"kind": "cpu"}])
        await anna.connect()
        await anna.send({"start": {}})
        await anna.wait_until(lambda c: c.room["status"] == "playing")
        with urllib.request.urlopen(f"http://127.0.0.1:{stack.metrics_ports['gateway']}/metrics", timeout=5) as answer:
            text = answer.read().decode()
        playing = re.search(r'^gameroom_rooms\{status="playing"\} (\S+)$', text, re.MULTILINE)
        assert playing is not None and float(playing.group(1)) >= 1, text[:500]
        assert re.search(r'^gameroom_rooms\{status="waiting"\} ', text, re.MULTILINE)
        await anna.close()


def _written_lines(path: pathlib.Path) -> list[str]:
    """The log's whole lines: a line the service is writing at this moment is not one yet."""
    return [line for line in path.read_text().split("\n")[:-1] if line.strip()]


async def test_logs_are_json_lines_with_the_request_id_and_no_tokens(stack) -> None:
    async with aiohttp.ClientSession() as session:
        player = await rest(session, stack.base_url, "POST", "/api/players", {"nickname": "Lena"})
        ticket = await rest(
            session,
            stack.base_url,
            "POST",
            "/api/rooms",
            {"game": "four-in-a-row", "seats": [{"kind": "human"}], "player_token": player["token"]},
        )
        async with session.get(
            f"{stack.base_url}/api/rooms/{ticket['code']}", headers={"X-Request-Id": "probe-4711"}
        ) as answer:
            assert answer.headers["X-Request-Id"] == "probe-4711"
    # The access log line is written once the response has gone out: wait for it.
    async with asyncio.timeout(60):
        while True:
            # Every line is one JSON object.
            events = [json.loads(line) for line in _written_lines(stack.log_dir / "gateway.log")]
            probe = [e for e in events if e.get("request_id") == "probe-4711"]
            if probe:
                break
            await asyncio.sleep(0.1)
    assert all({"ts", "level", "event", "service"} <= set(e) for e in events)
    assert probe and all(e["room"] == ticket["code"] for e in probe), probe
    for process in ("gateway", "boards"):
        text = (stack.log_dir / f"{process}.log").read_text()
        assert player["token"] not in text and ticket["token"] not in text
        assert all(json.loads(line) for line in _written_lines(stack.log_dir / f"{process}.log"))
