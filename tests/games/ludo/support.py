"""Ludo positions for tests: pieces put where a test needs them (editing the state, the only
practical way) and dice loaded from the state's own generator."""

from __future__ import annotations

from svc_dice.ludo import ENGINE

from rulekit import Event, State
from tests.games.snakes_and_ladders.support import next_rolls

ROLL = {"type": "roll"}


def new_game(seats: int = 2, board: str = "smallest", seed: bytes = b"ludo-rules") -> State:
    return ENGINE.setup(seats, {"board": board}, seed)


def placed(state: State, seat_pieces: dict[int, list[int]], turn: int = 0) -> State:
    """A copy with the given seats' pieces at these progress values (-1 home)."""
    state = ENGINE.copy_state(state)
    for seat, pieces in seat_pieces.items():
        state["pieces"][state["colours"][seat][0]] = list(pieces)
    state["turn"] = turn
    return state


def throw(state: State, pips: int) -> tuple[State, list[Event]]:
    """The seat to move rolls `pips`."""
    return ENGINE.apply(next_rolls(state, pips), state["turn"], ROLL, 0)


def move(state: State, piece: int, pips: int) -> tuple[State, list[Event]]:
    return ENGINE.apply(state, state["turn"], {"type": "move", "piece": piece, "pips": pips}, 0)


def pieces_of(state: State, seat: int) -> list[int]:
    return state["pieces"][state["colours"][seat][0]]


def movable(state: State) -> list[int]:
    return [m["piece"] for m in ENGINE.legal_moves(state, state["turn"]) if m["type"] == "move"]


def codes(events: list[Event]) -> list[str]:
    return [e["code"] for e in events]
