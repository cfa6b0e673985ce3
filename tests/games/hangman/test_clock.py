"""Hangman's move clock: 60 / 30 / 15 s a move. Out of time, the setter gets a word drawn
from the list and a guesser names a random letter not guessed yet."""

from __future__ import annotations

from svc_words.hangman import ENGINE

from rulekit import State
from tests.games.clock.support import deadline_seconds


def game() -> State:
    return ENGINE.setup(3, {"move_clock": "fast"}, b"hangman-clock", 1_000)


def test_seconds_per_choice() -> None:
    assert deadline_seconds(ENGINE, 2) == {"off": None, "relaxed": 60, "normal": 30, "fast": 15}


def test_a_setter_out_of_time_gets_a_word_from_the_list() -> None:
    state = game()
    assert ENGINE.timeout_move(state, 0) == {"type": "draw_word"}
    after, events = ENGINE.apply_timeout(state, 16_000)
    assert [e["code"] for e in events] == ["timed_out", "word_set"] and events[1]["drawn"]
    assert after["phase"] == "guess" and after["guesser"] == 1


def test_a_guesser_out_of_time_names_a_random_open_letter() -> None:
    state, _ = ENGINE.apply_timeout(game(), 16_000)
    letters = set()
    now = 16_000
    for _ in range(6):
        deadline = ENGINE.deadline(state)
        now = deadline["at_ms"]
        state, events = ENGINE.apply_timeout(state, now)
        assert events[0] == {"code": "timed_out", "seat": deadline["seat"]}
        if events[1]["code"] in ("hit", "miss"):
            letters.add(events[1]["letter"])
        if state["phase"] != "guess":
            break
    assert len(letters) >= 4  # never the same letter twice, and not just the top of a list
