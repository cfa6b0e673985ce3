"""The web client over HTTP from a running gateway: bodies compressed as the client asks and
decoding to the files' bytes, hashed URLs cached for good, the page and plain URLs revalidated
(304 on If-None-Match), unknown files 404."""

from __future__ import annotations

import gzip
import re

import aiohttp
import brotli
from multidict import CIMultiDict

from gateway.app import WEB_ROOT
from tests.support.client import PlayClient


async def _get(session: aiohttp.ClientSession, url: str, **headers: str) -> tuple[int, CIMultiDict[str], bytes]:
    async with session.get(url, headers=headers) as answer:
        return answer.status, answer.headers.copy(), await answer.read()


def _hashed_urls(page: str) -> dict[str, str]:
    """Plain URL → hashed URL, from the page's import map and its stylesheet link."""
    urls = dict(re.findall(r'"(/static/[^"]+\.js)":"(/static/[^"]+\.js)"', page))
    (css,) = re.findall(r'<link rel="stylesheet" href="(/static/css/app\.[0-9a-f]{10}\.css)">', page)
    urls["/static/css/app.css"] = css
    return urls


async def test_bodies_come_compressed_as_asked_and_decode_to_the_files(stack) -> None:
    source = (WEB_ROOT / "css" / "app.css").read_bytes()
    async with aiohttp.ClientSession(auto_decompress=False) as session:
        base = stack.base_url
        status, headers, body = await _get(session, f"{base}/static/css/app.css", **{"Accept-Encoding": "gzip, br"})
        assert status == 200 and headers["Content-Encoding"] == "br" and brotli.decompress(body) == source
        assert headers["Vary"] == "Accept-Encoding" and headers["Content-Type"].startswith("text/css")
        status, headers, body = await _get(session, f"{base}/static/css/app.css", **{"Accept-Encoding": "gzip"})
        assert status == 200 and headers["Content-Encoding"] == "gzip" and gzip.decompress(body) == source
        status, headers, body = await _get(session, f"{base}/static/css/app.css", **{"Accept-Encoding": "identity"})
        assert status == 200 and "Content-Encoding" not in headers and body == source
        assert int(headers["Content-Length"]) == len(source)
        # The catalogue of games too, kept compressed while it stays the same.
        status, headers, body = await _get(session, f"{base}/api/games", **{"Accept-Encoding": "gzip"})
        assert status == 200 and headers["Content-Encoding"] == "gzip"
        assert b'"games"' in gzip.decompress(body)


async def test_hashed_urls_are_cached_for_good_and_plain_ones_revalidate(stack) -> None:
    async with aiohttp.ClientSession() as session:
        base = stack.base_url
        status, headers, page = await _get(session, f"{base}/")
        assert status == 200 and headers["Cache-Control"] == "no-cache" and headers["ETag"]
        hashed = _hashed_urls(page.decode())
        assert len(hashed) > 50
        # Modules the page reaches as they are (an entry or a game's drawing is sent to its
        # bundled twin when esbuild bundles the client: tests/unit/test_static_assets.py).
        for plain in ("/static/js/i18n.js", "/static/js/dom.js", "/static/css/app.css"):
            status, twin_headers, twin = await _get(session, base + hashed[plain])
            assert status == 200 and twin_headers["Cache-Control"] == "public, max-age=31536000, immutable"
            status, plain_headers, body = await _get(session, base + plain)
            assert status == 200 and plain_headers["Cache-Control"] == "no-cache" and body == twin
            status, again, _ = await _get(session, base + plain, **{"If-None-Match": plain_headers["ETag"]})
            assert status == 304 and again["ETag"] == plain_headers["ETag"]
        # A module's hashed URL is its content's: a changed file would get another one.
        i18n_js = (WEB_ROOT / "js" / "i18n.js").read_bytes()
        status, _, body = await _get(session, base + hashed["/static/js/i18n.js"])
        assert body == i18n_js


async def test_the_page_revalidates_with_its_etag(stack) -> None:
    async with aiohttp.ClientSession(auto_decompress=False) as session:
        base = stack.base_url
        for path in ("/", "/games/chess/new", "/r/ABCDE"):
            status, headers, body = await _get(session, base + path, **{"Accept-Encoding": "gzip"})
            assert status == 200 and headers["Content-Encoding"] == "gzip"
            assert b'<script type="importmap">' in gzip.decompress(body)
            status, again, body = await _get(
                session, base + path, **{"Accept-Encoding": "gzip", "If-None-Match": headers["ETag"]}
            )
            assert status == 304 and body == b"" and again["Cache-Control"] == "no-cache"
        status, _, _ = await _get(session, base + "/", **{"If-None-Match": '"0123456789"'})
        assert status == 200


async def test_a_rooms_page_preloads_its_games_module_and_a_games_pages_its_strings(stack) -> None:
    async with aiohttp.ClientSession() as session:
        anna = await PlayClient.create(session, stack.base_url, "mensch", [{"kind": "human"}, {"kind": "cpu"}])
        for path in ("/games/mensch/new", "/games/mensch/rules"):  # the game's strings
            status, _, page = await _get(session, stack.base_url + path)
            assert status == 200 and b'<link rel="preload" href="/static/games/mensch/i18n.json"' in page, path
        for path in (f"/r/{anna.code}", f"/r/{anna.code.lower()}"):  # its module too
            status, _, page = await _get(session, stack.base_url + path)
            assert status == 200 and re.search(
                # The drawing itself, or its bundled twin where esbuild bundles the client.
                rb'<link rel="modulepreload" href="/static/(?:bundle/)?games/mensch/draw\.[0-9a-f]{10}\.js">',
                page,
            ), path
        for path in ("/r/ZZZZZ", "/r/not-a-code", "/"):  # no such room: the plain page
            status, _, page = await _get(session, stack.base_url + path)
            after_map = page.split(b'<script type="importmap">', 1)[1].split(b"</script>", 1)[1]
            assert status == 200 and b"games/mensch/draw." not in after_map, path
        await anna.close()


async def test_unknown_files_are_not_found(stack) -> None:
    async with aiohttp.ClientSession() as session:
        base = stack.base_url
        for path in (
            "/static/js/nothing.js",
            "/static/js/app.0000000000.js",  # a hash no file has
            "/static/../gateway/app.py",
            "/static/%2e%2e/app.py",
            "/static/js/",
            "/static/",
        ):
            status, _, _ = await _get(session, base + path)
            assert status == 404, path
