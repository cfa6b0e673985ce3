"""Rummy: one test per rule sentence of house-rules-de-en-es.txt ("Rummy", English part) and per
decision of docs/catalogue.md and the rules page. Each docstring quotes the sentence."""

from __future__ import annotations

from typing import Any

import pytest
from svc_cards.core import card_census, full_decks, parse
from svc_cards.rummy import ENGINE
from svc_cards.rummy.rules import hand_penalty, hidden_from

from rulekit import IllegalMove, Refusal, State
from tests.games.card_core.arrange import arrange, codes, step

J1, J2 = "X.0a", "X.0b"


def table(seats: int = 2, turn: int = 0, options: dict[str, Any] | None = None, **cards: Any) -> State:
    state = ENGINE.setup(seats, options or {}, b"rummy-rules")
    return arrange(state, turn=turn, **cards)


def playing(hand: list[str], opened: bool = False, **fields: Any) -> State:
    """Seat 0 to move in the play phase (the card already taken) with `hand`."""
    state = table(hands={0: hand, 1: ["C2.1", "C3.1", "D9.1"]}, top="S4.1", phase="play")
    state["opened"][0] = opened
    state.update(fields)
    return state


def kinds(state: State, seat: int = 0) -> set[str]:
    return {move["type"] for move in ENGINE.legal_moves(state, seat)}


def meld(state: State, kind: str, cards: list[str]) -> tuple[State, list[dict]]:
    return step(ENGINE, state, {"type": "meld", "kind": kind, "cards": cards})


def test_two_to_six_players() -> None:
    """ "Lay down sets and runs, be the first with an empty hand. 2 to 6 players." """
    assert ENGINE.meta.allowed_seat_counts() == (2, 3, 4, 5, 6)


def test_two_decks_plus_jokers_thirteen_each() -> None:
    """docs/catalogue.md: "Two decks plus jokers." House decision: three jokers a deck (110 cards),
    thirteen cards each, one card turned up."""
    for seats in (2, 6):
        state = ENGINE.setup(seats, {}, b"rummy-deal")
        assert [len(hand) for hand in state["hands"]] == [13] * seats
        assert len(state["discard_pile"]) == 1 and sum(card_census(state).values()) == 110
        assert card_census(state) == full_decks(state)
        assert sum(parse(card)[1] == "X" for card in full_decks(state)) == 6


def test_a_turn_take_lay_down_discard() -> None:
    """ "A turn is always: take one card (stock or discard), lay down, discard one card." """
    state = table(hands={0: ["H5.0", "H6.0", "H7.0", "C9.0"]}, top="SK.0", draw=["D2.0"])
    assert ENGINE.legal_moves(state, 0) == [{"type": "draw"}, {"type": "take"}]
    after, events = step(ENGINE, state, {"type": "draw"})
    assert "D2.0" in after["hands"][0] and codes(events) == ["drawn", "drew"]
    taken, events = step(ENGINE, state, {"type": "take"})
    assert "SK.0" in taken["hands"][0] and codes(events) == ["took"]
    # The card just taken from the discard pile does not go straight back.
    assert {"type": "discard", "card": "SK.0"} not in ENGINE.legal_moves(taken, 0)
    after, _ = step(ENGINE, after, {"type": "discard", "card": "C9.0"})
    assert after["turn"] == 1 and after["phase"] == "draw" and after["discard_pile"][-1] == "C9.0"


def test_set_three_or_four_of_a_rank_in_different_suits() -> None:
    """ "Set: three or four of the same rank in different suits." """
    state = playing(["H9.0", "S9.0", "D9.0", "C9.0", "H9.1", "C2.0"], opened=True)
    sets = [m["cards"] for m in ENGINE.legal_moves(state, 0) if m["type"] == "meld" and m["kind"] == "set"]
    assert ["S9.0", "H9.0", "D9.0", "C9.0"] in sets and ["S9.0", "H9.0", "D9.0"] in sets
    assert all(3 <= len(cards) <= 4 and len({parse(c)[0] for c in cards}) == len(cards) for cards in sets)
    with pytest.raises(IllegalMove):
        meld(state, "set", ["H9.0", "H9.1", "S9.0"])


def test_run_three_or_more_consecutive_of_one_suit() -> None:
    """ "Run: three or more consecutive cards of the same suit." House decision: the ace is
    low (A-2-3) or high (Q-K-A), never K-A-2."""
    state = playing(["HA.0", "H2.0", "H3.0", "HQ.0", "HK.0", "S4.0"], opened=True)
    runs = [m["cards"] for m in ENGINE.legal_moves(state, 0) if m["type"] == "meld" and m["kind"] == "run"]
    assert ["HA.0", "H2.0", "H3.0"] in runs and ["HQ.0", "HK.0", "HA.0"] in runs
    for bad in (["HK.0", "HA.0", "H2.0"], ["H2.0", "H3.0", "S4.0"], ["H2.0", "H3.0"]):
        with pytest.raises(IllegalMove):
            meld(state, "run", bad)


def test_a_joker_never_the_majority() -> None:
    """ "A joker stands in for any card but must never make up the majority of a meld." """
    state = playing(["H5.0", "H7.0", J1, J2, "S5.0", "C3.0"], opened=True)
    legal = ENGINE.legal_moves(state, 0)
    assert {"type": "meld", "kind": "run", "cards": ["H5.0", J1, "H7.0"]} in legal
    assert {"type": "meld", "kind": "run", "cards": ["H5.0", J1, "H7.0", J2]} in legal
    assert {"type": "meld", "kind": "set", "cards": ["S5.0", "H5.0", J1]} in legal
    for move in legal:
        if move["type"] == "meld":
            jokers = sum(parse(c)[1] == "X" for c in move["cards"])
            assert jokers <= len(move["cards"]) - jokers
    with pytest.raises(IllegalMove):
        meld(state, "set", ["S5.0", J1, J2])


def test_opening_meld_has_to_reach_the_minimum() -> None:
    """ "Your opening meld has to reach the minimum." docs/catalogue.md: "Opening meld minimum (host
    setting, default 40 points)." The melds of the opening turn count together; below the
    minimum they can only be taken back."""
    assert ENGINE.setup(2, {}, b"x")["options"]["opening_minimum"] == 40
    state = playing(["H2.0", "H3.0", "H4.0", "SA.0", "HA.0", "DA.0", "C5.0"])
    low, events = meld(state, "run", ["H2.0", "H3.0", "H4.0"])
    assert events[0]["points"] == 9 and not low["opened"][0] and low["staged_points"] == 9
    assert kinds(low) == {"meld", "take_back"}  # no discard below the minimum
    back, events = step(ENGINE, low, {"type": "take_back"})
    assert sorted(back["hands"][0]) == sorted(state["hands"][0]) and back["melds"] == []
    assert kinds(back) == {"discard"}  # no melding again that turn
    opened, events = meld(low, "set", ["SA.0", "HA.0", "DA.0"])
    assert events[0]["points"] == 33 and events[1] == {"code": "opened", "seat": 0, "points": 42}
    assert "opened" in codes(events) and opened["opened"][0] and opened["staged"] == []
    assert "discard" in kinds(opened)
    # The host may set another minimum.
    strict = ENGINE.setup(2, {"opening_minimum": 60}, b"x")
    assert strict["options"]["opening_minimum"] == 60
    with pytest.raises(Refusal):
        ENGINE.setup(2, {"opening_minimum": 101}, b"x")


def test_only_afterwards_add_to_other_melds() -> None:
    """ "Only afterwards may you add to other melds." House decision: after opening, a joker on
    the table can be swapped for the card it stands for, and the joker goes to the hand."""
    melds = [{"kind": "run", "cards": ["D5.0", J1, "D7.0"], "owner": 1}]
    state = playing(["D8.0", "D6.0", "C4.0"], melds=melds)
    assert kinds(state) == {"discard"}
    state["opened"][0] = True
    legal = ENGINE.legal_moves(state, 0)
    assert {"type": "lay_off", "meld": 0, "card": "D8.0", "end": "high"} in legal
    assert {"type": "swap", "meld": 0, "joker": J1, "card": "D6.0"} in legal
    after, _ = step(ENGINE, state, {"type": "swap", "meld": 0, "joker": J1, "card": "D6.0"})
    assert after["melds"][0]["cards"] == ["D5.0", "D6.0", "D7.0"] and J1 in after["hands"][0]
    after, _ = step(ENGINE, after, {"type": "lay_off", "meld": 0, "card": "D8.0", "end": "high"})
    assert after["melds"][0]["cards"] == ["D5.0", "D6.0", "D7.0", "D8.0"]


def test_server_lists_the_possible_melds_below_the_hand() -> None:
    """ "Below your hand the server shows which melds would be possible right now." """
    state = table(hands={0: ["H9.0", "S9.0", "D9.0", "C2.0"], 1: ["S5.0", "S6.0", "S7.0"]}, top="SK.0")
    mine = ENGINE.view(state, 0)["private"]["possible_melds"]
    assert {"kind": "set", "cards": ["S9.0", "H9.0", "D9.0"], "points": 27} in mine
    # Every seat gets its own, also out of turn; a spectator none.
    theirs = ENGINE.view(state, 1)["private"]["possible_melds"]
    assert theirs == [{"kind": "run", "cards": ["S5.0", "S6.0", "S7.0"], "points": 18}]
    assert "private" not in ENGINE.view(state, None)


def test_first_with_an_empty_hand_wins() -> None:
    """ "...be the first with an empty hand." House decision: by a last discard or by melding
    the last cards (after opening); the cards left count against the others: joker 20,
    ace 11, court cards 10, others their number."""
    state = playing(["C4.0"], opened=True)
    state = arrange(state, hands={0: ["C4.0"], 1: ["HA.1", J2, "SK.1", "D3.1"]})
    after, events = step(ENGINE, state, {"type": "discard", "card": "C4.0"})
    assert "went_out" in codes(events) and ENGINE.to_move(after) == frozenset()
    assert hand_penalty(["HA.1", J2, "SK.1", "D3.1"]) == 44
    assert ENGINE.result(after) == {"placings": [1, 2], "scores": [0, 44]}
    out, events = meld(playing(["H5.0", "H6.0", "H7.0"], opened=True), "run", ["H5.0", "H6.0", "H7.0"])
    assert "went_out" in codes(events) and ENGINE.result(out)["placings"][0] == 1


def test_stock_reshuffled_twice_then_the_game_ends() -> None:
    """House decision: an empty stock is refilled from the discard pile less its top, twice;
    the third time the game ends and the points in hand decide."""
    state = playing(["C4.0", "C9.0"], opened=False)
    pile = state["draw_pile"]
    state["discard_pile"] = pile + state["discard_pile"]
    state["draw_pile"] = []
    after, events = step(ENGINE, state, {"type": "discard", "card": "C4.0"})
    assert "reshuffled" in codes(events) and after["reshuffles"] == 1 and after["draw_pile"]
    state["reshuffles"] = 2
    after, events = step(ENGINE, state, {"type": "discard", "card": "C4.0"})
    assert codes(events)[1] == "stock_out" and ENGINE.result(after) is not None
    assert ENGINE.result(after)["scores"] == [9, hand_penalty(after["hands"][1])]


def test_cards_seen_going_into_a_hand_are_not_secret() -> None:
    """House decision: a card taken from the discard pile, taken back or a swapped joker is
    seen by everyone; every other card in another hand and the stock stay hidden."""
    state = table(hands={0: ["H5.0", "H6.0", "C2.0"]}, top="H7.0")
    after, _ = step(ENGINE, state, {"type": "take"})
    assert "H7.0" not in hidden_from(after, 1) and "C2.0" in hidden_from(after, 1)
    assert after["known"][0] == ["H7.0"]
    view = ENGINE.view(after, 1)
    assert "C2.0" not in str(view) and "rng" not in str(view["public"])
