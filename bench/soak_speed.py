"""Benchmark: the soak's cost per move, before and after a change to the playout harness.

    nice -n 10 .venv/bin/python bench/soak_speed.py [--before main] [--games 1] [ludo bingo ...]

Plays the same seeded games as the conformance suite's playouts under `make soak`
(tests/conformance/test_playouts.py with GAMEROOM_SOAK=1: every contract check at every step,
every view and delivered event scanned, each title's own `check`, `hidden_from` and move
chooser `policy` from its declaration, as tests/budget.py reads them), one game per seat count
by default, once with rulekit/playout.py as it is at the git revision `--before` and once with
the working copy, alternating game by game so that both see the same load. Prints CPU µs per
move for both, and the soak's CPU seconds projected from the seconds measured with the harness
before (SOAK_SECONDS) by the ratio; any other registered title is measured without a projection.
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
from rulekit.declaration import GameDeclaration  # noqa: E402
from tests.budget import DECLARATIONS  # noqa: E402

# CPU seconds of the whole soak per title, measured with the harness before this benchmark
# (bench/playout_budget.py).
SOAK_SECONDS: dict[str, float] = {
    "contract-rummy": 49_800,  # leaning games
    "ludo": 22_057,
    "rummy": 13_997,
    "chinese-checkers": 10_284,
    "categories": 6_699,
    "bingo": 6_035,
    "village-night": 3_851,
    "stock-pile": 2_296,
    "penalty-tricks": 1_606,
    "word-agents": 1_459,
    "hangman": 1_205,
    "mensch": 1_081,
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


def one_game(harness: ModuleType, declaration: GameDeclaration, seats: int, index: int) -> tuple[float, int]:
    """Game `index` of the soak's series at `seats` (its seed `playout:<game id>:<seats>:<i>`),
    everything checked; its CPU seconds and moves."""
    engine = declaration.engine
    # The title's own move chooser where its soak has one (Femton's leaning games), as the soak plays.
    policy = declaration.policy
    choose = {"choose": policy(index)} if policy is not None else {}
    seed = f"playout:{engine.meta.id}:{seats}:{index}".encode()
    started = time.process_time()
    steps = harness.random_playout(
        engine, seats, {}, seed, hidden_from=declaration.hidden_from, check=declaration.check, **choose
    ).steps
    return time.process_time() - started, steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("titles", nargs="*", default=list(SOAK_SECONDS), help="game ids (default: all above)")
    parser.add_argument("--before", default="main", help="git revision of the harness to compare with")
    parser.add_argument("--games", type=int, default=1, help="games per seat count")
    args = parser.parse_args()
    unknown = sorted(set(args.titles) - set(DECLARATIONS))
    if unknown:
        parser.error(f"not registered: {', '.join(unknown)}")
    before_harness = harness_at(args.before)
    print("| game | moves | before µs/move | after µs/move | speed-up | soak CPU s before | projected after |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    totals = [0.0, 0.0]
    for title in args.titles:
        declaration = DECLARATIONS[title]
        spent: dict[str, Any] = {"before": 0.0, "after": 0.0}
        moves = 0
        for seats in declaration.engine.meta.allowed_seat_counts():
            for index in range(args.games):
                for name, harness in (("before", before_harness), ("after", after_harness)):
                    seconds, steps = one_game(harness, declaration, seats, index)
                    spent[name] += seconds
                moves += steps
        ratio = spent["after"] / spent["before"]
        measured = SOAK_SECONDS.get(title)
        if measured is None:
            soak = " | – | – |"
        else:
            totals[0] += measured
            totals[1] += measured * ratio
            soak = f" | {measured:,.0f} | {measured * ratio:,.0f} |"
        print(
            f"| {title} | {moves} | {1e6 * spent['before'] / moves:.0f} | {1e6 * spent['after'] / moves:.0f}"
            f" | {1 / ratio:.2f}×{soak}",
            flush=True,
        )
    if totals[1]:
        print(f"| total | | | | {totals[0] / totals[1]:.2f}× | {totals[0]:,.0f} | {totals[1]:,.0f} |")


if __name__ == "__main__":
    main()
