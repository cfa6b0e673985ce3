"""rulekit.search.alphabeta on small games whose values are known or brute-forced here."""

from __future__ import annotations

from typing import Any

import pytest
from svc_boards.four_in_a_row import ENGINE as FOUR_IN_A_ROW

from rulekit import BaseEngine, Event, GameMeta, Move, Result, Rng, State, View, to_json
from rulekit.search import WIN_SCORE, SearchResult, alphabeta

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


class TicTacToe(BaseEngine):
    """Noughts and crosses: a game tree small enough to search to the end."""

    meta = GameMeta("tic-tac-toe", "test", 2, 2, False, False, False, 9)

    def initial_state(self, seats: int, options: dict[str, Any], rng: Rng) -> State:
        return {"cells": [-1] * 9, "turn": 0}

    def winner(self, state: State) -> int | None:
        cells = state["cells"]
        for a, b, c in LINES:
            if cells[a] != -1 and cells[a] == cells[b] == cells[c]:
                return cells[a]
        return None

    def result(self, state: State) -> Result | None:
        winner = self.winner(state)
        if winner is not None:
            return {"placings": [1, 2] if winner == 0 else [2, 1], "scores": [1, 0] if winner == 0 else [0, 1]}
        if -1 not in state["cells"]:
            return {"placings": [1, 1], "scores": [0.5, 0.5]}
        return None

    def to_move(self, state: State) -> frozenset[int]:
        return frozenset() if self.result(state) else frozenset((state["turn"],))

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        if seat not in self.to_move(state):
            return []
        return [{"type": "mark", "cell": i} for i, cell in enumerate(state["cells"]) if cell == -1]

    def play(self, state: State, seat: int, move: Move, now_ms: int, rng: Rng) -> list[Event]:
        state["cells"][move["cell"]] = seat
        state["turn"] = 1 - seat
        return []

    def view(self, state: State, seat: int | None) -> View:
        return {**self.base_view(state, seat), "public": self.open_state(state)}


class ExtraTurnPile(BaseEngine):
    """Take one or two stones; taking one earns another turn; whoever takes the last stone wins.

    Like kalaha's extra turn: the same seat may move several times in a row.
    """

    meta = GameMeta("extra-turn-pile", "test", 2, 2, False, False, False, 50)

    def initial_state(self, seats: int, options: dict[str, Any], rng: Rng) -> State:
        return {"pile": 3, "turn": 0, "last": None}

    def result(self, state: State) -> Result | None:
        if state["pile"]:
            return None
        return {"placings": [1, 2] if state["last"] == 0 else [2, 1], "scores": [0, 0]}

    def to_move(self, state: State) -> frozenset[int]:
        return frozenset((state["turn"],)) if state["pile"] else frozenset()

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        if seat not in self.to_move(state):
            return []
        return [{"type": "take", "stones": n} for n in (1, 2) if n <= state["pile"]]

    def play(self, state: State, seat: int, move: Move, now_ms: int, rng: Rng) -> list[Event]:
        state["pile"] -= move["stones"]
        state["last"] = seat
        state["turn"] = seat if move["stones"] == 1 else 1 - seat
        return []

    def view(self, state: State, seat: int | None) -> View:
        return {**self.base_view(state, seat), "public": self.open_state(state)}


TTT = TicTacToe()


def ttt(marks: str) -> State:
    """A tic-tac-toe position from nine characters: X (seat 0), O (seat 1) or '.'."""
    state = TTT.setup(2, {}, b"ttt")
    state["cells"] = [{"X": 0, "O": 1, ".": -1}[m] for m in marks]
    state["turn"] = 0 if marks.count("X") == marks.count("O") else 1
    return state


def minimax(engine: BaseEngine, state: State, seat: int, ply: int = 0, seen: dict | None = None) -> float:
    """The plain, exhaustive minimax value with the search's terminal scores (memoised)."""
    seen = {} if seen is None else seen
    key = (to_json(engine.open_state(state)), ply)
    if key in seen:
        return seen[key]
    result = engine.result(state)
    if result is not None:
        placings = result["placings"]
        if placings[0] == placings[1]:
            value = 0.0
        else:
            value = WIN_SCORE - ply if placings[seat] == 1 else -(WIN_SCORE - ply)
    else:
        mover = next(iter(engine.to_move(state)))
        values = [
            minimax(engine, engine.apply(state, mover, move, 0)[0], seat, ply + 1, seen)
            for move in engine.legal_moves(state, mover)
        ]
        value = max(values) if mover == seat else min(values)
    seen[key] = value
    return value


def no_estimate(state: State, seat: int) -> float:
    return 0.0


@pytest.mark.parametrize(
    "marks",
    [
        ".........",  # a draw with best play
        "X...O....",  # X to move, a draw
        "X.O.X....",  # O to move must block the diagonal; a draw
        "XX.OO....",  # X wins at once
        "X.X.O..O.",  # X wins at once on the top row
        "XO.X.O...",  # X wins at once down the left column
        "XO..X....",  # O to move blocks the diagonal, then X forks and wins
    ],
)
def test_matches_exhaustive_minimax(marks: str) -> None:
    state = ttt(marks)
    seat = state["turn"]
    found = alphabeta(TTT, state, seat, no_estimate, max_depth=9, budget_ms=60_000)
    expected = minimax(TTT, state, seat)
    assert found.score == expected
    child = TTT.apply(state, seat, found.move, 0)[0]
    assert minimax(TTT, child, seat, 1) == expected  # the chosen move keeps that value
    assert 1 <= found.depth <= 9 and found.nodes > 0


def test_prefers_the_quicker_win() -> None:
    # X can win now on cell 2, or later; a win in one scores WIN_SCORE - 1.
    state = ttt("XX.OO....")
    found = alphabeta(TTT, state, 0, no_estimate, max_depth=9, budget_ms=60_000)
    assert found.move == {"type": "mark", "cell": 2}
    assert found.score == WIN_SCORE - 1
    assert found.depth == 1  # a proven win ends the deepening


def test_the_whole_tree_ends_the_deepening() -> None:
    # Three empty cells: the game ends within three plies whatever max_depth says.
    state = ttt("XOXXOO.X.")
    found = alphabeta(TTT, state, state["turn"], no_estimate, max_depth=50, budget_ms=60_000)
    assert found.score == minimax(TTT, state, state["turn"])
    assert found.depth <= 3


def test_extra_turns_are_searched_from_the_seat() -> None:
    # Pile of 3: taking one keeps the turn (then take two and win: two plies, both ours);
    # taking two hands the last stone to the other seat.
    engine = ExtraTurnPile()
    state = engine.setup(2, {}, b"pile")
    found = alphabeta(engine, state, 0, no_estimate, max_depth=6, budget_ms=60_000)
    assert found.move == {"type": "take", "stones": 1}
    assert found.score == WIN_SCORE - 2 == minimax(engine, state, 0)


def test_the_evaluation_decides_at_the_horizon() -> None:
    # At depth one the search trusts `evaluate`; here it likes the middle cell best.
    def likes_the_middle(state: State, seat: int) -> float:
        return 1.0 if state["cells"][4] == seat else 0.0

    found = alphabeta(TTT, ttt("........."), 0, likes_the_middle, max_depth=1, budget_ms=60_000)
    assert found == SearchResult({"type": "mark", "cell": 4}, 1.0, 1, found.nodes)


def test_order_breaks_ties_and_key_is_used() -> None:
    keys: list[str] = []

    def last_cell_first(state: State, moves: list[Move]) -> list[Move]:
        return sorted(moves, key=lambda move: -move["cell"])

    def key(state: State) -> str:
        keys.append("".join(map(str, state["cells"])))
        return keys[-1]

    found = alphabeta(
        TTT, ttt("........."), 0, no_estimate, max_depth=2, budget_ms=60_000, order=last_cell_first, key=key
    )
    assert found.move == {"type": "mark", "cell": 8}  # every move scores 0: the first in order stays
    assert keys


def test_out_of_budget_still_gives_a_legal_move() -> None:
    state = ttt(".........")
    found = alphabeta(TTT, state, 0, no_estimate, max_depth=9, budget_ms=0)
    assert found.move in TTT.legal_moves(state, 0)
    assert found.depth == 0


def test_refuses_a_seat_that_is_not_to_move() -> None:
    with pytest.raises(ValueError):
        alphabeta(TTT, ttt("X........"), 0, no_estimate, max_depth=2, budget_ms=1000)


class ApplyOnly:
    """Four in a Row without its `successor` fast path: the search must fall back on `apply`."""

    def __init__(self, engine: Any) -> None:
        self.meta = engine.meta
        for name in ("to_move", "legal_moves", "apply", "result"):
            setattr(self, name, getattr(engine, name))


@pytest.mark.parametrize("columns", [(3, 3, 4), (3, 2, 3, 4, 4, 3, 2), (0, 6, 1, 5, 2, 4)])
def test_fast_path_and_apply_agree(columns: tuple[int, ...]) -> None:
    from svc_boards.four_in_a_row.cpu import threat_evaluation

    state = FOUR_IN_A_ROW.setup(2, {}, b"s")
    for column in columns:
        state, _ = FOUR_IN_A_ROW.apply(state, state["turn"], {"type": "drop", "column": column}, 0)
    seat = state["turn"]
    fast = alphabeta(FOUR_IN_A_ROW, state, seat, threat_evaluation, max_depth=4, budget_ms=60_000)
    plain = alphabeta(ApplyOnly(FOUR_IN_A_ROW), state, seat, threat_evaluation, max_depth=4, budget_ms=60_000)
    assert (fast.move, fast.score, fast.depth, fast.nodes) == (plain.move, plain.score, plain.depth, plain.nodes)


def test_transposition_table_changes_no_value() -> None:
    from svc_boards.four_in_a_row.cpu import line_evaluation

    state = FOUR_IN_A_ROW.setup(2, {}, b"s")
    for column in (3, 3, 2):
        state, _ = FOUR_IN_A_ROW.apply(state, state["turn"], {"type": "drop", "column": column}, 0)
    shared = alphabeta(FOUR_IN_A_ROW, state, 1, line_evaluation, max_depth=4, budget_ms=60_000)
    # A key no two states share: the table never answers, so this is plain alpha-beta.
    unique = iter(range(10**9))
    alone = alphabeta(
        FOUR_IN_A_ROW, state, 1, line_evaluation, max_depth=4, budget_ms=60_000, key=lambda s: next(unique)
    )
    assert shared.score == alone.score
    assert shared.nodes < alone.nodes


def test_a_stop_asked_ends_the_search_with_its_fallback() -> None:
    """rulekit.stopping: a stop asked before alpha-beta starts leaves depth 0 (the first move
    in search order), unsearched."""
    from rulekit import stopping

    state = FOUR_IN_A_ROW.setup(2, {}, b"stop")
    stop = stopping.Stop()
    stop.set()
    with stopping.using(stop):
        found = alphabeta(FOUR_IN_A_ROW, state, 0, lambda s, seat: 0.0, max_depth=8, budget_ms=10**6)
    assert found.depth == 0 and found.move in FOUR_IN_A_ROW.legal_moves(state, 0)
