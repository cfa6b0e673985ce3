"""Categories' move clock: 180 / 120 / 60 s for the writing and again for the review, counted
from the phase's start: a seat writing or handing in gives nobody fresh time. Out of time,
every seat still writing hands in what it has (empty columns score 0), and in the review every
seat still reviewing accepts."""

from __future__ import annotations

from svc_words.categories import ENGINE

from tests.games.clock.support import deadline_seconds, positions

from .support import write


def test_seconds_per_choice() -> None:
    assert deadline_seconds(ENGINE, 2) == {"off": None, "relaxed": 180, "normal": 120, "fast": 60}


def test_out_of_time_everyone_hands_in_what_is_written() -> None:
    state = ENGINE.setup(3, {"move_clock": "fast", "columns": 3}, b"clock", 1_000)
    state["letter"] = "K"
    state = write(state, 1, "Kiel")
    state["turn_started_ms"] = 1_000
    after, events = ENGINE.apply_timeout(state, 61_000)
    assert [e["seat"] for e in events if e["code"] == "timed_out"] == [0, 1, 2]
    assert after["phase"] == "review" and ENGINE.to_move(after) == {0, 1, 2}
    after, events = ENGINE.apply_timeout(after, 121_000)
    assert [e["code"] for e in events if e["code"] != "timed_out"][:3] == ["accepted"] * 3
    assert after["phase"] == "writing" and after["round"] == 2
    assert after["history"][0]["points"][1] == [20, 0, 0]


def test_the_clock_move_is_always_legal() -> None:
    for state in positions(ENGINE, 3, 3, {"columns": 3, "rounds": 3}):
        for seat in ENGINE.to_move(state):
            assert ENGINE.timeout_move(state, seat) in ENGINE.legal_moves(state, seat)


def test_writing_and_handing_in_do_not_restart_the_round_clock() -> None:
    state = ENGINE.setup(3, {"move_clock": "fast", "columns": 3}, b"clock", 1_000)
    state["letter"] = "K"
    assert ENGINE.deadline(state)["at_ms"] == 61_000
    state, _ = ENGINE.apply(state, 1, {"type": "write", "column": 0, "word": "Kiel"}, 30_000)
    state, _ = ENGINE.apply(state, 2, {"type": "done"}, 50_000)
    deadline = ENGINE.deadline(state)
    assert deadline["at_ms"] == 61_000 and deadline["seats"] == [0, 1]
    after, events = ENGINE.apply_timeout(state, 61_000)
    assert [e["seat"] for e in events if e["code"] == "timed_out"] == [0, 1]
    # The review is a new phase with its own time, from the moment it began.
    assert after["phase"] == "review" and ENGINE.deadline(after)["at_ms"] == 121_000
