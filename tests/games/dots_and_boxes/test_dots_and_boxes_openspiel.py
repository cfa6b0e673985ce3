"""Our rules against OpenSpiel's `dots_and_boxes` (a reference written independently): over
seeded random two-player games on several grids, the same legal lines, the same player to
move (the extra turn), the same end and the same winner at every step.

OpenSpiel is not a project dependency: install it into a local venv to run this
(`pip install open-spiel`); without it the module is skipped. Where we differ by design:
OpenSpiel has two players only (we allow 2 to 4) and no move clock.
"""

from __future__ import annotations

import random

import pytest
from svc_boards.dots_and_boxes import ENGINE

pyspiel = pytest.importorskip("pyspiel")


def action(state: dict, move: dict) -> int:
    """OpenSpiel's action number: horizontal lines row by row, then vertical ones."""
    rows, columns = state["options"]["rows"], state["options"]["columns"]
    if move["dir"] == "h":
        return move["row"] * columns + move["col"]
    return (rows + 1) * columns + move["row"] * (columns + 1) + move["col"]


@pytest.mark.parametrize(("columns", "rows"), [(2, 2), (3, 2), (5, 5), (8, 3)])
def test_same_legal_lines_turns_and_winner(columns: int, rows: int) -> None:
    game = pyspiel.load_game(f"dots_and_boxes(num_rows={rows},num_cols={columns})")
    steps = 0
    for number in range(60):
        rnd = random.Random(f"openspiel:{columns}x{rows}:{number}")
        ours = ENGINE.setup(2, {"columns": columns, "rows": rows}, f"os{number}".encode())
        theirs = game.new_initial_state()
        while not theirs.is_terminal():
            (seat,) = ENGINE.to_move(ours)
            assert seat == theirs.current_player(), (number, steps)
            legal = ENGINE.legal_moves(ours, seat)
            assert sorted(action(ours, m) for m in legal) == sorted(theirs.legal_actions())
            move = rnd.choice(legal)
            ours = ENGINE.apply(ours, seat, move, 0)[0]
            theirs.apply_action(action(ours, move))
            steps += 1
        result = ENGINE.result(ours)
        assert result is not None and ENGINE.to_move(ours) == frozenset()
        returns = theirs.returns()
        placings = result["placings"]
        expected = (
            [0.0, 0.0] if placings[0] == placings[1] else [1.0, -1.0] if placings[0] < placings[1] else [-1.0, 1.0]
        )
        assert returns == expected, (number, result, returns)
    assert steps > 60 * (2 * columns * rows)
