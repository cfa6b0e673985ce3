"""Sea Battle CPU strength: each pairing over seeded games, seats alternated.

    .venv/bin/python -m tests.games.sea_battle.strength [GAMES]

Prints wins / losses of the level named first (a game has no draw) and its mean shots.
"""

from __future__ import annotations

import sys

from svc_ai.players import choose
from svc_boards.sea_battle import ENGINE

from rulekit.players import Ask

PAIRINGS = (("easy", "random"), ("strong", "random"), ("strong", "easy"))


def play(levels: dict[int, str], seed: str) -> tuple[int, list[int]]:
    """One game: the winner and each seat's shots."""
    state = ENGINE.setup(2, {}, seed.encode())
    ply = 0
    while ENGINE.result(state) is None:
        for seat in sorted(ENGINE.to_move(state)):
            if seat not in ENGINE.to_move(state):
                continue
            ask = Ask("sea-battle", seat, ENGINE.view(state, seat), levels[seat], f"{seed}:{ply}".encode(), 200)
            state = ENGINE.apply(state, seat, choose(ask).move, 0)[0]
            ply += 1
    result = ENGINE.result(state)
    assert result is not None
    return result["placings"].index(1), [len(state["shots"][s]) for s in (0, 1)]


def match(level: str, opponent: str, games: int) -> tuple[int, float]:
    wins, shots = 0, 0
    for number in range(games):
        first = number % 2
        winner, fired = play({first: level, 1 - first: opponent}, f"strength:{level}:{opponent}:{number}")
        wins += winner == first
        shots += fired[first]
    return wins, shots / games


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    for level, opponent in PAIRINGS:
        wins, shots = match(level, opponent, games)
        print(f"{level} vs {opponent}: {wins}/{games - wins} over {games} games, {shots:.1f} shots a game")


if __name__ == "__main__":
    main()
