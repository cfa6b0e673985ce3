"""Seeded random games to their rule-given end, with chess's own invariants (its declaration's
check against python-chess) at every move. The conformance suite plays the budget's games,
whose random player picks uniformly among all legal moves, resignation included, so most of
them end early by resignation.

- 40 games through the playout harness (`random_playout`) with a player that never resigns, so
  the games run to their rule-given end (mate, stalemate, dead position, fifty moves,
  repetition); at the end the whole game is replayed from the start with python-chess and the
  ending checked against the full history. Every move of them is checked against
  python-chess; the harness's own contract checks and view scans cover the first
  FULL_CHECKED of them (all of them in `make soak`).
"""

from __future__ import annotations

import random
from collections import Counter

import chess
from svc_boards.chess import ENGINE
from svc_boards.chess.declaration import check

from rulekit import Engine, Event, Move, State
from rulekit.playout import random_playout
from tests import budget

FULL_GAMES = 40
FULL_CHECKED = FULL_GAMES if budget.SOAK else 5


class Checker:
    """The declaration's check, counting how the games end."""

    def __init__(self) -> None:
        self.endings: Counter[str] = Counter()

    def check(self, before: State, after: State, seat: int, move: Move, events: list[Event]) -> None:
        check(before, after, seat, move, events)
        if after["termination"] is not None:
            self.endings[after["termination"]] += 1


def never_resigns(engine: Engine, state: State, seat: int, rnd: random.Random) -> Move:
    return rnd.choice([m for m in engine.legal_moves(state, seat) if m["type"] == "move"])


def replay(state: State) -> chess.Board:
    """The whole game from its start position with python-chess's full move stack."""
    board = chess.Board(state["start_fen"])
    for uci in state["moves"]:
        board.push_uci(uci)
    return board


def test_random_games_to_their_end() -> None:
    checker = Checker()
    lengths = []
    for index in range(FULL_GAMES):
        thorough = index < FULL_CHECKED
        run = random_playout(
            ENGINE,
            2,
            {},
            f"full:{index}".encode(),
            check=checker.check,
            choose=never_resigns,
            scan_views=thorough,
            contract_checks=thorough,
        )
        final = run.final_state
        board = replay(final)
        assert board.fen() == final["fen"]
        termination = final["termination"]
        # The engine judges repetition from the last pawn move or capture on; the full history
        # must agree, and the game must have ended at the first moment a rule allowed.
        if termination == "threefold_repetition":
            assert board.is_repetition(3)
        elif termination == "fifty_moves":
            assert board.is_fifty_moves()
        else:
            assert board.outcome() is not None and board.outcome().termination.name.lower() == termination
        board.pop()
        assert board.outcome(claim_draw=False) is None and not board.is_fifty_moves() and not board.is_repetition(3)
        lengths.append(run.steps)
    assert sum(checker.endings.values()) == FULL_GAMES and "resignation" not in checker.endings
    # A random game ends in every way the rules allow; with these seeds all five come up.
    assert set(checker.endings) == {
        "checkmate",
        "stalemate",
        "insufficient_material",
        "fifty_moves",
        "threefold_repetition",
    }, checker.endings
    assert max(lengths) < ENGINE.meta.longest_game
