"""Our moves against OpenSpiel's `chinese_checkers` (a reference written independently): over
seeded random two-player games, the same holes every peg can end its move on, at every step.

OpenSpiel is not a project dependency: install it into a local venv to run this
(`pip install open-spiel`); without it the module is skipped. Where the rules differ by
design: OpenSpiel plays a chain of jumps one jump per action (with a "Pass" to stop), we take
the whole chain as one move to its final hole, so one of our moves stands for every jump
sequence ending there; a chain that comes back to its starting hole is a (null) move there
and none here; OpenSpiel has two players and ends after `max_moves`, we seat 2, 3, 4 or 6,
end after a round limit and count a target full of others' pegs with one of ours as a win
(the tournament rule against blocking), which OpenSpiel does not.
"""

from __future__ import annotations

import random

import pytest
from svc_boards.chinese_checkers import ENGINE
from svc_boards.chinese_checkers.board import HOLES

pyspiel = pytest.importorskip("pyspiel")

# OpenSpiel numbers the holes row by row from the tip of player 0's point (our seat 0's home,
# x > 4), left to right.
THEIRS = {
    ours: theirs for theirs, ours in enumerate(sorted(range(len(HOLES)), key=lambda h: (-HOLES[h][0], HOLES[h][1])))
}
OURS = {theirs: ours for ours, theirs in THEIRS.items()}


def their_moves(state) -> set[tuple[int, int]]:  # type: ignore[no-untyped-def]
    """(from, final hole) of every step and every chain of jumps, in our numbers."""
    player = state.current_player()
    out: set[tuple[int, int]] = set()
    frontier = [(state, None)]
    while frontier:
        here, start = frontier.pop()
        for action in here.legal_actions():
            text = here.action_to_string(action)
            if text == "Pass":
                continue
            jump = "=>" in text
            origin, landing = (int(part) for part in text.replace("=>", "->").split("->"))
            first = origin if start is None else start
            out.add((OURS[first], OURS[landing]))
            if jump:
                after = here.clone()
                after.apply_action(action)
                if not after.is_terminal() and after.current_player() == player:
                    frontier.append((after, first))
    return {(a, b) for a, b in out if a != b}


def test_same_final_holes_as_openspiel() -> None:
    game = pyspiel.load_game("chinese_checkers")
    steps = 0
    for number in range(12):
        rnd = random.Random(f"openspiel:cc:{number}")
        ours = ENGINE.setup(2, {}, f"os{number}".encode())
        theirs = game.new_initial_state()
        for _ in range(120):
            if theirs.is_terminal() or ENGINE.result(ours) is not None:
                break
            (seat,) = ENGINE.to_move(ours)
            assert seat == theirs.current_player(), (number, steps)
            legal = {(m["from"], m["to"]) for m in ENGINE.legal_moves(ours, seat)}
            assert legal == their_moves(theirs), (number, steps)
            chosen = rnd.choice(sorted(legal))
            ours = ENGINE.apply(ours, seat, {"type": "move", "from": chosen[0], "to": chosen[1]}, 0)[0]
            theirs = _play_chain(theirs, chosen)
            steps += 1
    assert steps > 1000


def _play_chain(state, move: tuple[int, int]):  # type: ignore[no-untyped-def]
    """Play our move in OpenSpiel: the step, or a jump sequence to the final hole (searched),
    then Pass if the turn is still open."""
    start, goal = THEIRS[move[0]], THEIRS[move[1]]
    player = state.current_player()
    frontier = [(state, start, [])]
    seen = set()
    while frontier:
        here, at, _path = frontier.pop(0)
        for action in here.legal_actions():
            text = here.action_to_string(action)
            if text == "Pass":
                continue
            jump = "=>" in text
            origin, landing = (int(part) for part in text.replace("=>", "->").split("->"))
            if origin != at or (not jump and here is not state):
                continue
            after = here.clone()
            after.apply_action(action)
            if landing == goal:
                if not after.is_terminal() and after.current_player() == player:
                    passes = [a for a in after.legal_actions() if after.action_to_string(a) == "Pass"]
                    after.apply_action(passes[0])
                return after
            if jump and landing not in seen and not after.is_terminal() and after.current_player() == player:
                seen.add(landing)
                frontier.append((after, landing, []))
    raise AssertionError(f"OpenSpiel has no way from {start} to {goal}")
