"""Tune the strong fallback level's evaluation weights (strong_eval.WEIGHTS) by self-play.

    nice -n 10 .venv/bin/python -m tests.games.backgammon.tune_strong [CPU_MINUTES] [GAMES] [--write]

Coordinate steps: one weight at a time is scaled up or down (or nudged from zero), and the
changed vector plays GAMES one-ply games against the current best, each seed from both seats
(same dice for both, so luck is shared); a promising one plays GAMES more on other dice. It
replaces the best when it wins more than ACCEPT points a game over all its games. Stops after CPU_MINUTES of process time; with `--write` the best
weights are written into strong_eval.py. Seeds are labelled `tune:` so the strength script's
`strength:` seeds stay unseen for the validation.
"""

from __future__ import annotations

import random
import re
import sys
import time
from pathlib import Path

from svc_boards.backgammon import strong_eval
from svc_boards.backgammon.evaluation import evaluate
from svc_boards.backgammon.rules import after, start_board, turns

ACCEPT = 0.04  # points a game: above the noise floor of a few hundred paired games, roughly
TURN_LIMIT = 600  # a self-play game this long is a stuck one; the lower pip count wins
STEPS = (1.5, 0.6)  # scale factors tried per weight
NUDGE = 0.5  # tried (plus and minus) on a weight that is zero


def chooser(weights: dict[str, float] | None):
    """A one-ply player: the board after the turn it likes best. None: medium's evaluate."""

    def value(mine: list[int], theirs: list[int]) -> float:
        if weights is None:
            return evaluate(mine, theirs)
        return strong_eval.strong_value(mine, theirs, weights)

    def choose(mine: list[int], theirs: list[int], dice: list[int]) -> tuple[list[int], list[int]]:
        best = None
        for steps in turns(mine, theirs, dice):
            m, t = after(mine, theirs, [list(s) for s in steps])
            score = value(m, t)
            if best is None or score > best[0]:
                best = (score, m, t)
        return (best[1], best[2]) if best else (mine, theirs)

    return choose


def game(first, second, seed: str) -> int:
    """Points for `first` (negative: lost), which sits in seat 0; the opening roll as the
    engine plays it (no double, the higher die starts)."""
    rnd = random.Random(seed)
    boards = [start_board(), start_board()]
    players = (first, second)
    while True:
        a, b = rnd.randint(1, 6), rnd.randint(1, 6)
        if a != b:
            break
    seat, dice = (0 if a > b else 1), [a, b]
    for _ in range(TURN_LIMIT):
        mine, theirs = players[seat](boards[seat], boards[1 - seat], dice)
        boards[seat], boards[1 - seat] = mine, theirs
        if not any(mine):
            loser = theirs
            points = 1
            if sum(loser) == 15:
                points = 3 if loser[24] or any(loser[18:24]) else 2
            return points if seat == 0 else -points
        seat, dice = 1 - seat, [rnd.randint(1, 6), rnd.randint(1, 6)]
    pips = [sum((i + 1) * c for i, c in enumerate(board)) for board in boards]
    return (pips[0] < pips[1]) - (pips[1] < pips[0])


def compare(candidate, best, games: int, label: str) -> float:
    """Mean points a game for `candidate` against `best`, each seed played from both seats."""
    total = 0
    for number in range(games // 2):
        seed = f"{label}:{number}"
        total += game(candidate, best, seed) - game(best, candidate, seed)
    return total / (2 * (games // 2))


def proposals(best: dict[str, float], rnd: random.Random):
    """(name, new value) steps from the best weights as they stand (the caller updates `best`
    in place), every weight once a pass, in a shuffled order."""
    names = list(best)
    while True:
        rnd.shuffle(names)
        for name in names:
            old = best[name]
            options = [old * f for f in STEPS] if old else [NUDGE, -NUDGE]
            yield name, rnd.choice(options)


def write(weights: dict[str, float]) -> None:
    path = Path(strong_eval.__file__)
    text = path.read_text()
    # Three significant digits, written as floats.
    body = "".join(f'    "{name}": {float(f"{value:.3g}")!r},\n' for name, value in weights.items())
    text = re.sub(r"WEIGHTS = \{\n.*?\n\}", "WEIGHTS = {\n" + body.rstrip("\n") + "\n}", text, count=1, flags=re.S)
    path.write_text(text)


def main(argv: list[str]) -> None:
    do_write = "--write" in argv
    argv = [arg for arg in argv if arg != "--write"]
    minutes = float(argv[0]) if argv else 20.0
    games = int(argv[1]) if len(argv) > 1 else 200
    best = dict(strong_eval.WEIGHTS)
    started = time.process_time()
    baseline = compare(chooser(best), chooser(None), games, "tune:medium")
    print(f"start vs medium's evaluate: {baseline:+.3f} points a game", flush=True)
    rnd = random.Random(1)
    rounds = 0
    for name, value in proposals(best, rnd):
        if time.process_time() - started > 60 * minutes:
            break
        trial = {**best, name: value}
        # A fresh seed label per round, so the best is not fitted to one set of dice.
        gain = compare(chooser(trial), chooser(best), games, f"tune:{rounds}")
        if gain > ACCEPT / 2:
            # Promising: as many games again on other dice, so one lucky set does not decide.
            gain = (gain + compare(chooser(trial), chooser(best), games, f"tune:{rounds}b")) / 2
        rounds += 1
        kept = gain > ACCEPT
        print(f"{rounds:3d} {name} {best[name]:+.3g} -> {value:+.3g}: {gain:+.3f}{' kept' if kept else ''}", flush=True)
        if kept:
            best.update(trial)
    final = compare(chooser(best), chooser(None), games, "tune:medium")
    print(f"end vs medium's evaluate: {final:+.3f} points a game (start {baseline:+.3f}), {rounds} rounds")
    print(best)
    if do_write:
        write(best)


if __name__ == "__main__":
    main(sys.argv[1:])
