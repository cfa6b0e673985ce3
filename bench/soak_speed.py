"""Benchmark: the soak's cost per move, before and after a change to the playout harness.

    nice -n 10 .venv/bin/python bench/soak_speed.py [--before main] [--games 1] [ludo bingo ...]

Plays the same seeded games as `make soak` (every contract check at every step, every view
and delivered event scanned, each title's own `check` and `hidden_from` from its playout
tests), one game per seat count by default, once with rulekit/playout.py as it is at the git
revision `--before` and once with the working copy, alternating game by game so that both
see the same load. Prints CPU µs per move for both, and the soak's CPU seconds projected
from the seconds measured with the harness before (SOAK_SECONDS) by the ratio.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
for folder in (ROOT, ROOT / "svc-cards", ROOT / "svc-dice", ROOT / "svc-words", ROOT / "svc-boards"):
    sys.path.insert(0, str(folder))

from rulekit import playout as after_harness  # noqa: E402

# CPU seconds of the whole soak per title, measured with the harness before this benchmark
# (bench/playout_budget.py), and the test module holding its playouts.
SOAK_SECONDS: dict[str, tuple[float, str]] = {
    "contract-rummy": (49_800, "tests.games.contract_rummy.test_contract_rummy_playouts"),  # leaning games
    "ludo": (22_057, "tests.games.ludo.test_playouts"),
    "rummy": (13_997, "tests.games.rummy.test_rummy_playouts"),
    "chinese-checkers": (10_284, "tests.games.chinese_checkers.test_chinese_checkers_playouts"),
    "categories": (6_699, "tests.games.categories.test_playouts"),
    "bingo": (6_035, "tests.games.bingo.test_playouts"),
    "village-night": (3_851, "tests.games.village_night.test_playouts"),
    "stock-pile": (2_296, "tests.games.stock_pile.test_stock_pile_playouts"),
    "penalty-tricks": (1_606, "tests.games.penalty_tricks.test_penalty_tricks_playouts"),
    "word-agents": (1_459, "tests.games.word_agents.test_playouts"),
    "hangman": (1_205, "tests.games.hangman.test_playouts"),
    "mensch": (1_081, "tests.games.mensch.test_playouts"),
}


def harness_at(revision: str) -> ModuleType:
    """rulekit/playout.py as it is at `revision`, loaded beside the working copy's."""
    source = subprocess.run(
        ["git", "show", f"{revision}:rulekit/playout.py"], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout
    spec = importlib.util.spec_from_loader("rulekit.playout_before", loader=None)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    module.__package__ = "rulekit"
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    exec(compile(source, f"{revision}:rulekit/playout.py", "exec"), module.__dict__)
    return module


def one_game(harness: ModuleType, tests: ModuleType, seats: int, index: int) -> tuple[float, int]:
    engine = tests.ENGINE
    check = getattr(tests, "CHECK", None) or getattr(tests, "check", None)
    hidden_from = getattr(tests, "hidden_from", None)
    # The title's own move chooser where its soak has one (Femton's leaning games), as the soak plays.
    policy = getattr(tests, "policy", None)
    choose = {"choose": policy(index)} if policy is not None else {}
    seed = f"playout:{engine.meta.id}:{seats}:{index}".encode()
    started = time.process_time()
    steps = harness.random_playout(engine, seats, {}, seed, hidden_from=hidden_from, check=check, **choose).steps
    return time.process_time() - started, steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("titles", nargs="*", default=list(SOAK_SECONDS), help="game ids (default: all above)")
    parser.add_argument("--before", default="main", help="git revision of the harness to compare with")
    parser.add_argument("--games", type=int, default=1, help="games per seat count")
    args = parser.parse_args()
    before_harness = harness_at(args.before)
    print("| game | moves | before µs/move | after µs/move | speed-up | soak CPU s before | projected after |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    totals = [0.0, 0.0]
    for title in args.titles:
        measured, module = SOAK_SECONDS[title]
        tests = importlib.import_module(module)
        spent: dict[str, Any] = {"before": 0.0, "after": 0.0}
        moves = 0
        for seats in tests.ENGINE.meta.allowed_seat_counts():
            for index in range(args.games):
                for name, harness in (("before", before_harness), ("after", after_harness)):
                    seconds, steps = one_game(harness, tests, seats, index)
                    spent[name] += seconds
                moves += steps
        ratio = spent["after"] / spent["before"]
        totals[0] += measured
        totals[1] += measured * ratio
        print(
            f"| {title} | {moves} | {1e6 * spent['before'] / moves:.0f} | {1e6 * spent['after'] / moves:.0f}"
            f" | {1 / ratio:.2f}× | {measured:,.0f} | {measured * ratio:,.0f} |",
            flush=True,
        )
    print(f"| total | | | | {totals[0] / totals[1]:.2f}× | {totals[0]:,.0f} | {totals[1]:,.0f} |")


if __name__ == "__main__":
    main()
