"""Draughts CPU levels: alpha-beta on material, advancement, back-rank guard and centre.

easy: two plies, counting material only.
medium: four plies with the full evaluation.
strong: iterative deepening within about a second, longest captures first.
"""

from __future__ import annotations

from ..search_player import search_player
from .rules import CROWN_ROW, ENGINE, KINGS, MEN, ROW_OF, ROWS, SQUARES, coords

MAN, KING = 100, 330
# The four central squares and the ring around them.
_CENTRE = {i: (6 if 2 <= coords(i)[1] <= 5 else 0) + (4 if 3 <= ROW_OF[i] <= 4 else 0) for i in range(SQUARES)}


def _men_value(seat: int) -> tuple[int, ...]:
    """A man's worth on each square: more the nearer it is to being crowned."""
    out = []
    for i in range(SQUARES):
        advanced = ROW_OF[i] if seat == 0 else ROWS - 1 - ROW_OF[i]
        out.append(MAN + 3 * advanced + (4 if advanced >= 5 else 0))
    return tuple(out)


_MEN_VALUE = (_men_value(0), _men_value(1))
_BACK_ROW = (ROWS - 1 - CROWN_ROW[0], ROWS - 1 - CROWN_ROW[1])


def _score(board: str, seat: int) -> tuple[float, int, int]:
    """(positional value, men, kings) of one seat's pieces."""
    value = 0.0
    men = kings = 0
    man, king = MEN[seat], KINGS[seat]
    for i in range(SQUARES):
        cell = board[i]
        if cell == man:
            men += 1
            value += _MEN_VALUE[seat][i] + _CENTRE[i]
            if ROW_OF[i] == _BACK_ROW[seat]:
                value += 8  # guards the crowning squares
        elif cell == king:
            kings += 1
            value += KING + _CENTRE[i]
    return value, men, kings


def evaluate(state: dict, seat: int) -> float:
    """Material and position; when ahead, fewer pieces on the board is better (trade down)."""
    board = state["board"]
    own, own_men, own_kings = _score(board, seat)
    other, other_men, other_kings = _score(board, 1 - seat)
    total = own_men + own_kings + other_men + other_kings
    diff = own - other
    material = (own_men + 3 * own_kings) - (other_men + 3 * other_kings)
    if material:
        diff += (1 if material > 0 else -1) * 4 * (24 - total)
    if not own_men and not other_men:
        # Kings only: the forty-move draw looms, so only a clear material edge counts.
        diff *= 0.5
    return diff


def material(state: dict, seat: int) -> float:
    board = state["board"]
    own = board.count(MEN[seat]) + 3 * board.count(KINGS[seat])
    return float(own - board.count(MEN[1 - seat]) - 3 * board.count(KINGS[1 - seat]))


def order(state: dict, moves: list[dict]) -> list[dict]:
    """Longest capture chains first, then steps towards the crowning row."""
    board = state["board"]
    seat = state["turn"]

    def rank(move: dict) -> tuple[int, int]:
        path = move["path"]
        start, end = path[0] - 1, path[-1] - 1
        crowning = board[start] == MEN[seat] and ROW_OF[end] == CROWN_ROW[seat]
        return (-len(path), 0 if crowning else 1)

    return sorted(moves, key=rank)


def key(state: dict) -> tuple[str, int, int]:
    return (state["board"], state["turn"], state["king_moves"])


LEVELS = {
    "easy": search_player(ENGINE, material, max_depth=2, budget_ms=200, key=key),
    "medium": search_player(ENGINE, evaluate, max_depth=4, budget_ms=500, order=order, key=key),
    "strong": search_player(ENGINE, evaluate, max_depth=40, budget_ms=1000, order=order, key=key),
}
