"""Dominoes CPU levels: legal moves from any view, decisions from the view alone, and the
strong level beating random and easy (docs/cpu-strength.md has the 1,000-game figures)."""

from __future__ import annotations

import random

from svc_ai.players import choose
from svc_boards.dominoes import ENGINE
from svc_boards.dominoes.cpu import score

from rulekit.players import Ask
from tests.games.dominoes.strength import match


def test_every_level_returns_a_legal_move() -> None:
    for seats, variant in ((2, "duel"), (3, "house"), (4, "house")):
        rnd = random.Random(seats)
        state = ENGINE.setup(seats, {"variant": variant}, b"cpu")
        ply = 0
        while ENGINE.result(state) is None:
            (seat,) = ENGINE.to_move(state)
            view = ENGINE.view(state, seat)
            for level in ("easy", "strong"):
                move = choose(Ask("dominoes", seat, view, level, f"{ply}".encode(), 100)).move
                assert move in view["legal_moves"], (level, ply)
            state = ENGINE.apply(state, seat, rnd.choice(ENGINE.legal_moves(state, seat)), 0)[0]
            ply += 1


def test_strong_keeps_tiles_that_follow_and_goes_out() -> None:
    state = ENGINE.setup(2, {"variant": "duel"}, b"cpu-score")
    state.update(hands=[["1-5", "2-3", "3-3", "5-6"], ["0-0"]], line=[[5, 3]], turn=0, opening=None)
    view = ENGINE.view(state, 0)
    scores = {(m["tile"], m["end"]): score(view, m) for m in view["legal_moves"]}
    # The double sheds its pips and keeps both ends playable for the 5-6 and 2-3.
    assert max(scores, key=scores.get) == ("3-3", "right")
    state["hands"][0] = ["1-5"]
    assert choose(Ask("dominoes", 0, ENGINE.view(state, 0), "strong", b"x", 100)).move["tile"] == "1-5"


def test_strong_beats_random_and_easy_in_the_duel() -> None:
    """Over 40 matches to 50 each, seats alternated."""
    wins, _, _ = match("strong", "random", "duel", 40)
    assert wins >= 26
    wins, _, _ = match("strong", "easy", "duel", 40)
    assert wins >= 24
