"""Morris CPU levels: alpha-beta on pieces, mills, open mills, mobility and blocked pieces.

easy: two plies, counting pieces only.
medium: three plies with the evaluation below.
strong: iterative deepening within about a second, mill-closing moves first, and the mill the
side to move can close counted at the horizon.
"""

from __future__ import annotations

from ..search_player import search_player
from .rules import COLOUR, EMPTY, ENGINE, LAYOUTS, moves_of


def _lines(board: str, lines: tuple[tuple[int, int, int], ...], own: str, other: str) -> tuple[int, int, int, int]:
    """(own mills, own open twos, other mills, other open twos): an open two is two pieces
    and a free point on one line."""
    own_mills = own_twos = other_mills = other_twos = 0
    for a, b, c in lines:
        cells = board[a] + board[b] + board[c]
        mine, theirs, free = cells.count(own), cells.count(other), cells.count(EMPTY)
        if mine == 3:
            own_mills += 1
        elif theirs == 3:
            other_mills += 1
        elif free == 1:
            if mine == 2:
                own_twos += 1
            elif theirs == 2:
                other_twos += 1
    return own_mills, own_twos, other_mills, other_twos


def _mobility(state: dict, seat: int) -> int:
    options = state["options"]
    steps = moves_of(state["board"], seat, state["in_hand"][seat], options["pieces"], options["flying"])
    return len({(start, to) for start, to, _ in steps})


def evaluate(state: dict, seat: int) -> float:
    board = state["board"]
    own, other = COLOUR[seat], COLOUR[1 - seat]
    hands = state["in_hand"]
    pieces = (board.count(own) + hands[seat]) - (board.count(other) + hands[1 - seat])
    own_mills, own_twos, other_mills, other_twos = _lines(board, LAYOUTS[state["options"]["pieces"]].lines, own, other)
    score = 100.0 * pieces + 12.0 * (own_mills - other_mills) + 7.0 * (own_twos - other_twos)
    if not hands[0] and not hands[1]:
        # Moving phase: room to move, and a player who is nearly shut in is nearly lost.
        own_moves, other_moves = _mobility(state, seat), _mobility(state, 1 - seat)
        score += 4.0 * (own_moves - other_moves)
        if other_moves <= 1:
            score += 40.0
        if own_moves <= 1:
            score -= 40.0
    return score


def evaluate_sharp(state: dict, seat: int) -> float:
    """`evaluate`, plus the mill the seat to move can close right now: at the search horizon
    that piece is as good as taken, which keeps the score from swinging with the side to move."""
    score = evaluate(state, seat)
    mover = state["turn"]
    options = state["options"]
    steps = moves_of(state["board"], mover, state["in_hand"][mover], options["pieces"], options["flying"])
    if any(remove >= 0 for _, _, remove in steps):
        score += 70.0 if mover == seat else -70.0
    return score


def pieces_only(state: dict, seat: int) -> float:
    board = state["board"]
    hands = state["in_hand"]
    return float(board.count(COLOUR[seat]) + hands[seat] - board.count(COLOUR[1 - seat]) - hands[1 - seat])


def order(state: dict, moves: list[dict]) -> list[dict]:
    """Mill-closing moves first."""
    return sorted(moves, key=lambda m: 0 if "remove" in m else 1)


def key(state: dict) -> tuple[str, int, int, int, int]:
    return (state["board"], state["in_hand"][0], state["in_hand"][1], state["turn"], state["quiet"])


LEVELS = {
    "easy": search_player(ENGINE, pieces_only, max_depth=2, budget_ms=200, key=key),
    "medium": search_player(ENGINE, evaluate, max_depth=3, budget_ms=500, order=order, key=key),
    "strong": search_player(ENGINE, evaluate_sharp, max_depth=40, budget_ms=1000, order=order, key=key),
}
