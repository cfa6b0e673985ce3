"""CPU strength in Hangman: levels play each other head to head in two-seat games (each sets
a word for the other once), seats alternating, through svc-ai's `choose` and the seat's view.

    .venv/bin/python -m tests.games.hangman.strength [games] [language]

prints the figures in docs/cpu-strength.md (default 1,000 games per pairing, German): the share of games won
outright and of ties, and the mean points of each level.
"""

from __future__ import annotations

import statistics
import sys

from svc_ai.players import choose
from svc_words.hangman import ENGINE

from rulekit.players import Ask

PAIRINGS = (("strong", "easy"), ("strong", "random"), ("easy", "random"))


def play_game(levels: list[str], seed: bytes, language: str) -> list[int]:
    """One whole game, each seat played by its level; the scores."""
    state = ENGINE.setup(len(levels), {"language": language}, seed)
    step = 0
    while ENGINE.result(state) is None:
        (seat,) = ENGINE.to_move(state)
        ask = Ask("hangman", seat, ENGINE.view(state, seat), levels[seat], b"%s:%d" % (seed, step), 1000)
        state, _ = ENGINE.apply(state, seat, choose(ask).move, 0)
        step += 1
    return ENGINE.result(state)["scores"]


def pairing(first: str, second: str, games: int, language: str) -> tuple[float, float, float, float]:
    """(wins, ties, mean points of first, mean points of second) over `games` games."""
    wins = ties = 0
    points: dict[str, list[int]] = {first: [], second: []}
    for index in range(games):
        levels = [first, second] if index % 2 == 0 else [second, first]
        scores = play_game(levels, b"strength:hangman:%d" % index, language)
        mine, theirs = scores[levels.index(first)], scores[1 - levels.index(first)]
        wins += mine > theirs
        ties += mine == theirs
        points[first].append(mine)
        points[second].append(theirs)
    return wins / games, ties / games, statistics.mean(points[first]), statistics.mean(points[second])


def table(games: int, language: str) -> str:
    lines = ["| pairing | won | tied | mean points |", "|---|---:|---:|---|"]
    for first, second in PAIRINGS:
        won, tied, a, b = pairing(first, second, games, language)
        lines.append(f"| {first} vs {second} | {won:.1%} | {tied:.1%} | {a:.1f} – {b:.1f} |")
    return "\n".join(lines)


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    print(table(count, sys.argv[2] if len(sys.argv) > 2 else "de"))
