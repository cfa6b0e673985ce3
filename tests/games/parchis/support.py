"""Parchís positions for tests: pieces put where a test needs them (editing the state, the only
practical way) and dice loaded from the state's own generator.

Two players play colours 0 and 2: colour 0 comes out on square 5 (field 4), colour 2 on
square 39 (field 38). A piece of colour 0 at progress p stands on field 4 + p, one of
colour 2 at progress q on field (38 + q) % 68."""

from __future__ import annotations

from typing import Any

from svc_dice.parchis import ENGINE

from rulekit import Event, State
from tests.games.snakes_and_ladders.support import next_rolls

ROLL = {"type": "roll"}
H = -1


def new_game(seats: int = 2, seed: bytes = b"parchis-rules", **options: Any) -> State:
    return ENGINE.setup(seats, options, seed)


def placed(state: State, seat_pieces: dict[int, list[int]], turn: int = 0) -> State:
    """A copy with the given seats' pieces at these progress values (-1 home)."""
    state = ENGINE.copy_state(state)
    for seat, pieces in seat_pieces.items():
        state["pieces"][state["colours"][seat][0]] = list(pieces)
    state["turn"] = turn
    return state


def throw(state: State, *pips: int) -> tuple[State, list[Event]]:
    """The seat to move rolls `pips` (one die, or two)."""
    return ENGINE.apply(next_rolls(state, *pips), state["turn"], ROLL, 0)


def move(state: State, piece: int, pips: int) -> tuple[State, list[Event]]:
    return ENGINE.apply(state, state["turn"], {"type": "move", "piece": piece, "pips": pips}, 0)


def pieces_of(state: State, seat: int) -> list[int]:
    return state["pieces"][state["colours"][seat][0]]


def legal(state: State) -> list[tuple[int, int]]:
    """(piece, pips) of every legal piece move."""
    return sorted((m["piece"], m["pips"]) for m in ENGINE.legal_moves(state, state["turn"]) if m["type"] == "move")


def movable(state: State) -> list[int]:
    return sorted({piece for piece, _ in legal(state)})


def codes(events: list[Event]) -> list[str]:
    return [e["code"] for e in events]
