"""CPU players for Four in a Row: alpha-beta search (rulekit.search) at three depths.

- easy: 2 plies, knows only that central discs are worth more. It takes a win in one and
  blocks a loss in one, little else.
- medium: 4 plies, counts the lines each side can still complete.
- strong: 6 plies, the same line count plus threats: a playable winning cell for the side to
  move, two at once for the other side, and the row parity that decides who gets to fill
  which threat late in the game.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import cast

from rulekit import Move, Refusal
from rulekit.players import Ask, Choice
from rulekit.search import alphabeta

from .rules import EMPTY, ENGINE
from .state import FourInARowState, FourInARowView

# A side certain to win next move (or facing two threats it cannot both block) is scored this
# high: far above any line count, far below a win the search has actually seen.
THREAT_WIN = 50_000.0
# Score of a window holding n discs of one side and nothing else, for connect 4 / connect 5.
WINDOW_WEIGHTS = {4: (0.0, 1.0, 8.0, 60.0), 5: (0.0, 1.0, 4.0, 20.0, 80.0)}
PARITY_BONUS = 25.0
# Keep a little of the budget for setting up and answering.
BUDGET_SHARE = 0.9


@dataclass(frozen=True)
class Geometry:
    """Bit masks over a board where cell (c, r) is bit r * columns + c (bottom row first)."""

    columns: int
    windows: tuple[int, ...]  # every line of `connect` cells
    centre: tuple[tuple[int, int], ...]  # (weight, cells whose column is that close to the middle)
    bottom: int  # the bottom row
    full: int  # every cell
    rows_of: tuple[int, int]  # cells on rows r with r % 2 == 0, and with r % 2 == 1


@cache
def geometry(columns: int, rows: int, connect: int) -> Geometry:
    def bit(c: int, r: int) -> int:
        return 1 << (r * columns + c)

    lines = []
    for r in range(rows):
        for c in range(columns):
            for step_c, step_r in ((1, 0), (0, 1), (1, 1), (-1, 1)):
                end_c, end_r = c + step_c * (connect - 1), r + step_r * (connect - 1)
                if 0 <= end_c < columns and end_r < rows:
                    lines.append(sum(bit(c + step_c * i, r + step_r * i) for i in range(connect)))
    middle = columns // 2
    centre = tuple(
        (middle - distance, sum(bit(c, r) for r in range(rows) for c in range(columns) if abs(c - middle) == distance))
        for distance in range(middle)
    )
    parity = tuple(sum(bit(c, r) for r in range(odd, rows, 2) for c in range(columns)) for odd in (0, 1))
    return Geometry(
        columns=columns,
        windows=tuple(lines),
        centre=centre,
        bottom=(1 << columns) - 1,
        full=(1 << columns * rows) - 1,
        rows_of=(parity[0], parity[1]),
    )


def bitboards(state: FourInARowState) -> tuple[int, int]:
    """Seat 0's and seat 1's discs as bit masks."""
    discs = [0, 0]
    bit = 1
    for row in state["board"]:
        for cell in row:
            if cell != EMPTY:
                discs[cell] |= bit
            bit <<= 1
    return discs[0], discs[1]


def _centre(shape: Geometry, mine: int, theirs: int) -> float:
    return float(
        sum(weight * ((mine & cells).bit_count() - (theirs & cells).bit_count()) for weight, cells in shape.centre)
    )


def centre_evaluation(state: FourInARowState, seat: int) -> float:
    """Discs nearer the middle column are worth more; nothing else."""
    discs = bitboards(state)
    return _centre(geometry(state["columns"], state["rows"], state["connect"]), discs[seat], discs[1 - seat])


def line_evaluation(state: FourInARowState, seat: int) -> float:
    """Lines still open to one side only, weighted by how full they are, plus centre discs."""
    return _lines(state, seat, threats=False)


def threat_evaluation(state: FourInARowState, seat: int) -> float:
    """`line_evaluation` plus immediate threats and threat parity (the strong level)."""
    return _lines(state, seat, threats=True)


def _lines(state: FourInARowState, seat: int, threats: bool) -> float:
    rows, connect = state["rows"], state["connect"]
    shape = geometry(state["columns"], rows, connect)
    weights = WINDOW_WEIGHTS[connect]
    discs = bitboards(state)
    mine, theirs = discs[seat], discs[1 - seat]
    score = _centre(shape, mine, theirs)
    # The empty cells that would complete a line, per side.
    my_open = their_open = 0
    for window in shape.windows:
        a = mine & window
        b = theirs & window
        if a:
            if b:
                continue
            count = a.bit_count()
            score += weights[count]
            if count == connect - 1:
                my_open |= window ^ a
        elif b:
            count = b.bit_count()
            score -= weights[count]
            if count == connect - 1:
                their_open |= window ^ b
    if not threats:
        return score

    taken = mine | theirs
    playable = ((taken << shape.columns) | shape.bottom) & ~taken & shape.full
    sides = [(1.0, my_open), (-1.0, their_open)]
    if state["turn"] != seat:
        sides.reverse()
    # The side to move completes a line now; else the other side, holding two, cannot be stopped.
    for needed, (sign, open_cells) in zip((1, 2), sides, strict=True):
        if (open_cells & playable).bit_count() >= needed:
            return sign * THREAT_WIN
    if rows % 2:
        return score
    # With an even number of rows, seat 1 can answer every disc in the same column and so claim
    # the even rows (2nd, 4th, ... from the bottom: r odd), leaving seat 0 the odd ones; a threat
    # on the rows its owner gets late in the game is worth more.
    score += PARITY_BONUS * (my_open & shape.rows_of[seat]).bit_count()
    score -= PARITY_BONUS * (their_open & shape.rows_of[1 - seat]).bit_count()
    return score


def _centre_first(columns: int, seed: bytes) -> Callable[[FourInARowState, list[Move]], list[Move]]:
    """Middle columns first; between two equally central ones the seed decides."""
    rnd = random.Random(seed)
    middle = (columns - 1) / 2
    rank = {c: (abs(c - middle), rnd.random()) for c in range(columns)}

    def order(state: FourInARowState, moves: list[Move]) -> list[Move]:
        return sorted(moves, key=lambda move: rank[move["column"]])

    return order


def _board_key(state: FourInARowState) -> tuple[tuple[int, ...], ...]:
    # The board alone fixes the position: whose turn it is follows from the disc count.
    return tuple(map(tuple, state["board"]))


def _searcher(depth: int, evaluate: Callable[[FourInARowState, int], float]) -> Callable[[Ask], Choice]:
    def player(ask: Ask) -> Choice:
        state = ENGINE.determinize(cast(FourInARowView, ask.view), ask.seat, ask.seed)
        if ask.seat not in ENGINE.to_move(state):
            raise Refusal("not_your_turn", "the view lists no legal move for this seat")
        found = alphabeta(
            ENGINE,
            state,
            ask.seat,
            evaluate,
            max_depth=depth,
            budget_ms=ask.budget_ms * BUDGET_SHARE,
            order=_centre_first(state["columns"], ask.seed),
            key=_board_key,
        )
        return Choice(found.move, found.nodes)

    return player


LEVELS = {
    "easy": _searcher(2, centre_evaluation),
    "medium": _searcher(4, line_evaluation),
    "strong": _searcher(6, threat_evaluation),
}
