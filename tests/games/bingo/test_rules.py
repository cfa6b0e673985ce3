"""Bingo rule tests: one per sentence of the house rules (English part), then the choices
made where the text is silent (rules page, "Our choices").

Balls are random, so a test that needs a particular draw sets `drawn` (and the calls open)
on the state after a real setup, the only practical way."""

from __future__ import annotations

import pytest
from svc_dice.bingo import ENGINE
from svc_dice.bingo.rules import BALLS, CENTRE, FREE, LINES, META

from rulekit import IllegalMove, Refusal, State


def new_game(seats: int = 2, pattern: str = "line", seed: bytes = b"bingo-rules") -> State:
    return ENGINE.setup(seats, {"pattern": pattern}, seed)


def with_drawn(state: State, balls: list[int]) -> State:
    """The state with `balls` drawn and every seat's call open, as after a draw."""
    state = dict(state)
    state["drawn"] = list(balls)
    state["may_call"] = [True] * state["seats"]
    return state


def call(state: State, seat: int) -> tuple[State, list[dict]]:
    return ENGINE.apply(state, seat, {"type": "bingo"}, 0)


def draw(state: State) -> tuple[State, list[dict]]:
    return ENGINE.apply(state, state["drawer"], {"type": "draw"}, 0)


def test_for_2_to_16_players() -> None:
    """ "For 2 to 16 players.\""""
    assert META.allowed_seat_counts() == tuple(range(2, 17))
    for seats in (1, 17):
        with pytest.raises(Refusal):
            new_game(seats)


def test_players_take_turns_drawing_a_ball() -> None:
    """ "Players take turns drawing a ball.\""""
    state = new_game(3)
    assert ENGINE.to_move(state) == frozenset({0})  # nothing to call before the first ball
    seen = []
    for expected in (0, 1, 2, 0):
        assert state["drawer"] == expected
        state, events = draw(state)
        (drawn,) = events
        assert drawn["code"] == "drawn" and drawn["seat"] == expected and drawn["count"] == len(state["drawn"])
        seen.append(drawn["ball"])
    assert seen == state["drawn"] and len(set(seen)) == 4 and all(1 <= b <= BALLS for b in seen)
    # Only the drawer draws.
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, 2, {"type": "draw"}, 0)


def test_seventy_five_balls_each_drawn_once() -> None:
    """75 balls (the game's description): the drum empties after 75 draws, each ball once."""
    state = new_game()
    for _ in range(BALLS):
        state, _ = draw(state)
    assert sorted(state["drawn"]) == list(range(1, BALLS + 1))
    assert {"type": "draw"} not in ENGINE.legal_moves(state, state["drawer"])


def test_everyone_looks_for_the_number_on_their_card() -> None:
    """ "Everyone looks for the number on their card.": every card is a standard 5×5 card and
    everyone sees the drawn balls; after a ball everyone may call."""
    state = new_game(4)
    for card in state["cards"]:
        assert len(card) == 25 and card[CENTRE] == FREE
        for col in range(5):
            numbers = [card[row * 5 + col] for row in range(5) if row * 5 + col != CENTRE]
            assert all(col * 15 + 1 <= n <= col * 15 + 15 for n in numbers) and len(set(numbers)) == len(numbers)
    state, _ = draw(state)
    assert ENGINE.to_move(state) == frozenset(range(4))
    for seat in (0, 2, 3):
        assert ENGINE.legal_moves(state, seat) == [{"type": "bingo"}, {"type": "pass"}]
    assert ENGINE.legal_moves(state, 1) == [{"type": "draw"}, {"type": "bingo"}]
    assert ENGINE.view(state, None)["public"]["drawn"] == state["drawn"]


def test_the_centre_is_free_and_always_counts() -> None:
    """ "The centre is free and always counts.": the middle row needs only its four numbers."""
    state = new_game()
    card = state["cards"][0]
    middle = [card[10], card[11], card[13], card[14]]
    after, events = call(with_drawn(state, middle), 0)
    assert events[0] == {"code": "bingo", "seat": 0, "cells": [10, 11, 12, 13, 14]}


def test_once_your_pattern_is_complete_press_bingo() -> None:
    """ "Once your pattern is complete, press Bingo.": the first complete call wins."""
    state = new_game(3)
    card = state["cards"][2]
    column = [card[row * 5 + 4] for row in range(5)]
    after, events = call(with_drawn(state, column), 2)
    assert [e["code"] for e in events] == ["bingo", "game_over"]
    assert after["winner"] == 2 and after["cells"] == [4, 9, 14, 19, 24]
    assert ENGINE.result(after) == {"placings": [2, 2, 1], "scores": [0.0, 0.0, 1.0]}
    assert ENGINE.to_move(after) == frozenset()


def test_the_server_decides_from_the_drawn_numbers() -> None:
    """ "The server decides from the drawn numbers, so a mis-click while marking costs you
    nothing.": marks are not moves; a call the drawn balls do not complete is refused."""
    state = new_game()
    card = state["cards"][0]
    four_of_a_row = [card[0], card[1], card[2], card[3]]
    after, events = call(with_drawn(state, four_of_a_row), 0)
    assert events == [{"code": "bingo_refused", "seat": 0}]
    assert after["winner"] is None and after["last_call"] == {"seat": 0, "valid": False}
    # Nothing else changed: the card, the balls, the other seat's call.
    assert after["cards"] == state["cards"] and after["drawn"] == four_of_a_row and after["may_call"] == [False, True]
    assert all(move["type"] in ("draw", "bingo", "pass") for move in ENGINE.legal_moves(state, 0))


@pytest.mark.parametrize("line", range(len(LINES)))
def test_choice_a_line_is_a_row_a_column_or_a_diagonal(line: int) -> None:
    """Our choice: the pattern "line" (the default) is any row, column or diagonal."""
    state = new_game()
    card = state["cards"][1]
    balls = [card[cell] for cell in LINES[line] if card[cell] != FREE]
    _, events = call(with_drawn(state, balls), 1)
    assert events[0]["code"] == "bingo" and events[0]["cells"] == list(LINES[line])


def test_choice_full_card_needs_every_number() -> None:
    """Our choice: with the host setting "full card" a line is not enough; all 24 are."""
    assert ENGINE.meta.options[0].key == "pattern" and ENGINE.meta.options[0].default == "line"
    state = new_game(pattern="full_card")
    card = state["cards"][0]
    row = [card[cell] for cell in LINES[0]]
    _, events = call(with_drawn(state, row), 0)
    assert events == [{"code": "bingo_refused", "seat": 0}]
    everything = [n for n in card if n != FREE]
    _, events = call(with_drawn(state, everything), 0)
    assert events[0]["code"] == "bingo" and events[0]["cells"] == list(range(25))


def test_choice_a_refused_call_waits_for_the_next_ball() -> None:
    """Our choice: after a refused call (or a pass) the seat's call is open again only after
    the next ball; the drawer may draw at any time."""
    state = draw(new_game(3))[0]
    state, _ = call(state, 0)
    assert ENGINE.legal_moves(state, 0) == []
    state, _ = ENGINE.apply(state, 2, {"type": "pass"}, 0)
    assert ENGINE.to_move(state) == frozenset({1})
    state, _ = draw(state)
    assert ENGINE.legal_moves(state, 0) == [{"type": "bingo"}, {"type": "pass"}]
    with pytest.raises(IllegalMove) as refused:
        ENGINE.apply(state, 0, {"type": "draw"}, 0)
    assert refused.value.code == "illegal_move"
    assert state["drawer"] == 2 and {"type": "draw"} in ENGINE.legal_moves(state, 2)


def test_choice_the_cards_are_dealt_from_the_generator() -> None:
    """Our choice: the deal comes from the game's generator: the same seed, the same cards."""
    assert new_game(seed=b"a")["cards"] == new_game(seed=b"a")["cards"]
    assert new_game(seed=b"a")["cards"] != new_game(seed=b"b")["cards"]
