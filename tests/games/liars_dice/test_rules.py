"""Liar's Dice rule tests: one per sentence of the house rules (English part), then the
choices made where the text is silent (rules page, "Our choices").

Dice are random, so a test that needs particular dice sets the cups on the state after a real
setup (the only practical way), keeping each die's number as the engine makes it.
"""

from __future__ import annotations

import pytest
from svc_dice.liars_dice import ENGINE
from svc_dice.liars_dice.rules import DICE, META, die_number, faces
from svc_dice.registry import REGISTRY

from rulekit import IllegalMove, Refusal, State, move_matches


def new_game(seats: int = 2, seed: bytes = b"liars-dice-rules") -> State:
    return ENGINE.setup(seats, {}, seed)


def with_cups(state: State, cups: list[list[int]]) -> State:
    """The state with each seat's cup replaced by `cups` (faces), numbered as the engine does."""
    state = dict(state)
    state["cups"] = [
        [die_number(seat, state["round"], slot, face) for slot, face in enumerate(cup)] for seat, cup in enumerate(cups)
    ]
    state["dice_count"] = [len(cup) for cup in cups]
    return state


def bid(state: State, quantity: int, face: int) -> tuple[State, list[dict]]:
    return ENGINE.apply(state, state["turn"], {"type": "bid", "quantity": quantity, "face": face}, 0)


def challenge(state: State) -> tuple[State, list[dict]]:
    return ENGINE.apply(state, state["turn"], {"type": "challenge"}, 0)


def is_legal(state: State, move: dict) -> bool:
    return any(move_matches(legal, move) for legal in ENGINE.legal_moves(state, state["turn"]))


def test_for_2_to_8_players() -> None:
    """ "For 2 to 8 players.\""""
    assert META.allowed_seat_counts() == tuple(range(2, 9))
    assert REGISTRY.get("liars-dice") is ENGINE
    for seats in (1, 9):
        with pytest.raises(Refusal):
            new_game(seats)


def test_everyone_rolls_under_a_cup() -> None:
    """ "Everyone rolls under a cup." (Five dice each, from the game's description.)"""
    state = ENGINE.setup(4, {}, b"cups")
    assert all(len(cup) == DICE for cup in state["cups"])
    assert all(1 <= face <= 6 for cup in state["cups"] for face in faces(cup))
    # Only the owner sees the dice: each view carries its own cup, none the others'.
    for seat in range(4):
        view = ENGINE.view(state, seat)
        assert view["private"]["dice"] == faces(state["cups"][seat])
        assert "cups" not in view["public"] and view["public"]["dice_count"] == [5, 5, 5, 5]
    assert "private" not in ENGINE.view(state, None)


def test_bids_go_round() -> None:
    """ "Bids go round: "four fives" means there are at least four fives on the whole table.\""""
    state = new_game(3)
    assert state["turn"] == 0
    state, events = bid(state, 4, 5)
    assert events == [{"code": "bid", "seat": 0, "quantity": 4, "face": 5}]
    assert state["turn"] == 1
    state, _ = bid(state, 5, 5)
    assert state["turn"] == 2
    state, _ = bid(state, 6, 5)
    assert state["turn"] == 0


@pytest.mark.parametrize(("fives", "loser"), [(3, 0), (4, 1), (6, 1)])
def test_four_fives_means_at_least_four_on_the_whole_table(fives: int, loser: int) -> None:
    """ "four fives" means there are at least four fives on the whole table: counted over every
    cup; exactly four or more makes the bid true (the challenger loses), fewer makes it false."""
    cups = [
        [5] * min(fives, 2) + [2] * (5 - min(fives, 2)),
        [5] * (fives - min(fives, 2)) + [3] * (5 - fives + min(fives, 2)),
    ]
    state = with_cups(new_game(), cups)
    state, _ = bid(state, 4, 5)
    after, events = challenge(state)
    assert events[0]["count"] == fives and events[0]["loser"] == loser
    assert after["dice_count"][loser] == 4


def test_every_bid_has_to_be_higher() -> None:
    """ "Every bid has to be higher: more dice, or the same number on a higher face.\""""
    state, _ = bid(new_game(), 3, 4)
    assert is_legal(state, {"type": "bid", "quantity": 4, "face": 1})  # more dice, any face
    assert is_legal(state, {"type": "bid", "quantity": 3, "face": 5})  # same number, higher face
    assert is_legal(state, {"type": "bid", "quantity": 3, "face": 6})
    for quantity, face in ((3, 4), (3, 3), (2, 6), (1, 1)):
        assert not is_legal(state, {"type": "bid", "quantity": quantity, "face": face})
        with pytest.raises(IllegalMove) as refused:
            bid(state, quantity, face)
        assert refused.value.code == "illegal_move"
    # Never more dice than lie on the table.
    assert not is_legal(state, {"type": "bid", "quantity": 11, "face": 6})
    assert is_legal(state, {"type": "bid", "quantity": 10, "face": 6})


def test_call_it_then_every_cup_is_lifted_and_counted() -> None:
    """ "If you do not believe the last bid, call it – then everyone lifts their cup and it gets
    counted.\""""
    state = with_cups(new_game(3), [[6, 6, 1, 2, 3], [6, 4, 4, 4, 4], [1, 1, 1, 6, 2]])
    state, _ = bid(state, 3, 4)
    state, _ = bid(state, 5, 6)
    after, events = challenge(state)
    lifted = {"round": 1, "challenger": 2, "bidder": 1, "quantity": 5, "face": 6, "count": 4, "loser": 1}
    assert events[0] == {
        "code": "challenged",
        "seat": 2,
        "bidder": 1,
        "quantity": 5,
        "face": 6,
        "count": 4,
        "cups": [[6, 6, 1, 2, 3], [6, 4, 4, 4, 4], [1, 1, 1, 6, 2]],
        "loser": 1,
    }
    assert after["lifted"] == {**lifted, "cups": events[0]["cups"]}
    # Everyone sees the lifted cups, spectators too.
    assert ENGINE.view(after, None)["public"]["lifted"]["cups"] == events[0]["cups"]


def test_only_the_last_bid_can_be_called() -> None:
    """ "If you do not believe the last bid, call it": there is no challenge before a bid."""
    state = new_game()
    assert not is_legal(state, {"type": "challenge"})
    state, _ = bid(state, 1, 2)
    assert is_legal(state, {"type": "challenge"})


@pytest.mark.parametrize(("twos", "loser"), [(1, 0), (2, 1)])
def test_whoever_was_wrong_loses_a_die(twos: int, loser: int) -> None:
    """ "Whoever was wrong loses a die.": the bidder when the bid was too high, the challenger
    when it held."""
    state = with_cups(new_game(), [[2] * twos + [3] * (5 - twos), [4, 4, 4, 4, 4]])
    state, _ = bid(state, 2, 2)
    after, events = challenge(state)
    assert [e for e in events if e["code"] == "lost_die"] == [{"code": "lost_die", "seat": loser, "left": 4}]
    assert after["dice_count"] == [4 if seat == loser else 5 for seat in (0, 1)]
    assert [len(cup) for cup in after["cups"]] == after["dice_count"]


def test_lose_your_last_one_and_you_are_out() -> None:
    """ "Lose your last one and you are out.\""""
    state = with_cups(new_game(3), [[3], [4, 4], [5, 5]])
    state, _ = bid(state, 1, 6)  # false: no six on the table
    after, events = challenge(state)
    assert [e["code"] for e in events][:3] == ["challenged", "lost_die", "out"]
    assert after["out"] == [0] and after["dice_count"] == [0, 2, 2]
    assert after["cups"][0] == [] and after["turn"] == 1  # the next seat still in opens
    # Seat 0 is never to move again: bids pass it by.
    after, _ = bid(after, 1, 2)
    after, _ = bid(after, 1, 3)
    assert after["turn"] == 1


def test_the_last_player_with_dice_wins() -> None:
    """ "Lose your last one and you are out.": the game ends when one player has dice left;
    the others are placed in reverse order of going out."""
    state = with_cups(new_game(3), [[3], [4, 4], [5]])
    state, _ = bid(state, 1, 6)
    state, _ = challenge(state)  # seat 0 out
    state = with_cups(state, [[], [4, 4], [5]])
    assert state["turn"] == 1
    state, _ = bid(state, 1, 6)
    state, events = challenge(state)  # seat 1 bid falsely: loses one of two
    assert ENGINE.result(state) is None
    state = with_cups(state, [[], [4], [5]])
    assert state["turn"] == 1
    state, _ = bid(state, 2, 5)
    state, events = challenge(state)
    assert events[-1] == {"code": "game_over", "winner": 2}
    assert ENGINE.result(state) == {"placings": [3, 2, 1], "scores": [0.0, 1.0, 2.0]}
    assert ENGINE.to_move(state) == frozenset()
    with pytest.raises(IllegalMove) as refused:
        ENGINE.apply(state, 2, {"type": "challenge"}, 0)
    assert refused.value.code == "game_over"


def test_choice_ones_are_not_wild() -> None:
    """Our choice (the text is silent): ones are not wild; a bid counts only its own face."""
    state = with_cups(new_game(), [[1, 1, 1, 5, 2], [1, 1, 3, 3, 3]])
    state, _ = bid(state, 2, 5)
    _, events = challenge(state)
    assert events[0]["count"] == 1 and events[0]["loser"] == 0


def test_choice_the_loser_opens_the_next_round_and_everyone_rolls_again() -> None:
    """Our choice: after a challenge everyone still in rolls again and the loser opens."""
    state = with_cups(new_game(3), [[2, 2, 2, 2, 2], [3, 3, 3, 3, 3], [4, 4, 4, 4, 4]])
    state, _ = bid(state, 5, 2)
    state, _ = bid(state, 6, 3)
    after, events = challenge(state)  # only five threes: seat 1 loses
    assert after["turn"] == 1 and after["round"] == 2 and after["bid"] is None and after["bids"] == []
    started = [e for e in events if e["code"] == "round_started"]
    assert started == [{"code": "round_started", "round": 2, "starter": 1, "dice_count": [5, 4, 5]}]
    rolled = [e for e in events if e["code"] == "rolled"]
    assert [e["visible_to"] for e in rolled] == [[0], [1], [2]]
    assert [e["dice"] for e in rolled] == [faces(cup) for cup in after["cups"]]


def test_choice_the_highest_bid_can_only_be_challenged() -> None:
    """Our choice: every die on the table showing six is the top bid; after it only the
    challenge is left."""
    state, _ = bid(new_game(), 10, 6)
    assert ENGINE.legal_moves(state, 1) == [{"type": "challenge"}]


def test_only_the_seat_to_move_may_act() -> None:
    """Bids go round: a seat out of turn is refused."""
    state = new_game()
    with pytest.raises(IllegalMove) as refused:
        ENGINE.apply(state, 1, {"type": "bid", "quantity": 1, "face": 1}, 0)
    assert refused.value.code == "not_your_turn"
