"""Hangman CPU players: legal from a view, the setter's words from the list, and strong
clearly ahead of random and easy."""

from __future__ import annotations

import statistics

import pytest
from svc_ai.players import choose
from svc_words.hangman import ENGINE
from svc_words.hangman.cpu import best_letter, misses_against_strong
from svc_words.hangman.rules import WORDS
from svc_words.letters import letters_of

from rulekit import State, move_matches
from rulekit.players import Ask

from .support import game, guess

GAMES = 40


def ask(state: State, level: str, seed: bytes = b"cpu") -> Ask:
    (seat,) = ENGINE.to_move(state)
    return Ask("hangman", seat, ENGINE.view(state, seat), level, seed, 1000)


@pytest.mark.parametrize("language", ["de", "en", "es", "sv"])
def test_every_level_plays_legal_moves_and_sets_listed_words(language: str) -> None:
    state = ENGINE.setup(3, {"language": language}, b"cpu-legal")
    step = 0
    levels = list(ENGINE.meta.cpu_levels)
    while ENGINE.result(state) is None:
        (seat,) = ENGINE.to_move(state)
        legal = ENGINE.legal_moves(state, seat)
        moves = {level: choose(ask(state, level, b"%d" % step)).move for level in levels}
        for move in moves.values():
            assert any(move_matches(option, move) for option in legal)
        if state["phase"] == "set":
            assert moves["strong"]["word"] in WORDS[language] and moves["easy"]["word"] in WORDS[language]
        state, events = ENGINE.apply(state, seat, moves[levels[step % 3]], 0)
        if state["phase"] == "guess" and events[-1]["code"] == "word_set" and step % 3:
            assert events[-1]["drawn"] is False  # a listed word is never refused
        step += 1


def test_strong_guesses_the_letter_of_most_fitting_words() -> None:
    """After K_ _ _ _ with no misses: the letter in most of the list's fitting words."""
    state, _ = guess(game(word="KATZE"), "K")
    move = choose(ask(state, "strong")).move
    fitting = [w for w in WORDS["de"] if len(letters_of(w, "de")) == 5 and letters_of(w, "de")[0] == "K"]
    assert fitting and any(move["letter"] in letters_of(w, "de") for w in fitting)
    public = ENGINE.view(state, 1)["public"]
    assert move["letter"] == best_letter(public, {m["letter"] for m in ENGINE.legal_moves(state, 1)})


def test_an_unknown_word_falls_back_on_letter_frequency() -> None:
    state = game(word="XYLOFONQ", language="en")
    public = ENGINE.view(state, 1)["public"]
    assert best_letter(public, {m["letter"] for m in ENGINE.legal_moves(state, 1)}) == "E"


def test_strong_setter_picks_harder_words() -> None:
    seeds = [b"%d" % n for n in range(30)]
    start = ENGINE.setup(2, {"language": "en"}, b"setter")
    easy = [
        misses_against_strong(letters_of(choose(ask(start, "easy", s)).move["word"], "en"), start["options"])
        for s in seeds
    ]
    strong = [
        misses_against_strong(letters_of(choose(ask(start, "strong", s)).move["word"], "en"), start["options"])
        for s in seeds
    ]
    assert statistics.mean(strong) > statistics.mean(easy) + 1


def mean_guesser_points(level: str) -> float:
    """Two seats: `level` guesses every word that a random setter sets (a listed word)."""
    points = []
    for number in range(GAMES):
        state = ENGINE.setup(2, {"language": "de"}, b"strength-%d" % number)
        step = 0
        while ENGINE.result(state) is None:
            (seat,) = ENGINE.to_move(state)
            use = "easy" if state["phase"] == "set" else level
            state, _ = ENGINE.apply(state, seat, choose(ask(state, use, b"%d:%d" % (number, step))).move, 0)
            step += 1
        history = state["history"]
        points.extend(entry["solver"] is not None for entry in history)
    return statistics.mean(points)


def test_strong_solves_more_often_than_easy_and_random() -> None:
    rates = {level: mean_guesser_points(level) for level in ENGINE.meta.cpu_levels}
    print("words solved:", rates)
    assert rates["strong"] > rates["random"] + 0.3
    assert rates["strong"] >= rates["easy"]
