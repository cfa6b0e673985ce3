"""Penalty Tricks CPU strength: four-seat sets of one cycle (four deals), two seats of each
level (A B A B, the pairs swapping seats every set). A level's score is the share of sets one
of its seats wins (a shared first place counts as shared).

Run `python -m tests.games.penalty_tricks.strength [games | strong-easy strong-random easy-random]`
for the table in docs/cpu-strength.md (default 100 sets a pairing).
"""

from __future__ import annotations

import sys

from svc_cards.penalty_tricks import ENGINE

from tests.games.card_core.cpu_views import ask_player

PAIRINGS = (("strong", "easy"), ("strong", "random"), ("easy", "random"))


def match(levels: list[str], seed: bytes, cycles: int = 1) -> list[int]:
    state = ENGINE.setup(len(levels), {"cycles": cycles}, seed)
    step = 0
    while ENGINE.result(state) is None:
        seat = min(ENGINE.to_move(state))
        move = ask_player(ENGINE, state, seat, levels[seat], b"%s:%d" % (seed, step)).move
        state, _ = ENGINE.apply(state, seat, move, 1000 * step)
        step += 1
    return ENGINE.result(state)["placings"]


def win_share(first: str, second: str, games: int, start: int = 0) -> float:
    """Share of the wins that go to `first`'s two seats (ties split)."""
    total = 0.0
    for index in range(start, start + games):
        levels = [first, second] * 2 if index % 2 == 0 else [second, first] * 2
        placings = match(levels, b"penalty-strength:%d" % index)
        winners = [seat for seat, place in enumerate(placings) if place == 1]
        total += sum(levels[seat] == first for seat in winners) / len(winners)
    return total / games


def table(counts: list[int]) -> None:
    """Print the table a row at a time (a pairing with the Monte Carlo level takes minutes)."""
    print("| pairing | sets | share of wins of the first level |", flush=True)
    print("|---|---:|---:|", flush=True)
    for (a, b), games in zip(PAIRINGS, counts, strict=True):
        if not games:
            continue  # 0: this pairing is left out (another process plays it)
        print(f"| {a} vs {b} | {games} | {win_share(a, b, games):.1%} |", flush=True)


if __name__ == "__main__":
    # One count for every pairing, or one per pairing (strong-easy strong-random easy-random).
    counts = [int(arg) for arg in sys.argv[1:]] or [100]
    if len(counts) == 1:
        counts *= len(PAIRINGS)
    print("Four-seat sets of one cycle, two seats per level (A B A B, swapped every set):\n", flush=True)
    table(counts)
