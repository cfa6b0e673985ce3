"""Game of the Goose rule tests: one per sentence of the house rules and one per special field,
then the decisions the rules page makes where the text is silent.

Dice come from the state's generator; a test that needs a throw loads it
(tests/games/snakes_and_ladders/support.next_rolls) and puts tokens where it needs them by
editing the fields, the only practical way.
"""

from __future__ import annotations

import pytest
from svc_dice.goose import ENGINE
from svc_dice.goose.rules import GEESE, GOAL, META, ROUND_LIMIT
from svc_dice.registry import REGISTRY

from rulekit import IllegalMove, State
from tests.games.snakes_and_ladders.support import next_rolls

ROLL = {"type": "roll"}


def new_game(seats: int = 2, dice: str = "two", seed: bytes = b"goose-rules") -> State:
    return ENGINE.setup(seats, {"dice": dice}, seed)


def placed(state: State, fields: list[int], turn: int = 0) -> State:
    state = ENGINE.copy_state(state)
    state["fields"] = list(fields)
    state["turn"] = turn
    return state


def throw(state: State, *dice: int) -> tuple[State, list[dict]]:
    """The mover throws `dice` (two values with two dice, one with one)."""
    return ENGINE.apply(next_rolls(state, *dice), state["turn"], ROLL, 0)


def codes(events: list[dict]) -> list[str]:
    return [e["code"] for e in events]


def test_a_spiral_of_63_fields_for_two_to_eight() -> None:
    """One of the oldest board games in Europe, documented since the 16th century and in the
    public domain. Played on a spiral of 63 fields. (Game of the Goose, 2–8 players.)"""
    assert (META.min_seats, META.max_seats, GOAL) == (2, 8, 63)
    assert REGISTRY.get("goose") is ENGINE
    for seats in range(2, 9):
        assert new_game(seats)["fields"] == [0] * seats
    with pytest.raises(Exception) as refused:
        new_game(9)
    assert getattr(refused.value, "code", None) == "bad_seat_count"


def test_roll_two_dice_the_total_is_how_far_you_move() -> None:
    """Roll two dice; the total is how far you move."""
    state = placed(new_game(), [10, 0])
    assert ENGINE.legal_moves(state, 0) == [ROLL] and ENGINE.legal_moves(state, 1) == []
    after, events = throw(state, 3, 4)
    assert after["fields"] == [17, 0]
    assert events[0] == {"code": "rolled", "seat": 0, "dice": [3, 4], "pips": 7, "start": 10, "field": 17}
    assert after["turn"] == 1 and after["last_roll"] == {"seat": 0, "dice": [3, 4], "pips": 7}
    with pytest.raises(IllegalMove) as refused:
        ENGINE.apply(after, 0, ROLL, 0)
    assert refused.value.code == "not_your_turn"


def test_field_63_must_be_hit_exactly() -> None:
    """Field 63 must be hit exactly. Overshooting sends you back by the excess."""
    after, events = throw(placed(new_game(3), [57, 0, 0]), 3, 3)
    assert after["fields"][0] == 63 and "finished" in codes(events)
    # 60 + 5 = 65 is two too many: back to 61.
    after, events = throw(placed(new_game(3), [60, 0, 0]), 2, 3)
    assert after["fields"][0] == 61 and codes(events)[:2] == ["rolled", "bounced"]
    assert after["places"][0] is None


def test_first_to_the_goal_wins_the_others_play_on() -> None:
    """First to the goal wins; the others play on for the remaining places."""
    state = placed(new_game(3), [60, 40, 20])
    state, events = throw(state, 1, 2)
    assert state["places"] == [1, None, None] and ENGINE.result(state) is None
    assert {"code": "finished", "seat": 0, "place": 1} in events
    assert state["turn"] == 1
    # The finisher is passed over from now on; the second to arrive takes second place and,
    # with one player left, the game is over.
    state = placed(state, [63, 60, 20], turn=1)
    state, events = throw(state, 1, 2)
    assert codes(events)[-2:] == ["finished", "game_over"]
    assert ENGINE.result(state) == {"placings": [1, 2, 3], "scores": [63, 63, 20]}
    assert ENGINE.to_move(state) == frozenset()


def test_goose_fields_move_you_on_again_by_the_same_number() -> None:
    """Goose fields 5, 9, 14, 18, 23, 27, 32, 36, 41, 45, 50, 54, 59 – you immediately move on
    again by the same number. Chains are possible."""
    assert sorted(GEESE) == [5, 9, 14, 18, 23, 27, 32, 36, 41, 45, 50, 54, 59]
    after, events = throw(placed(new_game(), [20, 0]), 1, 2)  # 23 is a goose: on to 26
    assert after["fields"][0] == 26
    assert {"code": "goose", "seat": 0, "start": 23, "field": 26} in events
    # A chain: 10 + 4 = 14, a goose, on to 18, a goose, on to 22.
    after, events = throw(placed(new_game(), [10, 0]), 1, 3)
    assert after["fields"][0] == 22 and codes(events).count("goose") == 2


def test_bridge_on_to_field_12() -> None:
    """Bridge (6) On to field 12."""
    after, events = throw(placed(new_game(), [2, 0]), 1, 3)
    assert after["fields"][0] == 12 and {"code": "bridge", "seat": 0, "field": 12} in events


def test_inn_miss_two_turns() -> None:
    """Inn (19) Miss two turns."""
    state, events = throw(placed(new_game(2), [15, 30]), 2, 2)
    assert state["fields"][0] == 19 and {"code": "inn", "seat": 0, "turns": 2} in events
    for left in (1, 0):
        assert state["turn"] == 1
        state, events = throw(placed(state, [19, 30], turn=1), 1, 1)
        assert {"code": "missed_turn", "seat": 0, "left": left} in events
    assert state["turn"] == 1
    state, events = throw(placed(state, [19, 30], turn=1), 1, 1)
    assert "missed_turn" not in codes(events) and state["turn"] == 0


def test_well_wait_until_someone_else_falls_in() -> None:
    """Well (31) Wait until someone else falls in and takes your place."""
    state, events = throw(placed(new_game(3), [28, 10, 20]), 1, 2)
    assert state["fields"][0] == 31 and state["held"][0] == "well"
    # Seat 0 waits while the others roll past the well.
    state, events = throw(state, 1, 2)  # seat 1: 10 -> 13
    state, events = throw(state, 1, 2)  # seat 2: 20 -> 23 goose -> 26
    assert {"code": "waits", "seat": 0, "where": "well"} in events and state["turn"] == 1
    state = placed(state, [31, 26, 26], turn=1)
    state, events = throw(state, 2, 3)  # 26 + 5 = 31
    assert {"code": "released", "seat": 0, "by": 1, "where": "well"} in events
    assert state["held"] == [None, "well", None] and state["turn"] == 2
    state, _ = throw(state, 1, 1)  # seat 2; then seat 0 is free to roll again
    assert state["turn"] == 0


def test_maze_back_to_field_30() -> None:
    """Maze (42) Back to field 30."""
    after, events = throw(placed(new_game(), [38, 0]), 1, 3)
    assert after["fields"][0] == 30 and {"code": "maze", "seat": 0, "field": 30} in events


def test_prison_like_the_well() -> None:
    """Prison (52) Like the well: wait until someone arrives."""
    state, _ = throw(placed(new_game(3), [48, 40, 10]), 1, 3)
    assert state["fields"][0] == 52 and state["held"][0] == "prison"
    state = placed(state, [52, 47, 10], turn=1)
    state, events = throw(state, 2, 3)
    assert {"code": "released", "seat": 0, "by": 1, "where": "prison"} in events
    assert state["held"] == [None, "prison", None]


def test_field_58_back_to_the_start() -> None:
    """Field 58 Back to the start."""
    after, events = throw(placed(new_game(), [52, 0]), 3, 3)
    assert after["fields"][0] == 0 and {"code": "death", "seat": 0, "field": 0} in events
    # Overshooting onto 58 is death too: 60 + 8 is five too many.
    after, events = throw(placed(new_game(), [60, 0]), 4, 4)
    assert after["fields"][0] == 0 and codes(events)[1:3] == ["bounced", "death"]


def test_setting_two_dice_or_one() -> None:
    """Setting: two dice (traditional) or one die – smaller steps, longer game."""
    option = next(o for o in META.options if o.key == "dice")
    assert option.default == "two" and option.choices == ("two", "one")
    after, events = throw(placed(new_game(dice="one"), [11, 0]), 4)
    assert events[0]["dice"] == [4] and events[0]["pips"] == 4 and after["fields"][0] == 15

    # Over whole games one die takes more throws than two.
    def throws(dice: str) -> int:
        total = 0
        for game in range(40):
            state = new_game(2, dice, b"length:%d" % game)
            while ENGINE.result(state) is None:
                state, _ = ENGINE.apply(state, state["turn"], ROLL, 0)
                total += 1
        return total

    assert throws("one") > throws("two")


# -- where the text is silent (the rules page says so) ----------------------------------------
def test_a_first_nine_goes_to_26_or_53() -> None:
    after, events = throw(new_game(), 6, 3)
    assert after["fields"][0] == 26 and codes(events)[1] == "first_nine"
    after, _ = throw(new_game(), 4, 5)
    assert after["fields"][0] == 53
    # Not with one die, and not away from the start: 9 from field 1 is a goose chain.
    after, _ = throw(placed(new_game(), [1, 0]), 4, 5)
    assert after["fields"][0] == 10
    after, events = throw(new_game(dice="one"), 5)
    assert after["fields"][0] == 10 and "first_nine" not in codes(events)


def test_after_a_bounce_a_goose_sends_you_backwards() -> None:
    # 55 + 12 = 67 is four too many: back to 59, a goose, and on backwards by 12 to 47.
    after, events = throw(placed(new_game(), [55, 0]), 6, 6)
    assert codes(events)[:3] == ["rolled", "bounced", "goose"]
    assert events[2] == {"code": "goose", "seat": 0, "start": 59, "field": 47}
    assert after["fields"][0] == 47
    # Forwards from 59 an eight would bounce back onto 59 for ever; backwards it ends on 51.
    after, events = throw(placed(new_game(), [51, 0]), 4, 4)
    assert after["fields"][0] == 51 and codes(events)[:3] == ["rolled", "goose", "bounced"]


def test_every_waiter_goes_free_when_nobody_is_left_to_come() -> None:
    state = placed(new_game(2), [31, 48], turn=1)
    state["held"] = ["well", None]
    state, events = throw(state, 1, 3)  # 48 + 4 = 52: the prison
    assert state["held"] == [None, None]
    assert {"code": "released", "seat": 0, "by": None, "where": "well"} in events
    assert state["turn"] == 0


def test_the_round_limit_ends_a_game() -> None:
    state = placed(new_game(3), [30, 20, 10], turn=2)
    state["round"] = ROUND_LIMIT
    state, events = throw(state, 1, 2)
    assert codes(events)[-1] == "round_limit"
    assert ENGINE.result(state)["placings"] == [1, 2, 3]


def test_views_are_the_whole_state_but_the_generator() -> None:
    state = new_game(3)
    for seat in (0, 1, None):
        view = ENGINE.view(state, seat)
        assert "rng" not in view["public"] and view["public"]["fields"] == state["fields"]
    assert ENGINE.view(state, 0)["legal_moves"] == [ROLL] and ENGINE.view(state, 2)["legal_moves"] == []
