"""A race where rolling is the only move (Game of the Goose, Snakes and Ladders): one token
per seat on a numbered track, the dice and the fields do the rest.

State keys (besides rulekit's): `turn`, `round` (from 1; it counts when the turn comes back
to seat 0), `over` and `last_roll` ({"seat", ...} of the last roll, or None). A title keeps
its tokens in its own per-seat lists (`per_seat`) and writes `play` and `result`.
"""

from __future__ import annotations

from typing import Any, TypeVar, cast

from rulekit import BaseEngine, BaseView, CommonState, Event, Move, clock_seat, event
from rulekit.players import Ask, Choice, legal_or_refuse

ROLL: Move = {"type": "roll"}


class RollRaceKeys(CommonState):
    """A roll race's keys (see above); the whole state but the generator is public."""

    turn: int
    round: int
    over: bool


# A title's own state and view: `class Goose(RollRace[GooseState, GooseView])`.
RaceStateT = TypeVar("RaceStateT", bound=RollRaceKeys)
RaceViewT = TypeVar("RaceViewT", bound=BaseView)


def new_round(state: RollRaceKeys, limit: int) -> list[Event]:
    """The turn has come round to seat 0: the next round, or after round `limit` the game's
    end (a game of pure chance has no other bound)."""
    state["round"] += 1
    if state["round"] <= limit:
        return []
    state["over"] = True
    return [event("round_limit", rounds=limit)]


class RollRace(BaseEngine[RaceStateT, RaceViewT]):
    """Whose move, the one legal move, the clock's default and a fast copy; a title writes its
    view (the open state) with its own types."""

    # The state's per-seat lists, changed in place by `play` (copied by `copy_state`).
    per_seat: tuple[str, ...] = ()

    def to_move(self, state: RaceStateT) -> frozenset[int]:
        return frozenset() if state["over"] else frozenset((state["turn"],))

    def legal_moves(self, state: RaceStateT, seat: int) -> list[Move]:
        if state["over"] or seat != state["turn"]:
            return []
        return [dict(ROLL)]

    def copy_state(self, state: RaceStateT) -> RaceStateT:
        # The per-seat lists are named by the title, so their keys are not literals here.
        copied = cast("dict[str, Any]", state.copy())
        for key in self.per_seat:
            copied[key] = list(copied[key])
        copied["options"] = dict(copied["options"])
        copied["rng"] = dict(copied["rng"])
        last = copied["last_roll"]
        if last is not None:
            copied["last_roll"] = {
                key: list(value) if isinstance(value, list) else value for key, value in last.items()
            }
        return cast(RaceStateT, copied)

    def timeout_move(self, state: RaceStateT, seat: int | None) -> Move:
        """Out of time: roll (it is the only move there is)."""
        clock_seat(seat, () if state["over"] else (state["turn"],))
        return dict(ROLL)


def roller(ask: Ask) -> Choice:
    """Every CPU level of a roll race: the one legal move (refuses when the seat is not to move)."""
    (move,) = legal_or_refuse(ask.view)
    return Choice(dict(move))
