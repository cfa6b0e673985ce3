"""Alpha-beta search for two-player games with perfect information.

Used by the CPU players of four-in-a-row, draughts, morris, reversi, kalaha and the chess
fallback. It searches through the engine's public interface: `to_move`, `legal_moves`,
`result`, and `apply` to step from a state to the next one.

Optional fast path: an engine may define `successor(state, seat, move) -> State`, the state
after a move taken from `legal_moves(state, seat)`. It must run the same rule code as `apply`
(the search only ever passes moves the engine listed itself), may skip re-validation, events
and copying parts the move leaves alone, and must never change `state`. Without it the
search calls `apply(state, seat, move, 0)`.

Scores are always from the searching seat's point of view: the search maximises where that
seat is to move and minimises elsewhere, so games where a seat may move twice in a row
(kalaha's extra turn) need nothing special. A won end is `WIN_SCORE - plies`, a lost end
`-(WIN_SCORE - plies)`, so a quicker win (and a slower loss) is preferred; a draw is 0.
`evaluate` must stay strictly inside ±PROVEN_SCORE, which marks a result the search has seen.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, Generic, Mapping, TypeVar

from . import stopping
from .contract import Engine, Move, to_json

WIN_SCORE = 1_000_000.0
# A score this far from zero is a proven win or loss (no search looks 10,000 plies ahead).
PROVEN_SCORE = WIN_SCORE - 10_000
# Positions remembered at most; past that only known positions are updated (bounded memory).
TABLE_LIMIT = 500_000

# Transposition-table bounds.
_EXACT, _LOWER, _UPPER = 0, 1, 2
# The depth stored for a subtree searched to its very ends: valid at any depth.
_COMPLETE = 1 << 30

# The search reads a state only through the engine and these callbacks: any game's state type.
S = TypeVar("S", bound=Mapping[str, Any])
Evaluate = Callable[[S, int], float]
Order = Callable[[S, list[Move]], list[Move]]
Key = Callable[[S], Hashable]


@dataclass(frozen=True)
class SearchResult:
    """The chosen move, its score for the searching seat, and what the search cost."""

    move: Move
    score: float
    depth: int  # the deepest iteration completed (0: none; the move is then a fallback)
    nodes: int


class _OutOfTime(Exception):
    pass


def default_key(state: Mapping[str, Any]) -> str:
    """A compact canonical string of the state without its generator."""
    return to_json({name: value for name, value in state.items() if name != "rng"})


def _to_table(score: float, ply: int) -> float:
    """Proven scores are stored as distance from the node, so they hold at any ply."""
    if score >= PROVEN_SCORE:
        return score + ply
    if score <= -PROVEN_SCORE:
        return score - ply
    return score


def _from_table(score: float, ply: int) -> float:
    if score >= PROVEN_SCORE:
        return score - ply
    if score <= -PROVEN_SCORE:
        return score + ply
    return score


class _Search(Generic[S]):
    def __init__(
        self,
        engine: Engine[S, Any],
        seat: int,
        evaluate: Evaluate[S],
        deadline: float,
        order: Order[S] | None,
        key: Key[S],
    ) -> None:
        self.engine = engine
        self.seat = seat
        self.evaluate = evaluate
        # The server's hard deadline, when sooner, and its stop flag (rulekit.stopping) end the
        # search like its own clock.
        self.stop = stopping.current()
        hard = self.stop.deadline
        self.deadline = deadline if hard is None else min(deadline, hard)
        self.order = order
        self.key = key
        self.step: Callable[[S, int, Move], S] = getattr(engine, "successor", None) or self._apply
        self.table: dict[Hashable, tuple[int, int, float, Move | None]] = {}
        self.nodes = 0
        # Set when some leaf was cut off by the depth limit rather than reached by the game's end.
        self.horizon = False

    def _apply(self, state: S, seat: int, move: Move) -> S:
        return self.engine.apply(state, seat, move, 0)[0]

    def mover(self, state: S) -> int:
        seats = self.engine.to_move(state)
        if len(seats) != 1:
            raise ValueError(f"alpha-beta needs exactly one seat to move, not {sorted(seats)}")
        return next(iter(seats))

    def terminal(self, result: dict[str, Any], ply: int) -> float:
        placings = result["placings"]
        if all(p == placings[0] for p in placings):
            return 0.0
        return WIN_SCORE - ply if placings[self.seat] == 1 else -(WIN_SCORE - ply)

    def ordered(self, state: S, moves: list[Move], first: Move | None) -> list[Move]:
        if self.order is not None:
            moves = self.order(state, moves)
        if first is not None and first in moves:
            moves = [first, *(m for m in moves if m != first)]
        return moves

    def node(self, state: S, depth: int, alpha: float, beta: float, ply: int) -> float:
        self.nodes += 1
        if time.perf_counter() > self.deadline or self.stop.is_set():
            raise _OutOfTime
        result = self.engine.result(state)
        if result is not None:
            return self.terminal(result, ply)
        if depth <= 0:
            self.horizon = True
            return self.evaluate(state, self.seat)
        key = self.key(state)
        entry = self.table.get(key)
        first = None
        if entry is not None:
            stored_depth, bound, stored, first = entry
            if stored_depth >= depth:
                value = _from_table(stored, ply)
                if bound == _EXACT or (bound == _LOWER and value >= beta) or (bound == _UPPER and value <= alpha):
                    if stored_depth != _COMPLETE:
                        self.horizon = True
                    return value
        mover = self.mover(state)
        maximising = mover == self.seat
        outer_horizon, self.horizon = self.horizon, False
        low, high = alpha, beta
        best = -float("inf") if maximising else float("inf")
        best_move = None
        for move in self.ordered(state, self.engine.legal_moves(state, mover), first):
            value = self.node(self.step(state, mover, move), depth - 1, alpha, beta, ply + 1)
            if maximising:
                if value > best:
                    best, best_move = value, move
                    alpha = max(alpha, value)
            elif value < best:
                best, best_move = value, move
                beta = min(beta, value)
            if alpha >= beta:
                break
        bound = _UPPER if best <= low else _LOWER if best >= high else _EXACT
        if len(self.table) < TABLE_LIMIT or key in self.table:
            self.table[key] = (depth if self.horizon else _COMPLETE, bound, _to_table(best, ply), best_move)
        self.horizon = outer_horizon or self.horizon
        return best


def alphabeta(
    engine: Engine[S, Any],
    state: S,
    seat: int,
    evaluate: Evaluate[S],
    *,
    max_depth: int,
    budget_ms: float,
    order: Order[S] | None = None,
    key: Key[S] | None = None,
) -> SearchResult:
    """The best move for `seat` (to move in `state`), by iterative deepening to `max_depth` plies.

    Stops when the budget runs out (or a stop is asked, rulekit.stopping) and answers with the deepest completed iteration, or with a
    better root move the unfinished iteration had already proven. Always returns a legal move:
    if not even depth 1 finished, the first move in search order.
    """
    started = time.perf_counter()
    search = _Search(engine, seat, evaluate, started + budget_ms / 1000, order, key or default_key)
    if seat not in engine.to_move(state) or engine.result(state) is not None:
        raise ValueError(f"seat {seat} is not to move")
    moves = search.ordered(state, engine.legal_moves(state, seat), None)
    if not moves:
        raise ValueError(f"seat {seat} has no legal move")
    if len(moves) == 1:
        return SearchResult(moves[0], evaluate(state, seat), 0, 0)
    children = [search.step(state, seat, move) for move in moves]

    best = SearchResult(moves[0], evaluate(state, seat), 0, 0)
    for depth in range(1, max_depth + 1):
        search.horizon = False
        alpha = -float("inf")
        found: tuple[int, float] | None = None  # (index in moves, score) of this iteration's best
        try:
            for index, child in enumerate(children):
                value = search.node(child, depth - 1, alpha, float("inf"), 1)
                if found is None or value > found[1]:
                    found = (index, value)
                    alpha = value
        except _OutOfTime:
            # The first move is the previous best and got an exact score; any move that beat
            # it is better at this depth too, so an unfinished iteration still counts.
            if found is not None:
                best = SearchResult(moves[found[0]], found[1], best.depth, search.nodes)
            return SearchResult(best.move, best.score, best.depth, search.nodes)
        assert found is not None
        index, value = found
        best = SearchResult(moves[index], value, depth, search.nodes)
        # Search the best move first next time; the rest keep their order.
        moves.insert(0, moves.pop(index))
        children.insert(0, children.pop(index))
        if abs(value) >= PROVEN_SCORE or not search.horizon:
            break  # a proven result, or the whole game tree was seen: deeper changes nothing
    return SearchResult(best.move, best.score, best.depth, search.nodes)
