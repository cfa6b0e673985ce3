"""The tutorials' strings: every "tutorial.…" key their scripts name exists in every language,
and every step of every tutorial has its text and its hint (a step's wrong action falls back
to `tutorial.<name>.<step>.hint`); dominoes quotes its own six-step introduction."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[2] / "gateway" / "web"
SCRIPTS = [WEB / "js" / "tutorial.js", *sorted((WEB / "js" / "tutorials").glob("*.js"))]
LANGUAGES = ("de", "en", "es", "sv")
STEP_KEY = re.compile(r'\bkey: "([a-z_]+)"')


def catalogue(lang: str) -> dict[str, object]:
    return json.loads((WEB / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))


def named_keys() -> set[str]:
    return {
        key
        for script in SCRIPTS
        for key in re.findall(r'"(tutorial\.[a-z_.]+[a-z_])"', script.read_text(encoding="utf-8"))
    }


def tutorials() -> list[Path]:
    return [p for p in SCRIPTS if p.parent.name == "tutorials" and p.stem != "kit"]


def test_the_scripts_name_keys_at_all() -> None:
    assert len(named_keys()) > 40, sorted(named_keys())
    assert {p.stem for p in tutorials()} == {"cards", "boards", "dice", "words", "dominoes"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_named_key_is_in_every_language(lang: str) -> None:
    missing = sorted(named_keys() - set(catalogue(lang)))
    assert not missing, (lang, missing)


@pytest.mark.parametrize("script", tutorials(), ids=lambda p: p.stem)
def test_every_step_has_its_name_text_and_hint_in_every_language(script: Path) -> None:
    steps = STEP_KEY.findall(script.read_text(encoding="utf-8"))
    assert 4 <= len(steps) <= 6, steps
    for lang in LANGUAGES:
        strings = catalogue(lang)
        wanted = [f"tutorial.{script.stem}.name"]
        wanted += [f"tutorial.{script.stem}.{step}{part}" for step in steps for part in ("", ".hint")]
        missing = [key for key in wanted if key not in strings]
        assert not missing, (lang, missing)


def test_dominoes_quotes_its_own_introduction_in_every_language() -> None:
    quoted = re.findall(
        r'quote: "([a-z_.0-9]+)"', (WEB / "js" / "tutorials" / "dominoes.js").read_text(encoding="utf-8")
    )
    assert quoted == [f"intro.step.{n}" for n in range(1, 7)]
    game = json.loads((WEB / "games" / "dominoes" / "i18n.json").read_text(encoding="utf-8"))
    for lang in LANGUAGES:
        assert all(game[lang].get(key) for key in quoted), lang
