"""Chains and loops: the structure a Dots and Boxes endgame is played on.

Once no safe line is left (every undrawn line would give some box its third side), the open
boxes fall apart into components joined by undrawn lines. A component whose boxes all have
exactly two undrawn sides is a chain (its ends on the edge of the grid) or a loop. `control`
values such a position for the player who must open the next component, both sides playing
the double-cross where it pays (the long-chain rule is what decides who gets here to move).
"""

from __future__ import annotations

from functools import lru_cache

from .rules import box_sides, drawn
from .state import Direction, DotsAndBoxesState

Component = tuple[str, int]  # ("chain" | "loop", boxes); a tangle of junctions counts as a chain


def components(state: DotsAndBoxesState) -> list[Component]:
    """The open boxes' components: connected through undrawn shared lines."""
    rows, columns = state["options"]["rows"], state["options"]["columns"]
    open_boxes = {(r, c) for r in range(rows) for c in range(columns) if state["boxes"][r * columns + c] < 0}
    found: list[Component] = []
    seen: set[tuple[int, int]] = set()
    for start in sorted(open_boxes):
        if start in seen:
            continue
        stack, members, simple, edges = [start], [], True, 0
        seen.add(start)
        while stack:
            r, c = stack.pop()
            members.append((r, c))
            undrawn = [line for line in box_sides(state, r, c) if not drawn(state, *line)]
            simple = simple and len(undrawn) == 2
            for neighbour in _across(r, c, undrawn, rows, columns):
                if neighbour is None:
                    edges += 1
                elif neighbour not in seen:
                    seen.add(neighbour)
                    stack.append(neighbour)
        found.append(("loop" if simple and edges == 0 else "chain", len(members)))
    return found


def _across(
    r: int, c: int, lines: list[tuple[Direction, int, int]], rows: int, columns: int
) -> list[tuple[int, int] | None]:
    """The box on the other side of each line (None: the edge of the grid)."""
    out: list[tuple[int, int] | None] = []
    for direction, lr, lc in lines:
        if direction == "h":
            other = (lr - 1, c) if lr == r else (lr, c)
        else:
            other = (r, lc - 1) if lc == c else (r, lc)
        out.append(other if 0 <= other[0] < rows and 0 <= other[1] < columns else None)
    return out


def control(parts: list[Component]) -> int:
    """Boxes won minus boxes lost from here by the player who must open a component."""
    return _value(tuple(sorted(parts)))


@lru_cache(maxsize=100_000)
def _value(parts: tuple[Component, ...]) -> int:
    if not parts:
        return 0
    best = None
    for i, (kind, size) in enumerate(parts):
        if i and parts[i - 1] == (kind, size):
            continue
        rest = _value(parts[:i] + parts[i + 1 :])
        taken_all = -(size + rest)
        if kind == "loop":
            # The taker may leave the last four (two dominoes) and keep control.
            value = min(taken_all, 8 - size + rest)
        elif size >= 3:
            # The taker may leave the last two (a double-cross) and keep control.
            value = min(taken_all, 4 - size + rest)
        else:
            # One box, or two opened in the middle: nothing to decline.
            value = taken_all
        best = value if best is None else max(best, value)
    assert best is not None
    return best
