"""Bingo CPU players: legal from the view alone, prompt when the pattern is complete, and
ordered by strength as far as a game of luck allows (docs/cpu-strength.md: `python -m
tests.games.bingo.strength`)."""

from __future__ import annotations

import pytest
from svc_ai.players import choose
from svc_dice.bingo import ENGINE

from rulekit import State
from rulekit.players import Ask
from tests.games.snakes_and_ladders.strength import win_rate


def ask(state: State, seat: int, level: str, seed: bytes = b"cpu") -> Ask:
    return Ask("bingo", seat, ENGINE.view(state, seat), level, seed, 1000)


@pytest.mark.parametrize("pattern", ["line", "full_card"])
def test_every_level_returns_a_legal_move_in_whole_games(pattern: str) -> None:
    state = ENGINE.setup(5, {"pattern": pattern}, b"cpu-legal")
    step = 0
    while ENGINE.result(state) is None:
        seat = min(ENGINE.to_move(state))
        for level in ENGINE.meta.cpu_levels:
            assert choose(ask(state, seat, level, b"%d" % step)).move in ENGINE.legal_moves(state, seat)
        state, _ = ENGINE.apply(state, seat, choose(ask(state, seat, "strong")).move, 0)
        step += 1
    assert step > 5


def test_strong_calls_at_once_and_never_falsely() -> None:
    state = ENGINE.setup(2, {}, b"prompt")
    card = state["cards"][1]
    state, _ = ENGINE.apply(state, 0, {"type": "draw"}, 0)
    assert choose(ask(state, 1, "strong")).move == {"type": "draw"}  # nothing to call yet
    assert choose(ask(state, 0, "strong")).move == {"type": "pass"}
    state["drawn"] = [card[0], card[1], card[2], card[3], card[4]]
    assert choose(ask(state, 1, "strong")).move == {"type": "bingo"}


def test_strong_beats_random_and_easy() -> None:
    assert win_rate(ENGINE, "strong", "random", 400) > 0.52
    assert win_rate(ENGINE, "strong", "easy", 400) > 0.52
