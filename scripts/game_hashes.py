"""Fingerprints of seeded games, to prove that a change of engine code changes nothing a player sees.

For every registered title and seat count, plays seeded games with random legal moves and hashes
everything the engine said on the way: the setup, at every step the state, every seat's and
the spectator's view, every seat's legal moves, the deadline, every timed seat's
`timeout_move` and what `apply_timeout` makes of the state, the move made, the events and the result. One SHA-256 per title and seat count.

    .venv/bin/python scripts/game_hashes.py --write var/game-hashes.json [--games 200] [--only chess poker]
    .venv/bin/python scripts/game_hashes.py --check var/game-hashes.json

Run `--write` on the code before a change and `--check` after it: the check lists every title and
seat count whose games differ (exit 1) and prints the number of games and steps compared. The
number of games per series is `--games`, lowered for the titles whose test budget plays fewer
(a contract-rummy game is thousands of moves): see `series_games`.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

from rulekit import Engine
from rulekit.playout import instantiate

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.budget import DECLARATIONS  # noqa: E402

MAX_STEPS = 1500


def registries() -> dict[str, Engine]:
    """Every registered title's engine, from the declarations the test budget reads."""
    return {game: declaration.engine for game, declaration in DECLARATIONS.items()}


def series_games(game: str, seats: int, wanted: int) -> int:
    """`wanted` games, or a tenth of what the test budget plays when that is fewer (at least 3):
    the budget is sized by a game's cost, so the slow titles stay within minutes."""
    budget = DECLARATIONS[game].budget.at(seats)
    return max(3, min(wanted, budget // 10 if budget < wanted * 10 else wanted))


def _text(data: Any) -> bytes:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), default=str).encode()


def play(engine: Engine, seats: int, seed: bytes, digest: Any) -> int:
    """One seeded game fed into `digest`; its number of steps."""
    rnd = random.Random(seed)
    now_ms = 1000
    state = engine.setup(seats, {}, seed, now_ms)
    digest.update(_text(state))
    steps = 0
    while True:
        to_move = sorted(engine.to_move(state))
        result = engine.result(state)
        digest.update(_text({"to_move": to_move, "result": result}))
        for seat in [*range(seats), None]:
            digest.update(_text(engine.view(state, seat)))
        # Random play in some titles (contract rummy) rarely ends: a game is fingerprinted up to a cap.
        if result is not None or not to_move or steps >= min(engine.meta.longest_game, MAX_STEPS):
            return steps
        legal = {seat: engine.legal_moves(state, seat) for seat in to_move}
        digest.update(_text(legal))
        deadline = engine.deadline(state)
        if deadline is not None:
            digest.update(_text(deadline))
            for seat in deadline.get("seats", []):
                digest.update(_text(engine.timeout_move(state, seat)))
            digest.update(_text(engine.apply_timeout(state, deadline["at_ms"])))
        seat = rnd.choice(to_move)
        move = instantiate(rnd.choice(legal[seat]), rnd)
        now_ms += 1000
        state, events = engine.apply(state, seat, move, now_ms)
        digest.update(_text({"seat": seat, "move": move, "events": events}))
        steps += 1


def fingerprints(games: int, only: list[str]) -> tuple[dict[str, str], int, int]:
    hashes: dict[str, str] = {}
    played = total_steps = 0
    for game, engine in sorted(registries().items()):
        if only and game not in only:
            continue
        for seats in engine.meta.allowed_seat_counts():
            digest = hashlib.sha256()
            for i in range(series_games(game, seats, games)):
                seed = hashlib.sha256(f"hash:{game}:{seats}:{i}".encode()).digest()
                total_steps += play(engine, seats, seed, digest)
                played += 1
            hashes[f"{game}/{seats}"] = digest.hexdigest()
    return hashes, played, total_steps


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--write", type=Path, help="write the fingerprints to this JSON file")
    mode.add_argument("--check", type=Path, help="compare with the fingerprints in this JSON file")
    parser.add_argument("--games", type=int, default=200, help="games per title and seat count (default 200)")
    parser.add_argument("--only", nargs="*", default=[], help="only these titles")
    args = parser.parse_args()
    started = time.perf_counter()
    if args.check:
        recorded = json.loads(args.check.read_text())
        only = args.only or sorted({key.split("/")[0] for key in recorded["hashes"]})
        hashes, played, steps = fingerprints(recorded["games"], only)
        wanted = {k: v for k, v in recorded["hashes"].items() if k.split("/")[0] in only}
        differ = sorted(k for k in wanted.keys() | hashes.keys() if wanted.get(k) != hashes.get(k))
        seconds = time.perf_counter() - started
        print(f"{played} games, {steps} steps, {len(hashes)} series compared in {seconds:.0f} s")
        for key in differ:
            print(f"DIFFERS: {key}")
        print("identical" if not differ else f"{len(differ)} series differ")
        return 1 if differ else 0
    hashes, played, steps = fingerprints(args.games, args.only)
    args.write.parent.mkdir(parents=True, exist_ok=True)
    args.write.write_text(json.dumps({"games": args.games, "hashes": hashes}, indent=1, sort_keys=True) + "\n")
    print(f"{played} games, {steps} steps, {len(hashes)} series written in {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
