"""Both ends of a game come up under the declaration's test player: its uniformly random games
(one in RANDOM_EVERY) run to the round limit, its forward-leaning ones are won. The conformance
suite plays the budget's games with the same player and the game's invariants."""

from __future__ import annotations

import pytest
from svc_boards.chinese_checkers import ENGINE
from svc_boards.chinese_checkers.declaration import RANDOM_EVERY, check, policy

from rulekit.playout import random_playout


@pytest.mark.parametrize("seats", [2, 3])
def test_random_games_reach_the_limit_and_leaning_ones_are_won(seats: int) -> None:
    endings = []
    for index in (0, 1, 2, RANDOM_EVERY):
        run = random_playout(
            ENGINE,
            seats,
            {},
            f"endings:{seats}:{index}".encode(),
            check=check,
            choose=policy(index),
            scan_views=False,
            contract_checks=False,
        )
        endings.append("won" if run.final_state["winner"] is not None else "round limit")
    assert endings[0] == endings[-1] == "round limit" and "won" in endings[1:3], endings
