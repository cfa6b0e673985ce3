"""CPU strength of Bingo: levels play each other head to head in two-seat games, seats
alternating, through svc-ai's `choose` and the seat's view, exactly as the service asks them
(the lowest seat to move first, as the lobby does).

    .venv/bin/python -m tests.games.bingo.strength [games]

prints the table in docs/cpu-strength.md (default 1,000 games per pairing): the first-named level's wins.
"""

from __future__ import annotations

import sys

from svc_dice.bingo import ENGINE

from tests.games.snakes_and_ladders.strength import PAIRINGS, win_rate


def table(games: int) -> str:
    lines = [f"| pattern | {' | '.join(f'{a} vs {b}' for a, b in PAIRINGS)} |", f"|---|{'---|' * len(PAIRINGS)}"]
    for pattern in ("line", "full_card"):
        rates = [win_rate(ENGINE, a, b, games, {"pattern": pattern}) for a, b in PAIRINGS]
        lines.append(f"| {pattern} | {' | '.join(f'{rate:.1%}' for rate in rates)} |")
    return "\n".join(lines)


if __name__ == "__main__":
    print(table(int(sys.argv[1]) if len(sys.argv) > 1 else 1000))
