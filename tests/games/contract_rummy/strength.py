"""Femton CPU strength by rounds, for the README:
`python -m tests.games.contract_rummy.strength ROUNDS strong-easy` (or strong-random,
easy-random): at a three-seat table the first level holds one seat (rotating), the second the
others; the mean points gap per round (the others' mean less its own: above 0 is better) and
how often it holds the fewest points. Round 1 of the same seeds as the CPU tests."""

from __future__ import annotations

import sys
import time

from svc_cards.contract_rummy.cpu import easy, strong

from tests.games.contract_rummy.test_contract_rummy_cpu import round_points

LEVELS = {"strong": strong, "easy": easy, "random": "random"}


def main(rounds: int, pair: str) -> str:
    first, second = pair.split("-")
    started = time.time()
    wins, gap = 0, 0.0
    for index in range(rounds):
        mine = index % 3
        levels = [LEVELS[first] if seat == mine else LEVELS[second] for seat in range(3)]
        points = round_points(levels, b"femton-strength:%d" % index)
        others = [p for seat, p in enumerate(points) if seat != mine]
        gap += sum(others) / len(others) - points[mine]
        wins += points[mine] <= min(others)
    return (
        f"{pair}: {rounds} rounds, mean gap {gap / rounds:.1f} points, "
        f"fewest points in {wins / rounds:.0%} of rounds, {time.time() - started:.0f} s"
    )


if __name__ == "__main__":
    print(main(int(sys.argv[1]), sys.argv[2]))
