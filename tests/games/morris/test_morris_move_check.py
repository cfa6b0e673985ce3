"""Morris's own move check (`Morris.check_move`: a listed move from the seat to move is told by
one lookup) gives the contract's answer for every move, listed or not."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from svc_boards.morris import ENGINE

from rulekit import BaseEngine, IllegalMove, State


def refusal(check: Callable[[State, int, object], None], state: State, seat: int, move: object) -> str | None:
    try:
        check(state, seat, move)
    except IllegalMove as refused:
        return refused.code
    return None


def random_game(seed: int, options: dict[str, object]) -> list[State]:
    chooser = random.Random(seed)
    states = [ENGINE.setup(2, options, f"check:{seed}".encode())]
    while ENGINE.result(states[-1]) is None:
        state = states[-1]
        (seat,) = ENGINE.to_move(state)
        states.append(ENGINE.apply(state, seat, chooser.choice(ENGINE.legal_moves(state, seat)), 0)[0])
    return states


@pytest.mark.parametrize("options", [{}, {"pieces": 12}, {"flying": False}])
@pytest.mark.parametrize("seed", range(2))
def test_the_quick_move_check_agrees_with_the_contracts(seed: int, options: dict[str, object]) -> None:
    # Every listed move, and the same moves altered (a key too many, a key missing, a value of
    # another type or unhashable), from both seats, along a random game and after its end.
    game = random_game(seed, options)
    checked = 0
    for state in game[::5] + [game[-1]]:
        listed = [move for seat in (0, 1) for move in ENGINE.legal_moves(state, seat)]
        altered: list[object] = [None, [], "d1", {"type": "place"}, {"type": 3, "to": "d1"}]
        for move in listed[:4]:
            altered += [
                {**move, "extra": 1},
                {key: value for key, value in move.items() if key != "to"},
                {**move, "to": [move["to"]]},
                {**move, "to": 7},
                {**move, "remove": "a7"} if "remove" not in move else {**move, "remove": None},
            ]
        for move in listed + altered:
            for seat in (0, 1):
                ours = refusal(ENGINE.check_move, state, seat, move)
                assert ours == refusal(lambda *a: BaseEngine.check_move(ENGINE, *a), state, seat, move), (move, seat)
                checked += ours is None
    assert checked > 50  # the listed moves were accepted, not only refusals compared
