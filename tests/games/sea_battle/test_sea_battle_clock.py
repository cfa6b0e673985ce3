"""Sea Battle's move clock: 45 / 20 / 10 s a move. Out of time while placing, the rest of the
fleet goes to sea at random and is locked; while firing, the clock fires next to an open hit
(along its line first), else on a checkerboard."""

from __future__ import annotations

from svc_boards.sea_battle import ENGINE
from svc_boards.sea_battle.grid import cell

from tests.games.clock.support import deadline_seconds


def test_seconds_per_move() -> None:
    assert deadline_seconds(ENGINE, 2) == {"off": None, "relaxed": 45, "normal": 20, "fast": 10}


def test_placement_runs_out_as_a_whole() -> None:
    state = ENGINE.setup(2, {"move_clock": "fast"}, b"clock", 1_000)
    state = ENGINE.apply(state, 0, {"type": "place", "ship": "carrier", "row": 9, "col": 0, "dir": "h"}, 2_000)[0]
    after, events = ENGINE.apply_timeout(state, 20_000)
    assert [e["code"] for e in events] == ["timed_out", "fleet_shuffled", "fleet_ready"] * 2 + ["battle_started"]
    assert after["fleets"][0][0]["cells"] == state["fleets"][0][0]["cells"]  # the carrier stays
    assert all(len(f) == 5 for f in after["fleets"]) and ENGINE.to_move(after) == {0}


def test_firing_follows_up_hits() -> None:
    state = ENGINE.setup(2, {"move_clock": "fast"}, b"fire", 1_000)
    state = ENGINE.apply_timeout(state, 20_000)[0]
    assert ENGINE.timeout_move(state, 0) == {"type": "fire", "row": 0, "col": 0}
    # Two hits in a row on a ship not yet sunk: the next shot continues the line.
    ship = next(s for s in state["fleets"][1] if len(s["cells"]) >= 4)
    first, second = ship["cells"][1], ship["cells"][2]
    state["shots"][0] = [first, second]
    state["hits"][0] = [first, second]
    move = ENGINE.timeout_move(state, 0)
    ends = {ship["cells"][0], ship["cells"][3]}
    assert cell(1, move["row"], move["col"]) in ends
    # Every position of a random game gets a legal default.
    while ENGINE.result(state) is None:
        (seat,) = ENGINE.to_move(state)
        move = ENGINE.timeout_move(state, seat)
        assert move in ENGINE.legal_moves(state, seat)
        state = ENGINE.apply(state, seat, move, 0)[0]
    assert max(len(s) for s in state["shots"]) < 100
