"""The web client as the gateway serves it (gateway/static_assets.py), built from the real files:
hashed twins beside every file, compressed bodies that decode to the served bytes, the page's
import map and module preloads, and the stylesheets modules name rewritten to hashed URLs; then
the same with the modules bundled by the real esbuild (gateway/client_bundle.py) that
`scripts/bootstrap.sh` installs from the npm registry."""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import re

import brotli
import pytest

from gateway import app as gateway_app
from gateway import client_bundle, static_assets, web_catalogue
from gateway.app import WEB_ROOT
from gateway.static_assets import SERVICE_WORKER, digest_of

FETCHES = ("/static/i18n/en.json", "/api/games")
GATHERED = web_catalogue.gathered_files(WEB_ROOT)


@pytest.fixture(scope="module")
def assets() -> static_assets.StaticAssets:
    """The modules one by one, as served without esbuild."""
    return static_assets.StaticAssets(WEB_ROOT, fetches=FETCHES, bundle=False)


@pytest.fixture(scope="module")
def bundled() -> static_assets.StaticAssets:
    assert client_bundle.esbuild_binary() is not None, "esbuild is missing: scripts/bootstrap.sh runs npm ci"
    served = static_assets.StaticAssets(WEB_ROOT, fetches=FETCHES)
    assert served.bundled
    return served


def test_every_file_is_served_plain_and_under_its_hash(assets) -> None:
    for path in WEB_ROOT.rglob("*"):
        # The page, and the service worker (served at /sw.js, test_the_service_worker_...).
        if not path.is_file() or path.name == "index.html" or path == WEB_ROOT / SERVICE_WORKER:
            continue
        rel = path.relative_to(WEB_ROOT).as_posix()
        plain, twin = assets.files[rel], assets.files[assets.hashed[rel]]
        assert not plain.immutable and twin.immutable, rel
        assert plain.body == twin.body
        assert assets.hashed[rel] != rel and plain.digest in assets.hashed[rel]
        if not rel.endswith(".js"):  # modules may name hashed stylesheets; every other file as it is
            # (the UI catalogues with what the game folders add: gateway/web_catalogue.py)
            assert plain.body == GATHERED.get(rel, path.read_bytes()), rel


def test_compressed_bodies_decode_to_the_served_bytes(assets) -> None:
    compressed = 0
    for rel, asset in assets.files.items():
        if asset.gzip is not None:
            assert gzip.decompress(asset.gzip) == asset.body, rel
            compressed += 1
        if asset.br is not None:
            assert brotli.decompress(asset.br) == asset.body, rel
    assert compressed > 100  # every module, stylesheet, catalogue and rules text
    app_js = assets.files["js/app.js"]
    assert app_js.br is not None and len(app_js.br) < len(app_js.body) / 2


@pytest.mark.parametrize(
    ("header", "encoding"),
    [
        ("gzip, deflate, br", "br"),
        ("gzip, deflate", "gzip"),
        ("br;q=0, gzip", "gzip"),
        ("identity", None),
        ("", None),
        ("GZIP;q=0.5", "gzip"),
        ("br;q=nonsense", None),
    ],
)
def test_the_encoding_follows_accept_encoding(assets, header: str, encoding: str | None) -> None:
    asset = assets.files["js/room.js"]
    body, chosen = asset.encoded(header)
    assert chosen == encoding
    assert body == {"br": asset.br, "gzip": asset.gzip, None: asset.body}[encoding]


def test_a_module_names_its_stylesheet_by_the_hashed_url(assets) -> None:
    chess = assets.files["games/chess/draw.js"].body.decode()
    style = assets.hashed["games/chess/style.css"].rsplit("/", 1)[1]
    assert f'new URL("./{style}", import.meta.url)' in chess
    mensch = assets.files["games/mensch/draw.js"].body.decode()
    ludo_style = assets.hashed["games/ludo/style.css"].rsplit("/", 1)[1]
    assert f'new URL("../ludo/{ludo_style}", import.meta.url)' in mensch
    # The source on disk keeps its plain name.
    assert 'new URL("./style.css", import.meta.url)' in (WEB_ROOT / "games/chess/draw.js").read_text()


def test_the_page_maps_every_module_and_preloads_the_entry_graph(assets) -> None:
    html = assets.page.body.decode()
    (text,) = re.findall(r'<script type="importmap">(.*?)</script>', html)
    imports = json.loads(text)["imports"]
    modules = sorted(
        p.relative_to(WEB_ROOT).as_posix() for p in WEB_ROOT.rglob("*.js") if p != WEB_ROOT / SERVICE_WORKER
    )
    assert sorted(imports) == [f"/static/{m}" for m in modules]
    assert all(imports[f"/static/{m}"] == f"/static/{assets.hashed[m]}" for m in modules)
    # The import map comes before anything that fetches a module.
    assert html.index('type="importmap"') < html.index('rel="modulepreload"') < html.index('type="module"')
    preloads = re.findall(r'<link rel="modulepreload" href="([^"]+)">', html)
    graph = assets.module_graph(["js/app.js"])
    assert {f"/static/{assets.hashed[m]}" for m in graph if m != "js/app.js"} == set(preloads)
    assert "js/room.js" in graph and "js/i18n.js" in graph and "games/chess/draw.js" not in graph
    assert f'<script type="module" src="/static/{assets.hashed["js/app.js"]}">' in html
    assert f'<link rel="stylesheet" href="/static/{assets.hashed["css/app.css"]}">' in html
    for url in FETCHES:
        assert f'<link rel="preload" href="{url}" as="fetch" crossorigin>' in html
    # The policy allows this import map by its hash, and no other inline script.
    digest = base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()
    assert assets.script_hashes == [f"sha256-{digest}"]
    policy = gateway_app.page_policy(assets.script_hashes)
    assert f"script-src 'self' 'sha256-{digest}';" in policy and "unsafe-inline" not in policy


def test_static_imports_are_found_across_lines_and_dynamic_ones_are_not() -> None:
    source = """import { a,
  b } from "./a.js";
import "./side.js";
export { c } from '../c.js';
const later = await import("./lazy.js");
// import nothing here
"""
    assert static_assets.static_imports(source) == ["./a.js", "./side.js", "../c.js"]


def test_hashed_names_stay_in_their_folder() -> None:
    assert static_assets.hashed_name("js/app.js", "abc") == "js/app.abc.js"
    assert static_assets.hashed_name("games/chess/rules.en.md", "abc") == "games/chess/rules.en.abc.md"
    assert static_assets.hashed_name("LICENSE", "abc") == "LICENSE.abc"


def test_a_games_page_also_preloads_that_games_files(assets) -> None:
    # Its create form and rules page: its strings alone.
    html = assets.page_for("mensch").body.decode()
    assert '<link rel="preload" href="/static/games/mensch/i18n.json" as="fetch" crossorigin>' in html
    assert "games/mensch/draw" not in html.split("</script>", 1)[1]
    # A room of it: its module's graph and stylesheets too.
    html = assets.page_for("mensch", module=True).body.decode()
    for rel in ("games/mensch/draw.js", "games/race-kit.js"):
        assert f'<link rel="modulepreload" href="/static/{assets.hashed[rel]}">' in html
    for rel in ("games/mensch/style.css", "games/ludo/style.css"):  # both named by mensch's module
        assert f'<link rel="preload" href="/static/{assets.hashed[rel]}" as="style">' in html
    assert '<link rel="preload" href="/static/games/mensch/i18n.json" as="fetch" crossorigin>' in html
    assert "games/chess/" not in html.split("</script>", 1)[1]
    # The same import map (so the same policy), and the plain page for anything else.
    import_map = re.compile(r'<script type="importmap">.*?</script>')
    assert import_map.findall(html) == import_map.findall(assets.page.body.decode())
    assert assets.page_for(None, module=True) is assets.page and assets.page_for("no-such-game") is assets.page
    assert assets.page_for("mensch", module=True) is assets.page_for("mensch", module=True)  # made once


def test_the_bundled_page_starts_from_a_few_files(bundled, assets) -> None:
    html = bundled.page.body.decode()
    entry = bundled.hashed["bundle/js/app.js"]
    assert f'<script type="module" src="/static/{entry}">' in html
    preloads = re.findall(r'<link rel="modulepreload" href="([^"]+)">', html)
    graph = bundled.module_graph(["bundle/js/app.js"])
    assert {f"/static/{bundled.hashed[m]}" for m in graph if m != "bundle/js/app.js"} == set(preloads)
    assert all(m.startswith("bundle/") for m in graph)
    # Forty-odd modules one by one; bundled, the entry and its shared chunks.
    assert len(graph) <= 6 < len(assets.module_graph(["js/app.js"]))
    # A game's drawing is loaded by its URL: the import map sends it to the bundled twin.
    (text,) = re.findall(r'<script type="importmap">(.*?)</script>', html)
    imports = json.loads(text)["imports"]
    for game in bundled.games:
        assert imports[f"/static/games/{game}/draw.js"] == f"/static/{bundled.hashed[f'bundle/games/{game}/draw.js']}"
    digest = base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()
    assert bundled.script_hashes == [f"sha256-{digest}"]


def test_every_module_is_bundled_once(bundled) -> None:
    """A module in two bundle files would run twice, with two copies of its state (the chosen
    language, the stylesheets added): esbuild names each module it includes in a comment."""
    sources = sorted(p.relative_to(WEB_ROOT).as_posix() for p in WEB_ROOT.rglob("*.js"))
    bundle_files = {rel: bundled.files[rel].body.decode() for rel in bundled.modules if rel.startswith("bundle/")}
    for source in sources:
        holders = [rel for rel, text in bundle_files.items() if re.search(rf"^// {re.escape(source)}$", text, re.M)]
        # A file of type comments alone (js/types.js, for the type check) has no code to bundle.
        code = re.search(r"^\s*(?:import|export)\b(?! \{\};)", (WEB_ROOT / source).read_text(), re.M)
        assert len(holders) == (1 if code else 0), (source, holders)


def test_a_bundled_module_names_a_stylesheet_by_its_hashed_url(bundled) -> None:
    chess = bundled.files["bundle/games/chess/draw.js"].body.decode()
    chess += "".join(bundled.files[m].body.decode() for m in bundled.module_graph(["bundle/games/chess/draw.js"]))
    assert f'new URL("/static/{bundled.hashed["games/chess/style.css"]}", import.meta.url)' in chess
    mensch = "".join(bundled.files[m].body.decode() for m in bundled.module_graph(["bundle/games/mensch/draw.js"]))
    assert f'new URL("/static/{bundled.hashed["games/ludo/style.css"]}", import.meta.url)' in mensch
    assert "import.meta.url" not in re.sub(r'new URL\("/static/[^"]+", import\.meta\.url\)', "", mensch)


def test_a_bundled_games_page_preloads_its_bundled_drawing(bundled) -> None:
    html = bundled.page_for("mensch", module=True).body.decode()
    assert f'<link rel="modulepreload" href="/static/{bundled.hashed["bundle/games/mensch/draw.js"]}">' in html
    for rel in ("games/mensch/style.css", "games/ludo/style.css"):
        assert f'<link rel="preload" href="/static/{bundled.hashed[rel]}" as="style">' in html


def test_without_esbuild_the_modules_are_served_one_by_one(monkeypatch) -> None:
    monkeypatch.setenv("GAMEROOM_ESBUILD", "/nonexistent/esbuild")
    assert client_bundle.bundled({"js/app.js": b"export const a = 1;"}) == {}
    monkeypatch.setenv("GAMEROOM_BUNDLE", "0")
    monkeypatch.delenv("GAMEROOM_ESBUILD")
    assert client_bundle.bundled({"js/app.js": b"export const a = 1;"}) == {}


def test_a_file_named_beside_a_module_gets_its_absolute_url() -> None:
    source = 'useStylesheet(new URL("../ludo/style.css", import.meta.url));\nnew URL("./a.css", import.meta.url)'
    assert client_bundle.absolute_urls("games/mensch/draw.js", source) == (
        'useStylesheet(new URL("/static/games/ludo/style.css", import.meta.url));\n'
        'new URL("/static/games/mensch/a.css", import.meta.url)'
    )


def test_the_service_worker_keeps_the_start_page_and_what_it_loads(assets) -> None:
    """Served at /sw.js only, with this deployment's shell written in: the start page, every
    file the page names (hashed), the strings of every language, the icons; each once."""
    assert SERVICE_WORKER not in assets.files and assets.service_worker is not None
    worker = assets.service_worker.body.decode()
    (line,) = [line for line in worker.splitlines() if line.startswith("const SHELL = ")]
    shell = json.loads(line.removeprefix("const SHELL = ").removesuffix(";"))
    urls = shell["urls"]
    assert urls[0] == "/" and len(urls) == len(set(urls))
    named = re.findall(r'(?:src|href)="(/static/[^"]+)"', assets.page.body.decode())
    assert set(named) <= set(urls)
    assert {f"/static/i18n/{lang}.json" for lang in ("de", "en", "es", "sv")} <= set(urls)
    assert (
        f"/static/{assets.hashed['js/app.js']}" in urls
        or f"/static/{assets.hashed.get('bundle/js/app.js', '')}" in urls
    )
    assert all(url == "/" or url.removeprefix("/static/") in assets.files for url in urls)
    # The version is made of the shell: another deployment's files make another worker.
    assert shell["version"] == digest_of("\n".join(urls).encode() + assets.page.digest.encode())
