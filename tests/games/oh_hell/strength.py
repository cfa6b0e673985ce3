"""Oh Hell CPU strength: four-seat quick matches, two seats of each level (A B A B, the pairs
swapping seats every game). A level's score is the share of matches one of its seats wins
(a shared first place counts as shared).

Run `python -m tests.games.oh_hell.strength [games | strong-easy strong-random easy-random]`
for the table in docs/cpu-strength.md (default 1,000 matches a pairing).
"""

from __future__ import annotations

import sys

from svc_cards.oh_hell import ENGINE

from tests.games.card_core.cpu_views import ask_player

PAIRINGS = (("strong", "easy"), ("strong", "random"), ("easy", "random"))


def match(levels: list[str], seed: bytes, length: str = "quick") -> list[int]:
    state = ENGINE.setup(len(levels), {"length": length}, seed)
    step = 0
    while ENGINE.result(state) is None:
        seat = min(ENGINE.to_move(state))
        move = ask_player(ENGINE, state, seat, levels[seat], b"%s:%d" % (seed, step)).move
        state, _ = ENGINE.apply(state, seat, move, 1000 * step)
        step += 1
    return ENGINE.result(state)["placings"]


def win_share(first: str, second: str, games: int) -> float:
    """Share of the wins that go to `first`'s two seats (ties split)."""
    total = 0.0
    for index in range(games):
        levels = [first, second] * 2 if index % 2 == 0 else [second, first] * 2
        placings = match(levels, b"oh-hell-strength:%d" % index)
        winners = [seat for seat, place in enumerate(placings) if place == 1]
        total += sum(levels[seat] == first for seat in winners) / len(winners)
    return total / games


def table(counts: list[int]) -> None:
    """Print the table a row at a time (a pairing with the Monte Carlo level takes minutes)."""
    print("| pairing | matches | share of wins of the first level |", flush=True)
    print("|---|---:|---:|", flush=True)
    for (a, b), games in zip(PAIRINGS, counts, strict=True):
        if not games:  # a pairing left out of this run
            continue
        print(f"| {a} vs {b} | {games} | {win_share(a, b, games):.1%} |", flush=True)


if __name__ == "__main__":
    # One count for every pairing, or one per pairing (strong-easy strong-random easy-random).
    counts = [int(arg) for arg in sys.argv[1:]] or [1000]
    if len(counts) == 1:
        counts *= len(PAIRINGS)
    print("Four-seat quick matches, two seats per level (A B A B, swapped every match):\n", flush=True)
    table(counts)
