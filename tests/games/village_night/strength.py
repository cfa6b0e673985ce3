"""Village Night CPU strength: how often each side wins with strong players against random
ones, beside random against random.

    .venv/bin/python -m tests.games.village_night.strength [games] [seats]
"""

from __future__ import annotations

import sys

from .test_cpu import win_rate


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    seats = int(sys.argv[2]) if len(sys.argv) > 2 else 8
    print(f"{games} games at {seats} seats per line")
    for side in ("pack", "village"):
        base = win_rate(seats, side, None, games)
        strong = win_rate(seats, side, side, games)
        print(f"{side} wins: all random {base:.1%}, strong {side} against a random other side {strong:.1%}")


if __name__ == "__main__":
    main()
