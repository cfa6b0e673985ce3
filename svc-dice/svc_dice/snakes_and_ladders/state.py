"""Snakes and Ladders' state, as the engine writes it; a view's public part is the state less
its generator.

The state's other keys (schema, game, seats, options, rng, turn_started_ms) are rulekit's
(`CommonState`).
"""

from __future__ import annotations

from typing import TypedDict

from rulekit import BaseView

from ..race.roll_race import RollRaceKeys


class SnakesRoll(TypedDict):
    seat: int
    pips: int


class SnakesState(RollRaceKeys):
    squares: list[int]  # per seat, 0 (off the board) to 100
    rolls: int  # rolls in this turn so far
    last_roll: SnakesRoll | None


class SnakesView(BaseView):
    public: SnakesState  # an open game: the state less its generator
