"""Monte Carlo strength table of the card games, played through the engines directly.

    nice -n 10 .venv/bin/python bench/mc_strength.py [game ...] [-n GAMES] [--rollouts N]
        [--jobs J] [--first INDEX] [--pairings mc-rules:1000,mc-random:300,cheater-random:300]

Two seats, seats alternating every game, each game set up from its own seed. Players:
- mc: the game's Monte Carlo player (its cpu.py `MONTE_CARLO`, deciding from the seat's view;
  `--rollouts` overrides its rollout cap, the time cap is lifted so the cap alone decides);
- rules: the game's rule-based strong level (`strong` in its cpu.py);
- random: any legal move;
- cheater: the same Monte Carlo search on the true state (tests/games/card_core/cpu_cheater.py),
  the ceiling.
`--margin` and `--rules-rollouts` (rollouts played by the rule-based level instead of the
game's cheap policy) try other settings. Prints one Markdown row per game and pairing: wins
of the first-named player (a shared first place counts), its win rate, its edge over the
1/2 a random player gets, and its mean ms per move; then, per game, MC's edge over random as
a share of the cheater's. Progress (running totals) goes to stderr.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from svc_cards.registry import REGISTRY  # noqa: E402

from rulekit.montecarlo import MonteCarlo, level_rollout  # noqa: E402
from rulekit.players import Ask, random_player  # noqa: E402
from tests.games.card_core.cpu_cheater import cheating_move  # noqa: E402

GAMES = ("last-card", "mau-mau", "hau-hau", "crazy-eights", "number-rows", "thirty-one")
PAIRINGS = ("mc-rules", "mc-random", "cheater-random")
# With the rollout cap deciding alone, results do not depend on the machine's load.
NO_TIME_CAP_MS = 10**9


def cpu_module(game: str):
    return importlib.import_module(f"svc_cards.{game.replace('-', '_')}.cpu")


def play_game(
    game: str,
    players: tuple[str, str],
    first: int,
    index: int,
    rollouts: int | None,
    margin: float | None = None,
    rules_rollouts: bool = False,
) -> tuple[bool, float, int]:
    """One game, players[0] in seat `first`; (players[0] placed first alone or shared first,
    its seconds thinking, its moves)."""
    engine = REGISTRY.get(game)
    cpu = cpu_module(game)
    search: MonteCarlo = cpu.MONTE_CARLO
    search = dataclasses.replace(search, budget_ms=NO_TIME_CAP_MS, rollouts=rollouts or search.rollouts)
    if margin is not None:
        search = dataclasses.replace(search, margin=margin)
    if rules_rollouts:
        search = dataclasses.replace(search, policy=level_rollout(cpu.strong, game))
    mc = search.player(engine)
    seat_player = {first: players[0], 1 - first: players[1]}
    seed = f"mc-bench:{game}:{index}".encode()
    state = engine.setup(2, {}, seed)
    think, moves, step = 0.0, 0, 0
    rnd = random.Random(seed)
    while engine.result(state) is None:
        to_move = sorted(engine.to_move(state))
        seat = to_move[0] if len(to_move) == 1 else rnd.choice(to_move)
        name = seat_player[seat]
        move_seed = b"%s:%d" % (seed, step)
        started = time.perf_counter()
        if name == "cheater":
            move = cheating_move(engine, search, state, seat, move_seed)
        else:
            ask = Ask(game, seat, engine.view(state, seat), "strong", move_seed, NO_TIME_CAP_MS)
            player = {"mc": mc, "rules": cpu.strong, "random": random_player}[name]
            move = player(ask).move
        if seat == first:
            think += time.perf_counter() - started
            moves += 1
        state, _ = engine.apply(state, seat, move, 1000 * step)
        step += 1
    placings = engine.result(state)["placings"]
    return placings[first] == 1, think, moves


def _block(args: tuple[str, tuple[str, str], int, int, int | None, float | None, bool]) -> tuple[int, float, int]:
    game, players, start, stop, rollouts, margin, rules_rollouts = args
    wins, think, moves = 0, 0.0, 0
    for index in range(start, stop):
        won, seconds, count = play_game(game, players, index % 2, index, rollouts, margin, rules_rollouts)
        wins += won
        think += seconds
        moves += count
    return wins, think, moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("-n", "--number", type=int, default=1000, help="games per pairing (unless a pairing says)")
    parser.add_argument("--rollouts", type=int, help="rollout cap per move (default: each game's own)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--margin", type=float, help="override the margin over the rule-based move")
    parser.add_argument("--rules-rollouts", action="store_true", help="rollouts played by the rule-based level")
    parser.add_argument("--first", type=int, default=0, help="number the games from here (to extend a run)")
    parser.add_argument(
        "--pairings", default=",".join(PAIRINGS), help="e.g. mc-rules:1000,mc-random:300 (games after the colon)"
    )
    args = parser.parse_args()
    pairings = []
    for item in args.pairings.split(","):
        names, _, count = item.partition(":")
        first, second = names.split("-")
        pairings.append(((first, second), int(count) if count else args.number))
    print(f"two-seat games, seats alternating; rollout cap {args.rollouts or 'per game (its cpu.py)'}\n")
    print("| game | pairing | games | wins | win % | edge over random | ms/move |")
    print("|---|---|---:|---:|---:|---:|---:|")
    with ProcessPoolExecutor(args.jobs) as pool:
        for game in args.games:
            edges = {}
            for players, number in pairings:
                block = max(1, min(25, number // (args.jobs * 4)))
                end = args.first + number
                chunks = [
                    (game, players, start, min(start + block, end), args.rollouts, args.margin, args.rules_rollouts)
                    for start in range(args.first, end, block)
                ]
                wins = moves = played = 0
                think = 0.0
                started = time.perf_counter()
                for chunk, (w, t, m) in zip(chunks, pool.map(_block, chunks), strict=True):
                    wins, think, moves, played = wins + w, think + t, moves + m, played + chunk[3] - chunk[2]
                    # Running totals, so a run stopped early still says what it played.
                    print(
                        f"{game} {players[0]}-{players[1]}: {wins}/{played} after {time.perf_counter() - started:.0f} s",
                        file=sys.stderr,
                        flush=True,
                    )
                rate = wins / number
                edges[players] = rate - 0.5
                print(
                    f"| {game} | {players[0]} vs {players[1]} | {number} | {wins} | {100 * rate:.1f} |"
                    f" {100 * (rate - 0.5):+.1f} | {1000 * think / max(1, moves):.1f} |",
                    flush=True,
                )
            mc, cheater = edges.get(("mc", "random")), edges.get(("cheater", "random"))
            if mc is not None and cheater:
                print(f"| {game} | MC edge / cheater edge | | | | {100 * mc / cheater:.0f} % | |", flush=True)


if __name__ == "__main__":
    main()
