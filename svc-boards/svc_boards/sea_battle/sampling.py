"""An enemy fleet consistent with what one seat has seen, for `determinize`."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from rulekit import Rng

from .grid import FLEET, placements
from .state import Ship

ATTEMPTS = 200


def sample_fleet(
    owner: int, shots: list[int], hits: list[int], sunk: Sequence[Mapping[str, Any]], rng: Rng
) -> list[Ship]:
    """A fleet for `owner` in fleet order: the sunk ships where they were announced, the others
    on no missed cell, covering every hit not on a sunk ship, none of them fully hit. Random
    restarts, then (a fleet always exists: the real one) a depth-first search."""
    known = {ship["name"]: list(ship["cells"]) for ship in sunk}
    hit = set(hits)
    misses = set(shots) - hit
    sunk_cells = {c for cells in known.values() for c in cells}
    open_hits = hit - sunk_cells
    blocked = misses | sunk_cells
    rest = [(name, size) for name, size in FLEET if name not in known]

    def fits(cells: list[int], taken: set[int]) -> bool:
        return not blocked.intersection(cells) and not taken.intersection(cells) and not hit.issuperset(cells)

    for _ in range(ATTEMPTS):
        taken: set[int] = set()
        chosen: dict[str, list[int]] = {}
        for name, size in sorted(rest, key=lambda ship: -ship[1]):
            options = [cells for _, _, _, cells in placements(owner, size, taken) if fits(cells, taken)]
            # Ships near open hits first, so the hits get covered.
            near = [cells for cells in options if open_hits.intersection(cells)]
            pool = near if near and rng.below(4) else options
            if not pool:
                break
            cells = pool[rng.below(len(pool))]
            chosen[name] = cells
            taken.update(cells)
        else:
            if open_hits <= taken:
                return _in_order({**known, **chosen})
    found = _search(owner, sorted(rest, key=lambda ship: -ship[1]), set(), open_hits, fits)
    if found is None:
        raise ValueError("no fleet fits the shots")
    return _in_order({**known, **found})


def _search(owner, ships, taken, open_hits, fits):  # type: ignore[no-untyped-def]
    if not ships:
        return {} if open_hits <= taken else None
    (name, size), more = ships[0], ships[1:]
    for _, _, _, cells in placements(owner, size, taken):
        if fits(cells, taken):
            found = _search(owner, more, taken | set(cells), open_hits, fits)
            if found is not None:
                return {name: cells, **found}
    return None


def _in_order(cells_by_name: dict[str, list[int]]) -> list[Ship]:
    return [{"name": name, "cells": cells_by_name[name]} for name, _ in FLEET]
