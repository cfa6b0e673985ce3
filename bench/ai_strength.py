"""AI strength table: each CPU level against the random player and against the level below.

    .venv/bin/python bench/ai_strength.py [game ...] [-n GAMES] [--below-number GAMES]
        [--budget-ms MS] [--options JSON] [--only LEVEL]

Games default to draughts, morris, reversi, kalaha and chess (chess levels run Stockfish, or
the pure-Python fallback when GAMEROOM_STOCKFISH names a missing binary). Every pairing plays GAMES games
(default 100) with colours alternated; levels are called through svc-ai's `choose`, from the
seat's view, exactly as the service does. The budget is what the service would pass in the
ask (the levels cap it themselves: strong at about one second). Prints a Markdown table:
wins / draws / losses of the level named first and its mean time per move.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for folder in (ROOT, ROOT / "svc-ai", ROOT / "svc-boards"):
    sys.path.insert(0, str(folder))

from svc_ai.players import choose, levels_of  # noqa: E402
from svc_boards.registry import REGISTRY  # noqa: E402

from rulekit.players import Ask  # noqa: E402

DEFAULT_GAMES = ("draughts", "morris", "reversi", "kalaha", "chess")


@dataclass
class Tally:
    wins: int = 0
    draws: int = 0
    losses: int = 0
    think: list[float] = field(default_factory=list)


def play_one(
    game: str, levels: tuple[str, str], first: int, index: int, budget_ms: int, options: dict
) -> tuple[str, list[float]]:
    """One game; levels[0] sits in seat `first`. Returns "win", "draw" or "loss" for levels[0]
    and its move times."""
    engine = REGISTRY.get(game)
    seat_level = {first: levels[0], 1 - first: levels[1]}
    state = engine.setup(2, options, f"bench:{game}:{levels}:{index}".encode())
    times: list[float] = []
    ply = 0
    while engine.result(state) is None:
        (seat,) = engine.to_move(state)
        ask = Ask(game, seat, engine.view(state, seat), seat_level[seat], f"{index}:{ply}".encode(), budget_ms)
        started = time.perf_counter()
        move = choose(ask).move
        if seat == first:
            times.append(time.perf_counter() - started)
        state, _ = engine.apply(state, seat, move, 0)
        ply += 1
    result = engine.result(state)
    assert result is not None
    own, other = result["placings"][first], result["placings"][1 - first]
    return ("win" if own < other else "draw" if own == other else "loss"), times


def match(game: str, level: str, opponent: str, games: int, budget_ms: int, options: dict) -> Tally:
    tally = Tally()
    for index in range(games):
        outcome, times = play_one(game, (level, opponent), index % 2, index, budget_ms, options)
        if outcome == "win":
            tally.wins += 1
        elif outcome == "draw":
            tally.draws += 1
        else:
            tally.losses += 1
        tally.think.extend(times)
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", default=list(DEFAULT_GAMES))
    parser.add_argument("-n", "--number", type=int, default=100, help="games per pairing")
    parser.add_argument("--below-number", type=int, help="games against the level below (default: --number)")
    parser.add_argument("--budget-ms", type=int, default=1000, help="the budget each ask carries")
    parser.add_argument("--options", default="{}", help="host settings as JSON, for every game given")
    parser.add_argument("--only", help="only this level (with its pairings)")
    args = parser.parse_args()
    options = json.loads(args.options)
    below_number = args.below_number if args.below_number is not None else args.number
    print(
        f"games against random: {args.number}, against the level below: {below_number}, "
        f"ask budget {args.budget_ms} ms, options {options or 'default'}\n"
    )
    print("| game | level | opponent | games | win | draw | loss | win % | mean ms/move |")
    print("|---|---|---|---:|---:|---:|---:|---:|---:|")
    for game in args.games:
        levels = levels_of(game)
        for below, level in zip(levels, levels[1:], strict=False):
            if args.only and level != args.only:
                continue
            opponents = ["random"] if below == "random" else ["random", below]
            for opponent in opponents:
                games = args.number if opponent == "random" else below_number
                if games <= 0:
                    continue
                tally = match(game, level, opponent, games, args.budget_ms, options)
                mean_ms = 1000 * sum(tally.think) / max(1, len(tally.think))
                print(
                    f"| {game} | {level} | {opponent} | {games} | {tally.wins} | {tally.draws} | {tally.losses}"
                    f" | {100 * tally.wins / games:.0f} | {mean_ms:.0f} |",
                    flush=True,
                )


if __name__ == "__main__":
    main()
