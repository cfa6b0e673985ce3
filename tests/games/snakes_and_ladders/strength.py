"""CPU strength of the race games (Snakes and Ladders, Game of the Goose): levels play each
other head to head in two-seat games, seats alternating, through svc-ai's `choose` and the
seat's view, exactly as the service asks them.

    .venv/bin/python -m tests.games.snakes_and_ladders.strength [games] [game-id ...]

prints the figures in docs/cpu-strength.md (default 2,000 games per pairing). Both games leave no choice, so
every level is the same roller and every pairing should come out near 50%.
"""

from __future__ import annotations

import sys
from typing import Any

from svc_ai.players import choose

from rulekit import Engine
from rulekit.players import Ask

PAIRINGS = (("strong", "easy"), ("strong", "random"), ("easy", "random"))


def play_game(engine: Engine, levels: list[str], seed: bytes, options: dict[str, Any] | None = None) -> list[int]:
    """One whole game, each seat played by the level given for it; returns the placings."""
    state = engine.setup(len(levels), options or {}, seed)
    step = 0
    while engine.result(state) is None:
        seat = min(engine.to_move(state))
        ask = Ask(engine.meta.id, seat, engine.view(state, seat), levels[seat], b"%s:%d" % (seed, step), 1000)
        state, _ = engine.apply(state, seat, choose(ask).move, 0)
        step += 1
    result = engine.result(state)
    assert result is not None
    return result["placings"]


def win_rate(engine: Engine, first: str, second: str, games: int, options: dict[str, Any] | None = None) -> float:
    """Share of two-seat games `first` wins against `second` (seats alternate every game)."""
    wins = 0
    for index in range(games):
        levels = [first, second] if index % 2 == 0 else [second, first]
        placings = play_game(engine, levels, b"strength:%s:%d" % (engine.meta.id.encode(), index), options)
        wins += placings[levels.index(first)] == 1
    return wins / games


def table(games: int, ids: list[str]) -> str:
    from svc_dice.registry import REGISTRY

    lines = [f"| game | {' | '.join(f'{a} vs {b}' for a, b in PAIRINGS)} |", f"|---|{'---|' * len(PAIRINGS)}"]
    for game in ids:
        rates = [win_rate(REGISTRY.get(game), a, b, games) for a, b in PAIRINGS]
        lines.append(f"| {game} | {' | '.join(f'{rate:.1%}' for rate in rates)} |")
    return "\n".join(lines)


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    print(table(count, sys.argv[2:] or ["snakes-and-ladders"]))
