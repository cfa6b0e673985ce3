"""The web client's files, read, hashed and compressed once at start-up.

A phone on a slow network pays for every byte and every round trip, so the gateway serves the
client the way a build step would, without one:

- every file under ``/static/`` answers at its own URL (revalidated: ``no-cache`` with an ETag)
  and at a content-hashed twin beside it (``js/app.js`` → ``js/app.<hash>.js``) that is cached
  for good;
- the page gets an import map that sends each module's URL to its hashed twin, and a
  ``modulepreload`` for every module its entry script reaches through static imports, so the
  browser fetches the whole graph in one round instead of a waterfall;
- a stylesheet a module names statically (``new URL("./style.css", import.meta.url)``) is
  rewritten to its hashed twin in the served module;
- every text body is kept gzip- and brotli-compressed beside the original, chosen per request
  by Accept-Encoding (with ``Vary``), never compressed per request.

With esbuild at hand (gateway/client_bundle.py) the start page's modules and each game's drawing
are also bundled, a file each plus shared chunks, and the page and import map name the bundle:
over HTTP/1.1 a phone then waits for a few round trips instead of forty-odd queued modules.

The UI catalogues are served with every game's name and pitch, and a catalogue of the games'
drawings is served beside them and carried in the pages that show the games' tiles, both
gathered from the game folders (gateway/web_catalogue.py).

The service worker (``sw.js``, served at ``/sw.js``, not under /static/) gets this deployment's
app shell written into it: the start page, its modules' hashed files, the stylesheets, strings,
manifest and icons, and a version made of them, so a new deployment is a new worker that
fetches its own shell and drops the old one's cache.

The source files keep their names; a file changed on disk shows after a restart.
"""

from __future__ import annotations

import base64
import functools
import gzip
import hashlib
import json
import mimetypes
import pathlib
import posixpath
import re
from dataclasses import dataclass

import brotli

from . import client_bundle, web_catalogue

STATIC_PREFIX = "/static/"
CATALOGUE_ID = "games-catalogue"  # the page's element holding the games' catalogue
HASH_CHARS = 10
IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
# Bodies worth compressing; below the size a compressed body (with its headers) saves nothing.
TEXT_TYPES = {".js", ".css", ".json", ".md", ".html", ".svg", ".txt", ".webmanifest"}
MIN_COMPRESS_BYTES = 256
# On these files quality 8 compresses the client in about 0.2 s, within 8 % of quality 11's size;
# 9 takes ten times as long for nothing, 11 twenty-five times: every gateway (and test app) pays it.
BROTLI_QUALITY = 8
CONTENT_TYPES = {
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json; charset=utf-8",
    ".md": "text/markdown; charset=utf-8",
    ".html": "text/html; charset=utf-8",
    ".svg": "image/svg+xml",
    ".txt": "text/plain; charset=utf-8",
    ".webmanifest": "application/manifest+json",
}
SERVICE_WORKER = "sw.js"  # the web root's service worker, served at /sw.js (scope "/")
# The line of sw.js the gateway writes the deployment's version and shell into.
_SHELL_LINE = re.compile(r"^const SHELL = \{[^\n]*\};$", re.MULTILINE)
# Files of the shell besides the start page's modules: plain URLs where the client asks for
# them so (its strings, the manifest's icons), hashed where the page names them.
_SHELL_PLAIN = re.compile(r"(i18n/[a-z]+\.json|icons/[^/]+\.png)")

# Static imports and re-exports: `import x from "./a.js"`, `import "./a.js"`, `export {y} from
# "./a.js"`, across lines. `import(` (a dynamic import) does not match.
_STATIC_IMPORT = re.compile(
    r"""(?:^|[;\n])\s*(?:import|export)\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["']([^"'\n]+)["']""", re.MULTILINE
)
# A file a module names beside itself, new URL("./style.css", import.meta.url), or by its URL as
# the bundle does: new URL("/static/games/x/style.css", import.meta.url).
_META_URL = re.compile(r"""new URL\(\s*(["'])((?:\.{1,2}|/static)/[^"'\n]+)\1\s*,\s*import\.meta\.url\s*\)""")
_PAGE_REF = re.compile(r"""(\s(?:src|href)=")(/static/[^"]+)(")""")
_MODULE_SCRIPT = re.compile(r"""<script\s+type="module"\s+src="(/static/[^"]+)"\s*>""")
_OLD_PRELOAD = re.compile(r"""[ \t]*<link\s+rel="modulepreload"\s+href="[^"]*"\s*/?>[ \t]*\n?""")
_FIRST_FETCH = re.compile(r"""<link\s+rel="(?:stylesheet|modulepreload)"|<script\b""")


@dataclass(frozen=True)
class Asset:
    """One body as served: the bytes, their compressed forms (None: not worth it) and headers."""

    body: bytes
    gzip: bytes | None
    br: bytes | None
    content_type: str
    digest: str  # the hash of `body`, the ETag's core
    immutable: bool  # served under its hashed URL

    def encoded(self, accept_encoding: str) -> tuple[bytes, str | None]:
        """The body for a request's Accept-Encoding: brotli, then gzip, else as it is."""
        accepted = accepted_encodings(accept_encoding)
        if self.br is not None and "br" in accepted:
            return self.br, "br"
        if self.gzip is not None and "gzip" in accepted:
            return self.gzip, "gzip"
        return self.body, None

    def etag(self, encoding: str | None) -> str:
        # Each encoding is a representation of its own, so each has its own strong tag.
        return f'"{self.digest}-{encoding}"' if encoding else f'"{self.digest}"'

    def matches(self, if_none_match: str) -> bool:
        """If-None-Match names this content (in any of its encodings), or is `*`."""
        for tag in if_none_match.split(","):
            tag = tag.strip().removeprefix("W/").strip('"')
            if tag == "*" or tag.split("-")[0] == self.digest:
                return True
        return False


def accepted_encodings(header: str) -> set[str]:
    """The codings a client takes (`q=0` refuses one)."""
    taken = set()
    for part in header.lower().split(","):
        name, _, params = part.partition(";")
        name = name.strip()
        q = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        if name and q > 0:
            taken.add(name)
    return taken


def digest_of(body: bytes) -> str:
    return hashlib.sha256(body).hexdigest()[:HASH_CHARS]


def hashed_name(path: str, digest: str) -> str:
    """`js/app.js` → `js/app.<digest>.js`, in the same folder so relative URLs still resolve."""
    stem, dot, ext = path.rpartition(".")
    if not dot or "/" in ext:
        return f"{path}.{digest}"
    return f"{stem}.{digest}.{ext}"


def make_asset(body: bytes, suffix: str, *, immutable: bool) -> Asset:
    compress = suffix in TEXT_TYPES and len(body) >= MIN_COMPRESS_BYTES
    gz = br = None
    if compress:
        gz = gzip.compress(body, compresslevel=9, mtime=0)
        br = brotli.compress(body, quality=BROTLI_QUALITY)
        gz = gz if len(gz) < len(body) else None
        br = br if len(br) < len(body) else None
    content_type = CONTENT_TYPES.get(suffix) or mimetypes.guess_type(f"x{suffix}")[0] or "application/octet-stream"
    return Asset(body, gz, br, content_type, digest_of(body), immutable)


@functools.lru_cache(maxsize=4)
def compressed_once(body: bytes, suffix: str) -> Asset:
    """A generated body that rarely changes (the games' catalogue), compressed the first time
    it is served and kept while it stays the same."""
    return make_asset(body, suffix, immutable=False)


def static_imports(source: str) -> list[str]:
    return _STATIC_IMPORT.findall(source)


def resolve(base: str, relative: str) -> str | None:
    """A module's specifier against the module's path under /static/ (None: not one of ours)."""
    if relative.startswith(STATIC_PREFIX):
        return relative[len(STATIC_PREFIX) :]
    if relative.startswith(("./", "../")):
        joined = posixpath.normpath(posixpath.join(posixpath.dirname(base), relative))
        return None if joined.startswith("..") else joined
    return None


class StaticAssets:
    """Every file under a web root, by its path under /static/ (plain and hashed), and the page."""

    def __init__(
        self, root: pathlib.Path, page: str = "index.html", fetches: tuple[str, ...] = (), bundle: bool = True
    ) -> None:
        sources = {
            path.relative_to(root).as_posix(): path.read_bytes()
            for path in sorted(root.rglob("*"))
            if path.is_file() and not any(part.startswith(".") for part in path.relative_to(root).parts)
        }
        worker_source = sources.pop(SERVICE_WORKER, None)
        self._catalogue: str | None = None
        if (root / "games").is_dir():
            # What the client needs of every game before its module loads, gathered from the
            # game folders (gateway/web_catalogue.py).
            sources.update(web_catalogue.gathered_files(root))
            self._catalogue = sources[web_catalogue.CATALOGUE].decode("utf-8").replace("</", "<\\/")
        # The bundle's files beside the sources (bundle/...): served, hashed and mapped like them.
        bundled = client_bundle.bundled({r: b for r, b in sources.items() if r.endswith(".js")}) if bundle else {}
        sources.update(bundled)
        self.bundled = bool(bundled)
        self.named_files: dict[str, list[str]] = {}  # module → the files it names beside itself
        # Files other than modules first: a module's served text names their hashed URLs.
        digests = {rel: digest_of(body) for rel, body in sources.items() if not rel.endswith(".js")}
        bodies = dict(sources)
        for rel, body in sources.items():
            if rel.endswith(".js"):
                bodies[rel] = self._rewrite_module(rel, body, digests)
                digests[rel] = digest_of(bodies[rel])
        self.hashed: dict[str, str] = {rel: hashed_name(rel, digests[rel]) for rel in sources}
        self.files: dict[str, Asset] = {}
        for rel, body in bodies.items():
            if rel == page:
                continue
            suffix = pathlib.PurePosixPath(rel).suffix
            plain = make_asset(body, suffix, immutable=False)
            self.files[rel] = plain
            self.files[self.hashed[rel]] = Asset(
                plain.body, plain.gzip, plain.br, plain.content_type, plain.digest, immutable=True
            )
        self.modules = {rel: body.decode("utf-8") for rel, body in bodies.items() if rel.endswith(".js")}
        self.imports = {
            rel: [t for t in (resolve(rel, spec) for spec in static_imports(text)) if t in self.modules]
            for rel, text in self.modules.items()
        }
        # A module's bundled twin (the page's entry, a game's drawing), when there is a bundle.
        self.twins = {
            rel: f"{client_bundle.BUNDLE_DIR}/{rel}"
            for rel in self.modules
            if f"{client_bundle.BUNDLE_DIR}/{rel}" in self.modules
        }
        self._source, self._fetches = sources[page].decode("utf-8"), fetches
        html, self.script_hashes = self._page(self._source, fetches)
        self.page = make_asset(html.encode("utf-8"), ".html", immutable=False)
        self.games = {rel.split("/")[1] for rel in self.modules if re.fullmatch(r"games/[^/]+/draw\.js", rel)}
        self._game_pages: dict[tuple[str, bool], Asset] = {}
        self.shell = self._shell(html)
        self.service_worker = (
            None if worker_source is None else make_asset(self._worker(worker_source), ".js", immutable=False)
        )

    def _shell(self, page_html: str) -> list[str]:
        """The URLs the service worker keeps: the start page and everything it loads at once
        (its hashed modules and stylesheets, as the page names them), the strings of every
        language, the manifest and its icons."""
        named = re.findall(r"""(?:src|href)="(/static/[^"]+)\"""", page_html)
        plain = [STATIC_PREFIX + rel for rel in sorted(self.hashed) if _SHELL_PLAIN.fullmatch(rel)]
        # Once each: the Cache API refuses a list that names a request twice.
        return list(dict.fromkeys(["/", *named, *plain]))

    def _worker(self, source: bytes) -> bytes:
        version = digest_of("\n".join(self.shell).encode() + self.page.digest.encode())
        shell = json.dumps({"version": version, "urls": self.shell}, separators=(",", ":"))
        text, count = _SHELL_LINE.subn(lambda _: f"const SHELL = {shell};", source.decode("utf-8"), count=1)
        if count != 1:
            raise ValueError(f"{SERVICE_WORKER} has no `const SHELL = {{...}};` line to write the shell into")
        return text.encode("utf-8")

    def page_for(self, game: str | None, module: bool = False) -> Asset:
        """The page for a game's pages: its strings preloaded too, and with `module` (a room, a
        replay) its module's graph and the stylesheets those modules name. Each is made the
        first time it is asked for and kept."""
        if game not in self.games:
            return self.page
        key = (game, module)
        if key not in self._game_pages:
            html, _ = self._page(self._source, self._fetches, game=game, module=module)
            self._game_pages[key] = make_asset(html.encode("utf-8"), ".html", immutable=False)
        return self._game_pages[key]

    def _rewrite_module(self, rel: str, body: bytes, digests: dict[str, str]) -> bytes:
        text = body.decode("utf-8")

        def hashed(match: re.Match[str]) -> str:
            target = resolve(rel, match.group(2))
            if target is None or target not in digests:
                return match.group(0)
            self.named_files.setdefault(rel, []).append(target)
            name = posixpath.basename(hashed_name(target, digests[target]))
            relative = posixpath.join(posixpath.dirname(match.group(2)), name)
            quote = match.group(1)
            return f"new URL({quote}{relative}{quote}, import.meta.url)"

        return _META_URL.sub(hashed, text).encode("utf-8")

    def url(self, rel: str) -> str:
        return STATIC_PREFIX + self.hashed[rel]

    def module_graph(self, entries: list[str]) -> list[str]:
        """Every module reachable from `entries` through static imports, entries first."""
        seen: list[str] = []
        todo = [e for e in entries if e in self.modules]
        while todo:
            rel = todo.pop(0)
            if rel in seen:
                continue
            seen.append(rel)
            todo += [target for target in self.imports[rel] if target not in seen]
        return seen

    def _page(
        self, html: str, fetches: tuple[str, ...], game: str | None = None, module: bool = False
    ) -> tuple[str, list[str]]:
        """The page with hashed URLs, an import map of every module and preloads of its graph;
        `fetches` (what the client fetches first, once its modules run) preloaded beside them,
        and with a `game`, what the client loads for it."""
        sources = [m[len(STATIC_PREFIX) :] for m in _MODULE_SCRIPT.findall(html)]
        entries = [self.twins.get(m, m) for m in sources]
        for source, entry in zip(sources, entries, strict=True):
            html = html.replace(f'src="{STATIC_PREFIX}{source}"', f'src="{STATIC_PREFIX}{entry}"')
        html = _OLD_PRELOAD.sub("", html)
        graph = self.module_graph(entries)
        styles: list[str] = []
        if game is not None:
            strings = f"games/{game}/i18n.json"
            if strings in self.files:
                fetches = (*fetches, STATIC_PREFIX + strings)
        if game is not None and module:
            drawing = f"games/{game}/draw.js"
            game_graph = [m for m in self.module_graph([self.twins.get(drawing, drawing)]) if m not in graph]
            graph += game_graph
            styles = [f for m in game_graph for f in self.named_files.get(m, []) if f.endswith(".css")]
        # A module with a bundled twin (a game's drawing, loaded by its URL) is sent to the twin.
        import_map = json.dumps(
            {"imports": {STATIC_PREFIX + rel: self.url(self.twins.get(rel, rel)) for rel in sorted(self.modules)}},
            separators=(",", ":"),
        )
        script_hash = "sha256-" + base64.b64encode(hashlib.sha256(import_map.encode("utf-8")).digest()).decode()
        head = [f'<link rel="preload" href="{url}" as="fetch" crossorigin>' for url in fetches]
        head.append(f'<script type="importmap">{import_map}</script>')
        head += [f'<link rel="modulepreload" href="{self.url(rel)}">' for rel in graph if rel not in entries]
        head += [f'<link rel="preload" href="{self.url(rel)}" as="style">' for rel in dict.fromkeys(styles)]
        if not module and self._catalogue is not None:
            # The pages that show games' tiles (the start page, a game's create form and rules)
            # carry the games' catalogue: no request more. A room's page does without; the
            # client fetches it where it needs it there (js/games.js).
            head.append(f'<script type="application/json" id="{CATALOGUE_ID}">{self._catalogue}</script>')

        def hashed(match: re.Match[str]) -> str:
            rel = match.group(2)[len(STATIC_PREFIX) :]
            return match.group(1) + (self.url(rel) if rel in self.hashed else match.group(2)) + match.group(3)

        html = _PAGE_REF.sub(hashed, html)
        first = _FIRST_FETCH.search(html)
        at = first.start() if first else html.index("</head>")
        indent = html[:at].rsplit("\n", 1)[-1]
        html = html[:at] + f"\n{indent}".join(head) + f"\n{indent}" + html[at:]
        return html, [script_hash]


@functools.cache
def load(root: pathlib.Path, fetches: tuple[str, ...] = ()) -> StaticAssets:
    """The assets of a web root, built once per process (every app of a test run shares them)."""
    return StaticAssets(root, fetches=fetches, bundle=client_bundle.wanted())
