"""What the web client needs of every game before that game's own module loads, gathered from
the game folders at start-up: a game is its folder, `gateway/web/games/<id>/`.

- Its name and one-line pitch in every language (`game.<id>` and `pitch.<id>` in the folder's
  `i18n.json`) are merged into the served UI catalogues `i18n/<lang>.json`: the start page,
  the menus and the lists of rooms name every game, and those catalogues are fetched first
  anyway, so this costs no request.
- Its gallery drawing (`art.json`, shapes the gallery's drawing kit draws: js/gallery_art.js)
  and whether it has a tutorial of its own (`tutorial.js`) go into one generated file,
  `games/catalogue.json`, which the page preloads beside the games' list.

Everything else of a game (its other strings, rules, drawing module) stays in its folder and
loads with the game.
"""

from __future__ import annotations

import json
import pathlib
from typing import Any

LANGUAGES = ("de", "en", "es", "sv")
# The per-game keys the client needs before a game's catalogue is loaded.
GALLERY_KEYS = ("game", "pitch")
CATALOGUE = "games/catalogue.json"


def game_ids(root: pathlib.Path) -> list[str]:
    """Every game folder under the web root (one holding its strings), sorted."""
    return sorted(path.parent.name for path in (root / "games").glob("*/i18n.json"))


def game_strings(root: pathlib.Path, game: str) -> dict[str, dict[str, Any]]:
    return json.loads((root / "games" / game / "i18n.json").read_text(encoding="utf-8"))


def game_titles(root: pathlib.Path) -> dict[str, dict[str, str]]:
    """Every game's name by language (game -> language -> name), as the lobby's push notices
    say it."""
    titles: dict[str, dict[str, str]] = {}
    for game in game_ids(root):
        strings = game_strings(root, game)
        titles[game] = {
            lang: strings[lang][f"game.{game}"] for lang in LANGUAGES if f"game.{game}" in strings.get(lang, {})
        }
    return titles


def gallery_strings(root: pathlib.Path, lang: str) -> dict[str, Any]:
    """The name and pitch of every game in `lang`, from the game folders."""
    gathered: dict[str, Any] = {}
    for game in game_ids(root):
        strings = game_strings(root, game).get(lang, {})
        for prefix in GALLERY_KEYS:
            key = f"{prefix}.{game}"
            if key in strings:
                gathered[key] = strings[key]
    return gathered


def ui_catalogue(root: pathlib.Path, lang: str) -> dict[str, Any]:
    """The UI catalogue of `lang` as it is served: its file and every game's name and pitch."""
    own = json.loads((root / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
    return {**own, **gallery_strings(root, lang)}


def catalogue(root: pathlib.Path) -> dict[str, dict[str, Any]]:
    """Per game: its gallery drawing (`art`, absent where the family's drawing serves) and
    `tutorial` where it has a tutorial of its own."""
    out: dict[str, dict[str, Any]] = {}
    for game in game_ids(root):
        folder = root / "games" / game
        entry: dict[str, Any] = {}
        if (folder / "art.json").is_file():
            entry["art"] = json.loads((folder / "art.json").read_text(encoding="utf-8"))
        if (folder / "tutorial.js").is_file():
            entry["tutorial"] = True
        out[game] = entry
    return out


def _json(data: Any) -> bytes:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def gathered_files(root: pathlib.Path) -> dict[str, bytes]:
    """The files the server serves from what it gathered, by their path under the web root:
    each UI catalogue with the games' names and pitches, and the games' catalogue."""
    files = {
        f"i18n/{lang}.json": _json(ui_catalogue(root, lang))
        for lang in LANGUAGES
        if (root / "i18n" / f"{lang}.json").is_file()
    }
    files[CATALOGUE] = _json(catalogue(root))
    return files
