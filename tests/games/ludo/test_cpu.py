"""Ludo CPU players: every level answers a legal move from the seat's view on every board;
strong captures, escapes and avoids danger where it can, and clearly beats random and easy
over whole games (the table in docs/cpu-strength.md has the 1,000-game figures)."""

from __future__ import annotations

import pytest
from svc_ai.players import choose
from svc_dice.ludo import ENGINE
from svc_dice.ludo.cpu import easy, strong

from rulekit.players import Ask
from tests.games.ludo.support import new_game, placed, throw
from tests.games.race_core.strength import win_rate

H = -1


def ask(state, level: str = "strong", seed: bytes = b"s") -> Ask:  # type: ignore[no-untyped-def]
    seat = state["turn"]
    return Ask("ludo", seat, ENGINE.view(state, seat), level, seed, 1000)


@pytest.mark.parametrize("seats", [2, 5, 8])
@pytest.mark.parametrize("level", ENGINE.meta.cpu_levels)
def test_every_level_plays_legal_moves_from_the_view(level: str, seats: int) -> None:
    state = ENGINE.setup(seats, {}, b"ludo-cpu")
    for step in range(150):
        if ENGINE.result(state) is not None:
            break
        seat = state["turn"]
        view = ENGINE.view(state, seat)
        move = choose(Ask("ludo", seat, view, level, b"%d" % step, 1000)).move
        assert move in view["legal_moves"]
        state, _ = ENGINE.apply(state, seat, move, 0)


def test_strong_captures() -> None:
    # Seat 1's piece stands on field 24 (progress 4 from 20); seat 0 at 20 rolls 4.
    state, _ = throw(placed(new_game(), {0: [20, 30, H, H], 1: [4, H, H, H]}), 4)
    assert strong(ask(state)).move == {"type": "move", "piece": 0, "pips": 4}


def test_strong_escapes_a_piece_within_reach() -> None:
    # Seat 1 at field 22 (progress 2) threatens seat 0's piece on 25; the other is far away.
    state, _ = throw(placed(new_game(), {0: [25, 8, H, H], 1: [2, H, H, H]}), 5)
    assert strong(ask(state)).move["piece"] == 0


def test_strong_brings_a_piece_into_the_goal_lane_out_of_danger() -> None:
    state, _ = throw(placed(new_game(), {0: [37, 10, H, H], 1: [14, H, H, H]}), 4)  # 1 on field 34
    assert strong(ask(state)).move["piece"] == 0


def test_easy_runs_its_front_piece() -> None:
    state, _ = throw(placed(new_game(), {0: [20, 3, H, H]}), 2)
    assert easy(ask(state, "easy")).move["piece"] == 0


def test_strong_beats_random_and_easy() -> None:
    """200 two-seat games each: strong wins far more than a coin would."""
    assert win_rate("ludo", "strong", "random", 200) > 0.7
    assert win_rate("ludo", "strong", "easy", 200) > 0.58
