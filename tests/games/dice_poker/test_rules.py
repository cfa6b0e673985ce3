"""Dice Poker rule tests: one per sentence of the house rules, one per row of the sheet.

Dice are random, so a test that needs particular dice sets them on the state after a real
roll (the only practical way), keeping `offers` consistent the way the engine does.
"""

from __future__ import annotations

import pytest
from svc_dice.dice_poker import ENGINE
from svc_dice.dice_poker.rules import KEEPS, META, ROWS, offers_for
from svc_dice.registry import REGISTRY

from rulekit import IllegalMove, Refusal, State

FIRST_ROLL = {"type": "roll", "keep": []}


def new_game(seats: int = 2, seed: bytes = b"dice-poker-rules") -> State:
    return ENGINE.setup(seats, {}, seed)


def roll(state: State, keep: list[int] | None = None) -> tuple[State, list[dict]]:
    seat = state["turn"]
    return ENGINE.apply(state, seat, {"type": "roll", "keep": keep or []}, 0)


def with_dice(state: State, dice: list[int], rolls_left: int = 2) -> State:
    """The state after the mover's first roll, with the dice replaced by `dice`."""
    if state["rolls_left"] == 3:
        state, _ = roll(state)
    state = dict(state)
    state["dice"] = list(dice)
    state["rolls_left"] = rolls_left
    state["offers"] = offers_for(state["sheet"][state["turn"]], state["dice"])
    return state


def score(state: State, row: str) -> tuple[State, list[dict]]:
    return ENGINE.apply(state, state["turn"], {"type": "score", "row": row}, 0)


def points_for(dice: list[int], row: str) -> int:
    """What the engine writes into `row` for `dice`, read from the sheet and the event."""
    state = with_dice(new_game(), dice)
    after, events = score(state, row)
    written = after["sheet"][0][row]
    scored = [e for e in events if e["code"] == "scored"]
    assert scored == [{"code": "scored", "seat": 0, "row": row, "points": written}]
    return written


def fill_sheet(state: State, seat: int, rows: dict[str, int]) -> State:
    """Write `rows` into a seat's sheet directly (to reach the end of a half quickly)."""
    state = dict(state)
    state["sheet"] = [dict(sheet) for sheet in state["sheet"]]
    state["sheet"][seat].update(rows)
    return state


def play_turn(state: State, row: str | None = None) -> tuple[State, list[dict]]:
    """Roll once and write the result into `row` (default: the first free row)."""
    state, events = roll(state)
    seat = state["turn"]
    row = row or next(r for r in ROWS if state["sheet"][seat][r] is None)
    state, more = score(state, row)
    return state, events + more


# -- the game's frame ------------------------------------------------------------------------
def test_meta_and_registration() -> None:
    """docs/catalogue.md: dice-poker, 2–8 seats, chance, no hidden information, no options but the
    move clock every game has."""
    assert (META.id, META.family, META.min_seats, META.max_seats) == ("dice-poker", "dice", 2, 8)
    assert META.chance and not META.hidden_information and not META.simultaneous
    assert [option.key for option in META.options] == ["move_clock"]
    assert META.cpu_levels == ("random", "easy", "strong")
    assert META.longest_game >= 13 * 8 * 4  # thirteen turns a seat, at most four moves each
    assert REGISTRY.get("dice-poker") is ENGINE
    with pytest.raises(Refusal) as refused:
        ENGINE.setup(1, {}, b"x")
    assert refused.value.code == "bad_seat_count"
    with pytest.raises(Refusal):
        ENGINE.setup(9, {}, b"x")


def test_initial_view_shape() -> None:
    """Seat 0 starts in round 1 with no dice, three rolls and an empty sheet for everyone."""
    state = new_game(3)
    view = ENGINE.view(state, 0)
    public = view["public"]
    assert view["to_move"] == [0]
    assert view["legal_moves"] == [FIRST_ROLL]
    assert (public["turn"], public["round"], public["dice"], public["rolls_left"]) == (0, 1, [], 3)
    assert public["sheet"] == [dict.fromkeys(ROWS) for _ in range(3)]
    assert list(public["sheet"][0]) == list(ROWS)
    assert public["totals"] == [{"upper": 0, "bonus": 0, "lower": 0, "total": 0}] * 3
    assert public["offers"] == {}
    assert "rng" not in public
    assert ENGINE.view(state, 1)["legal_moves"] == []
    assert ENGINE.view(state, None)["public"] == public


def test_open_game_determinizes_to_the_same_state() -> None:
    """Everything is open: a CPU's sampled state is the real one with a fresh generator."""
    state, _ = roll(new_game())
    sampled = ENGINE.determinize(ENGINE.view(state, 1), 1, b"other")
    assert {k: v for k, v in sampled.items() if k != "rng"} == ENGINE.open_state(state)
    assert sampled["rng"] != state["rng"]


# -- "You get up to three rolls per turn." ------------------------------------------------------
def test_up_to_three_rolls_per_turn() -> None:
    """Rule: "You get up to three rolls per turn." """
    state = new_game()
    assert state["rolls_left"] == 3
    for left in (2, 1, 0):
        state, events = roll(state)
        assert state["rolls_left"] == left
        assert events[0]["code"] == "rolled"
    assert all(move["type"] == "score" for move in ENGINE.legal_moves(state, 0))
    with pytest.raises(IllegalMove) as refused:
        roll(state, [0])
    assert refused.value.code == "illegal_move"


def test_first_roll_throws_all_five_dice() -> None:
    """Rule: "You get up to three rolls per turn." The turn starts with all five dice rolled; there
    is nothing to keep or score before it."""
    state = new_game()
    assert ENGINE.legal_moves(state, 0) == [FIRST_ROLL]
    for move in ({"type": "roll", "keep": [0]}, {"type": "score", "row": "chance"}):
        with pytest.raises(IllegalMove):
            ENGINE.apply(state, 0, move, 0)
    state, events = roll(state)
    assert len(state["dice"]) == 5 and all(1 <= die <= 6 for die in state["dice"])
    assert events == [{"code": "rolled", "seat": 0, "dice": state["dice"], "keep": []}]


def test_offers_show_each_free_row() -> None:
    """After a roll the mover sees what every free row would score with these dice."""
    state = fill_sheet(new_game(), 0, {"chance": 20, "ones": 3})
    state = with_dice(state, [2, 3, 4, 5, 5])
    state, _ = roll(state, [0, 1, 2, 3])
    offers = state["offers"]
    assert list(offers) == [row for row in ROWS if row not in ("chance", "ones")]
    assert offers["fives"] == 5 * state["dice"].count(5)
    assert ENGINE.view(state, 1)["public"]["offers"] == offers


# -- "Between rolls you may keep any dice and re-roll the rest." -------------------------------
def test_keep_any_dice_and_reroll_the_rest() -> None:
    """Rule: "Between rolls you may keep any dice and re-roll the rest." """
    state = with_dice(new_game(), [1, 2, 3, 4, 5])
    rolls = [m for m in ENGINE.legal_moves(state, 0) if m["type"] == "roll"]
    # Every subset but all five (re-rolling nothing is no roll), indices ascending.
    assert len(rolls) == 31 and [m["keep"] for m in rolls] == [list(k) for k in KEEPS]
    assert {"type": "roll", "keep": [0, 1, 2, 3, 4]} not in rolls
    assert all(m["keep"] == sorted(m["keep"]) for m in rolls)
    changed = set()
    for index in range(40):
        start = with_dice(new_game(seed=b"keep%d" % index), [1, 2, 3, 4, 5])
        keep = list(KEEPS[(index * 7) % len(KEEPS)])
        after, events = roll(start, keep)
        assert all(after["dice"][i] == start["dice"][i] for i in keep)
        assert events == [{"code": "rolled", "seat": 0, "dice": after["dice"], "keep": keep}]
        changed.update(i for i in range(5) if i not in keep and after["dice"][i] != start["dice"][i])
    assert changed == {0, 1, 2, 3, 4}  # the re-rolled dice really are rolled again


def test_keep_must_be_a_listed_subset() -> None:
    """Keeps are indices 0..4 in ascending order; anything else is refused with its code."""
    state = with_dice(new_game(), [1, 2, 3, 4, 5])
    for keep in ([1, 0], [5], [0, 0], [0, 1, 2, 3, 4], ["0"]):
        with pytest.raises(IllegalMove) as refused:
            roll(state, keep)
        assert refused.value.code == "illegal_move"
    with pytest.raises(IllegalMove) as refused:
        ENGINE.apply(state, 1, FIRST_ROLL, 0)
    assert refused.value.code == "not_your_turn"


# -- "At the end of your turn you write the result into a free row." ---------------------------
def test_write_result_into_a_free_row_and_pass_the_turn() -> None:
    """Rule: "At the end of your turn you write the result into a free row." """
    state = with_dice(new_game(3), [6, 6, 6, 2, 2])
    state, events = score(state, "full_house")
    assert events == [{"code": "scored", "seat": 0, "row": "full_house", "points": 25}]
    assert state["sheet"][0]["full_house"] == 25
    assert state["totals"][0] == {"upper": 0, "bonus": 0, "lower": 25, "total": 25}
    # The turn passes to the next seat, with fresh dice and three rolls.
    assert (state["turn"], state["round"], state["dice"], state["rolls_left"], state["offers"]) == (1, 1, [], 3, {})
    assert ENGINE.to_move(state) == frozenset({1})


def test_scoring_may_follow_any_roll() -> None:
    """Writing the result may end the turn after the first or second roll as well."""
    state = with_dice(new_game(), [2, 3, 4, 5, 6], rolls_left=2)
    assert {"type": "score", "row": "large_straight"} in ENGINE.legal_moves(state, 0)
    state, events = score(state, "large_straight")
    assert events[0]["points"] == 40 and state["turn"] == 1


def test_filled_row_cannot_be_scored_again() -> None:
    """Rule: "...into a free row": a row already written is never offered again."""
    state = fill_sheet(new_game(), 0, {"sixes": 18})
    state = with_dice(state, [6, 6, 6, 6, 1])
    assert {"type": "score", "row": "sixes"} not in ENGINE.legal_moves(state, 0)
    assert "sixes" not in state["offers"]
    with pytest.raises(IllegalMove) as refused:
        score(state, "sixes")
    assert refused.value.code == "illegal_move"


def test_round_advances_after_every_seat_has_scored() -> None:
    """Seats take turns in order; a round is over when each has written one row."""
    state = new_game(3)
    seen = []
    for _ in range(4):
        seen.append((state["round"], state["turn"]))
        state, _ = play_turn(state)
    assert seen == [(1, 0), (1, 1), (1, 2), (2, 0)]


# -- "If nothing fits, you have to cross out a row with zero." ---------------------------------
def test_cross_out_a_row_with_zero() -> None:
    """Rule: "If nothing fits, you have to cross out a row with zero." """
    state = with_dice(new_game(), [1, 2, 3, 5, 6], rolls_left=0)
    state, events = score(state, "five_kind")
    assert events == [{"code": "scored", "seat": 0, "row": "five_kind", "points": 0}]
    assert state["sheet"][0]["five_kind"] == 0  # crossed out: written, no longer free
    assert state["totals"][0]["total"] == 0


def test_crossing_out_is_forced_when_only_unfitting_rows_are_left() -> None:
    """Rule: "If nothing fits, you have to cross out a row with zero." With only the large
    straight free and no straight rolled, the one move left is to cross it out."""
    rows = {row: 0 for row in ROWS if row != "large_straight"}
    state = with_dice(fill_sheet(new_game(), 0, rows), [4, 4, 4, 1, 1], rolls_left=0)
    assert ENGINE.legal_moves(state, 0) == [{"type": "score", "row": "large_straight"}]
    assert state["offers"] == {"large_straight": 0}
    state, events = score(state, "large_straight")
    assert events[0]["points"] == 0


# -- "Whoever has the most points after the last row wins." -------------------------------------
def test_game_ends_after_thirteen_rounds() -> None:
    """Rule: "Whoever has the most points after the last row wins." The game ends when every
    seat has written all 13 rows."""
    state = new_game(2)
    for turn in range(2 * 13):
        assert ENGINE.result(state) is None
        assert state["round"] == turn // 2 + 1
        state, events = play_turn(state)
    assert events[-1] == {"code": "game_over"}
    assert all(None not in sheet.values() for sheet in state["sheet"])
    assert ENGINE.to_move(state) == frozenset()
    assert state["turn"] is None and state["round"] == 13
    result = ENGINE.result(state)
    assert result is not None and result["scores"] == [t["total"] for t in state["totals"]]
    with pytest.raises(IllegalMove) as refused:
        ENGINE.apply(state, 0, FIRST_ROLL, 0)
    assert refused.value.code == "game_over"


def last_turn(seats: int, totals_before: list[int]) -> State:
    """Every sheet full except seat `seats-1`'s chance row; seat k has `totals_before[k]` in chance
    (its other rows zero), about to write the last row."""
    state = new_game(seats)
    for seat in range(seats):
        rows = {row: 0 for row in ROWS}
        rows["chance"] = totals_before[seat]
        if seat == seats - 1:
            del rows["chance"]
        state = fill_sheet(state, seat, rows)
        state["totals"] = [dict(t) for t in state["totals"]]
        state["totals"][seat] = {"upper": 0, "bonus": 0, "lower": rows.get("chance", 0), "total": rows.get("chance", 0)}
    state["round"] = 13
    state["turn"] = seats - 1
    return state


def test_most_points_wins() -> None:
    """Rule: "Whoever has the most points after the last row wins." """
    state = with_dice(last_turn(3, [20, 25, 0]), [6, 6, 6, 6, 5], rolls_left=0)
    state, events = score(state, "chance")
    assert [e["code"] for e in events] == ["scored", "game_over"]
    assert ENGINE.result(state) == {"placings": [3, 2, 1], "scores": [20, 25, 29]}


def test_ties_share_a_place() -> None:
    """Rule: "Whoever has the most points after the last row wins." Equal totals share a place."""
    state = with_dice(last_turn(3, [17, 12, 0]), [1, 2, 3, 5, 6], rolls_left=0)
    state, _ = score(state, "chance")
    assert ENGINE.result(state) == {"placings": [1, 3, 1], "scores": [17, 12, 17]}


# -- the rows -------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("face", "row"), [(1, "ones"), (2, "twos"), (3, "threes"), (4, "fours"), (5, "fives"), (6, "sixes")]
)
def test_upper_rows_sum_their_number(face: int, row: str) -> None:
    """Rule: "Ones to sixes: The sum of the dice showing that number." (0 when none shows it)"""
    other = 1 if face != 1 else 2
    assert points_for([face, face, face, other, other], row) == 3 * face
    assert points_for([face, other, other, other, other], row) == face
    assert points_for([face] * 5, row) == 5 * face
    assert points_for([other] * 5, row) == 0


def test_bonus_at_exactly_63() -> None:
    """Rule: "Bonus: Reaching 63 in the upper half earns 35 extra – that is exactly three dice of
    each number."
    """
    state = fill_sheet(new_game(), 0, {"ones": 3, "twos": 6, "threes": 9, "fours": 12, "fives": 15})
    state = with_dice(state, [6, 6, 6, 1, 2])
    state, events = score(state, "sixes")
    assert state["totals"][0] == {"upper": 63, "bonus": 35, "lower": 0, "total": 98}
    assert events == [
        {"code": "scored", "seat": 0, "row": "sixes", "points": 18},
        {"code": "bonus", "seat": 0, "points": 35},
    ]


def test_no_bonus_at_62() -> None:
    """Rule: "Bonus: Reaching 63 in the upper half earns 35 extra": 62 is not enough."""
    state = fill_sheet(new_game(), 0, {"ones": 2, "twos": 6, "threes": 9, "fours": 12, "fives": 15})
    state = with_dice(state, [6, 6, 6, 1, 2])
    state, events = score(state, "sixes")
    assert state["totals"][0] == {"upper": 62, "bonus": 0, "lower": 0, "total": 62}
    assert [e["code"] for e in events] == ["scored"]


def test_bonus_is_announced_once() -> None:
    """The bonus is paid once: rows written after reaching 63 add points but no second bonus."""
    state = fill_sheet(new_game(), 0, {"twos": 10, "threes": 12, "fours": 16, "fives": 20})
    state = with_dice(state, [1, 1, 1, 1, 1])
    state, events = score(state, "ones")
    assert [e["code"] for e in events] == ["scored", "bonus"]
    assert state["totals"][0]["bonus"] == 35
    state, _ = play_turn(state)  # seat 1
    state = with_dice(state, [6, 6, 2, 2, 2])
    state, events = score(state, "sixes")
    assert [e["code"] for e in events] == ["scored"]
    assert state["totals"][0] == {"upper": 75, "bonus": 35, "lower": 0, "total": 110}


def test_three_of_a_kind() -> None:
    """Rule: "Three of a kind: Three matching dice: all five pips added up." """
    assert points_for([4, 4, 4, 1, 6], "three_kind") == 19
    assert points_for([2, 2, 2, 2, 5], "three_kind") == 13  # four matching include three
    assert points_for([3, 3, 3, 3, 3], "three_kind") == 15
    assert points_for([4, 4, 1, 1, 6], "three_kind") == 0


def test_four_of_a_kind() -> None:
    """Rule: "Four of a kind: Four matching dice: all five pips added up." """
    assert points_for([5, 5, 5, 5, 2], "four_kind") == 22
    assert points_for([1, 1, 1, 1, 1], "four_kind") == 5
    assert points_for([5, 5, 5, 2, 2], "four_kind") == 0


def test_full_house() -> None:
    """Rule: "Full house: Three plus two matching: 25 points." """
    assert points_for([3, 3, 3, 6, 6], "full_house") == 25
    assert points_for([6, 1, 6, 1, 1], "full_house") == 25
    assert points_for([3, 3, 3, 3, 6], "full_house") == 0
    assert points_for([3, 3, 4, 6, 6], "full_house") == 0


def test_five_of_a_kind_is_not_a_full_house() -> None:
    """Rule: "Full house: Three plus two matching" – decided: the two must be another number than
    the three, so five of a kind is no full house (it goes into five of a kind instead)."""
    assert points_for([2, 2, 2, 2, 2], "full_house") == 0
    assert points_for([2, 2, 2, 2, 2], "five_kind") == 50


def test_small_straight() -> None:
    """Rule: "Small straight: Four numbers in a row: 30 points." """
    assert points_for([1, 2, 3, 4, 6], "small_straight") == 30
    assert points_for([5, 3, 4, 2, 2], "small_straight") == 30
    assert points_for([6, 4, 5, 3, 1], "small_straight") == 30
    assert points_for([1, 2, 3, 4, 5], "small_straight") == 30  # a large straight holds a small one
    assert points_for([1, 2, 3, 5, 6], "small_straight") == 0
    assert points_for([1, 1, 3, 4, 5], "small_straight") == 0


def test_large_straight() -> None:
    """Rule: "Large straight: Five numbers in a row: 40 points." """
    assert points_for([1, 2, 3, 4, 5], "large_straight") == 40
    assert points_for([6, 5, 4, 3, 2], "large_straight") == 40
    assert points_for([1, 2, 3, 4, 6], "large_straight") == 0
    assert points_for([2, 3, 4, 5, 5], "large_straight") == 0


def test_five_of_a_kind() -> None:
    """Rule: "Five of a kind: All five matching: 50 points." """
    assert points_for([6, 6, 6, 6, 6], "five_kind") == 50
    assert points_for([1, 1, 1, 1, 1], "five_kind") == 50
    assert points_for([6, 6, 6, 6, 5], "five_kind") == 0


def test_chance() -> None:
    """Rule: "Chance: All pips added up, no condition." """
    assert points_for([1, 2, 3, 5, 6], "chance") == 17
    assert points_for([6, 6, 6, 6, 6], "chance") == 30
    assert points_for([1, 1, 1, 1, 1], "chance") == 5


def test_totals_split_upper_bonus_lower() -> None:
    """The totals add the upper half, its bonus and the lower half."""
    state = fill_sheet(new_game(), 0, {"ones": 4, "twos": 8, "threes": 12, "fours": 16, "fives": 20})
    state = with_dice(state, [2, 2, 2, 5, 5])
    state, _ = score(state, "full_house")
    assert state["totals"][0] == {"upper": 60, "bonus": 0, "lower": 25, "total": 85}
    state, _ = play_turn(state)
    state = with_dice(state, [6, 6, 6, 6, 3])
    state, _ = score(state, "sixes")
    assert state["totals"][0] == {"upper": 84, "bonus": 35, "lower": 25, "total": 144}
