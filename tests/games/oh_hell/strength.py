"""Oh Hell CPU strength: four-seat quick matches, two seats of each level (A B A B, the pairs
swapping seats every game). A level's score is the share of matches one of its seats wins
(a shared first place counts as shared).

Run `python -m tests.games.oh_hell.strength [games]` for the README table (1,000 a pairing).
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


def table(games: int) -> str:
    lines = [
        f"| game | {' | '.join(f'{a} vs {b}' for a, b in PAIRINGS)} |",
        f"|---|{'---|' * len(PAIRINGS)}",
    ]
    rates = [win_share(a, b, games) for a, b in PAIRINGS]
    lines.append(f"| oh-hell | {' | '.join(f'{rate:.1%}' for rate in rates)} |")
    return "\n".join(lines)


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    print(f"Share of wins of the first level, {count} four-seat quick matches per pairing (A B A B):\n")
    print(table(count))
