"""Every game with its move clock on: seeded random games through the playout harness, which
checks at every step that each timed-out seat's `timeout_move` is among its legal moves and, in
the first games, that `apply_timeout` applies and leaves a state that passes the same
invariants. The games' own series run with the clock off (its default), so this is where the
clocked steps are covered."""

from __future__ import annotations

import pytest

from rulekit import Event, Move, State
from rulekit.declaration import GameDeclaration
from rulekit.playout import random_choice, run_playouts

from .cases import DECLARATIONS, case_id

GAMES = 12
THOROUGH = 6  # games per seat count that also apply every timeout
# Long games (a Hau Hau match, Ludo for eight, fifteen rounds of Femton) play fewer.
LONG_GAMES = {"hau-hau": 3, "ludo": 3, "mensch": 3, "contract-rummy": 1}


@pytest.mark.parametrize("declaration", DECLARATIONS, ids=case_id)
def test_every_clocked_step_has_a_legal_default_move(declaration: GameDeclaration) -> None:
    engine = declaration.engine
    assert engine.meta.clock is not None, f"{engine.meta.id} declares no move clock"
    counts = engine.meta.allowed_seat_counts()
    games = LONG_GAMES.get(declaration.id, GAMES)
    steps = {"all": 0, "clocked": 0}

    def count(state: State, new_state: State, seat: int, move: Move, events: list[Event]) -> None:
        steps["all"] += 1
        steps["clocked"] += engine.deadline(state) is not None

    run_playouts(
        engine,
        games,
        seat_counts=sorted({counts[0], counts[-1]}),
        # "fast", or "fixed" where the rules fix it
        options={"move_clock": engine.meta.clock.choices[-1]},
        label="clock",
        scanned=0,
        thorough=min(THOROUGH, games),
        check=count,
        keep=False,
        choose=declaration.policy(0) if declaration.policy is not None else random_choice,
    )
    # The harness starts every game at a known time, so the clock runs on every step.
    assert steps["clocked"] == steps["all"] > 0
