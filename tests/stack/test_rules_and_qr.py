"""The gateway's rules pages and QR codes over HTTP: the rules of a game as an HTML fragment
(compressed, revalidated by ETag, English standing in for a missing language), a join link's
QR code as SVG, and bad input refused with a stable code."""

from __future__ import annotations

import gzip

import aiohttp
import pytest


async def test_rules_page_fragment(stack) -> None:
    url = f"{stack.base_url}/api/games/chess/rules"
    async with aiohttp.ClientSession(auto_decompress=False) as session:
        async with session.get(url, params={"lang": "de", "level": "3"}, headers={"Accept-Encoding": "gzip"}) as answer:
            assert answer.status == 200
            assert answer.content_type == "text/html" and answer.headers["Content-Encoding"] == "gzip"
            assert answer.headers["Content-Language"] == "de"
            assert "default-src 'self'" in answer.headers["Content-Security-Policy"]
            html = gzip.decompress(await answer.read()).decode()
            etag = answer.headers["ETag"]
        assert "<h3>" in html and "<h2>" not in html and "<ul>" in html
        async with session.get(url, params={"lang": "de", "level": "3"}, headers={"If-None-Match": etag}) as again:
            assert again.status == 304 and again.headers["ETag"] == etag
        async with session.get(url, params={"lang": "de"}, headers={"Accept-Encoding": "identity"}) as plain:
            assert "Content-Encoding" not in plain.headers
            assert "<h2>" in (await plain.text()) and plain.headers["ETag"] != etag


@pytest.mark.parametrize(
    ("path", "params", "status", "code"),
    [
        ("/api/games/chess/rules", {"lang": "fr"}, 400, "bad_request"),
        ("/api/games/chess/rules", {"lang": "en", "level": "9"}, 400, "bad_request"),
        ("/api/games/chess/rules", {"lang": "en", "level": "two"}, 400, "bad_request"),
        ("/api/games/no-such-game/rules", {"lang": "en"}, 404, "unknown_game"),
        ("/api/games/..%2F..%2Fapp/rules", {"lang": "en"}, 404, "unknown_game"),
    ],
)
async def test_bad_rules_requests(stack, path: str, params: dict, status: int, code: str) -> None:
    async with aiohttp.ClientSession() as session, session.get(stack.base_url + path, params=params) as answer:
        assert answer.status == status
        assert (await answer.json())["refused"]["code"] == code


async def test_qr_code_of_a_join_link(stack) -> None:
    link = f"{stack.base_url}/r/K7QM2#invite=abc_DEF-123"
    async with (
        aiohttp.ClientSession() as session,
        session.post(f"{stack.base_url}/api/qr", json={"text": link}) as answer,
    ):
        assert answer.status == 200 and answer.content_type == "image/svg+xml"
        assert answer.headers["Cache-Control"] == "no-store"  # the link may carry an invitation
        svg = await answer.text()
    assert svg.startswith("<svg") and 'class="qr"' in svg and "<path" in svg


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        (b'{"text": "https://elsewhere.example/r/K7QM2"}', 400, "bad_request"),
        (b'{"text": 5}', 400, "bad_request"),
        (b"{}", 400, "bad_request"),
        (b"[1, 2]", 400, "malformed_frame"),
        (b"{not json", 400, "malformed_frame"),
        (b'{"text": "' + b"x" * 20000 + b'"}', 413, "frame_too_large"),
    ],
)
async def test_bad_qr_requests(stack, body: bytes, status: int, code: str) -> None:
    async with (
        aiohttp.ClientSession() as session,
        session.post(f"{stack.base_url}/api/qr", data=body, headers={"Content-Type": "application/json"}) as answer,
    ):
        assert answer.status == status
        assert (await answer.json())["refused"]["code"] == code
