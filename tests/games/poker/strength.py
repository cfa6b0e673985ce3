"""Poker CPU strength: one seat of a level against the other seats all of another level.

Run `python -m tests.games.poker.strength [tables]` for the README table (default 200 tables
per pairing and table size, the lone level's seat rotating). A level as strong as the others
wins 1/3 of 3-seat tables and 1/5 of 5-seat tables.
"""

from __future__ import annotations

import sys

from svc_cards.poker import ENGINE

from tests.games.card_core.strength import Level, play_game

PAIRINGS = (("strong", "easy"), ("strong", "random"), ("easy", "random"))


def lone_win_rate(lone: Level, rest: Level, seats: int, tables: int) -> float:
    """Share of `seats`-seat tables the one `lone` seat wins against `rest` everywhere else."""
    wins = 0
    for index in range(tables):
        where = index % seats
        levels = [lone if seat == where else rest for seat in range(seats)]
        placings = play_game(ENGINE, levels, b"poker-strength:%d:%d" % (seats, index))
        wins += placings[where] == 1
    return wins / tables


def table(tables: int) -> None:
    """Print the table row by row (a row takes minutes)."""
    print("| table | " + " | ".join(f"one {a} vs {b}" for a, b in PAIRINGS) + " |")
    print("|---|---|---|---|", flush=True)
    for seats in (3, 5):
        rates = [lone_win_rate(a, b, seats, tables) for a, b in PAIRINGS]
        print(f"| {seats} seats (fair {1 / seats:.0%}) | " + " | ".join(f"{r:.1%}" for r in rates) + " |", flush=True)


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    print(f"Tables won by the one seat of the first level, {count} tables per cell:\n")
    table(count)
