"""A game is its folder in the web client (gateway/web/games/<id>/): its name and pitch in every
language, its gallery drawing and, where it has one, its own tutorial live there, and the
server gathers them for the pages that need them before the game's module loads
(gateway/web_catalogue.py): nothing about one title is listed anywhere else in the client."""

from __future__ import annotations

import json
import re
from pathlib import Path

from svc_boards.registry import REGISTRY as BOARDS
from svc_cards.registry import REGISTRY as CARDS
from svc_dice.registry import REGISTRY as DICE
from svc_words.registry import REGISTRY as WORDS

from gateway import static_assets, web_catalogue

WEB = Path(__file__).resolve().parents[2] / "gateway" / "web"
TITLES = [game_id for registry in (CARDS, BOARDS, DICE, WORDS) for game_id in registry.ids()]


def kit_shapes() -> set[str]:
    """The shape names js/gallery_art.js draws (the keys of its SHAPES table)."""
    source = (WEB / "js" / "gallery_art.js").read_text(encoding="utf-8")
    table = source.split("const SHAPES = {", 1)[1].split("\n};", 1)[0]
    return set(re.findall(r"^  (\w+): \(", table, re.MULTILINE))


def shape_names(shapes: list) -> list[str]:
    """Every shape's name in a declaration, the shapes inside others (el, shift) too."""
    names = []
    for shape in shapes:
        names.append(shape[0])
        if shape[0] == "el":
            names += shape_names(shape[3:])
        elif shape[0] == "shift":
            names += shape_names(shape[2:])
    return names


def test_every_title_is_a_folder_the_catalogue_finds() -> None:
    assert set(TITLES) <= set(web_catalogue.game_ids(WEB))


def test_names_and_pitches_live_in_the_game_folders_only() -> None:
    for lang in web_catalogue.LANGUAGES:
        shared = json.loads((WEB / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
        assert not [key for key in shared if key.split(".")[0] in web_catalogue.GALLERY_KEYS], lang
        served = web_catalogue.ui_catalogue(WEB, lang)
        for game in TITLES:
            own = web_catalogue.game_strings(WEB, game)[lang]
            assert served[f"game.{game}"] == own[f"game.{game}"], (lang, game)
            assert served[f"pitch.{game}"] == own[f"pitch.{game}"], (lang, game)


def test_every_title_declares_its_drawing_with_the_kits_shapes() -> None:
    known = kit_shapes()
    assert {"rect", "circle", "fan", "die", "checkerboard", "tiles", "el"} <= known, known
    for game in TITLES:
        shapes = json.loads((WEB / "games" / game / "art.json").read_text(encoding="utf-8"))
        assert isinstance(shapes, list) and shapes, game
        unknown = set(shape_names(shapes)) - known
        assert not unknown, (game, unknown)


def test_the_served_catalogue_gathers_every_folder_and_the_gallerys_pages_carry_it() -> None:
    assets = static_assets.StaticAssets(WEB)
    served = json.loads(assets.files[web_catalogue.CATALOGUE].body)
    for game in TITLES:
        art = json.loads((WEB / "games" / game / "art.json").read_text(encoding="utf-8"))
        assert served[game]["art"] == art, game
        assert served[game].get("tutorial", False) == (WEB / "games" / game / "tutorial.js").is_file(), game
    assert served["dominoes"]["tutorial"] is True
    english = json.loads(assets.files["i18n/en.json"].body)
    assert english["game.chess"] == "Chess" and english["pitch.rummy"]

    # The pages that show games' tiles carry it; a room's page does without (no bytes for it).
    carried = f'<script type="application/json" id="{static_assets.CATALOGUE_ID}">'
    for page in (assets.page, assets.page_for("rummy")):
        html = page.body.decode("utf-8")
        assert carried in html
        text = html.split(carried, 1)[1].split("</script>", 1)[0]
        assert "</" not in text and json.loads(text) == served
    assert carried not in assets.page_for("rummy", module=True).body.decode("utf-8")
