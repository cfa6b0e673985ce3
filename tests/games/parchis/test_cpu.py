"""Parchís CPU players: every level answers a legal move from the seat's view, with one die
and two; strong captures, escapes, parks on safe squares and clearly beats random and easy over
whole games (the table in docs/cpu-strength.md has the larger figures)."""

from __future__ import annotations

import pytest
from svc_ai.players import choose
from svc_dice.parchis import ENGINE
from svc_dice.parchis.cpu import easy, strong

from rulekit.players import Ask
from tests.games.parchis.support import H, new_game, placed, throw
from tests.games.race_core.strength import win_rate


def ask(state, level: str = "strong", seed: bytes = b"s") -> Ask:  # type: ignore[no-untyped-def]
    seat = state["turn"]
    return Ask("parchis", seat, ENGINE.view(state, seat), level, seed, 1000)


@pytest.mark.parametrize("options", [{}, {"dice": "two", "six_is_seven": True}])
@pytest.mark.parametrize("seats", [2, 4])
@pytest.mark.parametrize("level", ENGINE.meta.cpu_levels)
def test_every_level_plays_legal_moves_from_the_view(level: str, seats: int, options: dict) -> None:  # type: ignore[type-arg]
    state = ENGINE.setup(seats, options, b"parchis-cpu")
    for step in range(150):
        if ENGINE.result(state) is not None:
            break
        seat = state["turn"]
        view = ENGINE.view(state, seat)
        move = choose(Ask("parchis", seat, view, level, b"%d" % step, 1000)).move
        assert move in view["legal_moves"]
        state, _ = ENGINE.apply(state, seat, move, 0)


def test_strong_captures() -> None:
    # Seat 1 stands on field 40 (normal); seat 0's piece on 36 (progress 32) rolls 4.
    state, _ = throw(placed(new_game(), {0: [32, 10, H, H], 1: [2, H, H, H]}), 4)
    assert strong(ask(state)).move == {"type": "move", "piece": 0, "pips": 4}


def test_strong_escapes_to_a_safe_square() -> None:
    # Seat 1 at field 40 (progress 2) threatens seat 0's piece on 43 (progress 39); a 2 takes
    # it to the safe square 45, the other piece is far from everyone.
    state, _ = throw(placed(new_game(), {0: [39, 50, H, H], 1: [2, H, H, H]}), 2)
    assert strong(ask(state)).move["piece"] == 0


def test_easy_runs_its_front_piece() -> None:
    state, _ = throw(placed(new_game(), {0: [20, 3, H, H]}), 2)
    assert easy(ask(state, "easy")).move["piece"] == 0


def test_strong_beats_random_and_easy() -> None:
    """120 two-seat games each: strong wins far more than a coin would."""
    assert win_rate("parchis", "strong", "random", 120) > 0.65
    assert win_rate("parchis", "strong", "easy", 120) > 0.55
