"""Liar's Dice's move clock: 60 / 30 / 15 s a move. Out of time, the clock plays safe from the
seat's own dice: it challenges a bid that is more likely false than true, and otherwise bids
the least it can on the face the seat holds most of."""

from __future__ import annotations

from svc_dice.liars_dice import ENGINE
from svc_dice.liars_dice.rules import die_number

from rulekit import State
from tests.games.clock.support import deadline_seconds


def game(own: list[int]) -> State:
    state = ENGINE.setup(2, {"move_clock": "fast"}, b"liars-dice-clock", 1_000)
    state["cups"][0] = [die_number(0, 1, slot, face) for slot, face in enumerate(own)]
    return state


def test_seconds_per_choice() -> None:
    assert deadline_seconds(ENGINE, 2) == {"off": None, "relaxed": 60, "normal": 30, "fast": 15}


def test_an_opening_bids_one_of_the_face_held_most() -> None:
    state = game([2, 2, 5, 5, 1])
    assert ENGINE.timeout_move(state, 0) == {"type": "bid", "quantity": 1, "face": 5}
    after, events = ENGINE.apply_timeout(state, 16_000)
    assert [e["code"] for e in events] == ["timed_out", "bid"] and after["turn"] == 1


def test_a_likely_bid_is_raised_and_an_unlikely_one_challenged() -> None:
    state = game([3, 3, 3, 6, 1])
    state["turn"] = 0
    state["bid"] = {"seat": 1, "quantity": 4, "face": 3}  # one three among five unseen dice: likely
    assert ENGINE.timeout_move(state, 0) == {"type": "bid", "quantity": 5, "face": 3}
    state["bid"] = {"seat": 1, "quantity": 4, "face": 2}  # four twos among five unseen: unlikely
    assert ENGINE.timeout_move(state, 0) == {"type": "challenge"}
