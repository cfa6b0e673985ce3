"""The card core's additions for Number Rows and Thirty-One: the 80-card numbered deck, open
zones (face-up card lists such as a middle) and `first_deck` (fresh ids every deal). Games
that set neither key behave as before."""

from __future__ import annotations

from collections import Counter

from svc_cards.core import (
    COLOURS,
    build_decks,
    card_census,
    cards_conserved,
    determinize_cards,
    draw,
    face_of,
    full_decks,
    new_table,
    open_zone_cards,
    parse,
)
from svc_cards.core.views import public_table

from rulekit import Rng, new_rng_state


def rng(label: str = "zones") -> Rng:
    return Rng(new_rng_state(label.encode()))


def test_numbered_deck_four_colours_one_to_twenty() -> None:
    deck = build_decks("numbered80", 1)
    assert len(deck) == len(set(deck)) == 80
    assert Counter(parse(card)[0] for card in deck) == {colour: 20 for colour in COLOURS}
    assert sorted(int(parse(card)[1]) for card in deck if parse(card)[0] == "r") == list(range(1, 21))
    assert parse("r11.0") == ("r", "11") and face_of("b20.0") == "b20"


def test_without_the_new_keys_nothing_changes() -> None:
    state = new_table(3, "french32", 1, rng())
    assert open_zone_cards(state) == [] and full_decks(state) == Counter(build_decks("french32", 1))
    assert cards_conserved(state)
    state["hands"][0].append(state["draw_pile"].pop())
    state["hands"][0].append(state["hands"][0][0])  # a duplicate breaks conservation
    assert not cards_conserved(state)


def test_open_zones_count_in_the_census_and_are_public() -> None:
    state = new_table(2, "french32", 1, rng())
    state["open_zones"] = ["middle"]
    state["middle"] = [state["draw_pile"].pop() for _ in range(3)]
    assert open_zone_cards(state) == state["middle"]
    assert cards_conserved(state) and card_census(state) == full_decks(state)
    assert public_table(state)["middle"] == state["middle"]
    state["draw_pile"].append(state["middle"].pop())
    state["middle"].append(state["draw_pile"][-1])  # a card in two places
    assert not cards_conserved(state)


def test_determinize_treats_open_zone_cards_as_seen() -> None:
    state = new_table(3, "french32", 1, rng())
    state["open_zones"] = ["middle"]
    for seat in range(3):
        state["hands"][seat] = [state["draw_pile"].pop() for _ in range(3)]
    state["middle"] = [state["draw_pile"].pop() for _ in range(3)]
    state.update(schema=1, game="test", seats=3, options={})
    view = {
        "game": "test",
        "seats": 3,
        "options": {},
        "public": public_table(state),
        "private": {"hand": state["hands"][1]},
    }
    for index in range(20):
        sample = determinize_cards(view, 1, b"zones-%d" % index)
        assert sample["middle"] == state["middle"] and sample["hands"][1] == state["hands"][1]
        assert cards_conserved(sample) and not set(sample["middle"]) & {c for h in sample["hands"] for c in h}


def test_first_deck_numbers_the_ids_and_fresh_decks_follow_it() -> None:
    state = new_table(2, "colour", 1, rng())
    state["first_deck"] = 4
    ids = build_decks("colour", 1, first=4)
    state["draw_pile"], state["discard_pile"] = [], ids[:1]
    state["hands"][0] = ids[1:]
    assert full_decks(state) == Counter(ids) and cards_conserved(state)
    cards, events = draw(state, 1, 2, rng(), fresh_decks=True)
    assert "deck_added" in [e["code"] for e in events] and state["decks"] == 2
    assert all(card.split(".")[1].startswith("5") for card in cards)
    assert cards_conserved(state) and full_decks(state) == Counter(build_decks("colour", 2, first=4))
