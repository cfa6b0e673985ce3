"""Penalty Tricks' move clock: 60 / 30 / 15 s a move. Out of time the clock passes the most
dangerous card, plays the lowest card that may be played (throwing the most dangerous one away
when the seat cannot follow suit), and starts the host's next deal."""

from __future__ import annotations

from svc_cards.penalty_tricks import ENGINE

from rulekit import State
from tests.games.clock.support import deadline_seconds
from tests.games.penalty_tricks.test_penalty_tricks_rules import play, play_deal, table


def clocked(state: State) -> State:
    state["options"] = {**state["options"], "move_clock": "fast"}
    state["turn_started_ms"] = 1_000
    return state


def test_seconds_per_choice() -> None:
    assert deadline_seconds(ENGINE, 4) == {"off": None, "relaxed": 60, "normal": 30, "fast": 15}


def test_the_clock_passes_the_most_dangerous_card_for_every_seat() -> None:
    state = clocked(ENGINE.setup(4, {"cycles": 1}, b"clock-pass"))
    state["deal"] = 1  # the queens
    holder = next(seat for seat, hand in enumerate(state["hands"]) if "SQ.0" in hand)
    assert ENGINE.timeout_move(state, holder) == {"type": "pass", "card": "SQ.0"}
    assert sorted(ENGINE.deadline(state)["seats"]) == [0, 1, 2, 3]
    after, events = ENGINE.apply_timeout(state, 16_000)
    assert {"code": "timed_out", "seat": holder} in events
    assert "SQ.0" in after["passing"][holder]


def test_the_clock_plays_low_and_throws_away_high() -> None:
    hands = {0: ["C9.0", "C2.0"], 1: ["C5.0", "C3.0"], 2: ["HK.0", "H2.0"], 3: ["S4.0", "DK.0"]}
    state, _ = play(clocked(table(hands=hands, kind="all")), "C9.0")
    assert ENGINE.timeout_move(state, 1) == {"type": "play", "card": "C3.0"}
    state, _ = play(state, "C5.0")
    assert ENGINE.timeout_move(state, 2) == {"type": "play", "card": "HK.0"}
    state, _ = play(state, "H2.0")
    assert ENGINE.timeout_move(state, 3) == {"type": "play", "card": "DK.0"}


def test_the_clock_starts_the_next_deal() -> None:
    state = play_deal(clocked(ENGINE.setup(4, {"cycles": 1}, b"clock-deal")))
    assert ENGINE.timeout_move(state, 0) == {"type": "next_deal"}
    assert ENGINE.deadline(state)["seats"] == [0]
