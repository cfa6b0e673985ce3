"""Reversi CPU levels: alpha-beta with a positional, mobility and stability evaluation.

easy: two plies, counting discs only (the greedy beginner's game).
medium: four plies with the full evaluation.
strong: iterative deepening within about a second, full evaluation, corners first.
"""

from __future__ import annotations

from ..search_player import search_player
from .rules import CELLS, DISC, EMPTY, ENGINE, INDEX, SIZE, flip_counts

# Square values once the corner next to them is taken are recomputed in `evaluate`; these are
# for the opening and middle game.
_TABLE = (
    (100, -20, 10, 5),
    (-20, -50, -2, -2),
    (10, -2, 1, 1),
    (5, -2, 1, 0),
)


def _square_value(i: int) -> int:
    row, col = divmod(i, SIZE)
    r = min(row, SIZE - 1 - row)
    c = min(col, SIZE - 1 - col)
    return _TABLE[r][c] if r <= c else _TABLE[c][r]


WEIGHTS = tuple(_square_value(i) for i in range(CELLS))
CORNERS = (0, 7, 56, 63)
# Each corner's X-square (diagonal) and C-squares (edge neighbours): bad while the corner is free.
_NEAR_CORNER = {0: (9, 1, 8), 7: (14, 6, 15), 56: (49, 57, 48), 63: (54, 62, 55)}
# Edges walked from each corner, to count discs that can never flip again.
_EDGES = {
    0: (tuple(range(1, 8)), tuple(range(8, 64, 8))),
    7: (tuple(range(6, -1, -1)), tuple(range(15, 64, 8))),
    56: (tuple(range(57, 64)), tuple(range(48, -1, -8))),
    63: (tuple(range(62, 55, -1)), tuple(range(55, -1, -8))),
}


def _stable_edge_discs(board: str, colour: str) -> int:
    """Discs of `colour` in an unbroken run along an edge from a corner it holds."""
    seen: set[int] = set()
    for corner, edges in _EDGES.items():
        if board[corner] != colour:
            continue
        seen.add(corner)
        for edge in edges:
            for j in edge:
                if board[j] != colour:
                    break
                seen.add(j)
    return len(seen)


def evaluate(state: dict, seat: int) -> float:
    """Positional value, mobility, corners, edge stability and (late) the disc count."""
    board = state["board"]
    own, other = DISC[seat], DISC[1 - seat]
    position = 0
    own_discs = other_discs = 0
    for i in range(CELLS):
        cell = board[i]
        if cell == own:
            position += WEIGHTS[i]
            own_discs += 1
        elif cell == other:
            position -= WEIGHTS[i]
            other_discs += 1
    for corner, near in _NEAR_CORNER.items():
        if board[corner] != EMPTY:
            # A taken corner makes its neighbours ordinary (or even safe) squares.
            for j in near:
                if board[j] == own:
                    position -= WEIGHTS[j] - 5
                elif board[j] == other:
                    position += WEIGHTS[j] - 5
    own_moves = len(flip_counts(board, seat))
    other_moves = len(flip_counts(board, 1 - seat))
    mobility = 100.0 * (own_moves - other_moves) / (own_moves + other_moves + 2)
    stable = 25 * (_stable_edge_discs(board, own) - _stable_edge_discs(board, other))
    empties = CELLS - own_discs - other_discs
    discs = (own_discs - other_discs) * (10 if empties < 12 else 1)
    return position + mobility + stable + discs


def disc_count(state: dict, seat: int) -> float:
    board = state["board"]
    return float(board.count(DISC[seat]) - board.count(DISC[1 - seat]))


def order(state: dict, moves: list[dict]) -> list[dict]:
    """Corners first, X-squares last: the table's order."""
    return sorted(moves, key=lambda m: -WEIGHTS[INDEX[m["square"]]] if m["type"] == "place" else 0)


def key(state: dict) -> str:
    return state["board"] + str(state["turn"])


LEVELS = {
    "easy": search_player(ENGINE, disc_count, max_depth=2, budget_ms=200, key=key),
    "medium": search_player(ENGINE, evaluate, max_depth=4, budget_ms=500, order=order, key=key),
    "strong": search_player(ENGINE, evaluate, max_depth=60, budget_ms=1000, order=order, key=key),
}
