"""CPU players for Hangman.

As setter, a CPU takes a word from the game's list for the room's language and difficulty: easy any word,
strong the hardest of a handful (the one the strong guesser needs the most misses for). As
guesser, strong names the letter found in the most words of the list that still fit the
dashes and the misses (the language's letter frequency once no listed word fits); easy does
so only half of the time and otherwise names one of the eight most frequent letters left.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from rulekit.players import Ask, Choice, legal_or_refuse

from ..letters import FREQUENCY, letters_of
from .rules import MAX_MISSES, band_of, candidates

STRONG_SAMPLE = 8  # words a strong setter weighs
EASY_SHARPNESS = 0.5  # how often easy guesses like strong


def best_letter(public: dict, legal: set[str]) -> str:
    """The open letter in the most fitting words of the list; ties (and no fitting word) go
    to the language's more frequent letter."""
    order = FREQUENCY[public["options"]["language"]]
    counts: Counter[str] = Counter()
    for word in candidates(public):
        counts.update(set(word) & legal)
    return max(legal, key=lambda letter: (counts[letter], -order.index(letter)))


def misses_against_strong(letters: list[str], options: dict[str, Any]) -> int:
    """How many misses the strong guesser makes on `letters` (a setter's measure of a word)."""
    language = options["language"]
    public: dict[str, Any] = {"options": options, "revealed": [None] * len(letters), "guessed": []}
    misses = 0
    while None in public["revealed"] and misses < MAX_MISSES:
        legal = {letter for letter in FREQUENCY[language] if letter not in public["guessed"]}
        letter = best_letter(public, legal)
        public["guessed"].append(letter)
        if letter in letters:
            public["revealed"] = [
                own if own == letter else shown for own, shown in zip(letters, public["revealed"], strict=True)
            ]
        else:
            misses += 1
    return misses


def _set_word(ask: Ask, rnd: random.Random, sample: int) -> Choice:
    options = ask.view["public"]["options"]
    language = options["language"]
    drawn = {entry["word"] for entry in ask.view["public"]["history"]}
    band = band_of(options)
    words = [word for word in band if "".join(letters_of(word, language)) not in drawn] or list(band)
    picks = rnd.sample(words, min(sample, len(words)))
    word = max(picks, key=lambda w: misses_against_strong(letters_of(w, language), options))
    return Choice({"type": "set_word", "word": word}, nodes=len(picks))


def _player(sharpness: float, sample: int):  # type: ignore[no-untyped-def]
    def play(ask: Ask) -> Choice:
        legal = legal_or_refuse(ask.view)
        rnd = random.Random(ask.seed)
        public = ask.view["public"]
        if public["phase"] == "set":
            return _set_word(ask, rnd, sample)
        letters = {move["letter"] for move in legal}
        if rnd.random() < sharpness:
            return Choice({"type": "guess", "letter": best_letter(public, letters)})
        common = [letter for letter in FREQUENCY[public["options"]["language"]] if letter in letters][:8]
        return Choice({"type": "guess", "letter": rnd.choice(common)})

    return play


easy = _player(EASY_SHARPNESS, 1)
strong = _player(1.0, STRONG_SAMPLE)

LEVELS = {"easy": easy, "strong": strong}
