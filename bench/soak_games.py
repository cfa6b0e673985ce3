"""Benchmark: a title's soak games themselves, as `make soak` plays them.

    nice -n 10 .venv/bin/python bench/soak_games.py <game-id> [--games 3]

Plays the soak's first `--games` games per seat count (seeds `playout:<game id>:<seats>:<i>`)
with everything checked, as GAMEROOM_SOAK=1 does: the contract checks at every step, every
view and delivered event scanned, the title's own check, hidden cards and move chooser
(`policy`) from its playout test module. Prints moves and CPU seconds per game per seat count
and the soak's CPU seconds projected from them (budget.SOAK_GAMES a seat count).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.playout_budget import BOARDS, CARDS, DICE, WORDS, own_check, test_module  # noqa: E402
from rulekit.playout import random_choice, random_playout  # noqa: E402
from tests import budget  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", help="a game's id")
    parser.add_argument("--games", type=int, default=3, help="games per seat count")
    args = parser.parse_args()
    (engine,) = [e for e in (*CARDS, *BOARDS, *DICE, *WORDS) if e.meta.id == args.game]
    module = test_module(args.game)
    check, hidden_from = own_check(module), getattr(module, "hidden_from", None)
    policy = getattr(module, "policy", None)
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
