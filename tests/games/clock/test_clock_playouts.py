"""Every game with its move clock on: seeded random playouts through rulekit's harness, which
checks at every step that each timed-out seat's default move is legal and, in the first
games, that `apply_timeout` applies and leaves a state that passes the same invariants.

The games' own playout series run with the clock off (its default), so this is where the
clocked steps are covered; Hau Hau's clock is fixed and its own series covers it as well."""

from __future__ import annotations

import pytest
from svc_boards.registry import REGISTRY as BOARDS
from svc_cards.registry import REGISTRY as CARDS
from svc_dice.registry import REGISTRY as DICE
from svc_words.registry import REGISTRY as WORDS

from rulekit import Engine, Event, Move, State
from rulekit.playout import random_choice, run_playouts
from tests.games.contract_rummy.leaning import leaning

ENGINES = [engine for registry in (BOARDS, CARDS, DICE, WORDS) for engine in registry]
GAMES = 12
THOROUGH = 6  # games per seat count that also apply every timeout


def clocked_choice(engine: Engine) -> str:
    assert engine.meta.clock is not None, f"{engine.meta.id} declares no move clock"
    return engine.meta.clock.choices[-1]  # "fast", or "fixed" where the rules fix it


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.meta.id)
def test_every_clocked_step_has_a_legal_default_move(engine: Engine) -> None:
    counts = engine.meta.allowed_seat_counts()
    seat_counts = sorted({counts[0], counts[-1]})
    # Long games (a Hau Hau match, Ludo for eight) play fewer.
    games = 3 if engine.meta.id in ("hau-hau", "ludo", "mensch") else GAMES
    choose = random_choice
    if engine.meta.id == "contract-rummy":
        # Fifteen rounds: uniformly random players seldom lay a contract down (20,000+ moves a
        # game, 103 s of the suite's longest test), its playouts' leaning player ends them in
        # 2,000-7,000 moves, every one of them clocked all the same.
        games, choose = 1, leaning
    steps = {"all": 0, "clocked": 0}

    def count(state: State, new_state: State, seat: int, move: Move, events: list[Event]) -> None:
        steps["all"] += 1
        steps["clocked"] += engine.deadline(state) is not None

    run_playouts(
        engine,
        games,
        seat_counts=seat_counts,
        options={"move_clock": clocked_choice(engine)},
        label="clock",
        scanned=0,
        thorough=min(THOROUGH, games),
        check=count,
        keep=False,
        choose=choose,
    )
    # The harness starts every game at a known time, so the clock runs on every step.
    assert steps["clocked"] == steps["all"] > 0
