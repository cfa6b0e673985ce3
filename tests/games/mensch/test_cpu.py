"""Mensch CPU players: every level answers a legal move from the seat's view, 1 vs 1 and for
four; strong captures, escapes and clearly beats random and
easy over whole games (the table in docs/cpu-strength.md has the larger figures)."""

from __future__ import annotations

import pytest
from svc_ai.players import choose
from svc_dice.mensch import ENGINE
from svc_dice.mensch.cpu import easy, strong

from rulekit.players import Ask
from tests.games.mensch.support import BLUE, GREEN, RED, H, new_game, placed, throw
from tests.games.race_core.strength import win_rate


def ask(state, level: str = "strong", seed: bytes = b"s") -> Ask:  # type: ignore[no-untyped-def]
    seat = state["turn"]
    return Ask("mensch", seat, ENGINE.view(state, seat), level, seed, 1000)


@pytest.mark.parametrize("seats", [2, 4])
@pytest.mark.parametrize("level", ENGINE.meta.cpu_levels)
def test_every_level_plays_legal_moves_from_the_view(level: str, seats: int) -> None:
    state = ENGINE.setup(seats, {}, b"mensch-cpu")
    for step in range(200):
        if ENGINE.result(state) is not None:
            break
        seat = state["turn"]
        view = ENGINE.view(state, seat)
        move = choose(Ask("mensch", seat, view, level, b"%d" % step, 1000)).move
        assert move in view["legal_moves"]
        state, _ = ENGINE.apply(state, seat, move, 0)


def test_strong_captures() -> None:
    state, _ = throw(placed(new_game(), {RED: [20, 30, H, H], BLUE: [14, H, H, H]}), 4)  # blue on 24
    assert strong(ask(state)).move["piece"] % 4 == 0


def test_strong_escapes_a_piece_within_reach() -> None:
    # Green at field 32 (progress 2) threatens red's piece on 35; red's other piece is safe.
    state, _ = throw(placed(new_game(), {RED: [35, 8, H, H], GREEN: [2, H, H, H]}), 4)
    assert strong(ask(state)).move["piece"] % 4 == 0


def test_easy_runs_its_front_piece() -> None:
    state, _ = throw(placed(new_game(), {RED: [20, 3, H, H]}), 2)
    assert easy(ask(state, "easy")).move["piece"] % 4 == 0


def test_strong_beats_random_and_easy() -> None:
    """100 1 vs 1 games each: strong wins far more than a coin would."""
    assert win_rate("mensch", "strong", "random", 100) > 0.65
    assert win_rate("mensch", "strong", "easy", 100) > 0.55
