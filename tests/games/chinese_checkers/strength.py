"""Chinese Checkers CPU strength: each pairing over seeded two-player games, seats alternated.

    .venv/bin/python -m tests.games.chinese_checkers.strength [GAMES]

Prints wins / draws / losses of the level named first (a draw: nobody home by the round
limit and equal progress) and the mean moves a game.
"""

from __future__ import annotations

import sys

from svc_ai.players import choose
from svc_boards.chinese_checkers import ENGINE

from rulekit.players import Ask

PAIRINGS = (("easy", "random"), ("strong", "random"), ("strong", "easy"))


def play(levels: dict[int, str], seed: str) -> tuple[list[int], int]:
    state = ENGINE.setup(2, {}, seed.encode())
    ply = 0
    while ENGINE.result(state) is None:
        (seat,) = ENGINE.to_move(state)
        ask = Ask("chinese-checkers", seat, ENGINE.view(state, seat), levels[seat], f"{seed}:{ply}".encode(), 200)
        state = ENGINE.apply(state, seat, choose(ask).move, 0)[0]
        ply += 1
    result = ENGINE.result(state)
    assert result is not None
    return result["placings"], state["moves"]


def match(level: str, opponent: str, games: int) -> tuple[int, int, int, float]:
    wins = draws = moves = 0
    for number in range(games):
        first = number % 2
        placings, made = play({first: level, 1 - first: opponent}, f"strength:{level}:{opponent}:{number}")
        wins += placings[first] == 1 and placings[1 - first] == 2
        draws += placings[0] == placings[1]
        moves += made
    return wins, draws, games - wins - draws, moves / games


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    for level, opponent in PAIRINGS:
        wins, draws, losses, moves = match(level, opponent, games)
        print(f"{level} vs {opponent}: {wins}/{draws}/{losses} over {games} games, {moves:.0f} moves a game")


if __name__ == "__main__":
    main()
