"""CPU levels for the open two-player board games: alpha-beta from what the seat sees.

Each game's `cpu.py` gives its evaluation, move ordering and position key; this builds the
level functions svc-ai calls. A level decides from `ask.view` only: it determinizes the view
(open games: the public state with a fresh generator) and searches through the engine.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable

from rulekit import Engine, Move, State
from rulekit.players import Ask, Choice, Player
from rulekit.search import alphabeta

Evaluate = Callable[[State, int], float]
Order = Callable[[State, list[Move]], list[Move]]
Key = Callable[[State], Hashable]

# The search's own clock gets this share of the budget: the rest covers what follows its last
# look at the clock (unwinding, freeing a transposition table of up to 500,000 positions) and
# a garbage collection on the way, so the move is answered within the budget.
SEARCH_SHARE = 0.9


def search_player(
    engine: Engine,
    evaluate: Evaluate,
    *,
    max_depth: int,
    budget_ms: int,
    order: Order | None = None,
    key: Key | None = None,
) -> Player:
    """A level: iterative-deepening alpha-beta to `max_depth` plies within at most `budget_ms`
    (or the ask's own budget, if smaller), less a margin (SEARCH_SHARE). Root moves are shuffled by the ask's seed before
    ordering, so equally good moves vary from game to game."""

    def player(ask: Ask) -> Choice:
        state = engine.determinize(ask.view, ask.seat, ask.seed)
        rnd = random.Random(ask.seed)

        def ordered(node: State, moves: list[Move]) -> list[Move]:
            if node is state:
                moves = list(moves)
                rnd.shuffle(moves)
            return order(node, moves) if order is not None else moves

        found = alphabeta(
            engine,
            state,
            ask.seat,
            evaluate,
            max_depth=max_depth,
            budget_ms=max(1, min(ask.budget_ms, budget_ms) * SEARCH_SHARE),
            order=ordered,
            key=key,
        )
        return Choice(found.move, found.nodes)

    return player
