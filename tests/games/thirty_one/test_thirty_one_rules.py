"""Thirty-One (Schwimmen): one test per rule sentence of house-rules-de-en-es.txt ("Thirty-One";
the German and Spanish pages say the same) and per decision of docs/catalogue.md."""

from __future__ import annotations

from typing import Any

import pytest
from svc_cards.core import card_census, cards_conserved, face_of, full_decks
from svc_cards.thirty_one import ENGINE
from svc_cards.thirty_one.rules import hidden_from, points_half

from rulekit import IllegalMove, State
from tests.games.card_core.arrange import codes, step
from tests.games.card_core.cpu_views import random_positions


def table(
    seats: int = 3,
    turn: int = 0,
    hands: dict[int, list[str]] | None = None,
    middle: list[str] | None = None,
    **fields: Any,
) -> State:
    """A first-deal position: the named cards in the named hands and the middle, every other
    card in the draw pile; displaced cards go to the draw pile too."""
    state = ENGINE.setup(seats, {}, b"thirty-one-rules")
    named = [card for cards in (hands or {}).values() for card in cards] + list(middle or [])
    pool = [card for card in card_census(state) if card not in named]
    for seat in range(seats):
        own = (hands or {}).get(seat)
        state["hands"][seat] = list(own) if own is not None else [pool.pop() for _ in range(3)]
    state["middle"] = list(middle) if middle is not None else [pool.pop() for _ in range(3)]
    state["draw_pile"], state["discard_pile"] = pool, []
    state.update(turn=turn, starter=turn, known=[[] for _ in range(seats)], **fields)
    assert card_census(state) == full_decks(state)
    return state


def test_three_cards_three_lives_two_to_nine_players() -> None:
    """ "Three cards, 31 points, three lives. For 2 to 9 players." ("Drei Karten, 31 Punkte, drei
    Leben. Für 2 bis 9 Spieler.") House decision: the 32-card deck, 7 to ace."""
    assert ENGINE.meta.allowed_seat_counts() == tuple(range(2, 10))
    state = ENGINE.setup(9, {}, b"t31-nine")
    assert state["lives"] == [3] * 9 and sum(card_census(state).values()) == 32
    assert {face_of(card)[1:] for card in card_census(state)} == {"7", "8", "9", "10", "J", "Q", "K", "A"}


def test_three_in_hand_three_face_up() -> None:
    """ "You hold three cards, three lie face up on the table." ("Du hast drei Karten, drei liegen
    offen auf dem Tisch.")"""
    state = ENGINE.setup(4, {}, b"t31-deal")
    assert [len(hand) for hand in state["hands"]] == [3] * 4 and len(state["middle"]) == 3
    assert ENGINE.view(state, None)["public"]["middle"] == state["middle"]
    assert cards_conserved(state)


def test_swap_one_all_three_or_push() -> None:
    """ "You swap one card, all three at once – or you push." ("Du tauschst eine Karte, alle drei
    auf einmal – oder du schiebst.")"""
    state = table(hands={0: ["S7.0", "H8.0", "D9.0"]}, middle=["C7.0", "CQ.0", "SK.0"])
    legal = ENGINE.legal_moves(state, 0)
    assert len([m for m in legal if m["type"] == "swap"]) == 9
    assert {"type": "swap_all"} in legal and {"type": "push"} in legal
    one, events = step(ENGINE, state, {"type": "swap", "give": "H8.0", "take": "SK.0"})
    assert one["hands"][0] == ["S7.0", "SK.0", "D9.0"] and one["middle"] == ["C7.0", "CQ.0", "H8.0"]
    assert events == [{"code": "swapped", "seat": 0, "give": "H8.0", "take": "SK.0"}] and one["turn"] == 1
    three, _ = step(ENGINE, state, {"type": "swap_all"})
    assert three["hands"][0] == ["C7.0", "CQ.0", "SK.0"] and three["middle"] == ["S7.0", "H8.0", "D9.0"]
    pushed, events = step(ENGINE, state, {"type": "push"})
    assert codes(events) == ["pushed"] and pushed["hands"] == state["hands"] and pushed["turn"] == 1


def test_highest_total_in_one_suit() -> None:
    """ "What counts is the highest total in one suit. Ace 11, court cards and tens 10 each."
    ("Gezählt wird die höchste Summe einer Farbe. Ass 11, Bild und Zehn je 10.") Points are
    kept in half points."""
    assert points_half(["SA.0", "SK.0", "S9.0"]) == 2 * 30
    assert points_half(["HQ.0", "HJ.0", "H10.0"]) == 2 * 30
    assert points_half(["SA.0", "HK.0", "H7.0"]) == 2 * 17
    assert points_half(["SA.0", "HA.0", "DK.0"]) == 2 * 11
    assert points_half(["C7.0", "D8.0", "H9.0"]) == 2 * 9


def test_three_of_a_kind_counts_thirty_and_a_half() -> None:
    """ "Three of a kind counts 30½ – just above 30, just below 31." ("Drei gleiche Werte zählen
    30½ – knapp über 30, knapp unter 31.") Three aces too: 30½, not 33."""
    assert points_half(["S7.0", "H7.0", "D7.0"]) == 61
    assert points_half(["SA.0", "HA.0", "DA.0"]) == 61
    assert 2 * 30 < 61 < 2 * 31


def test_thirty_one_ends_the_deal_at_once() -> None:
    """docs/catalogue.md decision: 31 ends at once; the cards are shown and the lowest loses a life."""
    state = table(
        hands={0: ["SA.0", "SK.0", "H7.0"], 1: ["C8.0", "D9.0", "H8.0"], 2: ["DA.0", "DK.0", "C7.0"]},
        middle=["SQ.0", "CJ.0", "D7.0"],
    )
    state, events = step(ENGINE, state, {"type": "swap", "give": "H7.0", "take": "SQ.0"})
    show = next(e for e in events if e["code"] == "showdown")
    assert show["reason"] == "thirty_one" and show["by"] == 0 and show["points_half"] == [62, 18, 42]
    assert show["losers"] == [1] and state["lives"] == [3, 2, 3]
    assert state["deal"] == 2 and state["turn"] == state["starter"] == 1


def test_thirty_one_on_the_deal_is_shown_at_once() -> None:
    """House decision: a player dealt 31 shows at once, before anyone moves."""
    hits = 0
    for index in range(400):
        state = ENGINE.setup(4, {}, b"t31-dealt-%d" % index)
        last = state["last_round"]
        if last is not None:
            hits += 1
            assert last["reason"] == "dealt_31" and 62 in last["points_half"] and state["deal"] >= 2
            assert sum(state["lives"]) == 12 - len(last["losers"])
    assert hits >= 1


def test_knock_gives_everyone_else_one_more_turn() -> None:
    """ "Knocking means everyone else gets exactly one more turn, then cards are shown." ("Klopfen
    heißt: alle anderen haben noch genau einen Zug, dann wird aufgedeckt.")"""
    state = table(
        hands={0: ["SA.0", "SK.0", "S9.0"], 1: ["C8.0", "D9.0", "H8.0"], 2: ["DA.0", "DK.0", "C7.0"]},
        middle=["HQ.0", "CJ.0", "D7.0"],
    )
    state, events = step(ENGINE, state, {"type": "knock"})
    assert events == [{"code": "knocked", "seat": 0}] and state["knocker"] == 0 and state["turn"] == 1
    assert {"type": "knock"} not in ENGINE.legal_moves(state, 1)
    state, events = step(ENGINE, state, {"type": "push"})
    assert "showdown" not in codes(events) and state["turn"] == 2
    state, events = step(ENGINE, state, {"type": "swap", "give": "C7.0", "take": "D7.0"})
    show = next(e for e in events if e["code"] == "showdown")
    assert show["reason"] == "knock" and show["by"] == 0 and show["points_half"] == [60, 18, 56]
    assert show["hands"][1] == ["C8.0", "D9.0", "H8.0"]


def test_lowest_loses_a_life_and_the_last_life_is_swimming() -> None:
    """ "Whoever has the lowest total loses a life. On your last life you are "swimming"."
    ("Wer am wenigsten hat, verliert ein Leben. Beim letzten Leben „schwimmst“ du.")"""
    hands = {0: ["SA.0", "SK.0", "S9.0"], 1: ["C8.0", "D9.0", "H8.0"], 2: ["DA.0", "DK.0", "C7.0"]}
    state = table(hands=hands, middle=["HQ.0", "CJ.0", "D7.0"], lives=[3, 2, 3], knocker=2, turn=1)
    state, events = step(ENGINE, state, {"type": "push"})
    assert {"code": "life_lost", "seat": 1, "lives": 1} in events and {"code": "swimming", "seat": 1} in events
    assert state["lives"] == [3, 1, 3] and ENGINE.view(state, None)["public"]["swimming"] == [1]


def test_losing_the_last_life_puts_a_player_out() -> None:
    """House decision: losing the swimming life puts a player out; the last one in wins."""
    hands = {0: ["SA.0", "SK.0", "S9.0"], 1: ["C8.0", "D9.0", "H8.0"], 2: ["DA.0", "DK.0", "C7.0"]}
    state = table(hands=hands, middle=["HQ.0", "CJ.0", "D7.0"], lives=[1, 1, 2], knocker=2, turn=1)
    state, events = step(ENGINE, state, {"type": "push"})
    assert {"code": "out", "seat": 1} in events and state["finished"] == [1] and ENGINE.result(state) is None
    assert 1 not in ENGINE.to_move(state) and state["hands"][1] == []
    # Seat 0 loses its last life next: seat 2 wins, seat 0 second, seat 1 third.
    state = table(
        seats=3,
        hands={0: ["C8.0", "D9.0", "H8.0"], 2: ["DA.0", "DK.0", "C7.0"], 1: []},
        middle=["HQ.0", "CJ.0", "D7.0"],
    )
    state.update(lives=[1, 0, 2], finished=[1], knocker=2, turn=0, deal=2)
    state["out_at"] = [None, 1, None]
    state, events = step(ENGINE, state, {"type": "push"})
    assert codes(events)[-2:] == ["won", "game_over"]
    assert ENGINE.result(state) == {"placings": [2, 3, 1], "scores": [0, 0, 2]}


def test_equal_lowest_all_lose_and_may_share_the_win() -> None:
    """House decision: equal lowest all lose a life; if that puts everyone out, they share
    the win."""
    hands = {0: ["S8.0", "H9.0", "D7.0"], 1: ["C8.0", "D9.0", "H7.0"]}
    state = table(seats=2, hands=hands, middle=["HQ.0", "CJ.0", "SA.0"], lives=[1, 1], knocker=0, turn=1)
    state, events = step(ENGINE, state, {"type": "push"})
    assert [e["seat"] for e in events if e["code"] == "out"] == [0, 1]
    assert ENGINE.result(state) == {"placings": [1, 1], "scores": [0, 0]}


def test_all_push_replaces_the_middle() -> None:
    """House decision: when everyone still in has pushed in a row, the middle is laid aside and
    three new cards are turned up; with fewer than three left the cards are shown."""
    state = table(seats=2)
    middle = list(state["middle"])
    state, _ = step(ENGINE, state, {"type": "push"})
    state, events = step(ENGINE, state, {"type": "push"})
    replaced = next(e for e in events if e["code"] == "middle_replaced")
    assert state["discard_pile"] == middle and replaced["cards"] == state["middle"] != middle
    assert cards_conserved(state)
    state = table(seats=2)
    state["discard_pile"], state["draw_pile"] = state["draw_pile"][2:], state["draw_pile"][:2]
    state, _ = step(ENGINE, state, {"type": "push"})
    state, events = step(ENGINE, state, {"type": "push"})
    assert next(e for e in events if e["code"] == "showdown")["reason"] == "stock_empty"


def test_a_swap_breaks_a_run_of_pushes() -> None:
    state = table(seats=3)
    state, _ = step(ENGINE, state, {"type": "push"})
    state, _ = step(ENGINE, state, {"type": "swap_all"})
    state, events = step(ENGINE, state, {"type": "push"})
    assert "middle_replaced" not in codes(events) and state["pushes"] == 1


def test_every_deal_uses_fresh_card_ids() -> None:
    """House decision: each deal is a fresh deck numbered after the deal, so cards shown at a
    showdown never match a hidden card of the next deal."""
    state = table(hands={0: ["SA.0", "SK.0", "S9.0"]}, middle=["HQ.0", "CJ.0", "D7.0"])
    state, _ = step(ENGINE, state, {"type": "knock"})
    state, _ = step(ENGINE, state, {"type": "push"})
    state, events = step(ENGINE, state, {"type": "push"})
    shown = {card for hand in next(e for e in events if e["code"] == "showdown")["hands"] if hand for card in hand}
    assert state["first_deck"] == 1 and all(card.endswith(".1") for card in card_census(state))
    assert not shown & set(card_census(state)) and cards_conserved(state)


def test_cards_taken_from_the_middle_are_known_to_all() -> None:
    """What everyone saw a player take from the middle is public; the rest of a hand is not."""
    state = table(hands={0: ["S7.0", "H8.0", "D9.0"]}, middle=["C7.0", "CQ.0", "SK.0"])
    state, _ = step(ENGINE, state, {"type": "swap", "give": "H8.0", "take": "SK.0"})
    assert state["known"][0] == ["SK.0"] and hidden_from(state, 1) >= {"S7.0", "D9.0"}
    assert "SK.0" not in hidden_from(state, 1)
    view = ENGINE.view(state, 1)
    assert view["public"]["known"][0] == ["SK.0"] and "S7.0" not in str(view)


def test_views_show_own_points_in_half_points() -> None:
    state = table(hands={0: ["S7.0", "H7.0", "D7.0"]})
    assert ENGINE.view(state, 0)["private"] == {"hand": ["S7.0", "H7.0", "D7.0"], "points_half": 61}
    assert "private" not in ENGINE.view(state, None)
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, 1, {"type": "push"}, 0)


def test_determinize_agrees_with_the_view() -> None:
    """A CPU's sample of the hidden cards conserves the deck and shows the seat exactly its view."""
    for state, seat, _, index in random_positions(ENGINE, b"determinize", 3, 60):
        view = ENGINE.view(state, seat)
        sample = ENGINE.determinize(view, seat, b"sample-%d" % index)
        assert cards_conserved(sample) and ENGINE.view(sample, seat) == view
