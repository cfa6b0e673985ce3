"""Dots and Boxes CPU levels: a legal move from any view, strong beating random and easy, and
the chain play the strong level is there for (double-cross, the hard-hearted handout)."""

from __future__ import annotations

import random

from svc_ai.players import choose
from svc_boards.dots_and_boxes import ENGINE

from rulekit import State
from rulekit.players import Ask

GAME = "dots-and-boxes"


def ask(state: State, level: str, seed: str = "x", budget_ms: int = 300) -> dict:
    (seat,) = ENGINE.to_move(state)
    return choose(Ask(GAME, seat, ENGINE.view(state, seat), level, seed.encode(), budget_ms)).move


def two_chains() -> State:
    """A 4 × 2 grid, every horizontal line drawn: each row is a chain of four boxes with its
    ends on the edge, and no safe line is left. Seat 0 to move."""
    state = ENGINE.setup(2, {"columns": 4, "rows": 2}, b"chains")
    state["h"] = [0] * 12
    return state


def test_every_level_returns_a_legal_move() -> None:
    for seats in (2, 3, 4):
        rnd = random.Random(seats)
        state = ENGINE.setup(seats, {"columns": 3, "rows": 3}, b"cpu")
        ply = 0
        while ENGINE.result(state) is None:
            (seat,) = ENGINE.to_move(state)
            legal = ENGINE.legal_moves(state, seat)
            for level in ("easy", "strong"):
                assert ask(state, level, f"{ply}") in legal, (seats, level, ply)
            state = ENGINE.apply(state, seat, rnd.choice(legal), 0)[0]
            ply += 1


def test_strong_double_crosses_a_long_chain() -> None:
    """Handed a chain of four with another long chain left, strong takes two and declines the
    last two, so the other player must open the second chain: 6 boxes to 2."""
    state = two_chains()
    state = ENGINE.apply(state, 0, {"type": "line", "dir": "v", "row": 0, "col": 0}, 0)[0]
    lines = []
    while ENGINE.to_move(state) == {1}:
        move = ask(state, "strong")
        lines.append(move)
        state = ENGINE.apply(state, 1, move, 0)[0]
    assert state["boxes"][:4].count(1) == 2
    assert lines[-1] == {"type": "line", "dir": "v", "row": 0, "col": 4}  # the far end
    while ENGINE.result(state) is None:
        (seat,) = ENGINE.to_move(state)
        state = ENGINE.apply(state, seat, ask(state, "strong" if seat == 1 else "easy"), 0)[0]
    assert ENGINE.result(state)["scores"] == [2.0, 6.0]


def test_strong_takes_the_last_chain_whole() -> None:
    """Nothing left after it: declining would only give boxes away."""
    state = two_chains()
    state["h"] = [0] * 12
    state["v"] = [-1] * 5 + [0] * 5
    state["boxes"] = [-1] * 4 + [0] * 4
    state = ENGINE.apply(state, 0, {"type": "line", "dir": "v", "row": 0, "col": 0}, 0)[0]
    while ENGINE.result(state) is None:
        state = ENGINE.apply(state, 1, ask(state, "strong"), 0)[0]
    assert state["boxes"][:4] == [1, 1, 1, 1]


def test_strong_opens_a_two_chain_in_the_middle() -> None:
    """With a two-box chain and a long chain left, strong opens the short one in the middle
    (the hard-hearted handout), so it cannot be declined."""
    state = ENGINE.setup(2, {"columns": 3, "rows": 2}, b"two")
    # Columns 0-1: a U-shaped chain of four from the top edge to the bottom edge; column 2:
    # a chain of two standing between the top and the bottom edge.
    drawn_h, drawn_v = {0, 4, 6}, {0, 2, 3, 4, 6, 7}
    state["h"] = [0 if i in drawn_h else -1 for i in range(9)]
    state["v"] = [0 if i in drawn_v else -1 for i in range(8)]
    move = ask(state, "strong")
    assert move == {"type": "line", "dir": "h", "row": 1, "col": 2}


def play(levels: dict[int, str], seed: str) -> list[int]:
    state = ENGINE.setup(2, {"columns": 4, "rows": 4}, seed.encode())
    ply = 0
    while ENGINE.result(state) is None:
        (seat,) = ENGINE.to_move(state)
        state = ENGINE.apply(state, seat, ask(state, levels[seat], f"{seed}:{ply}", 100), 0)[0]
        ply += 1
    return ENGINE.result(state)["placings"]


def test_strong_beats_random_and_easy() -> None:
    """On 4 × 4, seats alternated: strong wins at least 19 of 20 against random and at least
    14 of 20 against easy (docs/cpu-strength.md has the 100-game figures on 5 × 5)."""
    for opponent, needed in (("random", 19), ("easy", 14)):
        wins = 0
        for number in range(20):
            first = number % 2
            placings = play({first: "strong", 1 - first: opponent}, f"{opponent}{number}")
            wins += placings[first] < placings[1 - first]
        assert wins >= needed, (opponent, wins)
