"""Dominoes CPU strength: each pairing over seeded games, seats alternated, in both games
(the house game with two players, and the duel's match to 50).

    .venv/bin/python -m tests.games.dominoes.strength [GAMES]

Prints, for the level named first: wins / draws / losses (a shared win of a blocked house
game is a draw) and its mean score.
"""

from __future__ import annotations

import sys

from svc_ai.players import choose
from svc_boards.dominoes import ENGINE

from rulekit.players import Ask

PAIRINGS = (("easy", "random"), ("strong", "random"), ("strong", "easy"))
VARIANTS = ("house", "duel")


def play(levels: dict[int, str], variant: str, seed: str) -> list[int]:
    """One game of two seats: the placings."""
    state = ENGINE.setup(2, {"variant": variant}, seed.encode())
    ply = 0
    while ENGINE.result(state) is None:
        (seat,) = ENGINE.to_move(state)
        ask = Ask("dominoes", seat, ENGINE.view(state, seat), levels[seat], f"{seed}:{ply}".encode(), 200)
        state = ENGINE.apply(state, seat, choose(ask).move, 0)[0]
        ply += 1
    result = ENGINE.result(state)
    assert result is not None
    return result["placings"]


def match(level: str, opponent: str, variant: str, games: int) -> tuple[int, int, int]:
    """Wins, draws and losses of `level`."""
    wins = draws = 0
    for number in range(games):
        first = number % 2
        placings = play({first: level, 1 - first: opponent}, variant, f"strength:{variant}:{level}:{opponent}:{number}")
        wins += placings[first] == 1 and placings[1 - first] == 2
        draws += placings[0] == placings[1]
    return wins, draws, games - wins - draws


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    for variant in VARIANTS:
        for level, opponent in PAIRINGS:
            wins, draws, losses = match(level, opponent, variant, games)
            print(f"{variant}: {level} vs {opponent}: {wins}/{draws}/{losses} over {games} games")


if __name__ == "__main__":
    main()
