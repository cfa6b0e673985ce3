"""Checks the shedding games' CPU tests share: legal answers from views, with house rules."""

from __future__ import annotations

import time

from svc_ai.players import choose

from rulekit import Engine, move_matches
from rulekit.players import Ask, Choice

# A guard against a runaway search (an uncapped rollout loop), in CPU seconds, not a speed
# figure: the rule-based levels answer in well under a millisecond and the Monte Carlo level in
# 10-30 ms (40 rollouts), which bench/mc_strength.py measures; its caps are tested in tests/ai.
# Far above both, so a loaded machine does not fail it.
SLOWEST_S = 1.0


def every_level_answers_legally(engine: Engine, seats: int, seed: bytes, options: dict | None = None) -> float:
    """Play a whole game in which the levels take turns to drive; at every decision each
    level must answer with one of the seat's legal moves. Returns the slowest answer (s)."""
    levels = ["random", *engine.meta.cpu_levels[1:]]
    state = engine.setup(seats, options or {}, seed)
    slowest = 0.0
    step = 0
    while engine.result(state) is None:
        seat = min(engine.to_move(state))
        view = engine.view(state, seat)
        legal = engine.legal_moves(state, seat)
        choices: dict[str, Choice] = {}
        for level in levels:
            started = time.process_time()
            choices[level] = choose(Ask(engine.meta.id, seat, view, level, b"%s:%d" % (seed, step), 1000))
            slowest = max(slowest, time.process_time() - started)
            assert any(move_matches(m, choices[level].move) for m in legal), (level, choices[level].move, legal)
        state, _ = engine.apply(state, seat, choices[levels[step % len(levels)]].move, 1000 * step)
        step += 1
    return slowest
