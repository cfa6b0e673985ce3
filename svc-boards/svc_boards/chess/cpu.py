"""CPU players for chess in pure Python: alpha-beta search on python-chess boards.

svc-ai serves chess with Stockfish (svc_ai/chess_levels.py) and falls back to these levels,
under the same names, where no Stockfish binary runs. The search: iterative deepening,
quiescence on captures, most-valuable-victim ordering, a material and piece-square
evaluation. One ply (plus captures) for beginner and easy, which add a random error of up to
200 and 50 centipawns to every root move's score (drawn from the request's seed), two plies
for medium, and as deep as the budget allows for strong.

Players read only the seat's view (`view["public"]` is the open game) and never resign.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import cast

import chess

from rulekit import Refusal, stopping
from rulekit.players import Ask, Choice, Levels, Player

from .rules import board_of
from .state import ChessState

# Leave some of the budget for starting up, rebuilding the board and answering.
BUDGET_SHARE = 0.8


@dataclass(frozen=True)
class Level:
    fallback_depth: int  # deepest full-width search
    fallback_noise: int  # centipawns of random error per root move
    fallback_ms: int = 10_000  # longest think; the ask's budget may cut it shorter


LEVEL_SETTINGS: dict[str, Level] = {
    "beginner": Level(fallback_depth=1, fallback_noise=200, fallback_ms=200),
    "easy": Level(fallback_depth=1, fallback_noise=50, fallback_ms=500),
    "medium": Level(fallback_depth=2, fallback_noise=0),
    "strong": Level(fallback_depth=64, fallback_noise=0),
}


def board(ask: Ask) -> chess.Board:
    """The board of the ask's view; refuses when the seat is not to move."""
    public = ask.view.get("public")
    if not isinstance(public, dict) or not ask.view.get("legal_moves"):
        raise Refusal("not_your_turn", "the view lists no legal move for this seat")
    return board_of(cast(ChessState, public))  # an open game's public part is its state


def think_ms(ask: Ask, cap: int) -> int:
    return max(1, min(cap, int(ask.budget_ms * BUDGET_SHARE)))


def choose_fallback(ask: Ask, level: Level) -> Choice:
    """The pure-Python search's move."""
    move, nodes = fallback_search(board(ask), level, think_ms(ask, level.fallback_ms), ask.seed)
    return Choice({"type": "move", "uci": move.uci()}, nodes=nodes)


def _player(name: str) -> Player:
    level = LEVEL_SETTINGS[name]

    def play(ask: Ask) -> Choice:
        # Looked up at call time, so a test can watch every fallback search.
        return choose_fallback(ask, level)

    play.__name__ = f"chess_{name}"
    return play


LEVELS: Levels = {name: _player(name) for name in LEVEL_SETTINGS}


# -- the fallback search ---------------------------------------------------------------------

PIECE_VALUE = {chess.PAWN: 100, chess.KNIGHT: 320, chess.BISHOP: 330, chess.ROOK: 500, chess.QUEEN: 900, chess.KING: 0}

# Piece-square tables (Michniewski's "simplified evaluation function"), from White's side,
# first row = rank 8. A white piece on square s reads entry s ^ 56, a black one entry s.
# fmt: off
_PST = {
    chess.PAWN: (
        0, 0, 0, 0, 0, 0, 0, 0,
        50, 50, 50, 50, 50, 50, 50, 50,
        10, 10, 20, 30, 30, 20, 10, 10,
        5, 5, 10, 25, 25, 10, 5, 5,
        0, 0, 0, 20, 20, 0, 0, 0,
        5, -5, -10, 0, 0, -10, -5, 5,
        5, 10, 10, -20, -20, 10, 10, 5,
        0, 0, 0, 0, 0, 0, 0, 0,
    ),
    chess.KNIGHT: (
        -50, -40, -30, -30, -30, -30, -40, -50,
        -40, -20, 0, 0, 0, 0, -20, -40,
        -30, 0, 10, 15, 15, 10, 0, -30,
        -30, 5, 15, 20, 20, 15, 5, -30,
        -30, 0, 15, 20, 20, 15, 0, -30,
        -30, 5, 10, 15, 15, 10, 5, -30,
        -40, -20, 0, 5, 5, 0, -20, -40,
        -50, -40, -30, -30, -30, -30, -40, -50,
    ),
    chess.BISHOP: (
        -20, -10, -10, -10, -10, -10, -10, -20,
        -10, 0, 0, 0, 0, 0, 0, -10,
        -10, 0, 5, 10, 10, 5, 0, -10,
        -10, 5, 5, 10, 10, 5, 5, -10,
        -10, 0, 10, 10, 10, 10, 0, -10,
        -10, 10, 10, 10, 10, 10, 10, -10,
        -10, 5, 0, 0, 0, 0, 5, -10,
        -20, -10, -10, -10, -10, -10, -10, -20,
    ),
    chess.ROOK: (
        0, 0, 0, 0, 0, 0, 0, 0,
        5, 10, 10, 10, 10, 10, 10, 5,
        -5, 0, 0, 0, 0, 0, 0, -5,
        -5, 0, 0, 0, 0, 0, 0, -5,
        -5, 0, 0, 0, 0, 0, 0, -5,
        -5, 0, 0, 0, 0, 0, 0, -5,
        -5, 0, 0, 0, 0, 0, 0, -5,
        0, 0, 0, 5, 5, 0, 0, 0,
    ),
    chess.QUEEN: (
        -20, -10, -10, -5, -5, -10, -10, -20,
        -10, 0, 0, 0, 0, 0, 0, -10,
        -10, 0, 5, 5, 5, 5, 0, -10,
        -5, 0, 5, 5, 5, 5, 0, -5,
        0, 0, 5, 5, 5, 5, 0, -5,
        -10, 5, 5, 5, 5, 5, 0, -10,
        -10, 0, 5, 0, 0, 0, 0, -10,
        -20, -10, -10, -5, -5, -10, -10, -20,
    ),
    chess.KING: (  # while queens or enough pieces remain: stay castled
        -30, -40, -40, -50, -50, -40, -40, -30,
        -30, -40, -40, -50, -50, -40, -40, -30,
        -30, -40, -40, -50, -50, -40, -40, -30,
        -30, -40, -40, -50, -50, -40, -40, -30,
        -20, -30, -30, -40, -40, -30, -30, -20,
        -10, -20, -20, -20, -20, -20, -20, -10,
        20, 20, 0, 0, 0, 0, 20, 20,
        20, 30, 10, 0, 0, 10, 30, 20,
    ),
}
_KING_ENDGAME = (  # in the endgame the king walks to the centre
    -50, -40, -30, -20, -20, -30, -40, -50,
    -30, -20, -10, 0, 0, -10, -20, -30,
    -30, -10, 20, 30, 30, 20, -10, -30,
    -30, -10, 30, 40, 40, 30, -10, -30,
    -30, -10, 30, 40, 40, 30, -10, -30,
    -30, -10, 20, 30, 30, 20, -10, -30,
    -30, -30, 0, 0, 0, 0, -30, -30,
    -50, -30, -30, -30, -30, -30, -30, -50,
)
# fmt: on

MATE = 100_000
# Non-pawn, non-king material (both sides) at or below which the king table switches.
ENDGAME_MATERIAL = 2 * (PIECE_VALUE[chess.ROOK] + PIECE_VALUE[chess.BISHOP])


def evaluate(board: chess.Board) -> int:
    """Material plus piece-square score in centipawns, from the side to move's view."""
    pieces = board.piece_map()
    heavy = sum(PIECE_VALUE[p.piece_type] for p in pieces.values() if p.piece_type not in (chess.PAWN, chess.KING))
    king_table = _KING_ENDGAME if heavy <= ENDGAME_MATERIAL else _PST[chess.KING]
    score = 0
    for square, piece in pieces.items():
        table = king_table if piece.piece_type == chess.KING else _PST[piece.piece_type]
        if piece.color == chess.WHITE:
            score += PIECE_VALUE[piece.piece_type] + table[square ^ 56]
        else:
            score -= PIECE_VALUE[piece.piece_type] + table[square]
    return score if board.turn == chess.WHITE else -score


class _OutOfTime(Exception):
    pass


class Search:
    """Negamax alpha-beta on a python-chess board (pushed and popped in place)."""

    def __init__(self, deadline: float) -> None:
        self.stop = stopping.current()  # a stop asked, or the server's hard deadline, ends it too
        self.deadline = deadline if self.stop.deadline is None else min(deadline, self.stop.deadline)
        self.nodes = 0
        self.may_stop = False  # the first depth always finishes, so there is a searched move

    def _ordered(
        self, board: chess.Board, moves: list[chess.Move], first: chess.Move | None = None
    ) -> list[chess.Move]:
        def key(move: chess.Move) -> int:
            if move == first:
                return -1_000_000
            score = 0
            if move.promotion:
                score -= PIECE_VALUE[move.promotion]
            if board.is_capture(move):
                victim = board.piece_type_at(move.to_square) or chess.PAWN  # en passant: a pawn
                attacker = board.piece_type_at(move.from_square) or chess.PAWN
                score -= 10 * PIECE_VALUE[victim] - PIECE_VALUE[attacker]
            return score

        return sorted(moves, key=key)

    def _tick(self) -> None:
        self.nodes += 1
        if (
            self.nodes & 255 == 0
            and (self.may_stop or self.stop.is_set())
            and (self.stop.is_set() or time.perf_counter() > self.deadline)
        ):
            raise _OutOfTime

    def _quiesce(self, board: chess.Board, alpha: int, beta: int) -> int:
        self._tick()
        stand = evaluate(board)
        if stand >= beta:
            return stand
        alpha = max(alpha, stand)
        captures = list(board.generate_legal_captures())
        for move in self._ordered(board, captures):
            board.push(move)
            score = -self._quiesce(board, -beta, -alpha)
            board.pop()
            if score >= beta:
                return score
            alpha = max(alpha, score)
        return alpha

    def _negamax(self, board: chess.Board, depth: int, alpha: int, beta: int, ply: int) -> int:
        self._tick()
        moves = list(board.generate_legal_moves())
        if not moves:
            return -(MATE - ply) if board.is_check() else 0
        # The game's automatic draws; a first repetition inside the search counts as one.
        if board.is_insufficient_material() or board.halfmove_clock >= 100 or board.is_repetition(2):
            return 0
        if depth <= 0:
            return self._quiesce(board, alpha, beta)
        best = -MATE - 1
        for move in self._ordered(board, moves):
            board.push(move)
            score = -self._negamax(board, depth - 1, -beta, -alpha, ply + 1)
            board.pop()
            if score > best:
                best = score
            if score > alpha:
                alpha = score
            if alpha >= beta:
                break
        return best

    def best_move(
        self, board: chess.Board, max_depth: int, *, noise: int = 0, rnd: random.Random | None = None
    ) -> tuple[chess.Move, int]:
        """Deepen until `max_depth` or the deadline; the last finished depth decides.
        `noise` adds a random error of up to that many centipawns to each root move."""
        rnd = rnd or random.Random(0)
        board = board.copy()
        moves = list(board.generate_legal_moves())
        errors = {move: rnd.randint(-noise, noise) if noise else 0 for move in moves}
        best_move, best_score = moves[0], -MATE - 1
        self.may_stop = False
        for depth in range(1, max_depth + 1):
            try:
                scores: dict[chess.Move, int] = {}
                alpha = -MATE - 1
                for move in self._ordered(board, moves, first=best_move):
                    board.push(move)
                    # With errors of at most `noise` either way, a move more than 2 * noise
                    # below the best so far can never be picked: it only needs that bound.
                    low = alpha - 2 * noise
                    scores[move] = -self._negamax(board, depth - 1, -(MATE + 1), -low, 1)
                    board.pop()
                    alpha = max(alpha, scores[move])
            except _OutOfTime:
                break  # the unfinished depth is dropped (and the board copy with it)
            best_move = max(scores, key=lambda m: scores[m] + errors[m])
            best_score = scores[best_move]
            self.may_stop = True
            if abs(best_score) >= MATE - 1000:  # a mate found needs no deeper look
                break
        return best_move, best_score


def fallback_search(board: chess.Board, level: Level, think_ms: int, seed: bytes) -> tuple[chess.Move, int]:
    """The fallback's move for `board` at `level`, and the nodes it searched."""
    search = Search(deadline=time.perf_counter() + think_ms / 1000)
    move, _ = search.best_move(board, level.fallback_depth, noise=level.fallback_noise, rnd=random.Random(seed))
    return move, search.nodes
