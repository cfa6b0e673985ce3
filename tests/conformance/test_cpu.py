"""Every CPU level of every game, asked along seeded random games at the smallest and largest
table: it answers with one of the seat's legal moves, it is handed that seat's view and
nothing more (no secret of `hidden_from`, no generator), it never answers for a seat that is not to move,
and where the game hides something, a state dealt differently (the engine's `determinize`, as
the levels sample) gives that seat the very same view: what the level is handed cannot tell
the true table from the twin, so it cannot decide on the cards dealt."""

from __future__ import annotations

import random
import time

import pytest

from rulekit import Refusal, State, move_matches, to_json
from rulekit.declaration import GameDeclaration
from rulekit.players import Ask
from rulekit.playout import instantiate, leaves

from .cases import DECLARATIONS, case_id

# Small budgets keep the suite quick; bench/ai_strength.py measures the levels at real budgets.
BUDGET_MS = 15
EVERY = 3  # every level is asked at every EVERY-th step (and at every forced one)
MOST_STEPS = 300  # the walk stops here: long games are asked in their opening and middle
# A guard against a runaway search (an uncapped rollout loop), in CPU seconds, not a speed
# figure: the levels answer in milliseconds at this budget, their caps are tested in tests/ai.
SLOWEST_S = 2.0
TWINS = 3  # asked positions per game that are also dealt otherwise (`determinize`)

CASES = [
    (d, seats)
    for d in DECLARATIONS
    if d.levels
    for seats in sorted({d.engine.meta.allowed_seat_counts()[0], d.engine.meta.allowed_seat_counts()[-1]})
]


def _secrets_in(declaration: GameDeclaration, state: State, seat: int, view: dict) -> set:
    if declaration.hidden_from is None:
        return set()
    secret = set(declaration.hidden_from(state, seat))
    return secret.intersection(v for v in leaves(view) if isinstance(v, (str, int)) and not isinstance(v, bool))


def _dealt(state: State) -> str:
    return to_json({key: value for key, value in state.items() if key != "rng"})


@pytest.mark.parametrize(("declaration", "seats"), CASES, ids=case_id)
def test_every_level_answers_legally_from_a_view(declaration: GameDeclaration, seats: int) -> None:
    engine = declaration.engine
    label = f"cpu:{declaration.id}:{seats}"
    rnd = random.Random(label)
    state = engine.setup(seats, {}, label.encode())
    asked = redealt = hiding = step = 0
    while engine.result(state) is None and step < MOST_STEPS:
        to_move = sorted(engine.to_move(state))
        seat = rnd.choice(to_move)
        legal = engine.legal_moves(state, seat)
        if step % EVERY == 0 or len(legal) == 1:
            asked += 1
            view = engine.view(state, seat)
            assert '"rng"' not in to_json(view) and state["rng"]["seed"] not in to_json(view)
            assert not _secrets_in(declaration, state, seat, view), f"{label} step {step}: the view shows secrets"
            if engine.meta.hidden_information and asked <= TWINS:
                # What the seat cannot see dealt otherwise: a state it cannot tell apart.
                twin = engine.determinize(view, seat, b"twin:%d" % step)
                assert engine.view(twin, seat) == view, (
                    f"{label} step {step}: determinize gave a state the seat tells apart"
                )
                if declaration.hidden_from is not None and declaration.hidden_from(state, seat):
                    # The secrets dealt otherwise: the same unseen cards, elsewhere (the
                    # generator aside, which is always fresh).
                    hiding += 1
                    redealt += _dealt(twin) != _dealt(state)
            for level, player in declaration.levels.items():
                seed = f"{label}:{step}".encode()
                started = time.process_time()
                move = player(Ask(declaration.id, seat, view, level, seed, BUDGET_MS)).move
                assert time.process_time() - started < SLOWEST_S, (label, step, level)
                assert any(move_matches(m, move) for m in legal), (label, step, level, move)
            idle = [s for s in range(seats) if s not in to_move]
            if idle:
                for level, player in declaration.levels.items():
                    # Never a move for a seat that is not to move: a refusal with its code (the
                    # card games' levels), or the error a board game's search stops with.
                    with pytest.raises(Exception) as refused:  # noqa: B017, PT011
                        player(Ask(declaration.id, idle[0], engine.view(state, idle[0]), level, b"idle", BUDGET_MS))
                    if isinstance(refused.value, Refusal):
                        assert refused.value.code == "not_your_turn", (label, level)
        state, _ = engine.apply(state, seat, instantiate(rnd.choice(legal), rnd), 1000 * (step + 1))
        step += 1
    assert asked > 0
    if hiding:
        # determinize samples what the seat cannot see, it does not copy the true state
        assert redealt > 0, f"{label}: every determinized state held the true secrets"
