"""The documentation holds together in a fresh clone: every relative link in the README, the
contributing guide, docs/ and deploy/README.md names a file of this repository (and, with an
anchor, a heading of that file), no link leaves the repository, the README stays short, speaks
of the project only, and its games table matches the families' registries."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
import unicodedata
from pathlib import Path
from urllib.parse import unquote

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = sorted(
    {
        ROOT / "README.md",
        ROOT / "CONTRIBUTING.md",
        ROOT / "deploy" / "README.md",
        ROOT / "gateway" / "web" / "README.md",
    }
    | set((ROOT / "docs").rglob("*.md"))
)

FENCE = re.compile(r"^(```|~~~).*?^\1[ \t]*$", re.MULTILINE | re.DOTALL)
CODE_SPAN = re.compile(r"(`+)(?!`).+?(?<!`)\1(?!`)", re.DOTALL)
# [text](target "title"), ![alt](target); the target may sit in <…>.
INLINE = re.compile(
    r"""!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*(<[^>]*>|[^)\s]+)(?:\s+(?:"[^"]*"|'[^']*'|\([^)]*\)))?\s*\)"""
)
REFERENCE = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)", re.MULTILINE)
HTML = re.compile(r"""<(?:a|img|source)\b[^>]*?\b(?:href|src)\s*=\s*["']([^"']+)["']""", re.IGNORECASE)
SCHEME = re.compile(r"^[a-z][a-z0-9+.-]*:", re.IGNORECASE)
HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$", re.MULTILINE)
# Words that tell of how the work went rather than of the project.
NARRATIVE = re.compile(r"\b(issues?|stops?|sessions?)\b", re.IGNORECASE)


def prose(text: str) -> str:
    """The text without fenced code blocks and code spans: what a reader sees as links."""
    return CODE_SPAN.sub("", FENCE.sub("", text))


def links(text: str) -> list[str]:
    text = prose(text)
    found = [match.group(1) for pattern in (INLINE, REFERENCE, HTML) for match in pattern.finditer(text)]
    return [target[1:-1] if target.startswith("<") else target for target in found]


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: links and code marks dropped, lower case, punctuation
    gone, spaces to hyphens."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading).replace("`", "")
    text = re.sub(r"<[^>]+>", "", text).strip().lower()
    kept = "".join(c for c in text if c in " -_" or unicodedata.category(c)[0] in "LN")
    return kept.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    seen: dict[str, int] = {}
    result = set()
    for match in HEADING.finditer(FENCE.sub("", path.read_text(encoding="utf-8"))):
        base = slug(match.group(2))
        count = seen.get(base, 0)
        seen[base] = count + 1
        result.add(base if count == 0 else f"{base}-{count}")
    result.update(re.findall(r"""<a\s+(?:name|id)=["']([^"']+)["']""", path.read_text(encoding="utf-8")))
    return result


def broken_links(path: Path, text: str | None = None) -> list[str]:
    """Every link of `path` (or of `text`, read as if it stood at `path`) that does not resolve
    inside the repository, with the reason."""
    problems = []
    for target in links(path.read_text(encoding="utf-8") if text is None else text):
        if SCHEME.match(target) or target.startswith("//"):
            continue  # a web address (or mailto:): not a file of ours
        if "shared/" in target:
            problems.append(f"{target}: names a folder outside the repository")
            continue
        location, _, anchor = target.partition("#")
        if location.startswith("/"):
            problems.append(f"{target}: an absolute path, dead in a clone")
            continue
        resolved = (path.parent / unquote(location)).resolve() if location else path
        if not resolved.is_relative_to(ROOT):
            problems.append(f"{target}: leaves the repository")
        elif not resolved.exists():
            problems.append(f"{target}: no such file")
        elif anchor and resolved.suffix == ".md" and anchor not in anchors(resolved):
            problems.append(f"{target}: {resolved.name} has no heading #{anchor}")
    return problems


def test_the_checker_finds_what_it_must() -> None:
    """The parts the check stands on catch a dead link, one outside, and a missing anchor, and
    leave code alone, so the tests below can fail."""
    text = (
        "[a](docs/design.md) ![b](docs/img/phone.png 'x') [c](../shared/DESIGN.md) <img src=\"x.png\">\n"
        "`[not](a-link.md)`\n```\n[nor](this.md)\n```\n[ref]: CONTRIBUTING.md\n"
    )
    assert links(text) == ["docs/design.md", "docs/img/phone.png", "../shared/DESIGN.md", "CONTRIBUTING.md", "x.png"]
    assert slug("A move's path") == "a-moves-path"
    assert slug("The `play` API & bots") == "the-play-api--bots"
    assert slug("Mensch ärgere dich nicht") == "mensch-ärgere-dich-nicht"


def test_a_broken_link_is_reported() -> None:
    text = (
        "[gone](missing.md) [out](../../elsewhere.md) [abs](/etc/hosts) [shared](../shared/DESIGN.md) "
        "[anchor](design.md#no-such-heading) [good](design.md#the-move-path) [web](https://example.org/x)\n"
    )
    problems = broken_links(ROOT / "docs" / "a-page.md", text)
    assert [problem.split(":")[0] for problem in problems] == [
        "missing.md",
        "../../elsewhere.md",
        "/etc/hosts",
        "../shared/DESIGN.md",
        "design.md#no-such-heading",
    ]


@pytest.mark.parametrize("path", DOCS, ids=lambda path: str(path.relative_to(ROOT)))
def test_every_relative_link_resolves_inside_the_repository(path: Path) -> None:
    assert broken_links(path) == []


def test_no_tracked_file_links_outside_the_repository() -> None:
    """No Markdown file of the project, wherever it lies, points at ../shared."""
    tracked = subprocess.run(
        ["git", "ls-files", "*.md"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    outside = [name for name in tracked if "../shared" in (ROOT / name).read_text(encoding="utf-8")]
    assert outside == []


def test_the_readme_is_short_and_speaks_of_the_project() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) < 300
    assert NARRATIVE.findall(prose(text)) == []


def test_the_readme_games_table_matches_the_registries() -> None:
    spec = importlib.util.spec_from_file_location("games_table", ROOT / "scripts" / "games_table.py")
    assert spec is not None and spec.loader is not None
    games_table = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("games_table", games_table)
    spec.loader.exec_module(games_table)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert games_table.readme_table(readme) == games_table.table(), "run scripts/games_table.py --write"


def test_the_readme_gives_a_reason_for_every_dependency() -> None:
    """Each Python dependency (pyproject.toml, the test extra included), each npm package
    (package.json) and each Debian package scripts/bootstrap.sh installs is named in bold in the
    README's "Dependencies and why"."""
    import json
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    specs = project["dependencies"] + [spec for extra in project["optional-dependencies"].values() for spec in extra]
    python = {re.split(r"[\s\[<>=!~;]", spec, maxsplit=1)[0].lower() for spec in specs}
    debian = set(
        re.findall(r"need_apt\+=\(([\w.-]+)\)", (ROOT / "scripts" / "bootstrap.sh").read_text(encoding="utf-8"))
    )
    package = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))
    npm = {name.lower() for key in ("dependencies", "devDependencies") for name in package.get(key, {})}
    assert len(python) > 20 and {"chromium", "stockfish", "gnubg"} <= debian and "esbuild" in npm
    section = (
        (ROOT / "README.md").read_text(encoding="utf-8").split("## Dependencies and why", 1)[1].split("\n## ", 1)[0]
    )
    named = {
        name.lower() for bold in re.findall(r"\*\*([^*]+)\*\*", section) for name in re.split(r",\s*|\s+and\s+", bold)
    }
    assert sorted((python | npm | debian) - named) == []
