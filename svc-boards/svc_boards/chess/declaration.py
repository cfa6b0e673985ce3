"""What the platform knows of chess beyond its rules: CPU levels, test budget, and its
invariants at every move, checked against python-chess read independently of the engine's
bookkeeping."""

from __future__ import annotations

import chess

from rulekit import Event, Move
from rulekit.declaration import Budget, GameDeclaration

from . import ENGINE
from .cpu import LEVELS
from .state import ChessState

ENDINGS = ("resignation", "checkmate", "stalemate", "insufficient_material", "fifty_moves", "threefold_repetition")


def check(before: ChessState, after: ChessState, seat: int, move: Move, events: list[Event]) -> None:
    """The move is legal for python-chess and gives its position, notation, check and ending;
    a resignation changes nothing on the board and hands the other seat the game."""
    assert seat == before["turn"]
    if move["type"] == "resign":
        assert events == [{"code": "resigned", "seat": seat}]
        assert after["termination"] == "resignation" and after["winner"] == 1 - seat
        assert after["moves"] == before["moves"] and after["fen"] == before["fen"]
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
    assert termination in ENDINGS
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


DECLARATION = GameDeclaration(engine=ENGINE, budget=Budget(500), levels=LEVELS, check=check)
