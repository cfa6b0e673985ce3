"""Seeded random games per variant (the count is in tests/budget.py; 2,000 in `make soak`)
through rulekit's playout harness, with Four in a Row's own invariants checked at every move:
exactly one disc more, at the bottom of its column, and a win exactly when the new disc
completes a real line (checked here without the engine's code)."""

from __future__ import annotations

from collections import Counter

import pytest
from svc_boards.four_in_a_row import ENGINE

from rulekit import Event, Move, State
from tests import budget

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


class Tally:
    def __init__(self) -> None:
        self.endings: Counter[str] = Counter()

    def check(self, before: State, after: State, seat: int, move: Move, events: list[Event]) -> None:
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
            assert is_real_line(after["board"], line, seat, connect) and [column, row] in line
            assert any(all(cell in line for cell in window) for window in completed)
            assert result == {"placings": [1, 2] if seat == 0 else [2, 1], "scores": [1, 0] if seat == 0 else [0, 1]}
            step = (line[1][0] - line[0][0], line[1][1] - line[0][1])
            self.endings[f"won {step}"] += 1
        elif after["moves"] == after["rows"] * after["columns"]:
            assert events[1:] == [{"code": "draw"}] and after["line"] is None
            assert result == {"placings": [1, 1], "scores": [0.5, 0.5]}
            self.endings["draw"] += 1
        else:
            assert events[1:] == [] and after["line"] is None and result is None
            assert after["turn"] == 1 - seat


@pytest.mark.parametrize("variant", ["7x6-4", "9x7-5"])
def test_random_playouts(variant: str) -> None:
    tally = Tally()
    played = budget.playouts(ENGINE, options={"variant": variant}, label=variant, check=tally.check, keep=True)
    runs = played.runs
    assert runs is not None and len(runs) == played.planned
    assert sum(tally.endings.values()) == played.planned
    # Every way a game can end came up, so every branch of the check above ran.
    assert set(tally.endings) == {"draw", "won (1, 0)", "won (0, 1)", "won (1, 1)", "won (1, -1)"}, tally.endings
    winners = Counter(
        run.final_state["board"][run.final_state["line"][0][1]][run.final_state["line"][0][0]]
        for run in runs
        if run.final_state["line"]
    )
    assert winners[0] > 0 and winners[1] > 0
