"""Benchmark: a title's soak games themselves, as `make soak` plays them.

    nice -n 10 .venv/bin/python bench/soak_games.py <game-id> [--games 3]

Plays the soak's first `--games` games per seat count (seeds `playout:<game id>:<seats>:<i>`)
with everything checked, as GAMEROOM_SOAK=1 does: the contract checks at every step, every
view and delivered event scanned, the title's own check, hidden cards and move chooser
(`policy`) from its declaration, as the conformance suite's playouts play them. Prints moves and CPU seconds per game per seat count
and the soak's CPU seconds projected from them (budget.SOAK_GAMES a seat count).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rulekit.playout import random_choice, random_playout  # noqa: E402
from tests import budget  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", help="a game's id")
    parser.add_argument("--games", type=int, default=3, help="games per seat count")
    args = parser.parse_args()
    if args.game not in budget.DECLARATIONS:
        parser.error(f"not registered: {args.game}")
    declaration = budget.DECLARATIONS[args.game]
    engine, check, hidden_from, policy = (
        declaration.engine,
        declaration.check,
        declaration.hidden_from,
        declaration.policy,
    )
    print("| seats | games | moves a game (least–most) | CPU s a game (least–most) |")
    print("|---:|---:|---|---|")
    soak = 0.0
    for seats in engine.meta.allowed_seat_counts():
        moves, seconds = [], []
        for index in range(args.games):
            seed = f"playout:{args.game}:{seats}:{index}".encode()
            choose = policy(index) if policy is not None else random_choice
            started = time.process_time()
            run = random_playout(engine, seats, {}, seed, check=check, hidden_from=hidden_from, choose=choose)
            seconds.append(time.process_time() - started)
            moves.append(run.steps)
        mean = sum(seconds) / len(seconds)
        soak += mean * budget.SOAK_GAMES
        print(
            f"| {seats} | {args.games} | {sum(moves) / len(moves):,.0f} ({min(moves):,}–{max(moves):,})"
            f" | {mean:.2f} ({min(seconds):.2f}–{max(seconds):.2f}) |",
            flush=True,
        )
    print(f"\nsoak, {budget.SOAK_GAMES:,} games a seat count: {soak:,.0f} CPU s ({soak / 3600:.1f} h)")


if __name__ == "__main__":
    main()
