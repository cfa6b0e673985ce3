"""Seeded random Dots and Boxes games through the engine interface, for every seat count and a
few grid sizes, with the game's invariants (the count is in tests/budget.py; 2,000 in
`make soak`)."""

from __future__ import annotations

import pytest
from svc_boards.dots_and_boxes import ENGINE

from rulekit import Event, Move, State
from tests import budget


def check(before: State, after: State, seat: int, move: Move, events: list[Event]) -> None:
    """One line more, drawn by the mover; boxes only ever gain an owner, and the new ones are
    the mover's and exactly the boxes whose four sides are now drawn; the mover goes again
    exactly when it closed one; the game ends exactly when every line is drawn."""
    drawn = [sum(x >= 0 for x in s["h"] + s["v"]) for s in (before, after)]
    assert drawn[1] == drawn[0] + 1
    assert after[move["dir"]][_index(after, move)] == seat
    new = [i for i, (a, b) in enumerate(zip(before["boxes"], after["boxes"], strict=True)) if a != b]
    assert all(before["boxes"][i] == -1 and after["boxes"][i] == seat for i in new)
    closed = [e for e in events if e["code"] == "box_closed"]
    assert len(closed) == len(new) <= 2
    assert after["last"] == {"seat": seat, "dir": move["dir"], "row": move["row"], "col": move["col"]}
    lines = len(after["h"]) + len(after["v"])
    if after["over"]:
        assert drawn[1] == lines and all(b >= 0 for b in after["boxes"])
        assert events[-1] == {"code": "game_over", "scores": ENGINE.result(after)["scores"]}
    else:
        assert drawn[1] < lines
        assert (after["turn"] == seat) == bool(new)
        assert new or after["turn"] == (seat + 1) % after["seats"]


def _index(state: State, move: Move) -> int:
    columns = state["options"]["columns"]
    return move["row"] * (columns if move["dir"] == "h" else columns + 1) + move["col"]


def _final(played: budget.Tally) -> None:
    assert played.runs is not None and len(played.runs) == played.planned
    for run in played.runs:
        state = run.final_state
        result = ENGINE.result(state)
        assert sum(result["scores"]) == len(state["boxes"])
        assert run.steps == len(state["h"]) + len(state["v"])


@pytest.mark.parametrize("block", range(budget.BLOCKS))
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_random_games(seats: int, block: int) -> None:
    _final(budget.playouts(ENGINE, seats=seats, block=block, blocks=budget.BLOCKS, check=check, keep=True))


@pytest.mark.parametrize(("columns", "rows"), [(2, 2), (8, 3), (8, 8)])
def test_random_games_on_other_grids(columns: int, rows: int) -> None:
    options = {"columns": columns, "rows": rows}
    for seats in (2, 4):
        _final(
            budget.playouts(
                ENGINE,
                seats=seats,
                count=budget.extra(10),
                options=options,
                check=check,
                label=f"grid{columns}x{rows}",
                keep=True,
            )
        )
