"""Chess CPU levels: Stockfish through svc_ai.stockfish, the pure-Python fallback, and strength.

The matches run at a short think (BUDGET_MS per move, of which the levels use 80 %) so they
fit the test budget; bench/ai_strength.py measures at the service's budget.
"""

from __future__ import annotations

import os
import signal

import chess
import pytest
from svc_ai import stockfish
from svc_ai.players import choose
from svc_boards.chess import ENGINE
from svc_boards.chess import cpu as chess_cpu
from svc_boards.chess.rules import start_position

from rulekit import State
from rulekit.players import Ask, Choice

GAME = "chess"
LEVELS = ["beginner", "easy", "medium", "strong"]
BUDGET_MS = 25

needs_stockfish = pytest.mark.skipif(stockfish.binary_path() is None, reason="no stockfish binary")


def position(fen: str | None = None, *ucis: str) -> State:
    state = ENGINE.setup(2, {"white": "seat1"}, b"cpu")
    if fen is not None:
        state = start_position(state, fen)
    for uci in ucis:
        state, _ = ENGINE.apply(state, state["turn"], {"type": "move", "uci": uci}, 0)
    return state


def think(state: State, level: str, seed: bytes = b"seed", budget_ms: int = BUDGET_MS) -> Choice:
    seat = state["turn"]
    return choose(Ask(GAME, seat, ENGINE.view(state, seat), level, seed, budget_ms))


def game(levels: dict[int, str], seed: str, budget_ms: int = BUDGET_MS) -> list[float]:
    """One whole game, seat s played by levels[s] (seat 0 is White); the scores per seat."""
    state = ENGINE.setup(2, {"white": "seat1"}, seed.encode())
    ply = 0
    while ENGINE.result(state) is None:
        seat = state["turn"]
        choice = think(state, levels[seat], f"{seed}:{ply}".encode(), budget_ms)
        state, _ = ENGINE.apply(state, seat, choice.move, 0)
        ply += 1
    return ENGINE.result(state)["scores"]


@pytest.fixture
def no_stockfish(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Point GAMEROOM_STOCKFISH at a missing binary; records every fallback search."""
    monkeypatch.setenv(stockfish.ENV_PATH, "/nonexistent/stockfish")
    used: list[str] = []
    real = chess_cpu.choose_fallback

    def spy(ask: Ask, level: chess_cpu.Level) -> Choice:
        used.append(ask.level)
        return real(ask, level)

    monkeypatch.setattr(chess_cpu, "choose_fallback", spy)
    return used


TEST_POSITIONS = [
    (None, ()),
    (None, ("e2e4", "e7e5", "g1f3")),
    ("8/P6k/8/8/8/8/8/K7 w - - 0 1", ()),  # promotion
    ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", ()),  # castling
    (None, ("e2e4", "a7a6", "e4e5", "d7d5")),  # en passant available
]


@needs_stockfish
@pytest.mark.parametrize("level", ["random", *LEVELS])
def test_each_level_returns_a_legal_move(level: str) -> None:
    for fen, ucis in TEST_POSITIONS:
        state = position(fen, *ucis)
        choice = think(state, level)
        assert choice.move in ENGINE.view(state, state["turn"])["legal_moves"]
        assert choice.move["type"] == "move"  # no level resigns, not even random
        ENGINE.apply(state, state["turn"], choice.move, 0)


@pytest.mark.parametrize("level", LEVELS)
def test_fallback_when_the_binary_is_missing(level: str, no_stockfish: list[str]) -> None:
    """GAMEROOM_STOCKFISH names a missing file: every level still answers, from the fallback."""
    with pytest.raises(stockfish.StockfishUnavailable):
        stockfish.driver()
    for fen, ucis in TEST_POSITIONS:
        state = position(fen, *ucis)
        choice = think(state, level, budget_ms=60)
        assert choice.move in ENGINE.legal_moves(state, state["turn"]) and choice.move["type"] == "move"
        assert choice.nodes > 0
    assert no_stockfish == [level] * len(TEST_POSITIONS)


def test_fallback_when_the_binary_is_not_an_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    """A path to a program that is not a UCI engine: starting it fails, the fallback answers."""
    monkeypatch.setenv(stockfish.ENV_PATH, "/bin/false")
    state = position()
    assert think(state, "easy", budget_ms=60).move in ENGINE.legal_moves(state, 0)


@pytest.mark.parametrize("level", ["medium", "strong"])
def test_fallback_takes_a_mate_in_one_and_a_free_queen(level: str, no_stockfish: list[str]) -> None:
    mate = position("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
    assert think(mate, level, budget_ms=500).move == {"type": "move", "uci": "a1a8"}
    queen = position("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1")
    assert think(queen, level, budget_ms=500).move == {"type": "move", "uci": "d2d5"}


@needs_stockfish
def test_stockfish_takes_a_mate_in_one() -> None:
    state = position("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
    assert think(state, "strong", budget_ms=100).move == {"type": "move", "uci": "a1a8"}


@needs_stockfish
def test_one_process_reused_and_restarted_when_it_died() -> None:
    driver = stockfish.driver("quick")
    assert stockfish.driver("quick") is driver  # one driver per binary and lane in this process
    assert stockfish.driver("deep") is not driver  # the strong level's searches have their own
    state = position()
    think(state, "easy")
    pid, starts = driver.pid(), driver.starts
    think(state, "medium")
    assert driver.pid() == pid and driver.starts == starts  # reused
    assert pid is not None
    os.kill(pid, signal.SIGKILL)  # the process this test's driver started
    choice = think(state, "medium")
    assert choice.move in ENGINE.legal_moves(state, 0)
    assert driver.starts == starts + 1 and driver.pid() not in (None, pid)


@needs_stockfish
def test_stockfish_sees_the_game_history() -> None:
    """The board sent to Stockfish carries the moves since the last pawn move or capture, so
    it knows the repetitions the game would count."""
    state = position(None, "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1")
    board = chess_cpu.board_of(ENGINE.view(state, 1)["public"])
    assert board.fen() == state["fen"] and board.is_repetition(2)
    assert chess.Move.from_uci("f6g8") in board.legal_moves


def lead_within(stronger: str, weaker: str, most: int = 12) -> tuple[float, float, int]:
    """Games with colours alternated until `stronger` leads by two points, at most `most`."""
    own = other = 0.0
    for index in range(most):
        seats = {index % 2: stronger, 1 - index % 2: weaker}
        scores = game(seats, f"order:{stronger}:{weaker}:{index}")
        own += scores[index % 2]
        other += scores[1 - index % 2]
        if own - other >= 2:
            return own, other, index + 1
    return own, other, most


@needs_stockfish
@pytest.mark.parametrize(("weaker", "stronger"), list(zip(LEVELS, LEVELS[1:], strict=False)))
def test_levels_are_ordered_by_strength(weaker: str, stronger: str) -> None:
    """Each level against the one below, colours alternated: it must pull two points ahead
    within twelve fast games. Each level wins over 90 % of games against the one below at
    this speed, so it usually takes the first two."""
    own, other, played = lead_within(stronger, weaker)
    assert own - other >= 2, f"{stronger} {own} : {other} {weaker} after {played} games"


@needs_stockfish
def test_strongest_level_beats_random() -> None:
    for index in range(2):
        seats = {index: "strong", 1 - index: "random"}
        assert game(seats, f"random:{index}")[index] == 1


def test_fallback_beats_random(no_stockfish: list[str]) -> None:
    for index in range(2):
        seats = {index: "strong", 1 - index: "random"}
        assert game(seats, f"fallback:{index}", budget_ms=100)[index] == 1
    assert no_stockfish
