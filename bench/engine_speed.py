"""Benchmark: every engine's move through the contract beside its bare successor step.

    nice -n 5 .venv/bin/python bench/engine_speed.py [--games 20] [--repeats 5] [--skip-perft] [--skip-search]
        [--skip-copy] [game ...]

Three tables, each figure the median of `--repeats` runs, the two sides of a ratio measured
alternately in the same run. Times are the process's CPU time (`time.process_time`), so other
work on a shared machine disturbs them less than it would wall time:

- Playout moves, for every registered engine of the four families (boards, cards, dice,
  words; or only the games named): seeded random games (smallest table) are recorded once;
  then every recorded move is stepped again through `apply(state, seat, move, 0)` (validation through
  `legal_moves`, a copy of the state, the generator, the events: what a random playout pays)
  and through the bare successor step, the least the rules need: the engine's own `successor`
  (the search's fast path: no validation, no events, only what the move changes copied)
  where it has one, else its state copy and `play` without validation. µs per move and the
  ratio apply ÷ bare.
- The copy `apply` starts with: `copy.deepcopy`, a JSON round trip, the rule kit's
  `copy_json` (what `BaseEngine.copy_state` uses) and the engine's own `copy_state`, µs per
  state over the recorded states (only on checkouts that have `rulekit.fastcopy`).
- Chess perft through the engine (`legal_moves` + `apply`, bulk counted) beside python-chess's
  own push/pop perft on the positions of tests/games/chess/perft.json at their test depth;
  each engine run starts with the engine's position caches empty.
- Alpha-beta (rulekit.search, or svc_ai.search in older checkouts) at a fixed depth from a
  few seeded positions of four-in-a-row, draughts and reversi, with each game's own
  evaluation, ordering and key: nodes/s.

Runs on any checkout of the project (it uses only the contract, `successor`, `play` and the
family registries), so the same file measures the code before and after a change.
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
for folder in (ROOT, ROOT / "svc-boards", ROOT / "svc-cards", ROOT / "svc-dice", ROOT / "svc-words", ROOT / "svc-ai"):
    sys.path.insert(0, str(folder))

import chess  # noqa: E402
from svc_boards.chess import rules as chess_rules  # noqa: E402
from svc_boards.chess.perft import perft, state_at  # noqa: E402
from svc_boards.registry import REGISTRY as BOARDS  # noqa: E402
from svc_cards.core.views import CardEngine, copy_card_state  # noqa: E402
from svc_cards.registry import REGISTRY as CARDS  # noqa: E402
from svc_dice.registry import REGISTRY as DICE  # noqa: E402

try:
    from svc_words.registry import REGISTRY as WORDS
except ImportError:  # a checkout from before the word games
    WORDS = ()

from rulekit import Rng, clone  # noqa: E402
from rulekit.playout import random_choice  # noqa: E402

PERFT = ROOT / "tests" / "games" / "chess" / "perft.json"
# Random chess games wander for hundreds of plies; the first ones are enough to measure.
MOST_PLIES = 200

Step = tuple[dict[str, Any], int, dict[str, Any]]


def engines(only: list[str] | None = None) -> list[Any]:
    """Every registered engine of the four families, in registry order (or those named)."""
    found = [*BOARDS, *CARDS, *DICE, *WORDS]
    if only:
        unknown = set(only) - {engine.meta.id for engine in found}
        if unknown:
            raise SystemExit(f"no such game: {', '.join(sorted(unknown))}")
        found = [engine for engine in found if engine.meta.id in only]
    return found


def record(engine: Any, games: int) -> list[Step]:
    """Every (state, seat, move) of `games` seeded random games at the smallest table."""
    seats = engine.meta.allowed_seat_counts()[0]
    steps: list[Step] = []
    for index in range(games):
        rnd = random.Random(index)
        state = engine.setup(seats, {}, f"bench:{index}".encode())
        for _ in range(MOST_PLIES):
            to_move = engine.to_move(state)
            if not to_move or engine.result(state) is not None:
                break
            seat = min(to_move)
            move = random_choice(engine, state, seat, rnd)
            steps.append((state, seat, move))
            state, _ = engine.apply(state, seat, move, 0)
    return steps


def bare_step(engine: Any) -> Callable[[dict[str, Any], int, dict[str, Any]], Any]:
    """The least work a move needs: the engine's `successor`, else its copy and `play`."""
    successor = getattr(engine, "successor", None)
    if successor is not None:
        return successor
    copy = getattr(engine, "copy_state", None)
    if copy is None:  # older checkouts: the card engines copied in their own `apply`
        copy = copy_card_state if isinstance(engine, CardEngine) else clone

    def step(state: dict[str, Any], seat: int, move: dict[str, Any]) -> dict[str, Any]:
        new_state = copy(state)
        engine.play(new_state, seat, move, 0, Rng(new_state["rng"]))
        return new_state

    return step


def per_move_us(run: Callable[[dict[str, Any], int, dict[str, Any]], Any], steps: list[Step]) -> float:
    started = time.process_time()
    for state, seat, move in steps:
        run(state, seat, move)
    return 1e6 * (time.process_time() - started) / len(steps)


def playout_table(games: int, repeats: int, only: list[str] | None = None) -> None:
    print("| game | moves | apply µs/move | bare µs/move | apply ÷ bare |")
    print("|---|---:|---:|---:|---:|")
    for engine in engines(only):
        steps = record(engine, games)
        bare = bare_step(engine)

        def apply(state: dict[str, Any], seat: int, move: dict[str, Any], engine: Any = engine) -> Any:
            return engine.apply(state, seat, move, 0)

        applied, bared = [], []
        for _ in range(repeats):
            applied.append(per_move_us(apply, steps))
            bared.append(per_move_us(bare, steps))
        a, b = statistics.median(applied), statistics.median(bared)
        print(f"| {engine.meta.id} | {len(steps)} | {a:.1f} | {b:.1f} | {a / b:.2f} |", flush=True)


def copy_table(games: int, repeats: int, only: list[str] | None = None) -> None:
    """The copy `apply` starts with, four ways, over the same recorded states."""
    try:
        from rulekit.fastcopy import copy_json
    except ImportError:  # a checkout from before the rule kit had its own copy
        return
    print()
    print("| game | deepcopy µs | JSON round trip µs | rulekit copy_json µs | engine's copy_state µs |")
    print("|---|---:|---:|---:|---:|")
    for engine in engines(only):
        states = [state for state, _, _ in record(engine, max(1, games // 4))]
        ways = {
            "deepcopy": copy.deepcopy,
            "json": lambda state: json.loads(json.dumps(state)),
            "copy_json": copy_json,
            "copy_state": engine.copy_state,
        }
        times: dict[str, list[float]] = {name: [] for name in ways}
        for _ in range(repeats):
            for name, way in ways.items():
                times[name].append(
                    per_move_us(lambda state, seat, move, way=way: way(state), [(s, 0, {}) for s in states])
                )
        cells = " | ".join(f"{statistics.median(times[name]):.1f}" for name in ways)
        print(f"| {engine.meta.id} | {cells} |", flush=True)


def library_perft(board: chess.Board, depth: int) -> int:
    if depth <= 1:
        return board.legal_moves.count() if depth == 1 else 1
    total = 0
    for move in board.legal_moves:
        board.push(move)
        total += library_perft(board, depth - 1)
        board.pop()
    return total


def forget_chess_positions() -> None:
    """Empty the chess engine's caches of positions (legal moves by FEN, boards by history),
    so that every engine run starts cold: a run after the first would otherwise find the
    positions it reaches already listed."""
    clear = getattr(chess_rules, "clear_caches", None)
    if clear is not None:
        clear()
        return
    for name in ("_LEGAL_CACHE", "_BOARD_CACHE"):  # older checkouts
        getattr(chess_rules, name, {}).clear()


def perft_table(repeats: int) -> None:
    positions = json.loads(PERFT.read_text())["positions"]
    engine_s: list[float] = []
    library_s: list[float] = []
    nodes = sum(entry["counts"][entry["test_depth"] - 1] for entry in positions)
    for _ in range(repeats):
        for side, times in (("engine", engine_s), ("library", library_s)):
            if side == "engine":
                forget_chess_positions()
            started = time.process_time()
            for entry in positions:
                depth = entry["test_depth"]
                if side == "engine":
                    found = perft(state_at(entry["fen"]), depth)
                else:
                    found = library_perft(chess.Board(entry["fen"]), depth)
                if found != entry["counts"][depth - 1]:
                    raise SystemExit(f"{side} perft of {entry['name']}: {found}")
            times.append(time.process_time() - started)
    e, lib = statistics.median(engine_s), statistics.median(library_s)
    print()
    print("| chess perft (all positions, test depth) | nodes | seconds | nodes/s |")
    print("|---|---:|---:|---:|")
    print(f"| engine (legal_moves + apply) | {nodes:,} | {e:.2f} | {nodes / e:,.0f} |")
    print(f"| python-chess push/pop | {nodes:,} | {lib:.2f} | {nodes / lib:,.0f} |")
    print(f"| engine time ÷ python-chess time | | {e / lib:.2f} | |", flush=True)


def search_cases() -> list[tuple[str, Any, dict[str, Any], int]]:
    """(game, engine, alpha-beta keywords, depth) for the searched games."""
    from svc_boards.draughts import cpu as draughts_cpu
    from svc_boards.four_in_a_row import cpu as four_cpu
    from svc_boards.reversi import cpu as reversi_cpu

    four = {
        "evaluate": four_cpu.line_evaluation,
        "order": four_cpu._centre_first(7, b"bench"),
        "key": four_cpu._board_key,
    }
    draughts = {"evaluate": draughts_cpu.evaluate, "order": draughts_cpu.order, "key": draughts_cpu.key}
    reversi = {"evaluate": reversi_cpu.evaluate, "order": reversi_cpu.order, "key": reversi_cpu.key}
    by_id = {engine.meta.id: engine for engine in BOARDS}
    return [
        ("four-in-a-row", by_id["four-in-a-row"], four, 6),
        ("draughts", by_id["draughts"], draughts, 6),
        ("reversi", by_id["reversi"], reversi, 5),
    ]


def start_positions(engine: Any, count: int = 3, plies: int = 6) -> list[dict[str, Any]]:
    """Seeded positions a few random plies into the game."""
    found = []
    for index in range(count):
        rnd = random.Random(1000 + index)
        state = engine.setup(2, {}, f"search:{index}".encode())
        for _ in range(plies):
            seat = min(engine.to_move(state))
            state, _ = engine.apply(state, seat, random_choice(engine, state, seat, rnd), 0)
        found.append(state)
    return found


def search_table(repeats: int) -> None:
    try:
        from rulekit.search import alphabeta  # where the search lives once the games own it
    except ImportError:
        from svc_ai.search import alphabeta

    print()
    print("| search (alpha-beta, fixed depth, 3 positions) | depth | nodes | nodes/s |")
    print("|---|---:|---:|---:|")
    for game, engine, keywords, depth in search_cases():
        positions = start_positions(engine)
        rates, nodes = [], 0
        for _ in range(repeats):
            nodes, started = 0, time.process_time()
            for state in positions:
                seat = min(engine.to_move(state))
                found = alphabeta(engine, state, seat, max_depth=depth, budget_ms=10**9, **keywords)
                nodes += found.nodes
            rates.append(nodes / (time.process_time() - started))
        print(f"| {game} | {depth} | {nodes:,} | {statistics.median(rates):,.0f} |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20, help="recorded random games per engine")
    parser.add_argument("--repeats", type=int, default=5, help="runs per figure (the median is printed)")
    parser.add_argument("--skip-perft", action="store_true")
    parser.add_argument("--skip-search", action="store_true")
    parser.add_argument("--skip-copy", action="store_true", help="leave out the copy table")
    parser.add_argument("games_only", nargs="*", metavar="game", help="only these game ids (default: every engine)")
    args = parser.parse_args()
    playout_table(args.games, args.repeats, args.games_only)
    if not args.skip_copy:
        copy_table(args.games, args.repeats, args.games_only)
    if not args.skip_perft:
        perft_table(max(1, args.repeats // 2))
    if not args.skip_search:
        search_table(max(1, args.repeats // 2))


if __name__ == "__main__":
    main()
