"""Number Rows (Zahlenreihe): one test per rule sentence of house-rules-de-en-es.txt ("Number
Rows"; the German page's extra sentence too) and per decision of docs/catalogue.md."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from svc_cards.core import COLOURS, card_census, cards_conserved, face_of, full_decks
from svc_cards.number_rows import ENGINE
from svc_cards.number_rows.rules import RED_ELEVEN, cards_each

from rulekit import IllegalMove, Refusal, State
from tests.games.card_core.arrange import arrange, codes, step
from tests.games.card_core.cpu_views import random_positions

CLOSED = {colour: None for colour in COLOURS}


def table(seats: int = 3, turn: int = 0, rows: dict[str, Any] | None = None, **cards: Any) -> State:
    state = ENGINE.setup(seats, {}, b"number-rows-rules")
    return arrange(state, turn=turn, rows={**CLOSED, **(rows or {})}, **cards)


def lays(state: State, seat: int = 0) -> set[str]:
    return {move["card"] for move in ENGINE.legal_moves(state, seat) if move["type"] == "lay"}


def test_eighty_cards_four_colours_one_to_twenty() -> None:
    """ "80 cards: four colours with the numbers 1 to 20." ("80 Karten: vier Farben mit den
    Zahlen 1 bis 20.")"""
    state = ENGINE.setup(2, {}, b"nr-deck")
    census = card_census(state)
    assert sum(census.values()) == 80 and census == full_decks(state)
    assert Counter(face_of(card)[0] for card in census) == {colour: 20 for colour in COLOURS}
    assert {face_of(card) for card in census} == {f"{c}{n}" for c in COLOURS for n in range(1, 21)}


def test_start_cards_adjustable_default_ten() -> None:
    """ "Everyone gets starting cards (adjustable, default 10)." ("Jeder bekommt Startkarten
    (einstellbar, Vorgabe 10).") House decision: 5 to 15."""
    state = ENGINE.setup(3, {}, b"nr-start")
    assert [len(hand) for hand in state["hands"]] == [10, 10, 10] and len(state["draw_pile"]) == 50
    for count in (5, 15):
        state = ENGINE.setup(4, {"start_cards": count}, b"nr-start")
        assert [len(hand) for hand in state["hands"]] == [count] * 4
    for bad in (4, 16):
        with pytest.raises(Refusal, match="bad_option"):
            ENGINE.setup(3, {"start_cards": bad}, b"nr-start")


def test_too_few_cards_everyone_gets_the_same_smaller_number() -> None:
    """House decision: when the deck cannot give everyone the start cards, everyone gets
    80 // players; eight players at 10 take the whole deck."""
    assert cards_each(15, 6) == 13 and cards_each(10, 8) == 10 and cards_each(15, 2) == 15
    state = ENGINE.setup(6, {"start_cards": 15}, b"nr-few")
    assert [len(hand) for hand in state["hands"]] == [13] * 6 and len(state["draw_pile"]) == 2
    state = ENGINE.setup(8, {}, b"nr-few")
    assert state["draw_pile"] == [] and card_census(state) == full_decks(state)


def test_a_colour_is_opened_only_by_its_eleven() -> None:
    """ "A colour is opened only by its 11 – nothing else works there before that." ("Eine Farbe
    wird nur durch ihre 11 eröffnet – vorher geht dort gar nichts.")"""
    state = table(hands={0: ["y11.0", "y10.0", "y12.0", "b1.0", "b20.0"]})
    assert lays(state) == {"y11.0"}
    state, events = step(ENGINE, state, {"type": "lay", "card": "y11.0"})
    assert state["rows"]["y"] == [11, 11] and events[0] == {"code": "laid", "seat": 0, "card": "y11.0"}


def test_rows_grow_without_gaps_down_and_up() -> None:
    """ "The row then grows without gaps downwards (10, 9, 8 …) and upwards (12, 13, 14 …)."
    ("Danach wächst die Reihe lückenlos nach unten (10, 9, 8 …) und nach oben (12, 13, 14 …).")"""
    state = table(hands={0: ["g10.0", "g12.0", "g9.0", "g13.0", "g14.0", "g8.0"]}, rows={"g": [11, 11]})
    assert lays(state) == {"g10.0", "g12.0"}
    state = arrange(state, rows={**CLOSED, "g": [9, 12]}, hands={0: ["g8.0", "g13.0", "g14.0", "g7.0"]})
    assert lays(state) == {"g8.0", "g13.0"}
    state, _ = step(ENGINE, state, {"type": "lay", "card": "g8.0"})
    assert state["rows"]["g"] == [8, 12]


def test_rows_end_at_one_and_twenty() -> None:
    """A row is complete from 1 to 20: nothing lies below 1 or above 20."""
    state = table(hands={0: ["b2.0", "r5.0"]}, rows={"b": [1, 20]})
    assert ENGINE.legal_moves(state, 0) == [{"type": "draw"}]


def test_whoever_holds_the_red_eleven_starts() -> None:
    """ "Whoever holds the red 11 starts." ("Wer die rote 11 hat, beginnt.") House decision:
    with the red 11 still in the draw pile a random seat starts."""
    holders = 0
    for index in range(60):
        state = ENGINE.setup(3, {}, b"nr-red-%d" % index)
        holder = next((seat for seat, hand in enumerate(state["hands"]) if RED_ELEVEN in hand), None)
        if holder is not None:
            holders += 1
            assert state["turn"] == holder
    assert holders > 20
    starts = {ENGINE.setup(2, {"start_cards": 5}, b"nr-pile-%d" % index)["turn"] for index in range(40)}
    assert starts == {0, 1}


def test_if_you_can_lay_you_must_and_may_not_draw() -> None:
    """ "If you can lay a card you must. Drawing is not allowed then." ("Kannst du anlegen, musst
    du auch. Ziehen ist dann nicht erlaubt.")"""
    state = table(hands={0: ["r11.0", "y5.0"]})
    assert ENGINE.legal_moves(state, 0) == [{"type": "lay", "card": "r11.0"}]
    for move in ({"type": "draw"}, {"type": "pass"}):
        with pytest.raises(IllegalMove):
            ENGINE.apply(state, 0, move, 0)


def test_one_card_per_turn() -> None:
    """House decision: a turn lays one card; the next player follows."""
    state = table(hands={0: ["r11.0", "r12.0", "y5.0"]})
    state, _ = step(ENGINE, state, {"type": "lay", "card": "r11.0"})
    assert state["turn"] == 1 and state["hands"][0] == ["r12.0", "y5.0"]


def test_nothing_fits_draw_one_and_lay_it_if_it_fits() -> None:
    """ "If nothing fits, you draw one card. If that does not fit either, your turn ends." ("Passt
    keine Karte, ziehst du eine vom Stapel. Passt auch die nicht, ist dein Zug vorbei.") A drawn
    card that fits must be laid: it is the only legal move."""
    state = table(hands={0: ["y5.0"]}, draw=["r11.0"])
    assert ENGINE.legal_moves(state, 0) == [{"type": "draw"}]
    state, events = step(ENGINE, state, {"type": "draw"})
    assert codes(events) == ["drawn", "drew"] and state["turn"] == 0
    assert ENGINE.legal_moves(state, 0) == [{"type": "lay", "card": "r11.0"}]
    state, _ = step(ENGINE, state, {"type": "lay", "card": "r11.0"})
    assert state["turn"] == 1 and state["rows"]["r"] == [11, 11]
    state = table(hands={0: ["y5.0"]}, draw=["b3.0"])
    state, _ = step(ENGINE, state, {"type": "draw"})
    assert state["turn"] == 1 and state["hands"][0] == ["y5.0", "b3.0"]


def test_empty_pile_only_pass() -> None:
    """ "Ist der Stapel leer, wird nur noch weitergegeben." (German page only: if the pile is
    empty, the turn is just passed on.)"""
    state = table(seats=2, hands={0: ["y5.0"], 1: ["r11.0"]})
    state["discard_pile"] += state["draw_pile"]
    state["draw_pile"] = []
    assert ENGINE.legal_moves(state, 0) == [{"type": "pass"}]
    state, events = step(ENGINE, state, {"type": "pass"})
    assert codes(events) == ["passed"] and state["turn"] == 1


def test_first_out_wins_and_the_others_play_on() -> None:
    """ "First to get rid of all cards wins; the others play on for the remaining places." ("Wer
    zuerst alle Karten losgeworden ist, gewinnt. Die anderen spielen um die weiteren Plätze
    weiter.")"""
    state = table(hands={0: ["r11.0"], 1: ["r12.0", "y3.0"], 2: ["r10.0", "b4.0"]})
    state, events = step(ENGINE, state, {"type": "lay", "card": "r11.0"})
    assert {"code": "finished", "seat": 0, "place": 1} in events and ENGINE.result(state) is None
    state, _ = step(ENGINE, state, {"type": "lay", "card": "r12.0"})
    assert state["turn"] == 2
    state, _ = step(ENGINE, state, {"type": "lay", "card": "r10.0"})
    assert state["turn"] == 1 and ENGINE.legal_moves(state, 1) == [{"type": "draw"}]


def test_views_hide_other_hands_and_show_the_rows() -> None:
    state = table(hands={0: ["r11.0", "y5.0"], 1: ["g3.0"]}, rows={"b": [9, 13]})
    view = ENGINE.view(state, 1)
    assert view["private"]["hand"] == ["g3.0"] and "y5.0" not in str(view)
    assert view["public"]["rows"] == {**CLOSED, "b": [9, 13]} and view["public"]["hand_counts"][0] == 2


def test_determinize_agrees_with_the_view() -> None:
    """A CPU's sample of the hidden cards conserves the deck and shows the seat exactly its view."""
    for state, seat, _, index in random_positions(ENGINE, b"determinize", 3, 60):
        view = ENGINE.view(state, seat)
        sample = ENGINE.determinize(view, seat, b"sample-%d" % index)
        assert cards_conserved(sample) and ENGINE.view(sample, seat) == view
        laid = {f"{c}{n}.0" for c, row in state["rows"].items() if row for n in range(row[0], row[1] + 1)}
        assert set(sample["discard_pile"]) == laid
