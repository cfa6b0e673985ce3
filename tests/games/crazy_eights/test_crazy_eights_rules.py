"""Crazy Eights (Vändåtta): one test per rule sentence of card-room-sv.txt ("Vändåtta") and per
decision of docs/catalogue.md. Each docstring quotes the Swedish sentence and says it in English."""

from __future__ import annotations

from itertools import combinations
from typing import Any

import pytest
from svc_cards.core import SUITS, card_census, cards_conserved, full_decks, parse
from svc_cards.crazy_eights import ENGINE
from svc_cards.crazy_eights.rules import card_value, hand_value

from rulekit import IllegalMove, State
from tests.games.card_core.arrange import arrange, codes, step
from tests.games.card_core.cpu_views import random_positions


def table(seats: int = 2, turn: int = 0, **cards: Any) -> State:
    state = ENGINE.setup(seats, {}, b"crazy-eights-rules")
    return arrange(state, turn=turn, **cards)


def plays(state: State, seat: int = 0) -> list[list[str]]:
    return [move["cards"] for move in ENGINE.legal_moves(state, seat) if move["type"] == "play"]


def test_seats_deck_and_deal() -> None:
    """docs/catalogue.md "crazy-eights (2–6)"; house decision: a 52-card deck, seven cards each with two
    players, five with three to six, one open card."""
    assert ENGINE.meta.allowed_seat_counts() == (2, 3, 4, 5, 6)
    for seats, size in ((2, 7), (3, 5), (6, 5)):
        state = ENGINE.setup(seats, {}, b"ce-deal")
        assert [len(hand) for hand in state["hands"]] == [size] * seats
        assert len(state["discard_pile"]) == 1 and sum(card_census(state).values()) == 52
        assert card_census(state) == full_decks(state)


def test_open_card_is_never_an_eight() -> None:
    """House decision: an eight turned up goes back into the pile; the open card sets the suit."""
    for index in range(300):
        state = ENGINE.setup(2, {}, b"ce-open-%d" % index)
        top = state["discard_pile"][-1]
        assert parse(top)[1] != "8" and state["suit"] == parse(top)[0]


def test_first_without_cards_wins() -> None:
    """ "Först utan kort vinner." (First without cards wins.)"""
    state = table(seats=3, hands={0: ["H9.0"], 1: ["S2.0", "C3.0"], 2: ["D4.0", "DK.0", "S5.0"]}, top="H5.0", suit="H")
    state, events = step(ENGINE, state, {"type": "play", "cards": ["H9.0"]})
    assert "went_out" in codes(events) and ENGINE.to_move(state) == frozenset()
    result = ENGINE.result(state)
    assert result["placings"][0] == 1 and result["placings"].count(1) == 1
    # The others are placed by the value left in their hands, low first: 2 + 3 < 4 + 10 + 5.
    assert result["placings"] == [1, 2, 3] and result["scores"] == [0, 5, 19]


def test_match_suit_or_rank() -> None:
    """ "Lägg samma färg eller valör som kortet på bordet." (Play the same suit or rank as the
    card on the table.)"""
    state = table(hands={0: ["H9.0", "S5.0", "C2.0", "DK.0"]}, top="H5.0", suit="H")
    assert sorted(plays(state)) == [["H9.0"], ["S5.0"]]


def test_several_cards_of_one_rank_in_one_move() -> None:
    """ "Du får lägga flera kort med samma valör i samma drag." (You may play several cards of
    the same rank in one move.)"""
    state = table(hands={0: ["S5.0", "C5.0", "D9.0"]}, top="H5.0", suit="H")
    state, events = step(ENGINE, state, {"type": "play", "cards": ["S5.0", "C5.0"]})
    assert state["hands"][0] == ["D9.0"] and state["discard_pile"][-3:] == ["H5.0", "S5.0", "C5.0"]
    assert events[0] == {"code": "played", "seat": 0, "cards": ["S5.0", "C5.0"], "suit": "C"}
    assert state["turn"] == 1
    # Cards of different ranks never go together.
    with pytest.raises(IllegalMove):
        ENGINE.apply(
            table(hands={0: ["H9.0", "H4.0", "S7.0"]}, top="H5.0", suit="H"),
            0,
            {"type": "play", "cards": ["H9.0", "H4.0"]},
            0,
        )


def test_an_eight_always_fits_and_names_the_next_suit() -> None:
    """ "En åtta får alltid läggas. Du väljer nästa färg — och får avsluta med åttan." (An eight
    may always be played. You choose the next suit — and may finish with the eight.)"""
    state = table(hands={0: ["S8.0", "C2.0"]}, top="H5.0", suit="H")
    assert ENGINE.legal_moves(state, 0) == [{"type": "play", "cards": ["S8.0"], "suit": suit} for suit in SUITS]
    after, events = step(ENGINE, state, {"type": "play", "cards": ["S8.0"], "suit": "D"})
    assert after["suit"] == "D" and events[0]["suit"] == "D"
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, 0, {"type": "play", "cards": ["S8.0"]}, 0)
    last = table(hands={0: ["S8.0"]}, top="H5.0", suit="H")
    done, events = step(ENGINE, last, {"type": "play", "cards": ["S8.0"], "suit": "C"})
    assert "went_out" in codes(events) and ENGINE.result(done)["placings"][0] == 1


def test_drawn_card_is_played_if_it_fits_else_the_turn_passes() -> None:
    """ "Spela det om det passar. Annars går turen vidare." (Play it if it fits. Otherwise the
    turn passes.)"""
    state = table(hands={0: ["C2.0"]}, top="H5.0", suit="H", draw=["H7.0"])
    fits, events = step(ENGINE, state, {"type": "draw"})
    assert codes(events) == ["drawn", "drew"] and fits["turn"] == 0 and fits["drew"] is True
    assert ENGINE.legal_moves(fits, 0) == [{"type": "play", "cards": ["H7.0"]}]
    state = table(hands={0: ["C2.0"]}, top="H5.0", suit="H", draw=["S9.0"])
    ends, _ = step(ENGINE, state, {"type": "draw"})
    assert ends["turn"] == 1 and ends["hands"][0] == ["C2.0", "S9.0"] and ends["drew"] is False


def test_draw_only_without_a_playable_card() -> None:
    """ "Du får bara dra när du saknar ett spelbart kort." (You may only draw when you lack a
    playable card.)"""
    state = table(hands={0: ["H9.0", "C2.0"]}, top="H5.0", suit="H")
    assert {"type": "draw"} not in ENGINE.legal_moves(state, 0)
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, 0, {"type": "draw"}, 0)
    # Holding an eight is holding a playable card.
    state = table(hands={0: ["D8.0", "C2.0"]}, top="H5.0", suit="H")
    assert all(move["type"] == "play" for move in ENGINE.legal_moves(state, 0))
    state = table(hands={0: ["C2.0", "S3.0"]}, top="H5.0", suit="H")
    assert ENGINE.legal_moves(state, 0) == [{"type": "draw"}]


def test_first_card_must_fit_and_the_last_sets_the_suit() -> None:
    """ "Det första måste passa på högen; det sista bestämmer färgen." (The first must fit on
    the pile; the last decides the suit.)"""
    state = table(hands={0: ["H9.0", "S9.0", "C9.0"]}, top="H5.0", suit="H")
    legal = plays(state)
    assert all(cards[0] == "H9.0" for cards in legal)
    assert ["H9.0", "S9.0"] in legal and ["H9.0", "C9.0", "S9.0"] in legal
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, 0, {"type": "play", "cards": ["S9.0", "H9.0"]}, 0)
    after, _ = step(ENGINE, state, {"type": "play", "cards": ["H9.0", "S9.0", "C9.0"]})
    assert after["suit"] == "C" and after["discard_pile"][-1] == "C9.0"


def test_choose_the_top_card_among_the_valid_alternatives() -> None:
    """ "Välj översta kort bland de giltiga alternativen och tryck Lägg." (Choose the top card
    among the valid alternatives and press Play.) Every card of the chosen set but the first
    can go on top, and only the first and the last card matter, so each choice is listed once
    with the cards between in hand order: the list stays bounded."""
    state = table(hands={0: ["S5.0", "C5.0", "D5.0", "H9.0"]}, top="H5.0", suit="H")
    legal = plays(state)
    trio = [cards for cards in legal if len(cards) == 3]
    assert len(trio) == 3 * 2  # three possible first cards, two possible tops each
    assert {cards[-1] for cards in trio} == {"S5.0", "C5.0", "D5.0"}
    assert len(legal) == len({tuple(cards) for cards in legal})
    # Four of a rank matched by suit only (one fits): 1 + 3 + 6 + 3 plays.
    state = table(hands={0: ["H7.0", "S7.0", "C7.0", "D7.0"]}, top="H5.0", suit="H")
    assert len(plays(state)) == 13


def test_several_eights_end_with_a_suit_choice() -> None:
    """ "Flera åttor avslutas med ditt färgval." (Several eights end with your suit choice.)"""
    state = table(hands={0: ["S8.0", "C8.0", "D8.0", "H2.0"]}, top="H5.0", suit="H")
    eights = [move for move in ENGINE.legal_moves(state, 0) if len(move["cards"]) > 1 and "suit" in move]
    sets = {tuple(move["cards"]) for move in eights}
    assert sets == {pair for pair in combinations(["S8.0", "C8.0", "D8.0"], 2)} | {("S8.0", "C8.0", "D8.0")}
    assert all(len([m for m in eights if tuple(m["cards"]) == cards]) == 4 for cards in sets)
    after, _ = step(ENGINE, state, {"type": "play", "cards": ["S8.0", "C8.0", "D8.0"], "suit": "H"})
    assert after["suit"] == "H" and after["hands"][0] == ["H2.0"]


def test_a_drawn_card_goes_first() -> None:
    """ "Om du precis dragit från högen måste det dragna kortet läggas först." (If you have just
    drawn from the pile, the drawn card must be played first.)"""
    state = table(hands={0: ["S9.0", "C2.0"]}, top="H5.0", suit="H", draw=["H9.0"])
    state, _ = step(ENGINE, state, {"type": "draw"})
    assert plays(state) == [["H9.0"], ["H9.0", "S9.0"]]
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, 0, {"type": "play", "cards": ["S9.0", "H9.0"]}, 0)
    # A drawn eight must be played too, naming a suit.
    state = table(hands={0: ["C2.0", "S3.0"]}, top="H5.0", suit="H", draw=["D8.0"])
    state, _ = step(ENGINE, state, {"type": "draw"})
    assert ENGINE.legal_moves(state, 0) == [{"type": "play", "cards": ["D8.0"], "suit": suit} for suit in SUITS]


def test_keep_track_yourself_views_show_only_the_top() -> None:
    """ "Håll koll själv. Händelserna visar vem som spelat, dragit eller vunnit, utan att visa
    gamla kortvalörer som minneshjälp." (Keep track yourself. The events show who played, drew
    or won, without old card values as a memory aid.) A view holds the top card only."""
    state = table(hands={0: ["S5.0", "C5.0", "D9.0"]}, top="H5.0", suit="H")
    state, _ = step(ENGINE, state, {"type": "play", "cards": ["S5.0", "C5.0"]})
    public = ENGINE.view(state, 1)["public"]
    assert public["discard_top"] == "C5.0" and "discard_pile" not in public
    assert "S5.0" not in str(ENGINE.view(state, 1)) and "H5.0" not in str(ENGINE.view(state, None))


@pytest.mark.parametrize("card", ["H2.0", "HJ.0", "HQ.0", "HA.0", "H7.0"])
def test_only_eights_are_special(card: str) -> None:
    """ "Bara åttor är specialkort. Inga extra dragkort, hopp eller vändningar." (Only eights are
    special cards. No extra draw cards, skips or reversals.)"""
    state = table(seats=3, hands={0: [card, "CK.0"], 1: ["S3.0"], 2: ["S4.0"]}, top="H5.0", suit="H")
    state, events = step(ENGINE, state, {"type": "play", "cards": [card]})
    assert state["turn"] == 1 and state["direction"] == 1 and codes(events) == ["played"]
    assert [len(hand) for hand in state["hands"]] == [1, 1, 1]


def test_draw_pile_reshuffles_the_discards_but_the_top() -> None:
    """ "När draghögen tar slut blandas kastade kort om, förutom det översta." (When the draw
    pile runs out, the discards are reshuffled, except the top one.)"""
    state = table(hands={0: ["C2.0"], 1: ["S3.0"]}, top="H5.0", suit="H")
    state["discard_pile"] = state["draw_pile"] + state["discard_pile"]
    state["draw_pile"] = []
    state, events = step(ENGINE, state, {"type": "draw"})
    assert codes(events)[0] == "reshuffled" and state["discard_pile"] == ["H5.0"]
    assert card_census(state) == full_decks(state)


def test_pass_when_nothing_fits_and_nothing_is_left_to_draw() -> None:
    """House decision: with no playable card and nothing to draw the player passes."""
    state = ENGINE.setup(2, {}, b"ce-pass")
    rest = [card for card in card_census(state) if card != "H5.0" and card != "C2.0"]
    state.update(hands=[["C2.0"], rest], discard_pile=["H5.0"], draw_pile=[], suit="H", turn=0)
    assert ENGINE.legal_moves(state, 0) == [{"type": "pass"}]
    state, events = step(ENGINE, state, {"type": "pass"})
    assert codes(events) == ["passed"] and state["turn"] == 1


def test_one_win_per_round_and_the_round_record() -> None:
    """ "En vinst per omgång. Rummet sparar era vinster och tidigare omgångar. Inga marker eller
    satsningar." (One win per round. The room keeps your wins and earlier rounds. No chips or
    stakes.) One game is one round: its record counts the round and its win; the lobby keeps
    the rounds across rematches. There are no stake options."""
    state = table(seats=3, hands={0: ["S4.0", "C3.0"], 1: ["H9.0"], 2: ["D4.0"]}, top="H5.0", suit="H", turn=1)
    assert state["match"] == {"rounds_played": 0, "wins": [0, 0, 0]}
    state, _ = step(ENGINE, state, {"type": "play", "cards": ["H9.0"]})
    assert state["match"] == {"rounds_played": 1, "wins": [0, 1, 0]}
    assert ENGINE.result(state)["placings"].count(1) == 1
    assert [option.key for option in ENGINE.meta.options] == ["move_clock"]  # the only setting


def test_blocked_round_lowest_hand_value_wins() -> None:
    """ "Om ingen kan dra eller spela vinner lägst handvärde: åtta 50, klädda kort 10, ess 1 och
    övriga sitt värde." (If nobody can draw or play, the lowest hand value wins: eight 50, court
    cards 10, ace 1, the others their value.)

    With the whole deck in play this cannot happen (when nothing is left to draw every eight
    is in a hand), so the position is built with the cards that could be played taken out."""
    assert [card_value(card) for card in ("S8.0", "HK.0", "DQ.0", "CJ.0", "SA.0", "H7.0", "D10.0")] == [
        50, 10, 10, 10, 1, 7, 10,
    ]  # fmt: skip
    state = ENGINE.setup(3, {}, b"ce-blocked")
    hands = [["SK.0", "SA.0"], ["C2.0", "C3.0", "C4.0"], ["D9.0", "DA.0"]]  # 11, 9, 10
    state.update(hands=hands, discard_pile=["H5.0"], draw_pile=[], suit="H", turn=0)
    assert ENGINE.legal_moves(state, 0) == [{"type": "pass"}]
    state, events = step(ENGINE, state, {"type": "pass"})
    assert codes(events) == ["passed", "blocked", "round_won", "game_over"]
    assert state["blocked"] is True and state["hand_values"] == [11, 9, 10]
    assert ENGINE.result(state) == {"placings": [3, 1, 2], "scores": [11, 9, 10]}
    assert hand_value(["S8.0", "HK.0", "SA.0"]) == 61


def test_equal_lowest_values_share_the_win() -> None:
    """ "Vid lika delar ni vinsten." (On a tie you share the win.)"""
    state = ENGINE.setup(3, {}, b"ce-tie")
    state.update(
        hands=[["SK.0"], ["C2.0", "C3.0", "C5.0"], ["D9.0", "DA.0"]],
        discard_pile=["H4.0"],
        draw_pile=[],
        suit="H",
        turn=0,
    )
    state, _ = step(ENGINE, state, {"type": "pass"})
    assert ENGINE.result(state)["placings"] == [1, 1, 1]
    assert state["match"]["wins"] == [1, 1, 1] and state["winners"] == [0, 1, 2]


def test_views_hide_other_hands() -> None:
    state = table(hands={0: ["S5.0", "C5.0"], 1: ["D9.0"]}, top="H5.0", suit="H")
    view = ENGINE.view(state, 1)
    assert view["private"]["hand"] == ["D9.0"] and "S5.0" not in str(view)
    assert view["public"]["hand_counts"][0] == 2 and view["public"]["suit"] == "H"


def test_determinize_agrees_with_the_view() -> None:
    """A CPU's sample of the hidden cards conserves the deck and shows the seat exactly its view."""
    for state, seat, _, index in random_positions(ENGINE, b"determinize", 3, 60):
        view = ENGINE.view(state, seat)
        sample = ENGINE.determinize(view, seat, b"sample-%d" % index)
        assert cards_conserved(sample) and ENGINE.view(sample, seat) == view
