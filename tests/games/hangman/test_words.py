"""Hangman's word lists: thousands of everyday words a language in three frequency bands, each
word letters only and playable; the difficulty option draws from its own band."""

from __future__ import annotations

import pytest
from svc_words.hangman import ENGINE
from svc_words.hangman.rules import BANDS, DIFFICULTIES, MAX_LETTERS, MIN_LETTERS, WORDS
from svc_words.letters import LANGUAGES, letters_of

from rulekit import Refusal


@pytest.mark.parametrize("language", LANGUAGES)
def test_three_bands_of_a_thousand_playable_words(language: str) -> None:
    assert tuple(BANDS[language]) == DIFFICULTIES
    assert [len(BANDS[language][band]) for band in DIFFICULTIES] == [1000, 1000, 1000]
    assert len(set(WORDS[language])) == 3000  # no word in two bands
    for word in WORDS[language]:
        letters = letters_of(word, language)
        assert word.isalpha() and MIN_LETTERS <= len(letters) <= MAX_LETTERS, word
        # Every character is one of the language's letters (ß counts as SS): nothing dropped.
        assert len(letters) == len(word) + word.count("ß"), word


@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_a_drawn_word_comes_from_the_chosen_band(difficulty: str) -> None:
    band = {"".join(letters_of(word, "es")) for word in BANDS["es"][difficulty]}
    for seed in range(20):
        state = ENGINE.setup(2, {"language": "es", "difficulty": difficulty}, b"band%d" % seed)
        after, _ = ENGINE.apply(state, 0, {"type": "draw_word"}, 0)
        assert "".join(after["word"]) in band


def test_the_easy_band_is_the_default_and_an_unknown_difficulty_is_refused() -> None:
    state = ENGINE.setup(2, {"language": "en"}, b"default")
    assert state["options"]["difficulty"] == "easy"
    with pytest.raises(Refusal) as refused:
        ENGINE.setup(2, {"language": "en", "difficulty": "impossible"}, b"bad")
    assert refused.value.code == "bad_option"
