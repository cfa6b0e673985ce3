"""Shared helpers of the Village Night tests."""

from __future__ import annotations

from typing import Any

from svc_words.village_night import ENGINE

from rulekit import Event, State


def game(seats: int = 6, roles: list[str] | None = None, seed: bytes = b"village-test") -> State:
    """A new game; `roles` deals these cards instead of the shuffled ones (a state edit)."""
    state = ENGINE.setup(seats, {}, seed)
    if roles is not None:
        assert sorted(roles) == sorted(state["roles"])
        state["roles"] = list(roles)
    return state


def play(state: State, mover: int, kind: str, **fields: Any) -> tuple[State, list[Event]]:
    return ENGINE.apply(state, mover, {"type": kind, **fields}, 0)


def everyone(state: State, moves: dict[int, dict[str, Any]] | None = None) -> tuple[State, list[Event]]:
    """Every seat still to move acts: its move from `moves`, else it sleeps (or, by day,
    abstains; the witch keeps her potions)."""
    moves = moves or {}
    events: list[Event] = []
    for seat in sorted(ENGINE.to_move(state)):
        move = moves.get(seat)
        if move is None:
            kind = ENGINE.legal_moves(state, seat)[0]["type"]
            move = {"sleep": {"type": "sleep"}, "brew": {"type": "brew", "save": False, "poison": -1}}.get(
                kind, {"type": "abstain"}
            )
            if kind in ("kill", "look"):
                move = ENGINE.legal_moves(state, seat)[0]
        state, more = ENGINE.apply(state, seat, move, 0)
        events += more
    return state, events
