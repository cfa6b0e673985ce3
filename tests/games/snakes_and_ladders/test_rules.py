"""Snakes and Ladders rule tests: one per sentence of the house rules, then the decisions the
rules page makes where the text is silent.

Dice come from the state's generator; a test that needs a roll loads it (support.next_rolls)
and puts tokens where it needs them by editing the squares, the only practical way.
"""

from __future__ import annotations

import pytest
from svc_dice.registry import REGISTRY
from svc_dice.snakes_and_ladders import ENGINE
from svc_dice.snakes_and_ladders.rules import GOAL, LADDERS, META, ROUND_LIMIT, SNAKES

from rulekit import IllegalMove, State
from tests.games.snakes_and_ladders.support import next_rolls

ROLL = {"type": "roll"}


def new_game(seats: int = 2, seed: bytes = b"snakes-rules") -> State:
    return ENGINE.setup(seats, {}, seed)


def placed(state: State, squares: list[int]) -> State:
    state = dict(state)
    state["squares"] = list(squares)
    return state


def roll(state: State, *pips: int) -> tuple[State, list[dict]]:
    """The mover rolls `pips` (one die per roll, the same seat while it rolls again)."""
    events: list[dict] = []
    state = next_rolls(state, *pips)
    for _ in pips:
        state, more = ENGINE.apply(state, state["turn"], ROLL, 0)
        events += more
    return state, events


def codes(events: list[dict]) -> list[str]:
    return [e["code"] for e in events]


def test_a_hundred_squares_for_two_to_six_players() -> None:
    """A hundred squares, up the ladders and down the snakes. For 2 to 6 players."""
    assert (META.min_seats, META.max_seats) == (2, 6)
    assert REGISTRY.get("snakes-and-ladders") is ENGINE
    for seats in range(2, 7):
        assert new_game(seats)["squares"] == [0] * seats
    for bad in (1, 7):
        with pytest.raises(Exception) as refused:
            new_game(bad)
        assert getattr(refused.value, "code", None) == "bad_seat_count"
    assert GOAL == 100
    # Every ladder goes up and every snake down, all on the board, never from one to another.
    assert all(0 < foot < top <= GOAL for foot, top in LADDERS.items())
    assert all(0 < tail < head < GOAL for head, tail in SNAKES.items())
    assert not set(LADDERS) & set(SNAKES)
    assert not (set(LADDERS.values()) | set(SNAKES.values())) & (set(LADDERS) | set(SNAKES))


def test_roll_and_move() -> None:
    """Roll and move."""
    state = placed(new_game(), [10, 0])
    assert ENGINE.legal_moves(state, 0) == [ROLL]
    assert ENGINE.legal_moves(state, 1) == []
    after, events = roll(state, 3)
    assert after["squares"] == [13, 0]
    assert events == [{"code": "rolled", "seat": 0, "pips": 3, "start": 10, "square": 13}]
    assert after["turn"] == 1
    with pytest.raises(IllegalMove) as refused:
        ENGINE.apply(after, 0, ROLL, 0)
    assert refused.value.code == "not_your_turn"
    with pytest.raises(IllegalMove) as refused:
        ENGINE.apply(after, 1, {"type": "move", "square": 100}, 0)
    assert refused.value.code == "illegal_move"


def test_ladders_take_you_up() -> None:
    """Ladders take you up, snakes drag you down. (The ladders.)"""
    for foot, top in LADDERS.items():
        start = max(0, foot - 4)
        after, events = roll(placed(new_game(), [start, 0]), foot - start)
        assert after["squares"][0] == top
        assert {"code": "climbed", "seat": 0, "start": foot, "square": top} in events


def test_snakes_drag_you_down() -> None:
    """Ladders take you up, snakes drag you down. (The snakes.)"""
    for head, tail in SNAKES.items():
        after, events = roll(placed(new_game(), [head - 2, 0]), 2)
        assert after["squares"][0] == tail
        assert {"code": "slid", "seat": 0, "start": head, "square": tail} in events


def test_a_six_earns_another_roll() -> None:
    """A six earns another roll – at most three in a row. (Another roll.)"""
    after, events = roll(placed(new_game(), [40, 0]), 6)
    assert after["turn"] == 0 and after["squares"][0] == 46
    assert codes(events)[-1] == "roll_again"
    after, events = roll(placed(new_game(), [40, 0]), 6, 2)
    assert after["turn"] == 1 and after["squares"][0] == 48
    # Any other number passes the turn.
    for pips in range(1, 6):
        after, events = roll(placed(new_game(), [40, 0]), pips)
        assert after["turn"] == 1 and "roll_again" not in codes(events)


def test_at_most_three_sixes_in_a_row() -> None:
    """A six earns another roll – at most three in a row. (The third six ends the turn.)"""
    after, events = roll(placed(new_game(), [2, 0]), 6, 6, 6)
    assert after["squares"][0] == 20  # all three sixes move: 8, 14, 20
    assert codes(events).count("roll_again") == 2
    assert after["turn"] == 1 and after["rolls"] == 0


def test_first_to_square_100_wins() -> None:
    """First to square 100 wins."""
    after, events = roll(placed(new_game(3), [97, 40, 60]), 3)
    assert after["squares"][0] == GOAL
    assert codes(events)[-1] == "reached_goal"
    assert ENGINE.to_move(after) == frozenset()
    result = ENGINE.result(after)
    assert result == {"placings": [1, 3, 2], "scores": [100, 40, 60]}
    with pytest.raises(IllegalMove) as refused:
        ENGINE.apply(after, 1, ROLL, 0)
    assert refused.value.code == "game_over"


def test_pure_luck_everyone_has_the_same_chance() -> None:
    """Pure luck – everyone has exactly the same chance."""
    # Nothing to choose: whoever is to move has one legal move, at every step of a game.
    state = new_game(4, b"pure-luck")
    while ENGINE.result(state) is None:
        (seat,) = ENGINE.to_move(state)
        assert ENGINE.legal_moves(state, seat) == [ROLL]
        state, _ = ENGINE.apply(state, seat, ROLL, 0)
    # The die is fair: over many draws each face comes up about a sixth of the time.
    counts = dict.fromkeys(range(1, 7), 0)
    state = placed(new_game(2, b"fair-die"), [2, 2])
    for _ in range(3000):
        state = placed(state, [2, 2])
        state["turn"], state["rolls"] = 0, 0
        state, events = ENGINE.apply(state, 0, ROLL, 0)
        counts[events[0]["pips"]] += 1
    assert all(400 < count < 600 for count in counts.values()), counts


# -- where the text is silent (the rules page says so) ----------------------------------------
def test_no_exact_roll_is_needed_for_100() -> None:
    """A roll past square 100 stops on it."""
    after, events = roll(placed(new_game(), [99, 0]), 5)
    assert after["squares"][0] == GOAL and events[0]["square"] == GOAL
    assert ENGINE.result(after)["placings"] == [1, 2]


def test_tokens_share_squares() -> None:
    after, _ = roll(placed(new_game(), [10, 12]), 2)
    assert after["squares"] == [12, 12]


def test_losers_are_placed_by_their_squares() -> None:
    after, _ = roll(placed(new_game(4), [97, 50, 50, 20]), 3)
    assert ENGINE.result(after)["placings"] == [1, 2, 2, 4]


def test_the_round_limit_ends_a_game() -> None:
    state = placed(new_game(2), [30, 20])
    state["round"], state["turn"] = ROUND_LIMIT, 1
    after, events = roll(state, 2)
    assert codes(events)[-1] == "round_limit"
    assert ENGINE.result(after) == {"placings": [1, 2], "scores": [30, 22]}


def test_views_are_the_whole_state_but_the_generator() -> None:
    state = new_game(3)
    for seat in (0, 1, None):
        view = ENGINE.view(state, seat)
        assert "rng" not in view["public"]
        assert view["public"]["squares"] == state["squares"]
    assert ENGINE.view(state, 0)["legal_moves"] == [ROLL]
    assert ENGINE.view(state, 1)["legal_moves"] == []
