"""Seeded random games through rulekit's playout harness, with chess's own invariants checked
at every move against python-chess read independently of the engine's bookkeeping.

- The budget's games (tests/budget.py; 2,000 in `make soak`) through the playout harness, whose random player picks uniformly among all legal
  moves, resignation included (about one in thirty), so most of these games end early by
  resignation.
- 40 more through the same harness (`random_playout`) with a player that never resigns, so
  the games run to their rule-given end (mate, stalemate, dead position, fifty moves,
  repetition); at the end the whole game is replayed from the start with python-chess and the
  ending checked against the full history. Every move of them is checked against
  python-chess; the harness's own contract checks and view scans, which the first series
  already runs, cover the first FULL_CHECKED of them (all of them in `make soak`).
"""

from __future__ import annotations

import random
from collections import Counter

import chess
from svc_boards.chess import ENGINE

from rulekit import Engine, Event, Move, State
from rulekit.playout import random_playout
from tests import budget

FULL_GAMES = 40
FULL_CHECKED = FULL_GAMES if budget.SOAK else 5


class Checker:
    def __init__(self) -> None:
        self.endings: Counter[str] = Counter()

    def check(self, before: State, after: State, seat: int, move: Move, events: list[Event]) -> None:
        assert seat == before["turn"]
        if move["type"] == "resign":
            assert events == [{"code": "resigned", "seat": seat}]
            assert after["termination"] == "resignation" and after["winner"] == 1 - seat
            assert after["moves"] == before["moves"] and after["fen"] == before["fen"]
            self.endings["resignation"] += 1
            return
        board = chess.Board(before["fen"])
        played = chess.Move.from_uci(move["uci"])
        assert board.is_legal(played)
        san = board.san(played)
        board.push(played)
        assert after["fen"] == board.fen()
        assert after["moves"] == [*before["moves"], move["uci"]] and after["san"] == [*before["san"], san]
        assert after["last"] == move["uci"] and after["check"] == board.is_check()
        assert after["turn"] == (after["white"] if board.turn == chess.WHITE else 1 - after["white"])
        assert events[0] == {"code": "moved", "seat": seat, "uci": move["uci"], "san": san}
        termination = after["termination"]
        result = ENGINE.result(after)
        if termination is None:
            assert result is None and events[1:] == ([{"code": "check", "seat": seat}] if board.is_check() else [])
            assert board.outcome() is None and board.halfmove_clock < 100
            return
        self.endings[termination] += 1
        if termination == "checkmate":
            assert board.is_checkmate() and after["winner"] == seat
            assert events[1:] == [{"code": "checkmate", "seat": seat}]
            assert result is not None and result["placings"][seat] == 1 and result["placings"][1 - seat] == 2
        else:
            assert events[1:] == [{"code": "draw", "reason": termination}]
            assert result == {"placings": [1, 1], "scores": [0.5, 0.5]}
            if termination == "stalemate":
                assert board.is_stalemate()
            elif termination == "insufficient_material":
                assert board.is_insufficient_material()
            elif termination == "fifty_moves":
                assert board.halfmove_clock == 100
            else:
                assert termination == "threefold_repetition"


def never_resigns(engine: Engine, state: State, seat: int, rnd: random.Random) -> Move:
    return rnd.choice([m for m in engine.legal_moves(state, seat) if m["type"] == "move"])


def replay(state: State) -> chess.Board:
    """The whole game from its start position with python-chess's full move stack."""
    board = chess.Board(state["start_fen"])
    for uci in state["moves"]:
        board.push_uci(uci)
    return board


def test_random_playouts() -> None:
    checker = Checker()
    tally = budget.playouts(ENGINE, check=checker.check, keep=True)
    runs, games = tally.runs, tally.planned
    assert runs is not None and len(runs) == games
    assert sum(checker.endings.values()) == games
    assert checker.endings["resignation"] > games // 2 and checker.endings["checkmate"] > 0, checker.endings
    whites = Counter(run.final_state["white"] for run in runs)
    assert whites[0] > games // 3 and whites[1] > games // 3


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
