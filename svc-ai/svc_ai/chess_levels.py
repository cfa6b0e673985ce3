"""Chess levels as svc-ai serves them: Stockfish at four strengths, each falling back to the
pure-Python level of the same name (svc_boards.chess.cpu) where no binary runs.

Stockfish's "Skill Level" plus a depth limit, the same kind of ladder Lichess uses:
- beginner: skill 0, depth 1. Stockfish picks among its best few moves with a large random
  error: it hangs pieces and misses mates.
- easy: skill 5, depth 5.
- medium: skill 10, depth 7.
- strong: full strength, no depth limit.
Each thinks for the request's budget (`ask.budget_ms`), capped per level (50, 200, 400 ms
and 10 s): a weakened Stockfish settles its move at a shallow depth, so more time buys it
little. Measured in adjacent-level matches, each level wins above 90 % against the one below
at 20 ms a move (bench/ai_strength.py gives the figures at the service's budget).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from svc_boards.chess import cpu as pure

from rulekit.players import Ask, Choice, Levels, Player

from .stockfish import StockfishUnavailable, driver


@dataclass(frozen=True)
class StockfishLevel:
    options: dict[str, Any]  # UCI options for this level
    depth: int | None  # Stockfish stops at this depth (None: only the clock stops it)
    max_ms: int  # longest think; the budget may cut it shorter

    @property
    def lane(self) -> str:
        """The Stockfish process this level plays in: the depth-limited levels answer in
        milliseconds and get their own, away from the strong level's long searches."""
        return "deep" if self.depth is None else "quick"


STOCKFISH_LEVELS: dict[str, StockfishLevel] = {
    "beginner": StockfishLevel({"Skill Level": 0}, 1, max_ms=50),
    "easy": StockfishLevel({"Skill Level": 5}, 5, max_ms=200),
    "medium": StockfishLevel({"Skill Level": 10}, 7, max_ms=400),
    "strong": StockfishLevel({}, None, max_ms=10_000),
}


def choose_stockfish(ask: Ask, level: StockfishLevel) -> Choice:
    """Stockfish's move; raises StockfishUnavailable where there is no working binary."""
    board = pure.board(ask)
    answer = driver(level.lane).play(
        board, movetime_ms=pure.think_ms(ask, level.max_ms), options=level.options, depth=level.depth
    )
    return Choice({"type": "move", "uci": answer.move.uci()}, nodes=answer.nodes)


def _player(name: str) -> Player:
    level = STOCKFISH_LEVELS[name]

    def play(ask: Ask) -> Choice:
        try:
            return choose_stockfish(ask, level)
        except StockfishUnavailable:
            return pure.LEVELS[name](ask)

    play.__name__ = f"chess_{name}"
    return play


def _engine_only(name: str) -> Player:
    level = STOCKFISH_LEVELS[name]

    def play(ask: Ask) -> Choice:
        return choose_stockfish(ask, level)

    play.__name__ = f"chess_{name}_stockfish"
    return play


# The same names, in the same order, as the pure levels (and the game's metadata).
LEVELS: Levels = {name: _player(name) for name in pure.LEVELS}
# Stockfish alone (StockfishUnavailable where it does not run): svc-ai awaits these outside its
# search processes, which play the pure levels (FALLBACK) when Stockfish does not answer.
ENGINE_LEVELS: Levels = {name: _engine_only(name) for name in pure.LEVELS}
FALLBACK: Levels = pure.LEVELS
LANES: dict[str, str] = {name: level.lane for name, level in STOCKFISH_LEVELS.items()}
