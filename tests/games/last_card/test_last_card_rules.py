"""Last Card: one test per rule sentence of house-rules-de-en-es.txt ("Last Card") and the
host variants docs/catalogue.md names."""

from __future__ import annotations

from typing import Any

import pytest
from svc_cards.core import card_census, full_decks, parse
from svc_cards.last_card import ENGINE
from svc_cards.last_card.rules import decks_for

from rulekit import IllegalMove, State
from tests.games.card_core.arrange import arrange, codes, step


def table(seats: int = 3, options: dict[str, Any] | None = None, turn: int = 0, **cards: Any) -> State:
    state = ENGINE.setup(seats, options or {}, b"last-card-rules")
    return arrange(state, turn=turn, **cards)


def test_start_cards_adjustable_default_seven_and_one_open_card() -> None:
    """ "Everyone gets starting cards (adjustable, default 7). One card is turned face up." """
    state = ENGINE.setup(4, {}, b"lc-start")
    assert [len(hand) for hand in state["hands"]] == [7, 7, 7, 7]
    assert len(state["discard_pile"]) == 1
    for count in (5, 10):
        state = ENGINE.setup(3, {"start_cards": count}, b"lc-start")
        assert [len(hand) for hand in state["hands"]] == [count] * 3
    for bad in (4, 11):
        with pytest.raises(Exception, match="bad_option"):
            ENGINE.setup(3, {"start_cards": bad}, b"lc-start")


def test_open_card_is_never_a_wild() -> None:
    """House decision: a wild turned up goes back; the open card always has a colour."""
    for index in range(200):
        state = ENGINE.setup(2, {}, b"lc-open-%d" % index)
        assert parse(state["discard_pile"][-1])[0] == state["colour"] is not None


def test_match_colour_or_value() -> None:
    """ "You may play anything matching the open card in colour or value/symbol." """
    state = table(hands={0: ["r5.0a", "g5.0a", "g7.0a", "b+2.0a", "yS.0a"]}, top="r7.0a", colour="r")
    cards = {move["card"] for move in ENGINE.legal_moves(state, 0)}
    assert cards == {"r5.0a", "g7.0a"}
    state = table(hands={0: ["r5.0a", "g+2.0a", "yS.0a"]}, top="b+2.0a", colour="b")
    assert {move["card"] for move in ENGINE.legal_moves(state, 0)} == {"g+2.0a"}


def test_wild_always_playable_and_names_the_colour() -> None:
    """ "Wild cards (★) are always playable – you name the new colour." """
    state = table(hands={0: ["W.0a", "g1.0a"]}, top="r7.0a", colour="r")
    legal = ENGINE.legal_moves(state, 0)
    assert legal == [{"type": "play", "card": "W.0a", "colour": colour} for colour in "rygb"]
    state, events = step(ENGINE, state, {"type": "play", "card": "W.0a", "colour": "g"})
    assert state["colour"] == "g" and events[0] == {"code": "played", "seat": 0, "card": "W.0a", "colour": "g"}
    with pytest.raises(IllegalMove):
        ENGINE.apply(table(hands={0: ["W.0a", "g1.0a"]}, top="r7.0a"), 0, {"type": "play", "card": "W.0a"}, 0)


def test_cannot_play_draw_one_and_play_it_if_it_fits() -> None:
    """ "If you cannot play, you draw one card. If it fits, you may play it right away." """
    state = table(hands={0: ["g1.0a", "b2.0a"]}, top="r7.0a", colour="r", draw=["r3.0a"])
    assert ENGINE.legal_moves(state, 0) == [{"type": "draw"}]
    state, events = step(ENGINE, state, {"type": "draw"})
    assert codes(events) == ["drawn", "drew"] and events[0]["visible_to"] == [0]
    assert state["turn"] == 0
    assert ENGINE.legal_moves(state, 0) == [{"type": "play", "card": "r3.0a"}, {"type": "pass"}]
    played, _ = step(ENGINE, state, {"type": "play", "card": "r3.0a"})
    assert played["discard_pile"][-1] == "r3.0a" and played["turn"] == 1
    passed, _ = step(ENGINE, state, {"type": "pass"})
    assert passed["turn"] == 1 and "r3.0a" in passed["hands"][0]


def test_drawn_card_that_does_not_fit_ends_the_turn() -> None:
    state = table(hands={0: ["g1.0a"]}, top="r7.0a", colour="r", draw=["b3.0a"])
    state, _ = step(ENGINE, state, {"type": "draw"})
    assert state["turn"] == 1 and state["hands"][0] == ["g1.0a", "b3.0a"]


def test_only_the_drawn_card_may_be_played() -> None:
    state = table(hands={0: ["g1.0a"]}, top="r7.0a", colour="r", draw=["g7.0a"])
    state, _ = step(ENGINE, state, {"type": "draw"})
    # g1 would fit on g7's colour only after it is played; before, only the drawn g7 fits.
    assert ENGINE.legal_moves(state, 0) == [{"type": "play", "card": "g7.0a"}, {"type": "pass"}]


def test_running_out_finishes_you_and_the_others_play_on() -> None:
    """ "Running out of cards finishes you; the others keep playing for the remaining places." """
    state = table(seats=3, hands={0: ["r5.0a"], 1: ["b1.0a", "r9.0a"], 2: ["g1.0a", "y1.0a"]}, top="r7.0a", colour="r")
    state, events = step(ENGINE, state, {"type": "play", "card": "r5.0a"})
    assert codes(events) == ["played", "finished"] and events[1]["place"] == 1
    assert ENGINE.result(state) is None and state["turn"] == 1
    state, _ = step(ENGINE, state, {"type": "play", "card": "r9.0a"})
    assert state["turn"] == 2  # seat 0 is skipped over: it has finished
    state = arrange(state, hands={1: ["g2.0a"], 2: ["g1.0a", "b1.0a"]}, top="g9.0a", colour="g", turn=1)
    state, events = step(ENGINE, state, {"type": "play", "card": "g2.0a"})
    assert codes(events)[-3:] == ["finished", "finished", "game_over"]
    assert ENGINE.result(state)["placings"] == [1, 2, 3]


def test_last_card_is_called_automatically() -> None:
    """ "“Last card” is called automatically as soon as someone has one card left. No button, no
    penalty cards." """
    state = table(hands={0: ["r5.0a", "g2.0a"]}, top="r7.0a", colour="r")
    assert all(move["type"] in ("play", "draw") for move in ENGINE.legal_moves(state, 0))
    state, events = step(ENGINE, state, {"type": "play", "card": "r5.0a"})
    assert {"code": "last_card", "seat": 0} in events
    assert ENGINE.view(state, 2)["public"]["last_card"] == [0]
    assert len(state["hands"][0]) == 1  # nothing added


def test_draw_pile_reshuffles_the_discards_first() -> None:
    """ "The draw pile never runs out: the discard pile is reshuffled first, then a fresh deck is
    added if needed." (first half)"""
    state = table(seats=2, hands={0: ["g1.0a"], 1: ["b1.0a"]}, top="r7.0a", colour="r")
    rest = state["draw_pile"]
    state["hands"][1] += rest[:-5]
    state["discard_pile"] = rest[-5:] + state["discard_pile"]
    state["draw_pile"] = []
    state, events = step(ENGINE, state, {"type": "draw"})
    assert codes(events)[0] == "reshuffled" and state["discard_pile"] == ["r7.0a"]
    assert len(state["draw_pile"]) == 4 and state["decks"] == 1
    assert card_census(state) == full_decks(state)


def test_draw_pile_adds_a_fresh_deck_when_the_discards_are_used_up() -> None:
    """(second half) "... then a fresh deck is added if needed." """
    state = table(seats=2, hands={0: ["g1.0a"], 1: ["b1.0a"]}, top="r7.0a", colour="r")
    state["hands"][1] += state["draw_pile"]
    state["draw_pile"] = []
    state, events = step(ENGINE, state, {"type": "draw"})
    assert codes(events)[0] == "deck_added" and state["decks"] == 2
    assert state["hands"][0][-1].split(".")[1].startswith("1")  # a card of the new deck 1
    assert card_census(state) == full_decks(state)


@pytest.mark.parametrize(("seats", "decks"), [(2, 1), (7, 1), (8, 2), (12, 2), (13, 3), (16, 3)])
def test_decks_by_seat_count(seats: int, decks: int) -> None:
    """ "From 8 players two decks are shuffled together, from 13 players three." """
    assert decks_for(seats) == decks
    state = ENGINE.setup(seats, {}, b"lc-decks")
    assert state["decks"] == decks and card_census(state) == full_decks(state)


def test_skip() -> None:
    """ "Skip ⊘ The next player is skipped." """
    state = table(seats=4, hands={0: ["rS.0a", "g1.0a"]}, top="r7.0a", colour="r")
    state, events = step(ENGINE, state, {"type": "play", "card": "rS.0a"})
    assert {"code": "skipped", "seat": 1} in events and state["turn"] == 2


def test_skip_with_two_players_you_go_again() -> None:
    """ "With only two players left you go again immediately." """
    state = table(seats=2, hands={0: ["rS.0a", "g1.0a"]}, top="r7.0a", colour="r")
    state, _ = step(ENGINE, state, {"type": "play", "card": "rS.0a"})
    assert state["turn"] == 0


def test_reverse() -> None:
    """ "Reverse ⇄ Turns the direction around." """
    state = table(seats=4, hands={0: ["rR.0a", "g1.0a"]}, top="r7.0a", colour="r")
    state, _ = step(ENGINE, state, {"type": "play", "card": "rR.0a"})
    assert state["direction"] == -1 and state["turn"] == 3


def test_reverse_with_two_players_works_like_skip() -> None:
    """ "With two players left it works like a skip – you go again." """
    state = table(seats=2, hands={0: ["rR.0a", "g1.0a"]}, top="r7.0a", colour="r")
    state, _ = step(ENGINE, state, {"type": "play", "card": "rR.0a"})
    assert state["turn"] == 0


def test_draw_two_next_draws_two_and_misses_a_turn() -> None:
    """ "Draw Two +2 The next player draws two and misses a turn – unless stacking is allowed." """
    state = table(seats=3, hands={0: ["r+2.0a", "g1.0a"], 1: ["b1.0a"]}, top="r7.0a", colour="r")
    state, events = step(ENGINE, state, {"type": "play", "card": "r+2.0a"})
    assert len(state["hands"][1]) == 3 and state["turn"] == 2
    assert {"code": "drew", "seat": 1, "count": 2} in events and {"code": "skipped", "seat": 1} in events
    drawn = next(e for e in events if e["code"] == "drawn")
    assert drawn["visible_to"] == [1] and len(drawn["cards"]) == 2


def test_wild_draw_four() -> None:
    """ "Wild Draw Four +4 New colour plus four cards for the next player." """
    state = table(seats=3, hands={0: ["W+4.0a", "g1.0a"], 1: ["b1.0a"]}, top="r7.0a", colour="r")
    state, _ = step(ENGINE, state, {"type": "play", "card": "W+4.0a", "colour": "y"})
    assert state["colour"] == "y" and len(state["hands"][1]) == 5 and state["turn"] == 2


def test_two_left_counts_remaining_players_not_seats() -> None:
    """ "Important: when only two players remain because others already finished, the remaining
    players count – not the original seats." """
    state = table(seats=4, hands={0: ["rS.0a", "g1.0a"]}, top="r7.0a", colour="r", finished=[1, 3])
    after_skip, _ = step(ENGINE, state, {"type": "play", "card": "rS.0a"})
    assert after_skip["turn"] == 0
    state = table(seats=4, hands={0: ["rR.0a", "g1.0a"]}, top="r7.0a", colour="r", finished=[1, 3])
    after_reverse, _ = step(ENGINE, state, {"type": "play", "card": "rR.0a"})
    assert after_reverse["turn"] == 0
    state = table(seats=4, hands={0: ["r+2.0a", "g1.0a"]}, top="r7.0a", colour="r", finished=[1, 3])
    after_two, _ = step(ENGINE, state, {"type": "play", "card": "r+2.0a"})
    assert after_two["turn"] == 0 and len(after_two["hands"][2]) == len(state["hands"][2]) + 2


def test_stacking_plus_two_and_plus_four_makes_the_next_draw_six() -> None:
    """Variant "stacking +2/+4": a stack of +2 and +4 makes the next player draw six."""
    options = {"stacking": True}
    state = table(
        seats=3,
        options=options,
        hands={0: ["r+2.0a", "g1.0a"], 1: ["W+4.0a", "b1.0a"], 2: ["y1.0a"]},
        top="r7.0a",
        colour="r",
    )
    state, _ = step(ENGINE, state, {"type": "play", "card": "r+2.0a"})
    assert state["pending"] == 2 and state["turn"] == 1
    assert ENGINE.legal_moves(state, 1) == [
        *({"type": "play", "card": "W+4.0a", "colour": c} for c in "rygb"),
        {"type": "draw"},
    ]
    state, _ = step(ENGINE, state, {"type": "play", "card": "W+4.0a", "colour": "b"})
    assert state["pending"] == 6 and state["turn"] == 2
    assert ENGINE.legal_moves(state, 2) == [{"type": "draw"}]
    state, events = step(ENGINE, state, {"type": "draw"})
    assert len(state["hands"][2]) == 7 and {"code": "drew", "seat": 2, "count": 6} in events
    assert state["turn"] == 0 and state["pending"] == 0


def test_stacking_plus_two_on_plus_four_only_in_the_named_colour() -> None:
    options = {"stacking": True}
    state = table(
        seats=3, options=options, hands={1: ["b+2.0a", "g+2.0a", "r1.0a"]}, top="W+4.0a", colour="b", pending=4, turn=1
    )
    assert ENGINE.legal_moves(state, 1) == [{"type": "play", "card": "b+2.0a"}, {"type": "draw"}]


def test_without_stacking_a_plus_two_cannot_be_answered() -> None:
    state = table(seats=3, hands={0: ["r+2.0a", "g1.0a"], 1: ["b+2.0a"]}, top="r7.0a", colour="r")
    state, _ = step(ENGINE, state, {"type": "play", "card": "r+2.0a"})
    assert state["turn"] == 2 and state["pending"] == 0 and len(state["hands"][1]) == 3


def test_draw_until_playable() -> None:
    """Variant "draw until playable": drawing goes on until a card fits."""
    options = {"draw_until_playable": True}
    state = table(options=options, hands={0: ["g1.0a"]}, top="r7.0a", colour="r", draw=["b2.0a", "y3.0a", "r4.0a"])
    state, events = step(ENGINE, state, {"type": "draw"})
    assert state["hands"][0] == ["g1.0a", "b2.0a", "y3.0a", "r4.0a"]
    assert [e for e in events if e["code"] == "drew"] == [{"code": "drew", "seat": 0, "count": 3}]
    assert ENGINE.legal_moves(state, 0) == [{"type": "play", "card": "r4.0a"}, {"type": "pass"}]


def test_play_drawn_card_switched_off_ends_the_turn() -> None:
    """Variant "play the drawn card at once" off: drawing ends the turn."""
    state = table(options={"play_drawn": False}, hands={0: ["g1.0a"]}, top="r7.0a", colour="r", draw=["r3.0a"])
    state, _ = step(ENGINE, state, {"type": "draw"})
    assert state["turn"] == 1 and "r3.0a" in state["hands"][0]


def test_views_hide_other_hands_and_show_counts() -> None:
    state = table(seats=3, hands={0: ["r5.0a", "g2.0a"], 1: ["b1.0a"]}, top="r7.0a", colour="r")
    view = ENGINE.view(state, 1)
    assert view["private"]["hand"] == ["b1.0a"]
    assert "r5.0a" not in str(view) and view["public"]["hand_counts"][0] == 2
    assert view["public"]["colour"] == "r" and view["public"]["discard_top"] == "r7.0a"
