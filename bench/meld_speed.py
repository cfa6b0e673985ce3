"""Benchmark: Rummy and Femton (contract-rummy) per random-playout move, two checkouts side by side.

    nice -n 10 .venv/bin/python bench/meld_speed.py --before <checkout> [--moves 1500] [--repeats 3]

`<checkout>` is another copy of the project (say `git archive main | tar -x -C /tmp/main`);
"after" is this one. For each game at four seats and at its largest table, each side plays the
same seeded random games through the playout harness as `make soak` does (every view of every
seat scanned for hidden cards, the title's own check; Rummy with the contract checks too,
Femton without them, as its soak runs them), stopping a game after `--moves` moves (Femton's games are
tens of thousands of moves long; their first thousands are measured). Each side runs in its
own process, the two alternately, `--repeats` times; figures are medians of the process's CPU
time (`time.process_time`), so other work on the machine disturbs them less than wall time.

Printed per game and table: µs per soak move before and after, and for the moves of those
games stepped again, the contract's `apply` beside the bare successor step (the engine's state
copy and `play`, no validation) and their ratio.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
GAMES = {"rummy": (4, 6), "contract-rummy": (4, 8)}


class Enough(Exception):
    """Raised from the per-move check once a game has had its moves."""


def _declared_check(package: str, old_module: str) -> Any:
    """The game's playout invariant: its declaration's, or in a tree from before declarations,
    the playout test module's."""
    import importlib

    try:
        return importlib.import_module(f"svc_cards.{package}.declaration").DECLARATION.check
    except ModuleNotFoundError:
        return importlib.import_module(old_module).CHECK


def worker(tree: Path, game: str, seats: int, moves: int, games: int) -> dict[str, float]:
    for folder in (tree, tree / "svc-cards"):
        sys.path.insert(0, str(folder))
    from rulekit import Rng
    from rulekit.playout import random_playout

    if game == "rummy":
        from svc_cards.rummy import ENGINE
        from svc_cards.rummy.rules import hidden_from

        CHECK = _declared_check("rummy", "tests.games.rummy.test_rummy_playouts")
    else:
        from svc_cards.contract_rummy import ENGINE
        from svc_cards.contract_rummy.rules import hidden_from

        CHECK = _declared_check("contract_rummy", "tests.games.contract_rummy.test_contract_rummy_playouts")

    recorded: list[tuple[Any, int, Any]] = []
    steps = game_steps = 0

    def check(before: Any, after: Any, seat: int, move: Any, events: Any) -> None:
        nonlocal steps, game_steps
        CHECK(before, after, seat, move, events)
        steps += 1
        game_steps += 1
        if steps % 5 == 0:
            recorded.append((before, seat, move))
        if game_steps >= moves:
            raise Enough

    started = time.process_time()
    for index in range(games):
        game_steps = 0
        with contextlib.suppress(Enough):
            random_playout(
                ENGINE,
                seats,
                {},
                f"playout:{game}:{seats}:{index}".encode(),
                hidden_from=hidden_from,
                check=check,
                contract_checks=game == "rummy",
            )
    playout = time.process_time() - started
    total = steps

    def timed(step: Any) -> float:
        began = time.process_time()
        for state, seat, move in recorded:
            step(state, seat, move)
        return 1e6 * (time.process_time() - began) / len(recorded)

    def bare(state: Any, seat: int, move: Any) -> None:
        new_state = ENGINE.copy_state(state)
        ENGINE.play(new_state, seat, move, 0, Rng(new_state["rng"]))

    apply_us = timed(lambda state, seat, move: ENGINE.apply(state, seat, move, 0))
    bare_us = timed(bare)
    return {"moves": total, "playout_us": 1e6 * playout / total, "apply_us": apply_us, "bare_us": bare_us}


def measure(tree: Path, game: str, seats: int, moves: int, games: int) -> dict[str, float]:
    out = subprocess.run(
        [sys.executable, __file__, "--worker", str(tree), game, str(seats), str(moves), str(games)],
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(out.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--before", type=Path, required=True, help="the checkout to compare with")
    parser.add_argument("--moves", type=int, default=1500, help="most moves of a game")
    parser.add_argument("--games", type=int, default=2, help="seeded games per side and table")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    print(
        "| game | seats | moves | soak µs/move before → after | apply µs before → after | bare µs | apply ÷ bare before → after |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|")
    for game, tables in GAMES.items():
        for seats in tables:
            runs: dict[str, list[dict[str, float]]] = {"before": [], "after": []}
            for _ in range(args.repeats):
                for side, tree in (("before", args.before.resolve()), ("after", ROOT)):
                    runs[side].append(measure(tree, game, seats, args.moves, args.games))

            def med(side: str, key: str, runs: dict[str, list[dict[str, float]]] = runs) -> float:
                return statistics.median(run[key] for run in runs[side])

            ratio = {side: med(side, "apply_us") / med(side, "bare_us") for side in runs}
            print(
                f"| {game} | {seats} | {int(med('after', 'moves'))} "
                f"| {med('before', 'playout_us'):.0f} → {med('after', 'playout_us'):.0f} "
                f"| {med('before', 'apply_us'):.1f} → {med('after', 'apply_us'):.1f} "
                f"| {med('before', 'bare_us'):.1f} → {med('after', 'bare_us'):.1f} "
                f"| {ratio['before']:.2f} → {ratio['after']:.2f} |",
                flush=True,
            )


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--worker":
        tree, game, seats, moves, games = sys.argv[2:7]
        print(json.dumps(worker(Path(tree), game, int(seats), int(moves), int(games))))
    else:
        main()
