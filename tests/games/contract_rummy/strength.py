"""Femton CPU strength, for docs/cpu-strength.md, by rounds or by whole games:
`python -m tests.games.contract_rummy.strength ROUNDS strong-easy` (or strong-random,
easy-random): at a three-seat table the first level holds one seat (rotating), the second the
others; the mean points gap per round (the others' mean less its own: above 0 is better) and
how often it holds the fewest points. Round 1 of the same seeds as the CPU tests.
`python -m tests.games.contract_rummy.strength GAMES strong-easy --games`: whole games of
fifteen rounds at the same table; how often the level wins (placing 1; a shared first place
counts) and the mean gap in final totals."""

from __future__ import annotations

import sys
import time

from svc_cards.contract_rummy import ENGINE
from svc_cards.contract_rummy.cpu import easy, strong

from rulekit.players import Player
from tests.games.card_core.cpu_views import ask_player
from tests.games.contract_rummy.test_contract_rummy_cpu import round_points

LEVELS = {"strong": strong, "easy": easy, "random": "random"}


def game_totals(levels: list[str | Player], seed: bytes, most_moves: int | None = None) -> tuple[list[int], list[int]]:
    """One whole game (all fifteen rounds; between rounds the host seat starts the next);
    returns the final totals and placings. More than `most_moves` moves fail it."""
    state = ENGINE.setup(len(levels), {}, seed, 1000)
    step = 0
    while (result := ENGINE.result(state)) is None:
        assert most_moves is None or step < most_moves, f"round {state['round']} after {step} moves"
        seat = min(ENGINE.to_move(state))
        move = ask_player(ENGINE, state, seat, levels[seat], b"%s:%d" % (seed, step)).move
        step += 1
        state, _ = ENGINE.apply(state, seat, move, 1000 + 1000 * step)
    return state["totals"], result["placings"]


def main(count: int, pair: str, whole_games: bool = False) -> str:
    first, second = pair.split("-")
    started = time.time()
    wins, gap = 0, 0.0
    for index in range(count):
        mine = index % 3
        levels = [LEVELS[first] if seat == mine else LEVELS[second] for seat in range(3)]
        if whole_games:
            points, placings = game_totals(levels, b"femton-strength-game:%d" % index)
            wins += placings[mine] == 1
        else:
            points = round_points(levels, b"femton-strength:%d" % index)
        others = [p for seat, p in enumerate(points) if seat != mine]
        gap += sum(others) / len(others) - points[mine]
        if not whole_games:
            wins += points[mine] <= min(others)
        if whole_games and (index + 1) % 100 == 0 and index + 1 < count:
            print(
                f"  {pair}: {index + 1} games, won {wins / (index + 1):.1%}, {time.time() - started:.0f} s", flush=True
            )
    unit, won = ("games", "won") if whole_games else ("rounds", "fewest points in")
    return (
        f"{pair}: {count} {unit}, mean gap {gap / count:.1f} points, "
        f"{won} {wins / count:.1%} of {unit}, {time.time() - started:.0f} s"
    )


if __name__ == "__main__":
    print(main(int(sys.argv[1]), sys.argv[2], "--games" in sys.argv[3:]))
