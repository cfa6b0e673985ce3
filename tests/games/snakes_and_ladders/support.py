"""Loaded dice for rule tests: the generator lives in the state, so a test that needs a
particular roll moves the state's counter forward to the next draw that gives it (a real
draw of the real generator, only chosen)."""

from __future__ import annotations

from rulekit import Rng, State


def next_rolls(state: State, *pips: int, faces: int = 6) -> State:
    """A copy of `state` whose generator's next draws are `pips`, one die each.

    Draws of one die are one block each here (a rejection is one in 2**250), so the counter
    is searched a die at a time; the dice after the first come from the blocks that follow."""
    wanted = list(pips)
    counter = state["rng"]["counter"]
    while True:
        rng = Rng({"seed": state["rng"]["seed"], "counter": counter})
        if [rng.die(faces) for _ in wanted] == wanted:
            loaded = dict(state)
            loaded["rng"] = {"seed": state["rng"]["seed"], "counter": counter}
            return loaded
        counter += 1
