"""Nine Men's Morris' move clock: 60 / 30 / 15 s a move; out of time, the clock wins if a move
does, else closes a mill, else moves so the opponent cannot close one."""

from __future__ import annotations

from svc_boards.morris import ENGINE
from svc_boards.morris.rules import state_moves

from tests.games.clock.support import deadline_seconds, positions


def test_seconds_per_choice() -> None:
    assert deadline_seconds(ENGINE, 2) == {"off": None, "relaxed": 60, "normal": 30, "fast": 15}


def test_the_clock_closes_a_mill_or_denies_one() -> None:
    mills = denied = 0
    for state in positions(ENGINE, 2, 40):
        seat = state["turn"]
        legal = ENGINE.legal_moves(state, seat)
        chosen = ENGINE.timeout_move(state, seat)
        assert chosen in legal
        children = {id(m): ENGINE.successor(state, seat, m) for m in legal}
        if any(c["over"] and c["winner"] == seat for c in children.values()):
            child = ENGINE.successor(state, seat, chosen)
            assert child["over"] and child["winner"] == seat
            continue
        if any("remove" in m for m in legal):
            assert "remove" in chosen
            mills += 1
            continue

        def opens(child: dict) -> bool:
            return not child["over"] and any(remove >= 0 for _, _, remove in state_moves(child))

        if any(not opens(c) for c in children.values()):
            assert not opens(ENGINE.successor(state, seat, chosen)), (state["board"], chosen)
            denied += 1
    assert mills > 50 and denied > 100
