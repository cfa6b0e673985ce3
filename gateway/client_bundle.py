"""The web client's modules bundled by esbuild at start-up, so a phone fetches a few files, not forty.

Over HTTP/1.1 a browser opens six connections to a host; forty-odd modules then queue on them,
a round trip each, and on a slow mobile network that is most of a page's wait. esbuild (a single
binary from the npm registry, `npm ci` puts it in `node_modules/`) turns the start page's module
graph and each game's drawing into one file each, with the modules they share split into common
chunks, so every module still runs once however the page reaches it.

The sources are bundled as they are on disk (no build step to forget), with one rewrite first:
a file a module names beside itself (`new URL("./style.css", import.meta.url)`) is named by its
absolute URL, since the bundled code no longer sits beside it. Game modules are loaded by their
absolute URL (`/static/games/<id>/draw.js`), left for the page's import map to send to the
bundled twin.

Without esbuild (or with GAMEROOM_BUNDLE=0) the gateway serves the modules one by one, as
before: the page works the same, only with more round trips.
"""

from __future__ import annotations

import logging
import os
import pathlib
import posixpath
import re
import subprocess
import tempfile

log = logging.getLogger(__name__)

REPO = pathlib.Path(__file__).resolve().parent.parent
BUNDLE_DIR = "bundle"  # the bundled files' folder under /static/
# The start page's entry, every game's drawing and own tutorial (loaded by URL); the rest is reached from them.
ENTRY_PATTERNS = ("js/app.js", "games/*/draw.js", "games/*/tutorial.js")
_META_URL = re.compile(r"""new URL\(\s*(["'])(\.{1,2}/[^"'\n]+)\1\s*,\s*import\.meta\.url\s*\)""")
TIMEOUT_S = 60


def esbuild_binary() -> pathlib.Path | None:
    """GAMEROOM_ESBUILD, else the platform binary `npm ci` installed beside the repository."""
    named = os.environ.get("GAMEROOM_ESBUILD", "")
    if named:
        path = pathlib.Path(named)
        return path if path.is_file() else None
    found = sorted(REPO.glob("node_modules/@esbuild/*/bin/esbuild"))
    return found[0] if found else None


def wanted() -> bool:
    return os.environ.get("GAMEROOM_BUNDLE", "1") not in ("0", "")


def absolute_urls(rel: str, source: str) -> str:
    """`new URL("./style.css", import.meta.url)` in `games/x/draw.js` → `new URL("/static/games/x/style.css", ...)`."""

    def absolute(match: re.Match[str]) -> str:
        joined = posixpath.normpath(posixpath.join(posixpath.dirname(rel), match.group(2)))
        return f"new URL({match.group(1)}/static/{joined}{match.group(1)}, import.meta.url)"

    return _META_URL.sub(absolute, source)


def bundle(modules: dict[str, bytes], esbuild: pathlib.Path) -> dict[str, bytes]:
    """The bundled files by their path under /static/ (`bundle/js/app.js`, `bundle/games/<id>/draw.js`,
    `bundle/chunks/...`), from the client's modules by their path under /static/."""
    with tempfile.TemporaryDirectory(prefix="gameroom-bundle-") as tmp:
        src, out = pathlib.Path(tmp, "src"), pathlib.Path(tmp, "out")
        for rel, body in modules.items():
            target = src / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(absolute_urls(rel, body.decode("utf-8")), encoding="utf-8")
        entries = sorted(str(p.relative_to(src)) for pattern in ENTRY_PATTERNS for p in src.glob(pattern))
        subprocess.run(
            [
                str(esbuild),
                *entries,
                "--bundle",
                "--splitting",
                "--format=esm",
                "--target=es2020",
                f"--outdir={out}",
                "--outbase=.",
                "--entry-names=[dir]/[name]",
                "--chunk-names=chunks/[name]-[hash]",
                # Game modules by URL: the import map sends them to their bundled twins.
                "--external:/static/*",
                "--log-level=error",
                "--charset=utf8",
            ],
            cwd=src,
            check=True,
            capture_output=True,
            timeout=TIMEOUT_S,
        )
        return {f"{BUNDLE_DIR}/{p.relative_to(out).as_posix()}": p.read_bytes() for p in out.rglob("*.js")}


def bundled(modules: dict[str, bytes]) -> dict[str, bytes]:
    """The bundle, or nothing when esbuild is missing, not wanted or fails (the modules are then
    served one by one)."""
    if not wanted():
        return {}
    esbuild = esbuild_binary()
    if esbuild is None:
        log.info("esbuild not found (npm ci installs it): the web client's modules are served unbundled")
        return {}
    try:
        return bundle(modules, esbuild)
    except (OSError, subprocess.SubprocessError) as failure:
        detail = getattr(failure, "stderr", b"") or b""
        log.warning("bundling the web client failed, serving its modules unbundled: %s %s", failure, detail[-2000:])
        return {}
