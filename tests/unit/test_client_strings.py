"""The web client's strings: every language has every key, every refusal code a message, and
every game's settings a label (and a rules page) in German, English, Spanish and Swedish."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from svc_boards.registry import REGISTRY as BOARDS
from svc_cards.registry import REGISTRY as CARDS
from svc_dice.registry import REGISTRY as DICE
from svc_words.registry import REGISTRY as WORDS

from rulekit import CODES

WEB = Path(__file__).resolve().parents[2] / "gateway" / "web"
LANGUAGES = ("de", "en", "es", "sv")
ENGINES = [engine for registry in (BOARDS, CARDS, DICE, WORDS) for engine in registry]


def common(lang: str) -> dict[str, object]:
    return json.loads((WEB / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))


def game_strings(game: str) -> dict[str, dict[str, object]]:
    return json.loads((WEB / "games" / game / "i18n.json").read_text(encoding="utf-8"))


def test_every_language_has_every_common_key() -> None:
    keys = {lang: set(common(lang)) for lang in LANGUAGES}
    for lang in LANGUAGES:
        assert keys[lang] == keys["en"], (lang, sorted(keys[lang] ^ keys["en"])[:10])


def test_every_refusal_code_has_a_message_in_every_language() -> None:
    for lang in LANGUAGES:
        missing = sorted(code for code in CODES if f"refusal.{code}" not in common(lang))
        assert not missing, (lang, missing)


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.meta.id)
def test_every_game_speaks_every_language(engine) -> None:  # type: ignore[no-untyped-def]
    game = engine.meta.id
    strings = game_strings(game)
    assert set(strings) == set(LANGUAGES)
    for lang in LANGUAGES:
        assert set(strings[lang]) == set(strings["en"]), (
            game,
            lang,
            sorted(set(strings[lang]) ^ set(strings["en"]))[:10],
        )
        assert (WEB / "games" / game / f"rules.{lang}.md").is_file()
        known = {**common(lang), **strings[lang]}
        for option in engine.meta.options:
            assert option.label in known or f"option.{option.key}" in known, (game, lang, option.label)
