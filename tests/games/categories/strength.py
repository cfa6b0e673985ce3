"""CPU strength in Categories: the three levels at one table of three seats (8 columns, 5
rounds), through svc-ai's `choose` and each seat's view, seats rotating between games.

    .venv/bin/python -m tests.games.categories.strength [games] [language]

prints the figures in docs/cpu-strength.md (default 200 games, German): each level's wins and mean points.
"""

from __future__ import annotations

import statistics
import sys

from svc_ai.players import choose
from svc_words.categories import ENGINE

from rulekit.players import Ask

LEVELS = ("random", "easy", "strong")


def table(games: int, language: str) -> str:
    wins = dict.fromkeys(LEVELS, 0)
    points: dict[str, list[int]] = {level: [] for level in LEVELS}
    for index in range(games):
        levels = [LEVELS[(seat + index) % 3] for seat in range(3)]
        state = ENGINE.setup(3, {"language": language, "columns": 8, "rounds": 5}, b"strength:%d" % index)
        step = 0
        while ENGINE.result(state) is None:
            seat = min(ENGINE.to_move(state))
            ask = Ask("categories", seat, ENGINE.view(state, seat), levels[seat], b"%d:%d" % (index, step), 1000)
            state, _ = ENGINE.apply(state, seat, choose(ask).move, 0)
            step += 1
        result = ENGINE.result(state)
        for seat, level in enumerate(levels):
            points[level].append(result["scores"][seat])
            wins[level] += result["placings"][seat] == 1
    lines = ["| level | first place | mean points |", "|---|---:|---:|"]
    for level in LEVELS:
        lines.append(f"| {level} | {wins[level] / games:.1%} | {statistics.mean(points[level]):.1f} |")
    return "\n".join(lines)


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    print(table(count, sys.argv[2] if len(sys.argv) > 2 else "de"))
