"""The tutorials' strings: every "tutorial.…" key their scripts name exists in every language,
and every step of every tutorial has its text and its hint (a step's wrong action falls back
to `tutorial.<name>.<step>.hint`); dominoes quotes its own six-step introduction.

A family's tutorial (js/tutorials/<family>.js) speaks from the UI catalogues; a game's own
(games/<id>/tutorial.js) from its folder's catalogue first, then the UI's, as js/tutorial.js
looks them up."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[2] / "gateway" / "web"
FAMILY_SCRIPTS = sorted(p for p in (WEB / "js" / "tutorials").glob("*.js") if p.stem != "kit")
GAME_SCRIPTS = sorted((WEB / "games").glob("*/tutorial.js"))
SHARED_SCRIPTS = [WEB / "js" / "tutorial.js", WEB / "js" / "tutorials" / "kit.js"]
LANGUAGES = ("de", "en", "es", "sv")
STEP_KEY = re.compile(r'\bkey: "([a-z_]+)"')


def catalogue(lang: str, script: Path | None = None) -> dict[str, object]:
    """What a script's keys are looked up in: a game's tutorial its own catalogue first."""
    strings = json.loads((WEB / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
    if script is not None and script in GAME_SCRIPTS:
        game = json.loads((script.parent / "i18n.json").read_text(encoding="utf-8"))
        strings = {**strings, **game[lang]}
    return strings


def tutorial_name(script: Path) -> str:
    return script.parent.name if script in GAME_SCRIPTS else script.stem


def named_keys(script: Path) -> set[str]:
    return set(re.findall(r'"(tutorial\.[a-z_.]+[a-z_])"', script.read_text(encoding="utf-8")))


def tutorials() -> list[Path]:
    return [*FAMILY_SCRIPTS, *GAME_SCRIPTS]


def test_the_scripts_name_keys_at_all() -> None:
    assert len(set().union(*(named_keys(p) for p in [*SHARED_SCRIPTS, *tutorials()]))) > 40
    assert {tutorial_name(p) for p in tutorials()} == {"cards", "boards", "dice", "words", "dominoes"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_named_key_is_in_every_language(lang: str) -> None:
    missing = sorted(key for script in SHARED_SCRIPTS for key in named_keys(script) - set(catalogue(lang)))
    for script in tutorials():
        missing += sorted(named_keys(script) - set(catalogue(lang, script)))
    assert not missing, (lang, missing)


@pytest.mark.parametrize("script", tutorials(), ids=tutorial_name)
def test_every_step_has_its_name_text_and_hint_in_every_language(script: Path) -> None:
    steps = STEP_KEY.findall(script.read_text(encoding="utf-8"))
    assert 4 <= len(steps) <= 6, steps
    name = tutorial_name(script)
    for lang in LANGUAGES:
        strings = catalogue(lang, script)
        wanted = [f"tutorial.{name}.name"]
        wanted += [f"tutorial.{name}.{step}{part}" for step in steps for part in ("", ".hint")]
        missing = [key for key in wanted if key not in strings]
        assert not missing, (lang, missing)


def test_a_games_own_tutorial_keeps_its_words_in_its_folder() -> None:
    for script in GAME_SCRIPTS:
        prefix = f"tutorial.{script.parent.name}."
        for lang in LANGUAGES:
            assert not [key for key in catalogue(lang) if key.startswith(prefix)], (script, lang)


def test_dominoes_quotes_its_own_introduction_in_every_language() -> None:
    quoted = re.findall(
        r'quote: "([a-z_.0-9]+)"', (WEB / "games" / "dominoes" / "tutorial.js").read_text(encoding="utf-8")
    )
    assert quoted == [f"intro.step.{n}" for n in range(1, 7)]
    game = json.loads((WEB / "games" / "dominoes" / "i18n.json").read_text(encoding="utf-8"))
    for lang in LANGUAGES:
        assert all(game[lang].get(key) for key in quoted), lang
