"""Blackjack CPU strength: final chips.

Run `python -m tests.games.blackjack.strength [games]` for the table in docs/cpu-strength.md (default 1,000
games per level). Each level plays the same seeded solo tables (10 rounds, 500 chips): every
round's shoe is shuffled from the same generator state whatever was played before, so the
levels face the same cards round by round and the difference between them is their play.
A second figure: three-seat tables with one seat of each level (seats rotating), the share
of tables each level ends with the most chips (ties shared).
"""

from __future__ import annotations

import statistics
import sys

from svc_cards.blackjack import ENGINE

from tests.games.card_core.cpu_views import ask_player
from tests.games.card_core.strength import Level

LEVELS = ("strong", "easy", "random")


def final_chips(levels: list[Level], seed: bytes, options: dict | None = None) -> list[int]:
    state = ENGINE.setup(len(levels), options or {}, seed)
    step = 0
    while ENGINE.result(state) is None:
        seat = min(ENGINE.to_move(state))
        move = ask_player(ENGINE, state, seat, levels[seat], b"%s:%d" % (seed, step)).move
        state, _ = ENGINE.apply(state, seat, move, 0)
        step += 1
    return list(ENGINE.result(state)["scores"])


def solo_chips(level: Level, games: int) -> list[int]:
    return [final_chips([level], b"bj-solo:%d" % index)[0] for index in range(games)]


def table_wins(games: int) -> dict[str, float]:
    wins = dict.fromkeys(LEVELS, 0.0)
    for index in range(games):
        order = [LEVELS[(index + k) % 3] for k in range(3)]
        chips = final_chips(list(order), b"bj-table:%d" % index)
        best = max(chips)
        leaders = [order[s] for s in range(3) if chips[s] == best]
        for level in leaders:
            wins[level] += 1 / len(leaders)
    return {level: wins[level] / games for level in LEVELS}


if __name__ == "__main__":
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    print(f"Final chips of solo tables (10 rounds, 500 chips, same seeds per level), {games} games:\n")
    print("| level | mean final chips | ± (std. error) | tables won, 3 seats one of each |")
    print("|---|---:|---:|---:|")
    shares = table_wins(games)
    solo = {level: solo_chips(level, games) for level in LEVELS}
    for level, chips in solo.items():
        error = statistics.stdev(chips) / len(chips) ** 0.5
        print(f"| {level} | {statistics.mean(chips):.1f} | {error:.1f} | {shares[level]:.1%} |", flush=True)
    gain = [a - b for a, b in zip(solo["strong"], solo["easy"], strict=True)]
    error = statistics.stdev(gain) / len(gain) ** 0.5
    print(f"\nstrong - easy on the same seeds: {statistics.mean(gain):+.1f} chips a game (± {error:.1f})")
