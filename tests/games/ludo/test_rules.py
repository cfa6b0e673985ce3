"""Ludo rule tests: one per sentence of the house rules (house-rules-de-en-es.txt, "Ludo",
English part), then the decisions the rules page makes where the text is silent."""

from __future__ import annotations

import pytest
from svc_dice.ludo import ENGINE
from svc_dice.ludo.rules import META, PLY_LIMIT, board_for
from svc_dice.registry import REGISTRY

from rulekit import IllegalMove
from tests.games.ludo.support import ROLL, codes, movable, move, new_game, pieces_of, placed, throw

H = -1


def test_everyone_has_four_pieces_at_home_and_wants_them_in_the_goal() -> None:
    """Everyone has four pieces at home and wants them all in the goal."""
    assert (META.min_seats, META.max_seats) == (2, 8) and REGISTRY.get("ludo") is ENGINE
    for seats in range(2, 9):
        state = new_game(seats)
        assert all(pieces_of(state, seat) == [H] * 4 for seat in range(seats))
        assert ENGINE.result(state) is None and ENGINE.legal_moves(state, 0) == [ROLL]


def test_only_a_six_brings_a_piece_out_onto_your_own_start_field() -> None:
    """Only a 6 brings a piece out onto your own start field."""
    state = placed(new_game(), {0: [H, H, H, 12]})
    after, _ = throw(state, 5)
    assert movable(after) == [3]  # nothing comes out with a 5
    after, events = throw(state, 6)
    assert movable(after) == [0, 3]  # one of the waiting pieces may come out
    after, events = move(after, 0, 6)
    assert pieces_of(after, 0)[0] == 0 and codes(events) == ["entered", "roll_again"]
    assert events[0]["field"] == after["colours"][0][0] * 10 == ENGINE.track(after).start(after["colours"][0][0])


def test_after_a_six_you_roll_again() -> None:
    """After a 6 you roll again."""
    state = placed(new_game(), {0: [5, H, H, H]})
    after, _ = throw(state, 6)
    after, events = move(after, 0, 6)
    assert codes(events)[-1] == "roll_again" and after["turn"] == 0 and after["phase"] == "roll"
    after, _ = throw(state, 4)
    after, events = move(after, 0, 4)
    assert after["turn"] == 1 and "roll_again" not in codes(events)


def test_with_all_pieces_at_home_you_get_three_rolls_per_turn() -> None:
    """With all pieces at home you get three rolls per turn."""
    state = new_game()
    for attempt in (1, 2):
        state, events = throw(state, 3)
        assert codes(events) == ["rolled", "no_move", "roll_again"] and state["turn"] == 0
        assert state["tries"] == attempt
    state, events = throw(state, 3)
    assert codes(events) == ["rolled", "no_move"] and state["turn"] == 1
    # A six on a try brings a piece out.
    state = new_game()
    state, _ = throw(state, 2)
    state, _ = throw(state, 6)
    assert movable(state) == [0]


def test_landing_on_an_opponents_piece_sends_it_back_home() -> None:
    """Landing on an opponent’s piece sends it back home."""
    state = new_game()  # two players: colours 0 and 2, starts on fields 0 and 20
    state = placed(state, {0: [16, H, H, H], 1: [0, H, H, H]})  # seat 1's piece on field 20
    after, _ = throw(state, 4)
    after, events = move(after, 0, 4)
    assert pieces_of(after, 1) == [H] * 4 and pieces_of(after, 0)[0] == 20
    assert codes(events)[:2] == ["moved", "captured"]
    assert events[1] == {"code": "captured", "seat": 1, "colour": 2, "piece": 0, "field": 20, "by": 0}


def test_your_own_pieces_block_you_no_jumping_over_no_capturing() -> None:
    """Your own pieces block you – no jumping over, no capturing."""
    state = placed(new_game(), {0: [10, 13, H, H], 1: [H, H, H, H]})
    after, _ = throw(state, 3)
    assert movable(after) == [1]  # piece 0 would land on piece 1
    after, _ = throw(state, 5)
    assert movable(after) == [1]  # piece 0 would jump over piece 1
    # Opponents are jumped over freely.
    state = placed(new_game(), {0: [10, H, H, H], 1: [32, H, H, H]})  # seat 1 stands on field 12
    after, _ = throw(state, 4)
    assert movable(after) == [0]


def test_if_a_piece_waits_at_home_and_one_sits_on_the_start_field_clear_it() -> None:
    """If a piece is still waiting at home and one of yours sits on the start field, you must
    clear the start field."""
    state = placed(new_game(), {0: [0, 20, H, H]})
    after, _ = throw(state, 4)
    assert movable(after) == [0]
    after, _ = throw(state, 6)
    assert movable(after) == [0]  # no entering onto your own piece either
    # Blocked from clearing it (its own piece four ahead): then any other piece may move.
    state = placed(new_game(), {0: [0, 4, H, H]})
    after, _ = throw(state, 4)
    assert movable(after) == [1]
    # With nobody at home the start field may stay occupied.
    state = placed(new_game(), {0: [0, 20, 41, 42]})
    after, _ = throw(state, 1)
    assert movable(after) == [0, 1, 3]


def test_goal_fields_need_the_exact_number_too_high_means_no_move() -> None:
    """Goal fields need the exact number. Rolling too high means no move."""
    state = placed(new_game(), {0: [38, H, H, H]})
    after, _ = throw(state, 5)
    assert movable(after) == [0]
    after, events = move(after, 0, 5)
    assert pieces_of(after, 0)[0] == 43 and "reached_goal" in codes(events)
    after, events = throw(placed(new_game(), {0: [39, 43, H, H]}), 5)
    assert codes(events) == ["rolled", "no_move"] and after["turn"] == 1
    # In the lane own pieces still block: 40 cannot pass 42.
    after, _ = throw(placed(new_game(), {0: [40, 42, H, H]}), 3)
    assert movable(after) == []


def test_all_four_in_the_goal_finishes_you_the_others_play_on() -> None:
    """All four in the goal finishes you; the others play on for the remaining places."""
    state = placed(new_game(3), {0: [41, 42, 43, 38], 1: [5, H, H, H], 2: [7, H, H, H]})
    after, _ = throw(state, 2)
    after, events = move(after, 3, 2)
    assert {"code": "finished", "seat": 0, "place": 1} in events
    assert ENGINE.result(after) is None and after["turn"] == 1
    assert after["places"] == [1, None, None]
    # The second to finish ends the game of three; the last is placed behind.
    after = placed(after, {1: [41, 42, 43, 36]}, turn=1)
    after, _ = throw(after, 4)
    after, events = move(after, 3, 4)
    assert codes(events)[-2:] == ["finished", "game_over"]
    assert ENGINE.result(after) == {"placings": [1, 2, 3], "scores": [4, 4, 0]}
    with pytest.raises(IllegalMove) as refused:
        ENGINE.apply(after, 2, ROLL, 0)
    assert refused.value.code == "game_over"


@pytest.mark.parametrize(
    "seats, colours, fields", [(2, 4, 40), (3, 4, 40), (4, 4, 40), (5, 6, 60), (6, 6, 60), (7, 8, 80), (8, 8, 80)]
)
def test_boards_by_seat_count(seats: int, colours: int, fields: int) -> None:
    """2–4 players: 4-colour board, 40 track fields. 5–6 players: 6-colour board, 60 fields.
    7–8 players: 8-colour board, 80 fields."""
    state = new_game(seats)
    assert state["board"] == colours and ENGINE.track(state).length == fields
    assert sum(p is not None for p in state["pieces"]) == seats


def test_the_host_may_pick_a_bigger_board_never_a_smaller_one() -> None:
    """With 2–4 players the host may also pick a bigger board for a longer game. Smaller than
    needed is not possible."""
    assert new_game(3, "six")["board"] == 6 and new_game(2, "eight")["board"] == 8
    assert new_game(4, "eight")["pieces"].count(None) == 4
    # A pick smaller than the seats need gives the board they need.
    assert board_for(7, "six") == 8 and new_game(7, "six")["board"] == 8
    assert board_for(5, "smallest") == 6


# -- decisions where the text is silent ----------------------------------------------------


def test_two_players_sit_opposite_each_other() -> None:
    assert new_game(2)["colours"] == [[0], [2]]
    assert new_game(2, "six")["colours"] == [[0], [3]]


def test_coming_out_is_allowed_not_forced() -> None:
    state = placed(new_game(), {0: [7, H, H, H]})
    after, _ = throw(state, 6)
    assert movable(after) == [0, 1]
    after, _ = move(after, 0, 6)
    assert pieces_of(after, 0) == [13, H, H, H]


def test_the_third_six_in_a_row_is_played_then_the_turn_passes() -> None:
    state = placed(new_game(), {0: [5, H, H, H]})
    for _ in range(2):
        state, _ = throw(state, 6)
        state, events = move(state, 0, 6)
        assert codes(events)[-1] == "roll_again"
    state, _ = throw(state, 6)
    state, events = move(state, 0, 6)
    assert state["turn"] == 1 and "roll_again" not in codes(events)


def test_a_six_that_cannot_be_used_still_rolls_again() -> None:
    state = placed(new_game(), {0: [39, 43, 42, 41], 1: [H] * 4})
    state, events = throw(state, 6)
    assert codes(events) == ["rolled", "no_move", "roll_again"] and state["turn"] == 0


def test_no_safe_fields_a_piece_on_its_start_field_is_captured_too() -> None:
    state = placed(new_game(), {0: [16, H, H, H], 1: [0, 12, H, H]})
    after, _ = throw(state, 4)
    after, events = move(after, 0, 4)
    assert pieces_of(after, 1)[0] == H and "captured" in codes(events)


def test_coming_out_captures_an_opponent_on_the_start_field() -> None:
    state = placed(new_game(), {0: [H, H, H, H], 1: [20, H, H, H]})  # seat 1 stands on field 0
    after, _ = throw(state, 6)
    after, events = move(after, 0, 6)
    assert codes(events)[:2] == ["entered", "captured"] and pieces_of(after, 1)[0] == H


def test_a_game_that_runs_too_long_is_placed_by_fields_still_to_go() -> None:
    state = placed(new_game(3), {0: [30, 20, 10, 41], 1: [5, H, H, H], 2: [38, 39, 40, 41]})
    state["plies"] = PLY_LIMIT - 1
    after, _ = throw(state, 1)
    assert after["over"] and after["places"] == [2, 3, 1]


def test_only_the_seat_to_move_moves() -> None:
    state = new_game()
    with pytest.raises(IllegalMove) as refused:
        ENGINE.apply(state, 1, ROLL, 0)
    assert refused.value.code == "not_your_turn"
    with pytest.raises(IllegalMove) as refused:
        ENGINE.apply(state, 0, {"type": "move", "piece": 0, "pips": 6}, 0)
    assert refused.value.code == "illegal_move"
