"""CPU strength of the shedding games: levels play each other head to head, seats alternating.

Run `python -m tests.games.card_core.strength [games] [game-id ...]` for the table in docs/cpu-strength.md of
the rule-based levels (default 500 games per pairing, every title unless ids are given); the CPU tests call `win_rate` with fewer games.
"""

from __future__ import annotations

import importlib
import sys
from typing import Any

from rulekit import Engine
from rulekit.players import Player
from tests.games.card_core.cpu_views import ask_player

Level = str | Player

PAIRINGS = (("strong", "easy"), ("strong", "random"), ("easy", "random"))


def play_game(engine: Engine, levels: list[Level], seed: bytes, options: dict[str, Any] | None = None) -> list[int]:
    """One whole game, each seat played by the CPU level given for it (a level name, or a
    player function such as a cpu.py's rule-based `strong`); returns the placings."""
    state = engine.setup(len(levels), options or {}, seed)
    step = 0
    while engine.result(state) is None:
        seat = min(engine.to_move(state))
        move = ask_player(engine, state, seat, levels[seat], b"%s:%d" % (seed, step)).move
        state, _ = engine.apply(state, seat, move, 1000 * step)
        step += 1
    result = engine.result(state)
    assert result is not None
    return result["placings"]


def win_rate(engine: Engine, first: Level, second: Level, games: int, options: dict[str, Any] | None = None) -> float:
    """Share of two-seat games `first` wins against `second` (seats alternate every game)."""
    wins = 0
    for index in range(games):
        levels = [first, second] if index % 2 == 0 else [second, first]
        placings = play_game(engine, levels, b"strength:%s:%d" % (engine.meta.id.encode(), index), options)
        wins += placings[levels.index(first)] == 1
    return wins / games


GAMES = ("last-card", "mau-mau", "hau-hau", "crazy-eights", "number-rows", "thirty-one", "rummy")


def table(games: int, only: tuple[str, ...] = GAMES) -> str:
    from svc_cards.registry import REGISTRY

    lines = [
        f"| game | {' | '.join(f'{a} vs {b}' for a, b in PAIRINGS)} |",
        f"|---|{'---|' * len(PAIRINGS)}",
    ]
    for game in only:
        engine = REGISTRY.get(game)
        # "strong" is the rule-based play here; the Monte Carlo level built on it has its own
        # table (bench/mc_strength.py).
        rules = importlib.import_module(f"svc_cards.{game.replace('-', '_')}.cpu").strong
        levels: dict[str, Level] = {"strong": rules, "easy": "easy", "random": "random"}
        rates = [win_rate(engine, levels[a], levels[b], games) for a, b in PAIRINGS]
        lines.append(f"| {game} | {' | '.join(f'{rate:.1%}' for rate in rates)} |")
    return "\n".join(lines)


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    only = tuple(sys.argv[2:]) or GAMES  # game ids: a table of those titles only
    print(f"Win rate of the first level, {count} two-seat games per pairing, seats alternating:\n")
    print(table(count, only))
