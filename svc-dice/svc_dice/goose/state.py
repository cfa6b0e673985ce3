"""The Game of the Goose's state, as the engine writes it; a view's public part is the state
less its generator.

The state's other keys (schema, game, seats, options, rng, turn_started_ms) are rulekit's
(`CommonState`).
"""

from __future__ import annotations

from typing import TypedDict

from rulekit import BaseView

from ..race.roll_race import RollRaceKeys


class GooseRoll(TypedDict):
    seat: int
    dice: list[int]
    pips: int


class GooseState(RollRaceKeys):
    fields: list[int]  # per seat, 0 (off the board) to 63
    inn_turns: list[int]  # turns still to pass over at the inn
    held: list[str | None]  # "well" / "prison" while waiting there
    places: list[int | None]  # finishing place once at 63
    last_roll: GooseRoll | None


class GooseView(BaseView):
    public: GooseState  # an open game: the state less its generator
