"""The shared card core: decks, ids, dealing, the draw pile, seat order, views."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from svc_cards.core import (
    COLOURS,
    SUITS,
    active_seats,
    build_decks,
    card_census,
    deal,
    determinize_cards,
    draw,
    face_of,
    finish,
    full_decks,
    hidden_from,
    new_table,
    next_seat,
    parse,
    placings,
    rank_of,
    reverse,
    suit_of,
    turn_up,
)
from svc_cards.last_card import ENGINE as LAST_CARD
from svc_cards.registry import REGISTRY

from rulekit import Rng, new_rng_state


def rng(label: str = "core") -> Rng:
    return Rng(new_rng_state(label.encode()))


def faces(kind: str) -> Counter[str]:
    return Counter(face_of(card) for card in build_decks(kind, 1))


def test_colour_deck_composition() -> None:
    """108 cards: per colour one 0, two each of 1-9, skip, reverse, +2; four wilds, four wild +4."""
    deck = build_decks("colour", 1)
    assert len(deck) == 108
    counts = faces("colour")
    for colour in COLOURS:
        assert counts[colour + "0"] == 1
        for rank in ("1", "2", "3", "4", "5", "6", "7", "8", "9", "S", "R", "+2"):
            assert counts[colour + rank] == 2
    assert counts["W"] == 4 and counts["W+4"] == 4
    assert sum(1 for card in deck if suit_of(card) is None) == 8


@pytest.mark.parametrize(
    ("kind", "ranks"), [("french32", "7 8 9 10 J Q K A"), ("french52", "2 3 4 5 6 7 8 9 10 J Q K A")]
)
def test_french_decks(kind: str, ranks: str) -> None:
    counts = faces(kind)
    assert counts == Counter({suit + rank: 1 for suit in SUITS for rank in ranks.split()})


def test_hau_hau_deck() -> None:
    """ "1 to 10, J, Q and K twice per suit, the ace once per suit: 108 cards, no jokers." """
    counts = faces("hau-hau")
    assert sum(counts.values()) == 108
    for suit in SUITS:
        for rank in ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"):
            assert counts[suit + rank] == 2
        assert counts[suit + "A"] == 1


@pytest.mark.parametrize("kind", ["colour", "french32", "french52", "hau-hau"])
def test_ids_unique_across_decks_and_parse(kind: str) -> None:
    cards = build_decks(kind, 3)
    assert len(set(cards)) == len(cards) == 3 * len(build_decks(kind, 1))
    assert all("." in card for card in cards)
    assert {card.split(".")[1][0] for card in cards} == {"0", "1", "2"}
    assert parse("r7.1b") == ("r", "7") and parse("W+4.0c") == (None, "W+4") and parse("S10.2") == ("S", "10")
    assert rank_of("H+2.0") == "+2" and face_of("SQ.0") == "SQ"


def test_new_table_shuffles_all_decks_into_the_draw_pile() -> None:
    state = new_table(3, "colour", 2, rng())
    assert sorted(state["draw_pile"]) == sorted(build_decks("colour", 2))
    assert state["draw_pile"] != build_decks("colour", 2)
    assert state["hands"] == [[], [], []] and state["discard_pile"] == [] and state["direction"] == 1


def test_deal_in_batches_from_the_first_seat_in_direction() -> None:
    state = new_table(4, "hau-hau", 1, rng())
    state["direction"] = -1
    top = list(reversed(state["draw_pile"]))
    events = deal(state, 2, 6, batch=2)
    # Seat 2 gets the first two, then seat 1, seat 0, seat 3, and round again.
    assert state["hands"][2][:2] == top[0:2] and state["hands"][1][:2] == top[2:4]
    assert state["hands"][0][:2] == top[4:6] and state["hands"][3][:2] == top[6:8]
    assert state["hands"][2][2:4] == top[8:10]
    assert all(len(hand) == 6 for hand in state["hands"])
    assert [e["visible_to"] for e in events] == [[2], [1], [0], [3]]


def test_turn_up_refuses_ranks() -> None:
    state = new_table(2, "hau-hau", 1, rng())
    # Put every K and A on top of the pile: they must all be passed over.
    kings_aces = [card for card in state["draw_pile"] if rank_of(card) in ("K", "A")]
    state["draw_pile"] = [c for c in state["draw_pile"] if c not in kings_aces] + kings_aces
    card = turn_up(state, rng(), refused=("K", "A"))
    assert rank_of(card) not in ("K", "A")
    assert card_census(state) == full_decks(state)


def test_draw_pile_reshuffles_the_discards_except_the_top() -> None:
    state = new_table(2, "french32", 1, rng())
    state["hands"][0] = state["draw_pile"][:20]
    state["discard_pile"] = state["draw_pile"][20:30]
    state["draw_pile"] = state["draw_pile"][30:]
    top = state["discard_pile"][-1]
    cards, events = draw(state, 1, 5, rng())
    assert len(cards) == 5
    assert [e["code"] for e in events] == ["reshuffled", "drawn", "drew"]
    assert state["discard_pile"] == [top]
    assert len(state["draw_pile"]) == 2 + 9 - 5
    assert card_census(state) == full_decks(state)


def test_draw_pile_adds_a_fresh_deck_when_everything_is_in_hands() -> None:
    state = new_table(2, "colour", 1, rng())
    state["hands"][0] = state["draw_pile"][:107]
    state["discard_pile"] = state["draw_pile"][107:]
    state["draw_pile"] = []
    cards, events = draw(state, 1, 3, rng(), fresh_decks=True)
    assert len(cards) == 3 and all(card.endswith((".1", ".1a", ".1b", ".1c", ".1d")) for card in cards)
    assert state["decks"] == 2 and "deck_added" in [e["code"] for e in events]
    assert card_census(state) == full_decks(state) == Counter(build_decks("colour", 2))


def test_draw_without_fresh_decks_gives_what_there_is() -> None:
    state = new_table(2, "french32", 1, rng())
    state["hands"][0] = state["draw_pile"][:30]
    state["discard_pile"] = state["draw_pile"][30:31]
    state["draw_pile"] = state["draw_pile"][31:]
    cards, events = draw(state, 1, 4, rng())
    assert len(cards) == 1 and events[-1] == {"code": "drew", "seat": 1, "count": 1}


def test_draw_until() -> None:
    state = new_table(2, "french52", 1, rng())
    cards, _ = draw(state, 0, 1, rng(), until=lambda card: rank_of(card) == "A")
    assert rank_of(cards[-1]) == "A" and all(rank_of(card) != "A" for card in cards[:-1])


def test_seat_order_direction_and_finished_seats() -> None:
    state = new_table(5, "colour", 1, rng())
    assert [next_seat(state, s) for s in range(5)] == [1, 2, 3, 4, 0]
    reverse(state)
    assert [next_seat(state, s) for s in range(5)] == [4, 0, 1, 2, 3]
    state["finished"] = [0, 3]
    assert next_seat(state, 4) == 2 and next_seat(state, 1) == 4 and next_seat(state, 1, 2) == 2
    # A seat that has just finished still counts from its own place.
    assert next_seat(state, 0) == 4
    assert active_seats(state) == [1, 2, 4]


def test_two_left_skip_comes_back() -> None:
    state = new_table(4, "colour", 1, rng())
    state["finished"] = [1, 2]
    assert next_seat(state, 0, 2) == 0 and next_seat(state, 3, 2) == 3


def test_finish_gives_places_and_the_last_seat_the_last_place() -> None:
    state = new_table(3, "colour", 1, rng())
    state["turn"] = 0
    assert [e["code"] for e in finish(state, 2)] == ["finished"]
    assert state["turn"] == 0
    events = finish(state, 0)
    assert [e["code"] for e in events] == ["finished", "finished", "game_over"]
    assert state["finished"] == [2, 0, 1] and state["turn"] is None
    assert placings(state) == [2, 3, 1]


def test_hidden_from_and_views() -> None:
    state = LAST_CARD.setup(4, {}, b"core-views")
    for seat in (0, 1, 2, 3, None):
        secret = hidden_from(state, seat)
        assert secret >= set(state["draw_pile"])
        for other, hand in enumerate(state["hands"]):
            assert set(hand) <= secret if other != seat else not set(hand) & secret
        view = LAST_CARD.view(state, seat)
        assert "hands" not in view["public"] and "draw_pile" not in view["public"]
        assert view["public"]["hand_counts"] == [7, 7, 7, 7]
        assert view["public"]["discard_top"] == state["discard_pile"][-1]
        assert ("private" in view) == (seat is not None)


@pytest.mark.parametrize(("game", "seats"), [("last-card", 5), ("mau-mau", 4), ("hau-hau", 2), ("hau-hau", 4)])
def test_determinize_agrees_with_the_view(game: str, seats: int) -> None:
    """A sampled state has the seat's own hand, every public fact of its view, the same decks,
    and the same state keys as a real one; the unseen cards are spread at random."""
    engine = REGISTRY.get(game)
    rnd = random.Random(7)
    state = engine.setup(seats, {}, b"core-determinize")
    checked = 0
    for step in range(400):
        if engine.result(state) is not None:
            state = engine.setup(seats, {}, b"core-determinize-%d" % step)
        seat = rnd.choice(sorted(engine.to_move(state)))
        if step % 20 == 0:
            for viewer in range(seats):
                view = engine.view(state, viewer)
                sample = engine.determinize(view, viewer, b"sample-%d" % step)
                assert set(sample) == set(state)
                assert sample["hands"][viewer] == state["hands"][viewer]
                assert card_census(sample) == full_decks(sample) == full_decks(state)
                again = engine.view(sample, viewer)
                assert again == view
                checked += 1
        state, _ = engine.apply(state, seat, rnd.choice(engine.legal_moves(state, seat)), 1000 * step)
    assert checked == seats * 20
    other = determinize_cards(engine.view(state, 0), 0, b"another")
    assert determinize_cards(engine.view(state, 0), 0, b"another") == other
