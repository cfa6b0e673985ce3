"""A test-only player that cheats: the game's own Monte Carlo search run on the true state
instead of samples of the seat's view. It sees every hand and the order of the draw pile, so
its edge over random is the ceiling a player that decides from its view alone can reach."""

from __future__ import annotations

from rulekit import Engine, Move, State
from rulekit.montecarlo import MonteCarlo
from rulekit.players import Ask


def cheating_move(engine: Engine, search: MonteCarlo, state: State, seat: int, seed: bytes) -> Move:
    """The move `search` picks for `seat` when every sample is the true `state`."""
    ask = Ask(engine.meta.id, seat, engine.view(state, seat), "cheater", seed, search.budget_ms)
    return search.choose(engine, ask, lambda _: state).move
