"""Rules pages: a game's `rules.<lang>.md` rendered to safe HTML by markdown-it-py.

Raw HTML in a rules file is shown as text, images are not drawn, and only links to the web
(http, https), to this site (/...) or within the page (#...) become links; tables take
classes for their column alignment, because the Content-Security-Policy allows no inline
styles. Each page is rendered once per game, language and heading level, and kept with its
gzip form and ETag.
"""

from __future__ import annotations

import functools
import gzip
import hashlib
import pathlib
import re
from dataclasses import dataclass

from markdown_it import MarkdownIt
from markdown_it.token import Token

from rulekit import Refusal

LANGUAGES = ("de", "en", "es", "sv")
FALLBACK = "en"
# The level of a rules file's "##" sections: 2 under a page's h1, 3 under a dialog's h2.
SECTION_LEVELS = (2, 3)
_GAME_ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
_SAFE_LINK = re.compile(r"(?:https?://|/|#)", re.IGNORECASE)


@dataclass(frozen=True)
class RulesPage:
    lang: str  # the language the text is in (the fallback when the asked one is missing)
    html: bytes
    gzipped: bytes
    etag: str


def _markdown() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False})
    md.enable("table").disable("image")
    md.options["xhtmlOut"] = False
    md.validateLink = lambda url: bool(_SAFE_LINK.match(url)) and not url.startswith("//")
    # A table scrolls inside its own box on a narrow screen rather than widening the page.
    md.add_render_rule("table_open", lambda self, tokens, i, options, env: '<div class="table-wrap"><table>\n')
    md.add_render_rule("table_close", lambda self, tokens, i, options, env: "</table></div>\n")
    return md


_MD = _markdown()


def _adjust(tokens: list[Token], section_level: int) -> list[Token]:
    """Shift headings, drop a leading "# Title" (the page's own heading names the game),
    turn alignment styles into classes, and open links in a new tab."""
    if len(tokens) >= 3 and tokens[0].type == "heading_open" and tokens[0].tag == "h1":
        tokens = tokens[3:]
    shift = section_level - 2
    for token in tokens:
        if token.type in ("heading_open", "heading_close"):
            token.tag = f"h{min(6, int(token.tag[1]) + shift)}"
        elif token.type in ("th_open", "td_open"):
            style = token.attrs.pop("style", None)
            if isinstance(style, str) and style.startswith("text-align:"):
                token.attrSet("class", f"align-{style.removeprefix('text-align:')}")
            if token.type == "th_open":
                token.attrSet("scope", "col")
        elif token.type == "inline" and token.children:
            for child in token.children:
                if child.type == "link_open":
                    child.attrSet("target", "_blank")
                    child.attrSet("rel", "noopener")
    return tokens


def render(source: str, section_level: int = 2) -> str:
    """Markdown text → an HTML fragment (safe to insert as the page's markup)."""
    tokens = _adjust(_MD.parse(source), section_level)
    return _MD.renderer.render(tokens, _MD.options, {})


@functools.lru_cache(maxsize=512)
def rules_page(root: pathlib.Path, game: str, lang: str, section_level: int) -> RulesPage:
    """The rules of `game` under `root`/<game>/rules.<lang>.md, in `lang` or else English.
    Refusal("unknown_game") when the game has no rules, "bad_request" for a language or level
    outside the lists."""
    if lang not in LANGUAGES:
        raise Refusal("bad_request", "unknown language")
    if section_level not in SECTION_LEVELS:
        raise Refusal("bad_request", "unknown heading level")
    if len(game) > 40 or not _GAME_ID.fullmatch(game):
        raise Refusal("unknown_game", "no such game")
    for candidate in (lang, FALLBACK):
        path = root / game / f"rules.{candidate}.md"
        if path.is_file():
            html = render(path.read_text(encoding="utf-8"), section_level).encode()
            etag = '"' + hashlib.sha256(html).hexdigest()[:32] + '"'
            return RulesPage(candidate, html, gzip.compress(html, mtime=0), etag)
    raise Refusal("unknown_game", "no rules for this game")
