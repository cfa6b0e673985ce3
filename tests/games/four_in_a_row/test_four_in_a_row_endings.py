"""Random games of each variant end in every way the rules allow (a draw and a win along each
of the four directions) and both seats win some: every branch of the game's invariant check
(svc_boards/four_in_a_row/declaration.py) runs. The conformance suite plays the budget's games."""

from __future__ import annotations

from collections import Counter

import pytest
from svc_boards.four_in_a_row import ENGINE

from rulekit.playout import run_playouts
from tests import budget

GAMES = 400


@pytest.mark.parametrize("variant", ["7x6-4", "9x7-5"])
def test_every_ending_comes_up(variant: str) -> None:
    endings: Counter[str] = Counter()
    winners: Counter[int] = Counter()
    runs = run_playouts(ENGINE, budget.extra(GAMES), options={"variant": variant}, label=variant, scanned=0, thorough=0)
    for run in runs:
        line = run.final_state["line"]
        if line is None:
            endings["draw"] += 1
            continue
        endings[f"won {(line[1][0] - line[0][0], line[1][1] - line[0][1])}"] += 1
        winners[run.final_state["board"][line[0][1]][line[0][0]]] += 1
    assert set(endings) == {"draw", "won (1, 0)", "won (0, 1)", "won (1, 1)", "won (1, -1)"}, endings
    assert winners[0] > 0 and winners[1] > 0
