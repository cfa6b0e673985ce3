"""Thirty-One's move clock: 60 / 30 / 15 s a move. Out of time the clock never knocks: it
swaps the card (or all three) that raises the hand most, and pushes when nothing helps."""

from __future__ import annotations

from typing import Any

from svc_cards.core import card_census, full_decks
from svc_cards.thirty_one import ENGINE
from svc_cards.thirty_one.rules import points_half

from rulekit import State
from tests.games.clock.support import deadline_seconds


def table(hands: dict[int, list[str]], middle: list[str], turn: int = 0, **fields: Any) -> State:
    state = ENGINE.setup(3, {"move_clock": "fast"}, b"thirty-one-clock", 1_000)
    named = [card for cards in hands.values() for card in cards] + middle
    pool = [card for card in card_census(state) if card not in named]
    for seat in range(3):
        state["hands"][seat] = list(hands[seat]) if seat in hands else [pool.pop() for _ in range(3)]
    state["middle"] = list(middle)
    state["draw_pile"], state["discard_pile"] = pool, []
    state.update(turn=turn, starter=turn, known=[[] for _ in range(3)], **fields)
    assert card_census(state) == full_decks(state)
    return state


def test_seconds_per_choice() -> None:
    assert deadline_seconds(ENGINE, 3) == {"off": None, "relaxed": 60, "normal": 30, "fast": 15}


def test_the_clock_swaps_the_worst_card_for_the_best() -> None:
    state = table({0: ["HA.0", "HK.0", "C7.0"]}, ["H10.0", "S8.0", "D9.0"])
    move = ENGINE.timeout_move(state, 0)
    assert move == {"type": "swap", "give": "C7.0", "take": "H10.0"}
    assert points_half(["HA.0", "HK.0", "H10.0"]) == 62  # 31, which ends the deal at once
    _, events = ENGINE.apply_timeout(state, 16_000)
    assert events[:2] == [
        {"code": "timed_out", "seat": 0},
        {"code": "swapped", "seat": 0, "give": "C7.0", "take": "H10.0"},
    ]


def test_the_clock_takes_all_three_when_they_are_better() -> None:
    state = table({0: ["C7.0", "D8.0", "S9.0"]}, ["HA.0", "HK.0", "HQ.0"])
    assert ENGINE.timeout_move(state, 0) == {"type": "swap_all"}


def test_nothing_helps_the_clock_pushes_and_never_knocks() -> None:
    state = table({0: ["HA.0", "HK.0", "HQ.0"]}, ["C7.0", "D8.0", "S9.0"])
    assert {"type": "knock"} in ENGINE.legal_moves(state, 0)
    assert ENGINE.timeout_move(state, 0) == {"type": "push"}
