"""CPU strength of the race-track games (Ludo; Mensch and Parchís once they are built): levels
play each other head to head, seats alternating, through svc-ai's `choose` and the seat's
view, exactly as the service asks them. A pairing's games are spread over the seat counts
given (the extra seats played by `random`), and a level wins a game when it places first.

    .venv/bin/python -m tests.games.race_core.strength [games] [game-id ...]

prints the figures in docs/cpu-strength.md (default 1,000 games per pairing, ludo with 2 and 4 seats).
"""

from __future__ import annotations

import sys
from typing import Any

from tests.games.snakes_and_ladders.strength import play_game

PAIRINGS = (("strong", "easy"), ("strong", "random"), ("easy", "random"))
SEATS = {"ludo": (2, 4), "mensch": (2, 4), "parchis": (2, 4)}


def win_rate(
    game: str,
    first: str,
    second: str,
    games: int,
    seat_counts: tuple[int, ...] = (2,),
    options: dict[str, Any] | None = None,
) -> float:
    """Share of games `first` places first in, against `second` (and `random` fillers in
    tables of more than two; the two contenders sit opposite, swapping every game)."""
    from svc_dice.registry import REGISTRY

    engine = REGISTRY.get(game)
    wins = 0
    for index in range(games):
        seats = seat_counts[index % len(seat_counts)]
        levels = ["random"] * seats
        a, b = (0, seats // 2) if index % 2 == 0 else (seats // 2, 0)
        levels[a], levels[b] = first, second
        placings = play_game(engine, levels, b"strength:%s:%d" % (game.encode(), index), options)
        wins += placings[a] == 1
    return wins / games


def table(games: int, ids: list[str]) -> None:
    """Prints the table a pairing at a time (a long run shows what it has so far)."""
    print(f"| game | seats | {' | '.join(f'{a} vs {b}' for a, b in PAIRINGS)} |", flush=True)
    print(f"|---|---|{'---|' * len(PAIRINGS)}", flush=True)
    for game in ids:
        for seats in SEATS.get(game, (2,)):
            rates = []
            for a, b in PAIRINGS:
                rates.append(win_rate(game, a, b, games, (seats,)))
                print(f"  ({game}, {seats} seats) {a} vs {b}: {rates[-1]:.1%}", file=sys.stderr, flush=True)
            print(f"| {game} | {seats} | {' | '.join(f'{rate:.1%}' for rate in rates)} |", flush=True)


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    table(count, sys.argv[2:] or ["ludo"])
