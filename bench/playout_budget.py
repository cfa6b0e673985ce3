"""Benchmark: what each title's playouts cost, and what tests/budget.py makes of it.

    .venv/bin/python bench/playout_budget.py [game-id ...] [--seconds 1.5]

For each title at its smallest, middle and largest table, seeded random games are played with
the title's own per-move check, hidden cards and move chooser (from its declaration, as the
conformance suite's playouts read them) in the harness's three modes —
light, contract checks, and contract checks with every view scanned for hidden cards — and
timed in CPU seconds of this process (so other work on the machine changes little). Prints
the milliseconds per game and, from them, the CPU seconds of the title's main playout series
in `make test` (its line in budget.GAMES) and in `make soak`. Seat counts in between are
interpolated. Variants, hidden-card scans and other extra tests are not included.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from svc_boards.registry import REGISTRY as BOARDS  # noqa: E402
from svc_cards.registry import REGISTRY as CARDS  # noqa: E402
from svc_dice.registry import REGISTRY as DICE  # noqa: E402
from svc_words.registry import REGISTRY as WORDS  # noqa: E402

from rulekit.playout import random_choice, random_playout  # noqa: E402
from tests import budget  # noqa: E402

MODES = {
    "light": {"scan_views": False, "contract_checks": False},
    "contract": {"scan_views": False, "contract_checks": True},
    "full": {"scan_views": True, "contract_checks": True},
}


def ms_per_game(engine, seats: int, check, hidden_from, mode: dict[str, bool], seconds: float, policy=None) -> float:  # type: ignore[no-untyped-def]
    games, started = 0, time.process_time()
    while time.process_time() - started < seconds and games < 200:
        hidden = hidden_from if mode["scan_views"] else None
        seed = f"bench:{seats}:{games}".encode()
        # A title's own move chooser for game `games` (its declaration's `policy`), as its tests play.
        choose = policy(games) if policy is not None else random_choice
        random_playout(engine, seats, {}, seed, check=check, hidden_from=hidden, choose=choose, **mode)
        games += 1
    return 1000 * (time.process_time() - started) / games


def series_seconds(costs: dict[str, float], games: int, thorough: int | None, scanned: int | None) -> float:
    full = games if scanned is None else min(games, scanned)
    contract = (games if thorough is None else min(games, thorough)) - full
    return (full * costs["full"] + contract * costs["contract"] + (games - full - contract) * costs["light"]) / 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", help="game ids (all registered games when none)")
    parser.add_argument("--seconds", type=float, default=1.5, help="CPU seconds per title, table size and mode")
    args = parser.parse_args()
    engines = [e for e in (*CARDS, *BOARDS, *DICE, *WORDS) if not args.games or e.meta.id in args.games]
    print("| game | seats | light ms/game | contract ms/game | full ms/game |")
    print("|---|---:|---:|---:|---:|")
    totals = []
    for engine in engines:
        declaration = budget.DECLARATIONS[engine.meta.id]
        check, hidden_from, policy = declaration.check, declaration.hidden_from, declaration.policy
        counts = list(engine.meta.allowed_seat_counts())
        measured: dict[int, dict[str, float]] = {}
        for seats in sorted({counts[0], counts[len(counts) // 2], counts[-1]}):
            measured[seats] = {
                name: ms_per_game(engine, seats, check, hidden_from, mode, args.seconds, policy)
                for name, mode in MODES.items()
            }
            row = measured[seats]
            print(f"| {engine.meta.id} | {seats} | {row['light']:.1f} | {row['contract']:.1f} | {row['full']:.1f} |")
        test = soak = 0.0
        series = budget.GAMES[engine.meta.id]
        for seats in counts:
            low = max(s for s in measured if s <= seats)
            high = min(s for s in measured if s >= seats)
            share = 0 if high == low else (seats - low) / (high - low)
            costs = {m: measured[low][m] + share * (measured[high][m] - measured[low][m]) for m in MODES}
            test += series_seconds(costs, budget.games(engine.meta.id, seats), series.thorough, series.scanned)
            soak += series_seconds(costs, budget.SOAK_GAMES, None, None)
        totals.append((engine.meta.id, test, soak))
    print("\n| game | make test, CPU s | make soak, CPU s |\n|---|---:|---:|")
    for game_id, test, soak in totals:
        print(f"| {game_id} | {test:.0f} | {soak:.0f} |")
    print(f"| all | {sum(t for _, t, _ in totals):.0f} | {sum(s for _, _, s in totals):.0f} |")


if __name__ == "__main__":
    main()
