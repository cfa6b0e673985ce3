"""Game of the Goose CPU players: every level rolls, because rolling is the only move.

There is nothing to be stronger at: the test checks that the levels are the one roller and
that over many games no level beats another beyond chance (docs/cpu-strength.md quotes the figures)."""

from __future__ import annotations

import pytest
from svc_ai.players import choose
from svc_dice.goose import ENGINE

from rulekit.players import Ask
from tests.games.snakes_and_ladders.strength import win_rate


@pytest.mark.parametrize("dice", ["two", "one"])
@pytest.mark.parametrize("level", ENGINE.meta.cpu_levels)
def test_every_level_rolls_from_the_view(level: str, dice: str) -> None:
    state = ENGINE.setup(4, {"dice": dice}, b"goose-cpu")
    for step in range(80):
        if ENGINE.result(state) is not None:
            break
        seat = state["turn"]
        move = choose(Ask("goose", seat, ENGINE.view(state, seat), level, b"%d" % step, 1000)).move
        assert move == {"type": "roll"}
        state, _ = ENGINE.apply(state, seat, move, 0)


def test_no_level_is_stronger_than_chance() -> None:
    """400 games: a fair coin stays within 50% ± 7.5 points far beyond 99% of the time."""
    rate = win_rate(ENGINE, "strong", "easy", 400)
    assert 0.425 < rate < 0.575, rate
