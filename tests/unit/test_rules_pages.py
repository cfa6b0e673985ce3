"""Rules pages rendered by markdown-it-py: headings at the level asked, lists, tables with
alignment classes, raw HTML shown as text, only safe links; every game's rules in every
language render."""

from __future__ import annotations

import pathlib

import pytest

from gateway import rules_pages
from gateway.app import WEB_ROOT
from rulekit import Refusal

GAMES = WEB_ROOT / "games"
SAMPLE = """# Chess

## Setting up

Each player has **sixteen** pieces and _moves_ in turn; `O-O` castles.

- King
  - moves one square
- Queen

1. White moves first.
2. Then Black.

| Piece | Value |
| :---- | ----: |
| Queen | 9 |

> A quoted note.

---
"""


def test_headings_lists_and_tables() -> None:
    html = rules_pages.render(SAMPLE, section_level=2)
    assert "Chess" not in html  # the page's own heading names the game
    assert "<h2>Setting up</h2>" in html
    assert "<ul>\n<li>King\n<ul>\n<li>moves one square</li>\n</ul>\n</li>\n<li>Queen</li>\n</ul>" in html
    assert "<ol>\n<li>White moves first.</li>\n<li>Then Black.</li>\n</ol>" in html
    assert '<div class="table-wrap"><table>' in html and "</table></div>" in html
    assert '<th class="align-left" scope="col">Piece</th>' in html
    assert '<td class="align-right">9</td>' in html
    assert "style=" not in html  # the Content-Security-Policy allows no inline styles
    assert "<strong>sixteen</strong>" in html and "<em>moves</em>" in html and "<code>O-O</code>" in html
    assert "<blockquote>\n<p>A quoted note.</p>\n</blockquote>" in html and "<hr>" in html


def test_a_dialog_takes_its_sections_one_level_down() -> None:
    html = rules_pages.render(SAMPLE, section_level=3)
    assert "<h3>Setting up</h3>" in html and "<h2>" not in html


def test_raw_html_is_shown_as_text() -> None:
    html = rules_pages.render('Hello <script>alert("x")</script> <img src=x onerror=alert(1)>\n\n<div>block</div>\n')
    assert "<script" not in html and "<img" not in html and "<div>" not in html
    assert "&lt;script&gt;" in html and "&lt;img src=x onerror=alert(1)&gt;" in html and "&lt;div&gt;block" in html


@pytest.mark.parametrize(
    ("link", "linked"),
    [
        ("https://example.org/rules", True),
        ("/games/chess/rules", True),
        ("#setting-up", True),
        ("javascript:alert(1)", False),
        ("JaVaScRiPt:alert(1)", False),
        ("data:text/html,<b>x</b>", False),
        ("//elsewhere.example/x", False),
        ("vbscript:x", False),
    ],
)
def test_only_safe_links_become_links(link: str, linked: bool) -> None:
    html = rules_pages.render(f"See [the text]({link}).")
    assert ("<a " in html) is linked, html
    if linked:
        assert 'target="_blank" rel="noopener"' in html


def test_images_are_not_drawn() -> None:
    assert "<img" not in rules_pages.render("![board](/static/board.png)")


def test_every_game_renders_in_every_language() -> None:
    games = sorted(p.parent.name for p in GAMES.glob("*/rules.en.md"))
    assert len(games) >= 30
    for game in games:
        for lang in rules_pages.LANGUAGES:
            page = rules_pages.rules_page(GAMES, game, lang, 2)
            html = page.html.decode()
            assert "<h2>" in html and "<h1>" not in html, (game, lang)
            assert "<script" not in html and "style=" not in html, (game, lang)
            assert page.lang == (lang if (GAMES / game / f"rules.{lang}.md").exists() else "en")


def test_a_missing_language_falls_back_to_english(tmp_path: pathlib.Path) -> None:
    (tmp_path / "solo").mkdir()
    (tmp_path / "solo" / "rules.en.md").write_text("## Only English\n", encoding="utf-8")
    page = rules_pages.rules_page(tmp_path, "solo", "sv", 2)
    assert page.lang == "en" and page.html == b"<h2>Only English</h2>\n"


@pytest.mark.parametrize(
    ("game", "lang", "level", "code"),
    [
        ("chess", "fr", 2, "bad_request"),
        ("chess", "", 2, "bad_request"),
        ("chess", "en", 1, "bad_request"),
        ("chess", "en", 7, "bad_request"),
        ("no-such-game", "en", 2, "unknown_game"),
        ("../games", "en", 2, "unknown_game"),
        ("chess/../chess", "en", 2, "unknown_game"),
        ("Chess", "en", 2, "unknown_game"),
        ("x" * 41, "en", 2, "unknown_game"),
    ],
)
def test_bad_input_is_refused_with_a_stable_code(game: str, lang: str, level: int, code: str) -> None:
    with pytest.raises(Refusal) as refused:
        rules_pages.rules_page(GAMES, game, lang, level)
    assert refused.value.code == code
