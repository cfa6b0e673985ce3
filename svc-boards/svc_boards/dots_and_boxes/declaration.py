"""What the platform knows of dots and boxes beyond its rules: CPU levels, test budget,
invariants and the grids worth playing."""

from __future__ import annotations

from rulekit import Event, Move
from rulekit.declaration import Budget, GameDeclaration, Variant
from rulekit.playout import Playout, final_result

from . import ENGINE
from .cpu import LEVELS
from .state import DotsAndBoxesState


def check(before: DotsAndBoxesState, after: DotsAndBoxesState, seat: int, move: Move, events: list[Event]) -> None:
    """One line more, drawn by the mover; boxes only ever gain an owner, and the new ones are
    the mover's and exactly the boxes whose four sides are now drawn; the mover goes again
    exactly when it closed one; the game ends exactly when every line is drawn."""
    drawn = [sum(x >= 0 for x in s["h"] + s["v"]) for s in (before, after)]
    assert drawn[1] == drawn[0] + 1
    assert move["dir"] in ("h", "v")
    assert (after["h"] if move["dir"] == "h" else after["v"])[_index(after, move)] == seat
    new = [i for i, (a, b) in enumerate(zip(before["boxes"], after["boxes"], strict=True)) if a != b]
    assert all(before["boxes"][i] == -1 and after["boxes"][i] == seat for i in new)
    closed = [e for e in events if e["code"] == "box_closed"]
    assert len(closed) == len(new) <= 2
    assert after["last"] == {"seat": seat, "dir": move["dir"], "row": move["row"], "col": move["col"]}
    lines = len(after["h"]) + len(after["v"])
    if after["over"]:
        assert drawn[1] == lines and all(b >= 0 for b in after["boxes"])
        assert events[-1] == {"code": "game_over", "scores": final_result(ENGINE, after)["scores"]}
    else:
        assert drawn[1] < lines
        assert (after["turn"] == seat) == bool(new)
        assert new or after["turn"] == (seat + 1) % after["seats"]


def _index(state: DotsAndBoxesState, move: Move) -> int:
    columns = state["options"]["columns"]
    return move["row"] * (columns if move["dir"] == "h" else columns + 1) + move["col"]


def finished(run: Playout[DotsAndBoxesState]) -> None:
    """Every box scored once; every line drawn, one a move."""
    state = run.final_state
    assert sum(final_result(ENGINE, state)["scores"]) == len(state["boxes"])
    assert run.steps == len(state["h"]) + len(state["v"])


DECLARATION = GameDeclaration(
    engine=ENGINE,
    budget=Budget({2: 200, 3: 150, 4: 150}),
    levels=LEVELS,
    check=check,
    finished=finished,
    variants=tuple(
        Variant(f"grid{columns}x{rows}", {"columns": columns, "rows": rows}, 10, seats=(2, 4))
        for columns, rows in ((2, 2), (8, 3), (8, 8))
    ),
)
