"""Kalaha keeps the pit sown last in the state (`last`: seat and pit), so the web client can
mark it after a reload: None at the start, then exactly the move just played."""

from __future__ import annotations

import json

from svc_boards.kalaha import ENGINE
from svc_boards.kalaha.cpu import key

from rulekit import State


def position(pits: list[int], turn: int) -> State:
    state = ENGINE.setup(2, {}, b"position")
    state.update(pits=list(pits), turn=turn)
    return state


def sow(state: State, pit: int) -> State:
    """The state after the seat to move sows its pit `pit` (0..5)."""
    (seat,) = ENGINE.to_move(state)
    return ENGINE.apply(state, seat, {"type": "sow", "pit": pit}, 0)[0]


def test_no_last_move_at_the_start() -> None:
    state = ENGINE.setup(2, {}, b"last")
    assert state["last"] is None
    assert all(ENGINE.view(state, seat)["public"]["last"] is None for seat in (0, 1, None))


def test_each_sowing_is_the_last_move_with_its_seat() -> None:
    first = sow(ENGINE.setup(2, {}, b"last"), 0)
    assert first["last"] == {"seat": 0, "pit": 0}
    second = sow(first, 3)
    assert second["last"] == {"seat": 1, "pit": 3} and first["last"] == {"seat": 0, "pit": 0}


def test_an_extra_turn_and_the_move_after_it() -> None:
    again = sow(ENGINE.setup(2, {}, b"last"), 2)  # 4 seeds: the last lands in the store
    assert ENGINE.to_move(again) == {0}
    assert again["last"] == {"seat": 0, "pit": 2}
    assert sow(again, 5)["last"] == {"seat": 0, "pit": 5}


def test_a_capture_names_the_pit_sown_not_the_pit_captured() -> None:
    after = sow(position([1, 2, 0, 0, 1, 1, 3, 4, 4, 6, 4, 4, 4, 2], turn=0), 1)
    assert after["pits"][3] == 0  # the capture happened in pit 3
    assert after["last"] == {"seat": 0, "pit": 1}


def test_the_game_ending_move_is_the_last_move() -> None:
    after = sow(position([0, 0, 0, 0, 0, 1, 20, 1, 2, 3, 4, 0, 0, 17], turn=0), 5)
    assert after["over"]
    assert after["last"] == {"seat": 0, "pit": 5}


def test_the_search_fast_path_records_it_the_same_way() -> None:
    state = sow(ENGINE.setup(2, {}, b"last"), 0)
    assert ENGINE.successor(state, 1, {"type": "sow", "pit": 4})["last"] == sow(state, 4)["last"]


def test_every_view_carries_it_and_the_cpu_state_keeps_it() -> None:
    state = sow(sow(ENGINE.setup(2, {}, b"last"), 0), 3)
    for seat in (0, 1, None):
        assert ENGINE.view(state, seat)["public"]["last"] == {"seat": 1, "pit": 3}
    view = json.loads(json.dumps(ENGINE.view(state, 0)))
    assert ENGINE.determinize(view, 0, b"cpu")["last"] == state["last"]


def test_the_cpu_position_key_ignores_it() -> None:
    """Equal pits and turn, different last moves: one search key."""
    state = sow(sow(ENGINE.setup(2, {}, b"last"), 0), 3)
    other = {**state, "last": {"seat": 1, "pit": 0}}
    assert key(state) == key(other)
