"""Word Agents' move clock: 180 / 90 / 45 s a move. Out of time, the first seat of a team
names itself chief, a chief gives an empty clue for one word, and a voter votes to end the
turn once the team has guessed, else for a random face-down card."""

from __future__ import annotations

from svc_words.word_agents import ENGINE

from rulekit import State
from tests.games.clock.support import deadline_seconds


def game() -> State:
    return ENGINE.setup(4, {"move_clock": "fast"}, b"word-agents-clock", 1_000)


def test_seconds_per_move() -> None:
    assert deadline_seconds(ENGINE, 4) == {"off": None, "relaxed": 180, "normal": 90, "fast": 45}


def test_a_team_out_of_time_gets_its_first_seat_as_chief() -> None:
    state = game()
    assert ENGINE.timeout_move(state, 0) == {"type": "appoint", "seat": 0}
    state, events = ENGINE.apply_timeout(state, 46_000)
    assert events == [
        {"code": "timed_out", "seat": 0},
        {"code": "chief_appointed", "seat": 0, "team": 0, "chief": 0},
    ]
    state, _ = ENGINE.apply_timeout(state, ENGINE.deadline(state)["at_ms"])
    assert state["chiefs"] == [0, 1] and state["phase"] == "clue"


def test_a_chief_out_of_time_gives_an_empty_clue_for_one_word() -> None:
    state = game()
    for _ in range(2):
        state, _ = ENGINE.apply_timeout(state, ENGINE.deadline(state)["at_ms"])
    chief = state["chiefs"][state["team"]]
    assert ENGINE.timeout_move(state, chief) == {"type": "clue", "word": "", "number": 1}
    state, events = ENGINE.apply_timeout(state, ENGINE.deadline(state)["at_ms"])
    assert events[1]["code"] == "clue_given" and events[1]["word"] == "" and events[1]["number"] == 1


def test_a_voter_out_of_time_votes_for_a_random_card_then_to_end_the_turn() -> None:
    cards = set()
    for seed in range(6):
        state = ENGINE.setup(4, {"move_clock": "fast"}, b"vote%d" % seed, 1_000)
        for _ in range(3):
            state, _ = ENGINE.apply_timeout(state, ENGINE.deadline(state)["at_ms"])
        team = state["team"]
        state, events = ENGINE.apply_timeout(state, ENGINE.deadline(state)["at_ms"])
        assert events[1]["code"] == "voted" and isinstance(events[1]["choice"], int)
        cards.add(events[1]["choice"])
        if state["phase"] == "guess" and state["team"] == team:
            (voter,) = ENGINE.to_move(state)
            assert ENGINE.timeout_move(state, voter) == {"type": "end_guessing"}
            state, events = ENGINE.apply_timeout(state, ENGINE.deadline(state)["at_ms"])
            assert [e["code"] for e in events] == ["timed_out", "voted", "guessing_ended", "turn_passed"]
    assert len(cards) >= 3  # not just the first card of the table
