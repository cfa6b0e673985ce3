"""Draughts' move clock: 90 / 45 / 20 s a move; out of time, the clock wins if a move does,
else takes the most pieces (capturing is compulsory), then prefers a move after which the
opponent has nothing to capture, then a crowning."""

from __future__ import annotations

from svc_boards.draughts import ENGINE
from svc_boards.draughts.rules import make_move, moves_of

from tests.games.clock.support import deadline_seconds, positions


def test_seconds_per_choice() -> None:
    assert deadline_seconds(ENGINE, 2) == {"off": None, "relaxed": 90, "normal": 45, "fast": 20}


def exposed(board: str, seat: int) -> bool:
    """Whether `seat`'s opponent can capture on `board`."""
    replies = moves_of(board, 1 - seat)
    return any(make_move(board, 1 - seat, reply)[1] for reply in replies)


def test_the_clock_takes_most_and_leaves_nothing_to_take_where_it_can() -> None:
    captures = safe = 0
    for state in positions(ENGINE, 2, 40):
        seat = state["turn"]
        legal = ENGINE.legal_moves(state, seat)
        chosen = ENGINE.timeout_move(state, seat)
        assert chosen in legal
        outcomes = {}
        for move in legal:
            after, taken, _ = make_move(state["board"], seat, tuple(n - 1 for n in move["path"]))
            outcomes[tuple(move["path"])] = (not moves_of(after, 1 - seat), len(taken), not exposed(after, seat))
        mine = outcomes[tuple(chosen["path"])]
        if any(o[0] for o in outcomes.values()):
            assert mine[0]  # a winning move is never missed
            continue
        most = max(o[1] for o in outcomes.values())
        assert mine[1] == most
        captures += most > 0
        if any(o[1] == most and o[2] for o in outcomes.values()):
            assert mine[2], (state["board"], chosen)
            safe += 1
    assert captures > 100 and safe > 100
