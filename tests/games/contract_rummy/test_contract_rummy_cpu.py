"""Femton CPU levels: legal from a view alone, sensible, and ordered by strength.

Strength is measured over single rounds (round 1, seats rotating), since a whole game of
fifteen rounds costs seconds: the level's mean points left in hand against the others'.
"""

from __future__ import annotations

import pytest
from svc_cards.contract_rummy import ENGINE
from svc_cards.contract_rummy.cpu import LEVELS, easy, strong

from rulekit.players import Player
from tests.games.card_core.cpu_checks import SLOWEST_S, every_level_answers_legally, refuses_when_not_to_move
from tests.games.card_core.cpu_views import ask_player, levels_registered


def test_levels_registered() -> None:
    assert levels_registered(ENGINE, LEVELS)


@pytest.mark.parametrize("seats", [3, 5, 8])
def test_every_level_returns_a_legal_move_quickly(seats: int) -> None:
    assert every_level_answers_legally(ENGINE, seats, b"femton-cpu-%d" % seats) < SLOWEST_S


def test_refuses_when_not_to_move() -> None:
    state = ENGINE.setup(3, {}, b"femton-idle")
    refuses_when_not_to_move(ENGINE, LEVELS, state, (state["turn"] + 1) % 3)


def test_buys_only_what_it_can_use() -> None:
    state = ENGINE.setup(3, {}, b"femton-buy", 1000)
    turn = state["turn"]
    state, _ = ENGINE.apply(state, turn, {"type": "draw"}, 1500)
    buyer = (turn + 2) % 3
    state["hands"][turn][0] = "H7.2"
    state, _ = ENGINE.apply(state, turn, {"type": "discard", "card": "H7.2"}, 2000)
    state["hands"][buyer][:2] = ["S7.0", "D7.1"]
    assert ask_player(ENGINE, state, buyer, strong, b"x").move == {"type": "buy"}
    assert ask_player(ENGINE, state, buyer, easy, b"x").move == {"type": "buy"}


def round_points(levels: list[str | Player], seed: bytes) -> list[int]:
    state = ENGINE.setup(len(levels), {}, seed, 1000)
    step = 0
    while state["phase"] in ("draw", "play"):
        seat = min(ENGINE.to_move(state))
        move = ask_player(ENGINE, state, seat, levels[seat], b"%s:%d" % (seed, step)).move
        step += 1
        state, _ = ENGINE.apply(state, seat, move, 1000 + 1000 * step)
    return state["round_points"]


def mean_gap(first: str | Player, second: str | Player, rounds: int) -> float:
    """Mean of (second's points - first's points) per round at a three-seat table where
    `first` holds one seat in turn."""
    gap = 0.0
    for index in range(rounds):
        mine = index % 3
        levels = [first if seat == mine else second for seat in range(3)]
        points = round_points(levels, b"femton-strength:%d" % index)
        others = [p for seat, p in enumerate(points) if seat != mine]
        gap += sum(others) / len(others) - points[mine]
    return gap / rounds


def test_strong_beats_random() -> None:
    assert mean_gap(strong, "random", 3) > 20


def test_easy_beats_random() -> None:
    assert mean_gap(easy, "random", 3) > 20


def test_strong_beats_easy() -> None:
    assert mean_gap(strong, easy, 30) > 5
