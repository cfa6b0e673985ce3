"""Mau-Mau: one test per rule sentence of house-rules-de-en-es.txt ("Mau-Mau") and per
special card docs/catalogue.md lists."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from svc_cards.core import SUITS, card_census, face_of, full_decks
from svc_cards.mau_mau import ENGINE

from rulekit import State
from tests.games.card_core.arrange import arrange, codes, step


def table(seats: int = 3, options: dict[str, Any] | None = None, turn: int = 0, **cards: Any) -> State:
    state = ENGINE.setup(seats, options or {}, b"mau-mau-rules")
    return arrange(state, turn=turn, **cards)


def cards_of(state: State, seat: int = 0) -> set[str]:
    return {move["card"] for move in ENGINE.legal_moves(state, seat) if move["type"] == "play"}


@pytest.mark.parametrize("size", [32, 52])
def test_french_deck_of_32_or_52(size: int) -> None:
    """ "Played with a French deck, either 32 or 52 cards." """
    state = ENGINE.setup(3, {"deck": size}, b"mm-deck")
    census = card_census(state)
    assert sum(census.values()) == size and len({face_of(card) for card in census}) == size
    assert state["deck_kind"] == f"french{size}"
    assert [len(hand) for hand in state["hands"]] == [5, 5, 5]


def test_many_players_with_32_cards_use_two_decks() -> None:
    """House decision: five cards each; from six players the 32-card game uses two decks."""
    assert ENGINE.setup(5, {}, b"mm-decks")["decks"] == 1
    state = ENGINE.setup(8, {}, b"mm-decks")
    assert state["decks"] == 2 and card_census(state) == full_decks(state)
    assert ENGINE.setup(8, {"deck": 52}, b"mm-decks")["decks"] == 1


def test_match_suit_or_rank() -> None:
    """ "Play a card matching the top one in suit or rank." """
    state = table(hands={0: ["H8.0", "S10.0", "C9.0", "DK.0"]}, top="H10.0", suit="H")
    assert cards_of(state) == {"H8.0", "S10.0"}


def test_nothing_fits_draw_one_and_play_it_if_it_fits() -> None:
    """ "If nothing fits, draw one card. If that does not fit either, your turn ends." """
    state = table(hands={0: ["C9.0"]}, top="H10.0", suit="H", draw=["H7.0"])
    assert ENGINE.legal_moves(state, 0) == [{"type": "draw"}]
    fits, events = step(ENGINE, state, {"type": "draw"})
    assert codes(events) == ["drawn", "drew"] and fits["turn"] == 0
    assert ENGINE.legal_moves(fits, 0) == [{"type": "play", "card": "H7.0"}, {"type": "pass"}]
    state = table(hands={0: ["C9.0"]}, top="H10.0", suit="H", draw=["S8.0"])
    ends, _ = step(ENGINE, state, {"type": "draw"})
    assert ends["turn"] == 1 and ends["hands"][0] == ["C9.0", "S8.0"]


def test_draw_pile_reshuffles_the_discards() -> None:
    """ "The draw pile never runs out: when it is empty the discards are reshuffled." """
    state = table(seats=2, hands={0: ["C9.0"], 1: ["S9.0"]}, top="H10.0", suit="H")
    rest = state["draw_pile"]
    state["discard_pile"] = rest + state["discard_pile"]
    state["draw_pile"] = []
    state, events = step(ENGINE, state, {"type": "draw"})
    assert codes(events)[0] == "reshuffled" and state["discard_pile"] == ["H10.0"]
    assert card_census(state) == full_decks(state)


def test_mau_is_called_automatically() -> None:
    """ ""Mau" is called automatically as soon as someone has a single card left – no button, no
    penalty cards." """
    state = table(hands={0: ["H8.0", "C9.0"]}, top="H10.0", suit="H")
    state, events = step(ENGINE, state, {"type": "play", "card": "H8.0"})
    assert {"code": "mau", "seat": 0} in events
    assert ENGINE.view(state, None)["public"]["mau"] == [0]


def test_first_out_wins_and_the_others_play_on() -> None:
    """ "First to get rid of all cards wins; the others play on for the remaining places." """
    state = table(hands={0: ["H8.0"], 1: ["S7.0", "C7.0"], 2: ["DQ.0", "CQ.0"]}, top="H10.0", suit="H")
    state, events = step(ENGINE, state, {"type": "play", "card": "H8.0"})
    assert {"code": "finished", "seat": 0, "place": 1} in events and ENGINE.result(state) is None
    assert state["turn"] in (1, 2)


def test_seven_draw_two_stackable() -> None:
    """docs/catalogue.md "7 = draw two (stackable)": answer with a 7 or draw the sum."""
    state = table(hands={0: ["H7.0", "SK.0"], 1: ["C7.0", "D8.0"], 2: ["DQ.0"]}, top="H10.0", suit="H")
    state, _ = step(ENGINE, state, {"type": "play", "card": "H7.0"})
    assert state["pending"] == 2 and ENGINE.legal_moves(state, 1) == [
        {"type": "play", "card": "C7.0"},
        {"type": "draw"},
    ]
    state, _ = step(ENGINE, state, {"type": "play", "card": "C7.0"})
    assert state["pending"] == 4 and ENGINE.legal_moves(state, 2) == [{"type": "draw"}]
    state, events = step(ENGINE, state, {"type": "draw"})
    assert {"code": "drew", "seat": 2, "count": 4} in events and len(state["hands"][2]) == 5
    assert state["turn"] == 0 and state["pending"] == 0


def test_eight_skips() -> None:
    """docs/catalogue.md "8 = skip"; with two players you go again."""
    state = table(hands={0: ["H8.0", "SK.0"]}, top="H10.0", suit="H")
    state, events = step(ENGINE, state, {"type": "play", "card": "H8.0"})
    assert state["turn"] == 2 and {"code": "skipped", "seat": 1} in events
    state = table(seats=2, hands={0: ["H8.0", "SK.0"]}, top="H10.0", suit="H")
    state, _ = step(ENGINE, state, {"type": "play", "card": "H8.0"})
    assert state["turn"] == 0


def test_nine_reverses() -> None:
    """docs/catalogue.md "9 = reverse"."""
    state = table(hands={0: ["H9.0", "SK.0"]}, top="H10.0", suit="H")
    state, _ = step(ENGINE, state, {"type": "play", "card": "H9.0"})
    assert state["direction"] == -1 and state["turn"] == 2


def test_jack_wishes_a_suit_and_fits_anything() -> None:
    """docs/catalogue.md "J = wish a suit"."""
    state = table(hands={0: ["CJ.0", "SK.0"]}, top="H10.0", suit="H")
    assert ENGINE.legal_moves(state, 0) == [{"type": "play", "card": "CJ.0", "suit": suit} for suit in SUITS]
    state, _ = step(ENGINE, state, {"type": "play", "card": "CJ.0", "suit": "D"})
    assert state["suit"] == "D" and state["wished"] is True
    state = arrange(state, hands={1: ["D7.0", "C8.0", "S10.0"]})
    assert cards_of(state, 1) == {"D7.0"}


def test_no_jack_on_jack_by_default() -> None:
    """docs/catalogue.md "Jack on Jack off by default"."""
    state = table(hands={0: ["CJ.0", "D8.0"]}, top="HJ.0", suit="D", wished=True)
    assert cards_of(state) == {"D8.0"}
    state = table(options={"jack_on_jack": True}, hands={0: ["CJ.0", "D8.0"]}, top="HJ.0", suit="D")
    assert cards_of(state) == {"CJ.0", "D8.0"}


def test_ace_plays_again() -> None:
    """docs/catalogue.md "A = play again"."""
    state = table(hands={0: ["HA.0", "SK.0"]}, top="H10.0", suit="H")
    state, events = step(ENGINE, state, {"type": "play", "card": "HA.0"})
    assert state["turn"] == 0 and {"code": "again", "seat": 0} in events


@pytest.mark.parametrize(
    ("switch", "card", "turn"),
    [("seven_draw_two", "H7.0", 1), ("eight_skip", "H8.0", 1), ("nine_reverse", "H9.0", 1), ("ace_again", "HA.0", 1)],
)
def test_each_special_card_can_be_switched_off(switch: str, card: str, turn: int) -> None:
    """docs/catalogue.md "Each special card switchable": switched off it is a plain card."""
    state = table(options={switch: False}, hands={0: [card, "SK.0"]}, top="H10.0", suit="H")
    state, _ = step(ENGINE, state, {"type": "play", "card": card})
    assert state["turn"] == turn and state["pending"] == 0 and state["direction"] == 1


def test_jack_switched_off_is_a_plain_card() -> None:
    state = table(options={"jack_wish": False}, hands={0: ["CJ.0", "HK.0"]}, top="H10.0", suit="H")
    assert ENGINE.legal_moves(state, 0) == [{"type": "play", "card": "HK.0"}]


def test_views_hide_other_hands() -> None:
    state = table(hands={0: ["H8.0", "C9.0"], 1: ["S7.0"]}, top="H10.0", suit="H")
    view = ENGINE.view(state, 1)
    assert view["private"]["hand"] == ["S7.0"] and "H8.0" not in str(view)
    assert Counter(view["public"]["hand_counts"])[2] >= 1 and view["public"]["suit"] == "H"
