"""Blackjack's move clock: 60 / 30 / 15 s per decision (off by default). Out of time a seat
bets the least (2 chips) while betting, and stands while playing; while betting every seat
still to bet is on the clock at once."""

from __future__ import annotations

from svc_cards.blackjack import ENGINE
from svc_cards.blackjack.rules import MIN_BET

from tests.games.clock.support import deadline_seconds


def test_seconds_per_choice() -> None:
    assert deadline_seconds(ENGINE, 2) == {"off": None, "relaxed": 60, "normal": 30, "fast": 15}


def test_every_seat_still_to_bet_is_on_the_clock_and_bets_the_least() -> None:
    state = ENGINE.setup(3, {"move_clock": "fast"}, b"bj-clock", 1_000)
    state, _ = ENGINE.apply(state, 1, {"type": "bet", "amount": 10}, 2_000)
    # The betting time runs from the round's start: one seat's bet gives the others none.
    assert ENGINE.deadline(state) == {"at_ms": 16_000, "seat": 0, "seats": [0, 2]}
    after, events = ENGINE.apply_timeout(state, 16_000)
    assert [e["code"] for e in events][:4] == ["timed_out", "bet", "timed_out", "bet"]
    assert after["bets"] == [MIN_BET, 10, MIN_BET] and after["phase"] in ("play", "bet")


def test_out_of_time_while_playing_stands() -> None:
    state = ENGINE.setup(1, {"move_clock": "fast"}, b"bj-clock-stand", 1_000)
    for index in range(40):
        state = ENGINE.setup(1, {"move_clock": "fast"}, b"bj-clock-stand-%d" % index, 1_000)
        state, _ = ENGINE.apply(state, 0, {"type": "bet", "amount": 10}, 2_000)
        if state["phase"] == "play":
            break
    assert ENGINE.timeout_move(state, 0) == {"type": "stand"}
    after, events = ENGINE.apply_timeout(state, 17_000)
    assert [e["code"] for e in events][:2] == ["timed_out", "stood"] and after["round"] == 2


def test_a_table_where_nobody_ever_moves_ends() -> None:
    state = ENGINE.setup(4, {"move_clock": "fast", "rounds": 5}, b"bj-idle", 1_000)
    moves = 0
    while ENGINE.result(state) is None:
        state, _ = ENGINE.apply_timeout(state, ENGINE.deadline(state)["at_ms"])
        moves += 1
        assert moves < 100
    assert state["round"] == 5
