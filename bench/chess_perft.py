"""Chess move generation through the engine interface beside python-chess's own, same run.

    .venv/bin/python bench/chess_perft.py [--deeper N] [--only NAME ...] [--repeat 3]

For each position of tests/games/chess/perft.json, at its test depth (plus --deeper):
- "engine": `svc_boards.chess.perft.perft`, the contract's way: `ENGINE.apply` (validation
  through `legal_moves`, a copy of the state, python-chess rebuilding the board from the last
  pawn move or capture, SAN, the end-of-game checks) at every interior node, and the board
  moves of `ENGINE.listed_moves` (the contract's read-only listing) counted at the last ply;
- "python-chess": the same tree walked on one `chess.Board` with push/pop, the last ply
  counted as `board.legal_moves.count()`: the library's raw move generation, the floor for
  any engine built on it.
Both use bulk counting, so nodes/s means leaf nodes per second of wall time. Each position is
timed `--repeat` times on each side, the two sides taking turns, and each side's best time is
kept (the engine's caches emptied before each of its runs, so every run starts cold): on a
noisy machine the two are then timed under the same conditions, not seconds apart. Prints a
Markdown table with the ratio of the two times (how many times slower the contract path is)
and checks every count against the published one.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for folder in (ROOT, ROOT / "svc-boards"):
    sys.path.insert(0, str(folder))

import chess  # noqa: E402
from svc_boards.chess.perft import perft, state_at  # noqa: E402
from svc_boards.chess.rules import clear_caches  # noqa: E402

DATA = ROOT / "tests" / "games" / "chess" / "perft.json"


def library_perft(board: chess.Board, depth: int) -> int:
    if depth <= 1:
        return board.legal_moves.count() if depth == 1 else 1
    total = 0
    for move in board.legal_moves:
        board.push(move)
        total += library_perft(board, depth - 1)
        board.pop()
    return total


def timed(run) -> tuple[int, float]:
    started = time.perf_counter()
    nodes = run()
    return nodes, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deeper", type=int, default=0, help="plies beyond each position's test depth")
    parser.add_argument("--only", nargs="*", help="position names (default: all)")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each side per position, the best kept")
    args = parser.parse_args()
    positions = json.loads(DATA.read_text())["positions"]
    print(
        "| position | depth | nodes | engine s | engine nodes/s | python-chess s | python-chess nodes/s | engine time ÷ python-chess time |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    totals = [0, 0.0, 0.0]
    for entry in positions:
        if args.only and entry["name"] not in args.only:
            continue
        depth = min(entry["test_depth"] + args.deeper, len(entry["counts"]))
        expected = entry["counts"][depth - 1]
        engine_s = library_s = math.inf
        for _ in range(args.repeat):
            clear_caches()
            engine_nodes, seconds = timed(lambda e=entry, d=depth: perft(state_at(e["fen"]), d))
            engine_s = min(engine_s, seconds)
            library_nodes, seconds = timed(lambda e=entry, d=depth: library_perft(chess.Board(e["fen"]), d))
            library_s = min(library_s, seconds)
        if engine_nodes != expected or library_nodes != expected:
            raise SystemExit(
                f"{entry['name']} depth {depth}: engine {engine_nodes}, python-chess {library_nodes}, expected {expected}"
            )
        totals[0] += expected
        totals[1] += engine_s
        totals[2] += library_s
        print(
            f"| {entry['name']} | {depth} | {expected:,} | {engine_s:.2f} | {expected / engine_s:,.0f}"
            f" | {library_s:.2f} | {expected / library_s:,.0f} | {engine_s / library_s:.2f} |",
            flush=True,
        )
    nodes, engine_s, library_s = totals
    if nodes:
        print(
            f"| **all** | | {nodes:,} | {engine_s:.2f} | {nodes / engine_s:,.0f} | {library_s:.2f}"
            f" | {nodes / library_s:,.0f} | {engine_s / library_s:.2f} |"
        )


if __name__ == "__main__":
    main()
