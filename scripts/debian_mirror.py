"""The Debian mirror this machine's apt already uses, for debootstrap (scripts/images.sh).

Reads /etc/apt/sources.list and /etc/apt/sources.list.d/*.list (one-line entries) and
/etc/apt/sources.list.d/*.sources (deb822 stanzas), in the order apt reads them, and prints the
first enabled `deb` archive that carries a Debian release (a code name such as `bookworm`, or
`stable`, `testing`, `unstable`) and its `main` component. Security, updates and backports
archives, third-party repositories and other distributions' archives are passed over. Exits 1
with a message when there is none: set GAMEROOM_DEBIAN_MIRROR then.

    python3 scripts/debian_mirror.py [ROOT]    # ROOT: where etc/apt lies, / by default
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

# Debian's release code names and suite aliases; a mirror of the Debian archive carries them.
DEBIAN_SUITES = frozenset(
    (  # noqa: SIM905 (one line of names reads better than 26)
        "buzz rex bo hamm slink potato woody sarge etch lenny squeeze wheezy jessie stretch buster bullseye "
        "bookworm trixie forky duke sid stable testing unstable oldstable oldoldstable"
    ).split()
)
# Where debootstrap can fetch from (not cdrom:, nor apt's mirror+/tor+ transports).
SCHEMES = ("http://", "https://", "ftp://", "file:/")


@dataclass(frozen=True)
class Source:
    types: tuple[str, ...]
    uris: tuple[str, ...]
    suites: tuple[str, ...]
    components: tuple[str, ...]
    enabled: bool = True


def one_line_sources(text: str) -> list[Source]:
    """The entries of a sources.list file: `deb [options] URI suite [component ...]`."""
    found = []
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        kind, _, rest = line.replace("\t", " ").partition(" ")
        rest = rest.strip()
        if rest.startswith("["):  # [arch=amd64 signed-by=...]
            rest = rest.partition("]")[2].strip()
        words = rest.split()
        if len(words) >= 2:
            found.append(Source((kind,), (words[0],), (words[1],), tuple(words[2:])))
    return found


def deb822_sources(text: str) -> list[Source]:
    """The stanzas of a .sources file (deb822: `Field: value`, continuation lines indented,
    stanzas apart by blank lines)."""
    stanzas: list[dict[str, str]] = []
    fields: dict[str, str] = {}
    name = ""
    for raw in [*text.splitlines(), ""]:
        if raw.startswith("#"):
            continue
        if not raw.strip():
            if fields:
                stanzas.append(fields)
            fields, name = {}, ""
        elif raw[0] in " \t":
            if name:  # a value's next line (an embedded key, say)
                fields[name] += " " + raw.strip()
        else:
            name, _, value = raw.partition(":")
            name = name.strip().lower()
            fields[name] = value.strip()
    return [
        Source(
            tuple(s.get("types", "").split()),
            tuple(s.get("uris", "").split()),
            tuple(s.get("suites", "").split()),
            tuple(s.get("components", "").split()),
            s.get("enabled", "yes").strip().lower() not in ("no", "false", "0"),
        )
        for s in stanzas
    ]


def apt_sources(root: Path = Path("/")) -> list[Source]:
    """Every entry of the apt sources under `root`, in the order apt reads them."""
    apt = root / "etc" / "apt"
    found = []
    main_list = apt / "sources.list"
    if main_list.is_file():
        found += one_line_sources(main_list.read_text(encoding="utf-8", errors="replace"))
    folder = apt / "sources.list.d"
    parts = sorted(folder.iterdir()) if folder.is_dir() else []
    for path in parts:
        if path.suffix == ".list" and path.is_file():
            found += one_line_sources(path.read_text(encoding="utf-8", errors="replace"))
        elif path.suffix == ".sources" and path.is_file():
            found += deb822_sources(path.read_text(encoding="utf-8", errors="replace"))
    return found


def debian_mirror(sources: list[Source]) -> str | None:
    """The first Debian archive among `sources` (without a trailing slash), or None."""
    for source in sources:
        if not source.enabled or "deb" not in source.types or "main" not in source.components:
            continue
        if not any(suite in DEBIAN_SUITES for suite in source.suites):
            continue
        for uri in source.uris:
            if uri.startswith(SCHEMES):
                return uri.rstrip("/")
    return None


def main(argv: list[str]) -> int:
    root = Path(argv[1]) if len(argv) > 1 else Path("/")
    mirror = debian_mirror(apt_sources(root))
    if mirror is None:
        print(
            f"no Debian archive in the apt sources under {root}; set GAMEROOM_DEBIAN_MIRROR",
            file=sys.stderr,
        )
        return 1
    print(mirror)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
