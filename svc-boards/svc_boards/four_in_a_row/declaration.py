"""What the platform knows of four in a row beyond its rules: CPU levels, test budget, invariants
(a win checked here without the rules' own code) and the variants worth playing."""

from __future__ import annotations

from rulekit import Event, Move
from rulekit.declaration import Budget, GameDeclaration, Variant

from . import ENGINE
from .cpu import LEVELS
from .state import FourInARowState

STEPS = ((1, 0), (0, 1), (1, 1), (1, -1), (-1, 0), (0, -1), (-1, -1), (-1, 1))


def lines_through(board: list[list[int]], column: int, row: int, connect: int) -> list[list[list[int]]]:
    """Every window of `connect` cells through (column, row) that one seat fills completely."""
    seat = board[row][column]
    rows, columns = len(board), len(board[0])
    found = []
    for step_c, step_r in STEPS[:4]:
        for shift in range(connect):
            cells = [[column + (i - shift) * step_c, row + (i - shift) * step_r] for i in range(connect)]
            if all(0 <= c < columns and 0 <= r < rows and board[r][c] == seat for c, r in cells):
                found.append(cells)
    return found


def is_real_line(board: list[list[int]], line: list[list[int]], seat: int, connect: int) -> bool:
    """At least `connect` cells of `seat`, each one step from the last in a fixed direction."""
    if len(line) < connect or any(board[r][c] != seat for c, r in line):
        return False
    step = (line[1][0] - line[0][0], line[1][1] - line[0][1])
    return step in STEPS and all((b[0] - a[0], b[1] - a[1]) == step for a, b in zip(line, line[1:], strict=False))


def check(before: FourInARowState, after: FourInARowState, seat: int, move: Move, events: list[Event]) -> None:
    """Exactly one disc more, at the bottom of its column; a win exactly when the new disc
    completes a real line, a draw exactly when the board is full."""
    column, connect = move["column"], before["connect"]
    row = [r[column] for r in before["board"]].index(-1)  # the lowest empty cell
    changed = [
        (c, r)
        for r in range(before["rows"])
        for c in range(before["columns"])
        if before["board"][r][c] != after["board"][r][c]
    ]
    assert changed == [(column, row)], "exactly one disc, at the bottom of its column"
    assert after["board"][row][column] == seat
    assert after["moves"] == before["moves"] + 1 == sum(cell != -1 for r in after["board"] for cell in r)
    assert after["last"] == {"column": column, "row": row}
    assert events[0] == {"code": "dropped", "seat": seat, "column": column, "row": row}
    completed = lines_through(after["board"], column, row, connect)
    result = ENGINE.result(after)
    if completed:
        assert events[1:] == [{"code": "won", "seat": seat, "line": after["line"]}]
        line = after["line"]
        assert line is not None
        assert is_real_line(after["board"], line, seat, connect) and [column, row] in line
        assert any(all(cell in line for cell in window) for window in completed)
        assert result == {"placings": [1, 2] if seat == 0 else [2, 1], "scores": [1, 0] if seat == 0 else [0, 1]}
    elif after["moves"] == after["rows"] * after["columns"]:
        assert events[1:] == [{"code": "draw"}] and after["line"] is None
        assert result == {"placings": [1, 1], "scores": [0.5, 0.5]}
    else:
        assert events[1:] == [] and after["line"] is None and result is None
        assert after["turn"] == 1 - seat


DECLARATION = GameDeclaration(
    engine=ENGINE,
    budget=Budget(1000),
    levels=LEVELS,
    check=check,
    variants=(Variant("9x7-5", {"variant": "9x7-5"}, 1000),),
)
