"""Dice Poker's move clock: 60 / 30 / 15 s a move. Out of time, the clock rolls when the turn
has no roll yet, else scores the open row worth most for the dice; on equal points (a
crossing out above all) the row players give up most easily."""

from __future__ import annotations

from svc_dice.dice_poker import ENGINE
from svc_dice.dice_poker.rules import ROWS, SACRIFICE, offers_for

from rulekit import State
from tests.games.clock.support import deadline_seconds, positions


def game() -> State:
    return ENGINE.setup(2, {"move_clock": "fast"}, b"dice-poker-clock", 1_000)


def with_dice(state: State, dice: list[int], open_rows: tuple[str, ...] = ROWS) -> State:
    state, _ = ENGINE.apply(state, 0, {"type": "roll", "keep": []}, 2_000)
    state["dice"] = list(dice)
    state["sheet"][0] = {row: (None if row in open_rows else 0) for row in ROWS}
    state["offers"] = offers_for(state["sheet"][0], state["dice"])
    return state


def test_seconds_per_choice() -> None:
    assert deadline_seconds(ENGINE, 2) == {"off": None, "relaxed": 60, "normal": 30, "fast": 15}


def test_no_roll_yet_the_clock_rolls() -> None:
    state = game()
    assert ENGINE.timeout_move(state, 0) == {"type": "roll", "keep": []}
    after, events = ENGINE.apply_timeout(state, 16_000)
    assert [e["code"] for e in events] == ["timed_out", "rolled"] and after["rolls_left"] == 2


def test_after_a_roll_the_clock_scores_the_best_open_row() -> None:
    assert ENGINE.timeout_move(with_dice(game(), [6, 6, 6, 6, 6]), 0) == {"type": "score", "row": "five_kind"}
    assert ENGINE.timeout_move(with_dice(game(), [1, 2, 3, 4, 5]), 0) == {"type": "score", "row": "large_straight"}
    # 3+3+3+4+5: three of a kind and the chance both give 18; the chance is kept.
    assert ENGINE.timeout_move(with_dice(game(), [3, 3, 3, 4, 5]), 0) == {"type": "score", "row": "three_kind"}


def test_a_crossing_out_gives_up_the_cheapest_row() -> None:
    state = with_dice(game(), [1, 1, 3, 4, 6], open_rows=("five_kind", "large_straight", "sixes"))
    assert ENGINE.timeout_move(state, 0) == {"type": "score", "row": "sixes"}  # 6 points beat nothing
    state = with_dice(game(), [2, 2, 3, 4, 6], open_rows=("five_kind", "large_straight"))
    assert ENGINE.timeout_move(state, 0) == {"type": "score", "row": "five_kind"}
    assert SACRIFICE.index("five_kind") < SACRIFICE.index("large_straight")
    assert sorted(SACRIFICE) == sorted(ROWS)


def test_the_clock_never_scores_below_the_best_offer() -> None:
    checked = 0
    for state in positions(ENGINE, 2, 6):
        seat = state["turn"]
        move = ENGINE.timeout_move(state, seat)
        assert move in ENGINE.legal_moves(state, seat)
        if move["type"] == "score":
            assert state["offers"][move["row"]] == max(state["offers"].values())
            checked += 1
    assert checked > 50
