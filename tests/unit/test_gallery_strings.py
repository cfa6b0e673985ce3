"""The gallery's pitches: every registered title has a one-line pitch in every language, a
translation rather than the English line left in place, short enough for a phone's tile."""

from __future__ import annotations

from pathlib import Path

import pytest
from svc_boards.registry import REGISTRY as BOARDS
from svc_cards.registry import REGISTRY as CARDS
from svc_dice.registry import REGISTRY as DICE
from svc_words.registry import REGISTRY as WORDS

from gateway.web_catalogue import ui_catalogue

WEB = Path(__file__).resolve().parents[2] / "gateway" / "web"
TITLES = [game_id for registry in (CARDS, BOARDS, DICE, WORDS) for game_id in registry.ids()]
PITCH_MAX = 90  # about three lines on a 360 px tile


def strings(lang: str) -> dict[str, object]:
    """The UI catalogue as served: its file and every game folder's name and pitch."""
    return ui_catalogue(WEB, lang)


@pytest.mark.parametrize("lang", ["de", "en", "es", "sv"])
def test_every_title_has_a_short_pitch_in_the_language(lang: str) -> None:
    catalogue, english = strings(lang), strings("en")
    for game_id in TITLES:
        pitch = catalogue.get(f"pitch.{game_id}")
        assert isinstance(pitch, str) and pitch.strip(), (lang, game_id)
        assert len(pitch) <= PITCH_MAX, (lang, game_id, len(pitch))
        if lang != "en":
            assert pitch != english[f"pitch.{game_id}"], (lang, game_id, "left in English")


def test_no_pitch_for_a_title_that_is_not_registered() -> None:
    pitches = {key.removeprefix("pitch.") for key in strings("en") if key.startswith("pitch.")}
    assert pitches == set(TITLES)
