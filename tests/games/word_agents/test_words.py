"""The word lists: written for this project, at least 400 familiar nouns in each language, no
word twice, each short enough for a card at phone size."""

from __future__ import annotations

import unicodedata
from importlib import resources

import pytest
from svc_words.letters import LANGUAGES
from svc_words.word_agents.rules import WORDS

LONGEST = 11  # letters; a card of a 5×5 table at 360 px shows that many


def raw_lines(language: str) -> list[str]:
    text = resources.files("svc_words.word_agents").joinpath("words", f"{language}.txt").read_text(encoding="utf-8")
    return [line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")]


@pytest.mark.parametrize("language", LANGUAGES)
def test_at_least_400_words_none_twice(language: str) -> None:
    lines = raw_lines(language)
    assert len(lines) >= 400
    folded = [unicodedata.normalize("NFC", line).casefold() for line in lines]
    assert len(set(folded)) == len(folded), sorted({w for w in folded if folded.count(w) > 1})
    assert len(WORDS[language]) == len(lines)


@pytest.mark.parametrize("language", LANGUAGES)
def test_one_short_word_a_line(language: str) -> None:
    for word in raw_lines(language):
        assert " " not in word and "," not in word and len(word) <= LONGEST, word
        assert all(char.isalpha() or char == "-" for char in word), word


def test_german_nouns_are_capitalised() -> None:
    assert all(word[0].isupper() for word in raw_lines("de"))
