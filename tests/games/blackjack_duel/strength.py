"""Blackjack duel CPU strength: one seat of a level against the other seats all of another.

Run `python -m tests.games.blackjack_duel.strength [tables] [seat counts]` for the
table in docs/cpu-strength.md: the share of whole tables the lone seat wins and its mean coins after a fixed number
of rounds (ROUNDS; a 1,000-coin table, the lone level's seat rotating; one move a second of
game time, so the ante doubles every 90 moves). A level as
strong as the others wins 1/3 of 3-seat tables and ends on 1,000 coins.
"""

from __future__ import annotations

import sys

from svc_cards.blackjack_duel import ENGINE

from tests.games.card_core.cpu_views import ask_player
from tests.games.card_core.strength import Level

PAIRINGS = (("strong", "easy"), ("strong", "random"), ("easy", "random"))
ROUNDS = 12


def lone_play(
    lone: Level, rest: Level, seats: int, tables: int, rounds: int | None = None, whole: bool = True
) -> tuple[float, float]:
    """(share of tables won, mean coins of the lone seat after `rounds` rounds, or at the end
    of a table decided sooner). With `rounds` None, the coins at the end; without `whole`,
    each table stops after `rounds` rounds (and the share won counts only tables decided)."""
    wins, coins = 0, 0
    for index in range(tables):
        where = index % seats
        state = ENGINE.setup(seats, {}, b"duel-strength:%d:%d" % (seats, index))
        step = 0
        counted = None
        while ENGINE.result(state) is None:
            if rounds is not None and counted is None and state["round"] > rounds:
                counted = state["start_stacks"][where]
                if not whole:
                    break
            (seat,) = ENGINE.to_move(state)
            level = lone if seat == where else rest
            move = ask_player(ENGINE, state, seat, level, b"s:%d:%d" % (index, step)).move
            state, _ = ENGINE.apply(state, seat, move, 1000 * step)
            step += 1
        result = ENGINE.result(state)
        wins += result is not None and result["placings"][where] == 1
        coins += state["stacks"][where] if counted is None else counted
    return wins / tables, coins / tables


def table(tables: int, seat_counts: tuple[int, ...] = (3,)) -> None:
    print(f"| table | pairing | tables won | coins after {ROUNDS} rounds |")
    print("|---|---|---:|---:|", flush=True)
    for seats in seat_counts:
        for a, b in PAIRINGS:
            share, coins = lone_play(a, b, seats, tables, ROUNDS)
            print(f"| {seats} seats (fair {1 / seats:.0%}) | one {a} vs {b} | {share:.0%} | {coins:,.0f} |", flush=True)


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 60
    seat_counts = tuple(int(arg) for arg in sys.argv[2:]) or (3,)
    print(f"One seat of the first level against the rest, {count} tables per cell:\n")
    table(count, seat_counts)
