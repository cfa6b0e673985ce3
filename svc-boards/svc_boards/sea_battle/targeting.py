"""Where to fire next: following up a hit (the clock's default, the easy CPU's habit)."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from rulekit import Move

from .grid import SIZE, cell, row_col


def follow_up(target: int, shots: list[int], hits: list[int], sunk: Sequence[Mapping[str, Any]]) -> Move:
    """Next to a hit of a ship not yet sunk (on the line of two such hits first), else the
    first free cell of a checkerboard (every ship covers one), else the first free cell."""
    fired = set(shots)
    sunk_cells = {c for ship in sunk for c in ship["cells"]}
    open_hits = [h for h in hits if h not in sunk_cells]

    def free(r: int, c: int) -> bool:
        return 0 <= r < SIZE and 0 <= c < SIZE and cell(target, r, c) not in fired

    hit_set = set(open_hits)
    in_line: list[tuple[int, int]] = []
    beside: list[tuple[int, int]] = []
    for h in open_hits:
        r, c = row_col(h)
        for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)):
            if not free(r + dr, c + dc):
                continue
            # The cell continues a line of hits if the cell behind this hit is a hit too.
            behind = (r - dr, c - dc)
            if 0 <= behind[0] < SIZE and 0 <= behind[1] < SIZE and cell(target, *behind) in hit_set:
                in_line.append((r + dr, c + dc))
            beside.append((r + dr, c + dc))
    for r, c in in_line or beside:
        return {"type": "fire", "row": r, "col": c}
    for parity in (0, 1):
        for r in range(SIZE):
            for c in range(SIZE):
                if (r + c) % 2 == parity and free(r, c):
                    return {"type": "fire", "row": r, "col": c}
    raise ValueError("every cell has been fired at")
