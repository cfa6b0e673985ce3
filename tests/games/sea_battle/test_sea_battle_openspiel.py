"""Our rules against OpenSpiel's `battleship` (a reference written independently), set to our
grid and fleet (10×10, ships 5, 4, 3, 3, 2 placed in that order, 100 shots each, no cell
fired at twice): over seeded random games, the same legal placements for every ship, the same
legal shots before every shot, the same answer to every shot (miss, hit, sunk) and the same
winner.

OpenSpiel is not a project dependency: install it into a local venv to run this
(`pip install open-spiel`); without it the module is skipped. Where we differ by design:
- Placement: OpenSpiel's players place their ships in turn, one ship each, seat 0 first; ours
  place at the same time, in secret, and may also `lift` the last ship, place the rest at
  `random` and must say `ready` (ours alone, not compared). The legal placements are compared
  ship by ship in OpenSpiel's order.
- Touching: both let ships touch (only overlapping is refused), so the placements coincide.
- A hit shoots again in ours; in OpenSpiel the turn passes after every shot. Each seat's own
  sequence of shots is the same in both (which cells it may still fire at depends only on its
  own shots), so OpenSpiel replays each seat's shots in its strict alternation. A seat needs
  17 hits plus its misses to sink the fleet, and ours hands the turn over only on a miss, so
  the seat with fewer misses wins in both (seat 0 on a tie, as it fires first): the winner
  coincides, the loser's count of sunk ships need not (OpenSpiel's loser fires about as often
  as the winner; ours fires only as many turns as the winner missed).
- OpenSpiel ends after `num_shots` each even if nobody has won, scores sunk ships by value and
  counts the loser's sunk ships against the winner; ours always plays to a sunk fleet and
  places 1 and 2.
"""

from __future__ import annotations

import random
import re

import pytest
from svc_boards.sea_battle import ENGINE

pyspiel = pytest.importorskip("pyspiel")

GAME = pyspiel.load_game(
    "battleship",
    {
        "board_width": 10,
        "board_height": 10,
        "ship_sizes": "[5;4;3;3;2]",
        "ship_values": "[1;1;1;1;1]",
        "num_shots": 100,
        "allow_repeated_shots": False,
        "loss_multiplier": 1.0,
    },
)
ANSWERS = {"W": "miss", "H": "hit", "S": "sunk"}


def action(move: dict) -> int:
    """OpenSpiel's action number: a shot at row * 10 + col; a ship across from 100, down from 200."""
    square = move["row"] * 10 + move["col"]
    if move["type"] == "fire":
        return square
    return (100 if move["dir"] == "h" else 200) + square


def answers(theirs: object, seat: int) -> list[tuple[int, str]]:
    """The seat's shots in OpenSpiel's game so far, with the answer each got."""
    found = re.findall(r"/shot_(\d+)_(\d+):([WHS])", theirs.information_state_string(seat))
    return [(int(row) * 10 + int(col), ANSWERS[answer]) for row, col, answer in found]


@pytest.mark.parametrize("block", range(3))
def test_same_placements_shots_answers_and_winner(block: int) -> None:
    for number in range(block * 10, block * 10 + 10):
        rnd = random.Random(f"openspiel:sea-battle:{number}")
        ours = ENGINE.setup(2, {}, f"os{number}".encode())
        theirs = GAME.new_initial_state()

        for _ship in range(5):
            for seat in (0, 1):
                assert theirs.current_player() == seat, number
                placements = [m for m in ENGINE.legal_moves(ours, seat) if m["type"] == "place"]
                assert sorted(map(action, placements)) == sorted(theirs.legal_actions()), (number, seat)
                move = rnd.choice(placements)
                ours = ENGINE.apply(ours, seat, move, 0)[0]
                theirs.apply_action(action(move))
        for seat in (0, 1):
            assert [m["type"] for m in ENGINE.legal_moves(ours, seat)] == ["ready", "random", "lift"]
            ours = ENGINE.apply(ours, seat, {"type": "ready"}, 0)[0]

        # Ours to the end, keeping each seat's shots: what was legal before each, and the answer.
        shots: list[list[tuple[list[int], int, str]]] = [[], []]
        while ENGINE.result(ours) is None:
            (seat,) = ENGINE.to_move(ours)
            legal = ENGINE.legal_moves(ours, seat)
            move = rnd.choice(legal)
            ours, events = ENGINE.apply(ours, seat, move, 0)
            (shot,) = [e for e in events if e["code"] == "shot"]
            shots[seat].append((sorted(map(action, legal)), action(move), shot["result"]))
        result = ENGINE.result(ours)
        assert result is not None
        winner = result["placings"].index(1)

        # OpenSpiel replays each seat's shots in turn; a loser that fired less in ours fires on
        # at random among OpenSpiel's legal shots (not compared: ours was over by then).
        fired = [0, 0]
        while not theirs.is_terminal():
            seat = theirs.current_player()
            if fired[seat] < len(shots[seat]):
                legal, shot, _ = shots[seat][fired[seat]]
                assert sorted(theirs.legal_actions()) == legal, (number, seat, fired[seat])
            else:
                assert seat != winner, number
                shot = rnd.choice(theirs.legal_actions())
            theirs.apply_action(shot)
            fired[seat] += 1

        assert fired[winner] == len(shots[winner]), number
        for seat in (0, 1):
            compared = min(fired[seat], len(shots[seat]))
            expected = [(shot, answer) for _, shot, answer in shots[seat][:compared]]
            assert answers(theirs, seat)[:compared] == expected, (number, seat)
        returns = theirs.returns()
        assert returns[winner] > 0 > returns[1 - winner], (number, returns)
        assert answers(theirs, winner).count((shots[winner][-1][1], "sunk")) == 1
