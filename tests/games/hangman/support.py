"""Shared helpers of the Hangman tests: games with a chosen word, and what a seat may not see."""

from __future__ import annotations

from typing import Any

from svc_words.hangman import ENGINE

from rulekit import State


def game(seats: int = 3, word: str = "KATZE", language: str = "de", **options: Any) -> State:
    """Seat 0 has set `word`; seat 1 is to guess."""
    state = ENGINE.setup(seats, {"language": language, **options}, b"hangman-test")
    state, _ = ENGINE.apply(state, 0, {"type": "set_word", "word": word}, 0)
    return state


def guess(state: State, *letters: str) -> tuple[State, list[dict[str, Any]]]:
    """The seat to move guesses each letter in turn; all the events."""
    events: list[dict[str, Any]] = []
    for letter in letters:
        (seat,) = ENGINE.to_move(state)
        state, more = ENGINE.apply(state, seat, {"type": "guess", "letter": letter}, 0)
        events += more
    return state, events
