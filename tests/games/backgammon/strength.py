"""Backgammon CPU strength: GNU Backgammon's levels against each other, against the pure-Python
fallback and against random; the fallback's levels against each other. Seeded games, seats
alternated; a pairing's games use the same seeds, so luck is shared out evenly.

    .venv/bin/python -m tests.games.backgammon.strength [GAMES] [--cube] [PAIRING ...]

A player is `gnubg:<level>` (svc-ai's GNU Backgammon level), `py:<level>` (the pure-Python
level of svc_boards.backgammon.cpu) or `random`. PAIRING is `a,b`; without any, the table's.
Prints, per pairing, wins/losses of the first-named, its mean points per game (1 a single win,
2 a gammon, 3 a backgammon; lost points count negative) and its mean ms per move. With
`--cube` the games are played with the doubling cube on (points times the cube; the gnubg
levels then take their cube decisions as svc-ai serves them).
"""

from __future__ import annotations

import sys
import time

from svc_ai.backgammon_levels import GNUBG_LEVELS, choose_gnubg, cube_gnubg
from svc_boards.backgammon import ENGINE
from svc_boards.backgammon import cpu as pure

from rulekit.players import Ask, Choice, random_player

BUDGET_MS = 1500  # what svc-ai passes by default; the fallback's strong level caps itself
PAIRINGS = (
    ("gnubg:easy", "random"),
    ("gnubg:medium", "gnubg:easy"),
    ("gnubg:strong", "gnubg:medium"),
    ("gnubg:easy", "py:strong"),
    ("gnubg:strong", "py:strong"),
    ("py:easy", "random"),
    ("py:medium", "py:easy"),
    ("py:strong", "py:medium"),
)


def player(name: str, cube: bool = False):
    if name == "random":
        return random_player
    kind, level = name.split(":")
    if kind == "gnubg" and cube:
        return lambda ask: cube_gnubg(ask, GNUBG_LEVELS[level]) or choose_gnubg(ask, GNUBG_LEVELS[level])
    if kind == "gnubg":
        return lambda ask: choose_gnubg(ask, GNUBG_LEVELS[level])
    return pure.LEVELS[level]


def play(players: dict[int, str], seed: str, times: list[float], timed: int, cube: bool = False) -> list[float]:
    """One game; the scores (points per seat)."""
    state = ENGINE.setup(2, {"cube": cube}, seed.encode())
    chosen = {seat: player(name, cube) for seat, name in players.items()}
    ply = 0
    while ENGINE.result(state) is None:
        (seat,) = ENGINE.to_move(state)
        ask = Ask("backgammon", seat, ENGINE.view(state, seat), "bench", f"{seed}:{ply}".encode(), BUDGET_MS)
        started = time.perf_counter()
        choice: Choice = chosen[seat](ask)
        if seat == timed:
            times.append(time.perf_counter() - started)
        state = ENGINE.apply(state, seat, choice.move, 0)[0]
        ply += 1
    return ENGINE.result(state)["scores"]


def match(first: str, second: str, games: int, cube: bool = False) -> tuple[int, int, float, float]:
    wins = losses = 0
    points = 0.0
    times: list[float] = []
    for number in range(games):
        seat = number % 2
        scores = play({seat: first, 1 - seat: second}, f"strength:{number // 2}", times, seat, cube)
        mine, theirs = scores[seat], scores[1 - seat]
        wins += mine > theirs
        losses += theirs > mine
        points += mine - theirs
    return wins, losses, points / games, 1000 * sum(times) / max(1, len(times))


def main(argv: list[str]) -> None:
    cube = "--cube" in argv
    argv = [arg for arg in argv if arg != "--cube"]
    games = int(argv[0]) if argv else 100
    pairings = [tuple(p.split(",")) for p in argv[1:]] or PAIRINGS
    print(
        f"{games} games per pairing, seats alternated, each seed played from both seats" + (", cube on" if cube else "")
    )
    print("| pairing | W/L | points per game | ms per move |")
    print("|---|---|---|---|")
    for first, second in pairings:
        wins, losses, points, ms = match(first, second, games, cube)
        print(f"| {first} vs {second} | {wins}/{losses} | {points:+.2f} | {ms:.0f} |", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
