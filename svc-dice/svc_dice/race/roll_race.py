"""A race where rolling is the only move (Game of the Goose, Snakes and Ladders): one token
per seat on a numbered track, the dice and the fields do the rest.

State keys (besides rulekit's): `turn`, `round` (from 1; it counts when the turn comes back
to seat 0), `over` and `last_roll` ({"seat", ...} of the last roll, or None). A title keeps
its tokens in its own per-seat lists (`per_seat`) and writes `play` and `result`.
"""

from __future__ import annotations

from typing import TypedDict

from rulekit import BaseEngine, Event, Move, State, View, clock_seat, event
from rulekit.players import Ask, Choice, legal_or_refuse

ROLL: Move = {"type": "roll"}


class RollRaceKeys(TypedDict):
    """A roll race's keys (see above); the whole state but the generator is public."""

    turn: int
    round: int
    over: bool


def new_round(state: State, limit: int) -> list[Event]:
    """The turn has come round to seat 0: the next round, or after round `limit` the game's
    end (a game of pure chance has no other bound)."""
    state["round"] += 1
    if state["round"] <= limit:
        return []
    state["over"] = True
    return [event("round_limit", rounds=limit)]


class RollRace(BaseEngine):
    """Whose move, the one legal move, the open view, the clock's default and a fast copy."""

    # The state's per-seat lists, changed in place by `play` (copied by `copy_state`).
    per_seat: tuple[str, ...] = ()

    def to_move(self, state: State) -> frozenset[int]:
        return frozenset() if state["over"] else frozenset((state["turn"],))

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        if state["over"] or seat != state["turn"]:
            return []
        return [dict(ROLL)]

    def copy_state(self, state: State) -> State:
        copied = dict(state)
        for key in self.per_seat:
            copied[key] = list(state[key])
        copied["options"] = dict(state["options"])
        copied["rng"] = dict(state["rng"])
        last = state["last_roll"]
        if last is not None:
            copied["last_roll"] = {
                key: list(value) if isinstance(value, list) else value for key, value in last.items()
            }
        return copied

    def view(self, state: State, seat: int | None) -> View:
        view = self.base_view(state, seat)
        view["public"] = self.open_state(state)
        return view

    def timeout_move(self, state: State, seat: int | None) -> Move:
        """Out of time: roll (it is the only move there is)."""
        clock_seat(seat, () if state["over"] else (state["turn"],))
        return dict(ROLL)


def roller(ask: Ask) -> Choice:
    """Every CPU level of a roll race: the one legal move (refuses when the seat is not to move)."""
    (move,) = legal_or_refuse(ask.view)
    return Choice(dict(move))
