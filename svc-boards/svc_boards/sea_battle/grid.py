"""The Sea Battle grid: the fleet, cell numbers and ship positions (shared by the rules, the
sampling of an unseen fleet and the targeting)."""

from __future__ import annotations

from functools import cache
from typing import Any, Mapping, Sequence

SIZE = 10
FLEET = (("carrier", 5), ("battleship", 4), ("cruiser", 3), ("submarine", 3), ("destroyer", 2))
FLEET_CELLS = sum(size for _, size in FLEET)


def cell(owner: int, row: int, col: int) -> int:
    """The number of a cell in `owner`'s waters: 100..199 for seat 0, 200..299 for seat 1."""
    return (owner + 1) * 100 + row * SIZE + col


def row_col(cell_id: int) -> tuple[int, int]:
    return (cell_id % 100) // SIZE, cell_id % SIZE


def ship_cells(owner: int, size: int, row: int, col: int, direction: str) -> list[int] | None:
    """The cells of a ship from (row, col) across or down; None if it leaves the grid."""
    dr, dc = (0, 1) if direction == "h" else (1, 0)
    end_r, end_c = row + dr * (size - 1), col + dc * (size - 1)
    if not (0 <= row < SIZE and 0 <= col < SIZE and end_r < SIZE and end_c < SIZE):
        return None
    return [cell(owner, row + dr * k, col + dc * k) for k in range(size)]


def placements(owner: int, size: int, taken: set[int]) -> list[tuple[int, int, str, list[int]]]:
    """Every position of a ship of `size` overlapping none of `taken` (touching is allowed)."""
    return [(r, c, d, list(cells)) for r, c, d, cells in _positions(owner, size) if taken.isdisjoint(cells)]


@cache
def _positions(owner: int, size: int) -> tuple[tuple[int, int, str, tuple[int, ...]], ...]:
    out = []
    for direction in ("h", "v"):
        for row in range(SIZE):
            for col in range(SIZE):
                cells = ship_cells(owner, size, row, col, direction)
                if cells is not None:
                    out.append((row, col, direction, tuple(cells)))
    return tuple(out)


def occupied(fleet: Sequence[Mapping[str, Any]]) -> set[int]:
    return {c for ship in fleet for c in ship["cells"]}
