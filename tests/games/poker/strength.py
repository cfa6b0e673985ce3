"""Poker CPU strength: one seat of a level against the other seats all of another level.

Run `python -m tests.games.poker.strength [tables] [seat counts]` for the table in docs/cpu-strength.md
(default 200 tables per pairing and table size, 3 and 5 seats, the lone level's seat rotating). A level as strong as the others
wins 1/3 of 3-seat tables and 1/5 of 5-seat tables.
"""

from __future__ import annotations

import sys

from svc_cards.poker import ENGINE

from tests.games.card_core.cpu_views import ask_player
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


def hand_ev(lone: Level, rest: Level, seats: int, hands: int) -> float:
    """Net coins per hand of one `lone` seat against `rest` everywhere else: a first hand of a
    fresh 1,000-coin table each time, the lone seat rotating. Far less noisy than whole tables."""
    total = 0
    for index in range(hands):
        where = index % seats
        state = ENGINE.setup(seats, {}, b"ev:%d" % index)
        step = 0
        while state["hand"] == 1 and ENGINE.result(state) is None:
            (seat,) = ENGINE.to_move(state)
            level = lone if seat == where else rest
            state, _ = ENGINE.apply(
                state, seat, ask_player(ENGINE, state, seat, level, b"ev:%d:%d" % (index, step)).move, 0
            )
            step += 1
        total += (state["stacks"][where] if ENGINE.result(state) else state["start_stacks"][where]) - 1000
    return total / hands


def table(tables: int, seat_counts: tuple[int, ...] = (3, 5)) -> None:
    """Print the table row by row, each cell as soon as it is measured (a row takes minutes)."""
    print("| table | " + " | ".join(f"one {a} vs {b}" for a, b in PAIRINGS) + " |")
    print("|---|---|---|---|", flush=True)
    for seats in seat_counts:
        print(f"| {seats} seats (fair {1 / seats:.0%}) |", end="", flush=True)
        for a, b in PAIRINGS:
            print(f" {lone_win_rate(a, b, seats, tables):.1%} |", end="", flush=True)
        print(flush=True)


if __name__ == "__main__":
    if sys.argv[1:2] == ["ev"]:
        hands = int(sys.argv[2]) if len(sys.argv) > 2 else 150
        print(f"Net coins per hand (blinds 10/20) of one seat against two random seats, {hands} hands:\n")
        for level in ("strong", "easy"):
            print(f"| {level} | {hand_ev(level, 'random', 3, hands):+.1f} |", flush=True)
        sys.exit(0)
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    seat_counts = tuple(int(arg) for arg in sys.argv[2:]) or (3, 5)
    print(f"Tables won by the one seat of the first level, {count} tables per cell:\n")
    table(count, seat_counts)
