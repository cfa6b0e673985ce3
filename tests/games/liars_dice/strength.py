"""CPU strength of Liar's Dice: levels play each other head to head in two-seat games, seats
alternating, through svc-ai's `choose` and the seat's view, exactly as the service asks them.

    .venv/bin/python -m tests.games.liars_dice.strength [games]

prints the table in docs/cpu-strength.md (default 1,000 games per pairing): the first-named level's wins.
"""

from __future__ import annotations

import sys

from svc_dice.liars_dice import ENGINE

from tests.games.snakes_and_ladders.strength import PAIRINGS, win_rate


def table(games: int) -> str:
    lines = [f"| game | {' | '.join(f'{a} vs {b}' for a, b in PAIRINGS)} |", f"|---|{'---|' * len(PAIRINGS)}"]
    rates = [win_rate(ENGINE, a, b, games) for a, b in PAIRINGS]
    lines.append(f"| liars-dice | {' | '.join(f'{rate:.1%}' for rate in rates)} |")
    return "\n".join(lines)


if __name__ == "__main__":
    print(table(int(sys.argv[1]) if len(sys.argv) > 1 else 1000))
