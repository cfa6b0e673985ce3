"""Perft through the engine contract: how many legal move sequences of a given length exist.

Every interior node is stepped with `ENGINE.apply` (validation, copy and all), and every
node's moves come from `ENGINE.listed_moves` (the contract's read-only listing, the one
`check_move` reads; `legal_moves` hands out copies of it). The last ply is
counted, not applied ("bulk counting"): the count at depth d is the number of board moves listed at each
node of depth d - 1. Resignation is a legal move but not a board move, so it is not counted.
"""

from __future__ import annotations

from .rules import ENGINE, RESIGN, start_position
from .state import ChessState


def board_moves(state: ChessState) -> list[dict[str, str]]:
    seat = state["turn"]
    return [move for move in ENGINE.listed_moves(state, seat) if move["type"] == "move"]


def perft(state: ChessState, depth: int) -> int:
    """Leaf nodes `depth` plies below `state`, through `listed_moves` and `apply`."""
    seat = state["turn"]
    listed = ENGINE.listed_moves(state, seat)
    if depth <= 1:
        # Every listed move but the resignation (`tuple.count` finds it by identity first).
        return len(listed) - listed.count(RESIGN) if depth == 1 else 1
    total = 0
    for move in listed:
        if move["type"] == "move":
            child, _ = ENGINE.apply(state, seat, move, 0)
            total += perft(child, depth - 1)
    return total


def state_at(fen: str) -> ChessState:
    """A fresh game (White on seat 0) at the position `fen`."""
    return start_position(ENGINE.setup(2, {"white": "seat1"}, b"perft"), fen)
