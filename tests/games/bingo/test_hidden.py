"""The order of the balls still to come reaches nobody: it is kept nowhere but in the
generator (each draw picks from the drum at that moment), and no view carries the generator or
any run of the balls that will come next."""

from __future__ import annotations

import json
import random
from typing import Any

from svc_dice.bingo import ENGINE
from svc_dice.bingo.rules import BALLS

from rulekit import State


def still_to_come(state: State) -> list[int]:
    """The balls the real generator will draw next, in order (drawing on a copy)."""
    future = []
    while len(state["drawn"]) < BALLS:
        state, events = ENGINE.apply(state, state["drawer"], {"type": "draw"}, 0)
        future.append(events[0]["ball"])
    return future


def int_runs(value: Any) -> list[list[int]]:
    if isinstance(value, dict):
        return [run for item in value.values() for run in int_runs(item)]
    if isinstance(value, list):
        own = [value] if value and all(isinstance(v, int) and not isinstance(v, bool) for v in value) else []
        return own + [run for item in value for run in int_runs(item)]
    return []


def carries_run(view: Any, future: list[int], length: int = 4) -> bool:
    """Whether any list of numbers in `view` holds `length` of the coming balls in a row (four:
    three in a row turn up on some card by chance now and then)."""
    wanted = {tuple(future[i : i + length]) for i in range(len(future) - length + 1)}
    runs = int_runs(view)
    return any(tuple(run[i : i + length]) in wanted for run in runs for i in range(len(run) - length + 1))


def test_no_view_carries_the_order_of_the_balls_to_come() -> None:
    checked = 0
    for game in range(3):
        rnd = random.Random(game)
        state = ENGINE.setup(4, {"pattern": "full_card"}, b"hidden-%d" % game)
        while ENGINE.result(state) is None:
            if rnd.random() < 0.3 and len(state["drawn"]) < BALLS - 3:
                future = still_to_come(state)
                assert len(future) == BALLS - len(state["drawn"])
                for seat in [*range(4), None]:
                    view = ENGINE.view(state, seat)
                    text = json.dumps(view)
                    assert state["rng"]["seed"] not in text and '"rng"' not in text
                    assert not carries_run(view, future)
                checked += 1
            seat = rnd.choice(sorted(ENGINE.to_move(state)))
            state, _ = ENGINE.apply(state, seat, rnd.choice(ENGINE.legal_moves(state, seat)), 0)
    assert checked > 20


def test_the_state_keeps_no_drum_order() -> None:
    """Besides the generator, the state holds the cards, the drawn balls and the turn only."""
    state = ENGINE.setup(2, {}, b"drum")
    assert not carries_run(
        {k: v for k, v in state.items() if k != "cards"}, still_to_come(state), 2
    )  # nothing but the cards holds numbers
    assert set(state) - {"rng"} == {
        "cards",
        "drawn",
        "drawer",
        "may_call",
        "last_call",
        "winner",
        "cells",
        "schema",
        "game",
        "seats",
        "options",
        "turn_started_ms",
    }
