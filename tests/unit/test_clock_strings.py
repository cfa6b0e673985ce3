"""The move clock's words: the setting and each of its choices, the timed-out event and
chess's time endings in German, English, Spanish and Swedish, and a "Move clock" paragraph
on every game's rules page giving its seconds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from svc_boards.registry import REGISTRY as BOARDS
from svc_cards.registry import REGISTRY as CARDS
from svc_dice.registry import REGISTRY as DICE
from svc_words.registry import REGISTRY as WORDS

WEB = Path(__file__).resolve().parents[2] / "gateway" / "web"
LANGUAGES = ("de", "en", "es", "sv")
ENGINES = [engine for registry in (BOARDS, CARDS, DICE, WORDS) for engine in registry]
HEADINGS = {"de": "## Bedenkzeit", "en": "## Move clock", "es": "## Reloj de jugada", "sv": "## Betänketid"}


def strings(lang: str, game: str) -> dict[str, object]:
    common = json.loads((WEB / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
    own = json.loads((WEB / "games" / game / "i18n.json").read_text(encoding="utf-8"))[lang]
    return {**common, **own}


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.meta.id)
def test_every_clock_choice_has_a_label_in_every_language(engine) -> None:  # type: ignore[no-untyped-def]
    (option,) = [o for o in engine.meta.options if o.key == "move_clock"]
    for lang in LANGUAGES:
        known = strings(lang, engine.meta.id)
        assert option.label in known, (engine.meta.id, lang)
        for choice in option.choices:
            assert f"option.move_clock.{choice}" in known, (engine.meta.id, lang, choice)
        assert "{name}" in str(known["event.timed_out"])


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.meta.id)
def test_every_rules_page_says_what_the_clock_does(engine) -> None:  # type: ignore[no-untyped-def]
    clock = engine.meta.clock.to_json()
    for lang in LANGUAGES:
        page = (WEB / "games" / engine.meta.id / f"rules.{lang}.md").read_text(encoding="utf-8")
        if "fixed" in clock:
            assert f"{clock['fixed']} " in page, (engine.meta.id, lang)
            continue
        section = page[page.index(HEADINGS[lang]) :]
        if clock.get("bank"):
            assert f"{clock['normal'] // 60} min + {clock['increment']['normal']} s" in section
        else:
            for choice in ("relaxed", "normal", "fast"):
                assert f"{clock[choice]} s" in section, (engine.meta.id, lang, choice)


def test_chess_names_its_time_endings() -> None:
    for lang in LANGUAGES:
        known = strings(lang, "chess")
        assert "{name}" in str(known["event.lost_on_time"]) and known["reason.time_draw"]
