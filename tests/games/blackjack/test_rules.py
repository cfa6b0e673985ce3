"""Blackjack rule tests: one per sentence of the house rules (English part,
house-rules-de-en-es.txt, "Blackjack"), the seat count of docs/catalogue.md, then the choices made
where the text is silent (rules page, "Our choices"; rules.py's docstring).

Cards are shuffled inside the deal, so most tests lay the cards of a deal by hand
(tests/games/blackjack/table.py) after a real setup."""

from __future__ import annotations

import pytest
from svc_cards.blackjack import ENGINE
from svc_cards.blackjack.rules import META, hidden_from

from rulekit import IllegalMove, Refusal
from tests.games.blackjack.table import act, bet_all, cards, codes, dealt, new_game, settled


def test_one_to_eight_seats() -> None:
    """docs/catalogue.md: "blackjack ... 1–8" (the text's "2–8 players" counts no solo table; the catalogue adds it)."""
    assert META.allowed_seat_counts() == tuple(range(1, 9))
    for seats in (0, 9):
        with pytest.raises(Refusal):
            new_game(seats)


# -- "Everyone plays against the dealer, not each other. Most chips at the end wins." -----


def test_everyone_plays_against_the_dealer_not_each_other() -> None:
    """ "Everyone plays against the dealer, not each other."

    Two seats both beat the dealer with the same total and both are paid; a third loses to
    the dealer alone, whatever the others hold."""
    state = dealt(["SK H10", "DK C10", "S9 H8"], "HQ D8")
    state, events = act(state, "stand", "stand", "stand")
    paid = settled(events)
    assert [paid[s]["outcome"] for s in range(3)] == ["win", "win", "lose"]
    assert state["chips"] == [510, 510, 490] and state["house"] == -10


def test_most_chips_at_the_end_wins() -> None:
    """ "Most chips at the end wins." """
    state = dealt(["SK H10", "S9 H8", "DK C9"], "HQ D8", rounds=1)
    state, events = act(state, "stand", "stand", "stand")
    assert codes(events)[-1] == "game_over"
    result = ENGINE.result(state)
    assert state["chips"] == [510, 490, 510]
    assert result == {"placings": [1, 3, 1], "scores": [510, 490, 510]}


# -- "Card values: ..." --------------------------------------------------------------------


def test_card_values() -> None:
    """ "Card values: 2–10 count face value, J/Q/K count 10, the Ace counts 11 or 1 – whichever helps." """
    state = dealt(["S2 H10", "DJ CQ", "SA H6", "HK SQ"], "D5 C5", draws="DA C9")
    totals = ENGINE.view(state, 0)["public"]["totals"]
    assert totals == [[12, False], [20, False], [17, True], [20, False]]
    state, events = act(state, "stand", "stand", "hit")  # A-6 + A: 18, both aces still helping
    assert events[-1] == {"code": "hit", "seat": 2, "card": "DA.0", "total": 18}
    state, events = act(state, "hit")  # + 9: the first ace drops to 1 rather than bust: 17
    assert events[0]["total"] == 17 and ENGINE.view(state, 0)["public"]["totals"][2] == [17, False]


# -- "Everyone bets, then all get two cards. The dealer shows only one." ------------------


def test_everyone_bets_then_all_get_two_cards() -> None:
    """ "Everyone bets, then all get two cards."

    The bets are one simultaneous phase: every seat is to move at once, nobody holds a card
    until the last bet is in, then each seat and the dealer have two."""
    state = new_game(3)
    assert state["phase"] == "bet" and ENGINE.to_move(state) == frozenset({0, 1, 2})
    state, _ = ENGINE.apply(state, 2, {"type": "bet", "amount": 20}, 0)
    state, _ = ENGINE.apply(state, 0, {"type": "bet", "amount": 10}, 0)
    assert ENGINE.to_move(state) == frozenset({1}) and state["hands"] == [[], [], []]
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, 0, {"type": "hit"}, 0)
    state, events = ENGINE.apply(state, 1, {"type": "bet", "amount": 30}, 0)
    assert state["bets"] == [10, 30, 20] and state["chips"] == [490, 470, 480]
    dealt_events = [e for e in events if e["code"] == "dealt"]
    assert [e["seat"] for e in dealt_events] == [0, 1, 2]
    assert all(len(hand) == 2 for hand in state["hands"]) and len(state["dealer"]) == 2


def test_the_dealer_shows_only_one() -> None:
    """ "The dealer shows only one."

    No view and no event of the deal carries the hidden card: it is hidden from every seat and
    the spectator until it is turned."""
    for index in range(30):
        state = new_game(2, seed=b"show-%d" % index)
        state, events = bet_all(state, [10, 10])
        if state["phase"] != "play":
            continue  # the dealer had a blackjack and turned it at once
        hole = state["dealer"][1]
        for seat in (0, 1, None):
            public = ENGINE.view(state, seat)["public"]
            assert public["dealer_shown"] == state["dealer"][:1] and public["dealer_cards"] == 2
            assert hole in hidden_from(state, seat)
            assert hole not in repr(ENGINE.view(state, seat)) and hole not in repr(events)
        return
    raise AssertionError("no deal without a dealer blackjack")


# -- "Hit takes another card, Stand ends your turn." -----------------------------------------


def test_hit_takes_another_card() -> None:
    """ "Hit takes another card, ..." """
    state = dealt(["S5 H4"], "D10 C7", draws="S3 H2")
    state, events = act(state, "hit")
    assert state["hands"][0] == cards("S5 H4 S3") and events == [
        {"code": "hit", "seat": 0, "card": "S3.0", "total": 12}
    ]
    assert state["turn"] == 0  # still to move
    state, _ = act(state, "hit")
    assert state["hands"][0] == cards("S5 H4 S3 H2")


def test_stand_ends_your_turn() -> None:
    """ "..., Stand ends your turn." """
    state = dealt(["S5 H4", "D9 C9"], "D10 C7")
    state, events = act(state, "stand")
    assert events == [{"code": "stood", "seat": 0, "total": 9}]
    assert state["turn"] == 1 and state["hands"][0] == cards("S5 H4")
    assert ENGINE.legal_moves(state, 0) == []


# -- "Double – only on exactly two cards: ..." --------------------------------------------


def test_double_only_on_exactly_two_cards() -> None:
    """ "Double – only on exactly two cards: double the bet, get exactly one more card, then you are done." """
    state = dealt(["S5 H6", "S2 H3"], "D10 C7", draws="SK H2 D2")
    assert {"type": "double"} in ENGINE.legal_moves(state, 0)
    state, events = act(state, "double")
    assert events[0] == {"code": "doubled", "seat": 0, "card": "SK.0", "bet": 20, "total": 21}
    assert state["bets"][0] == 20 and state["chips"][0] == 480
    assert state["hands"][0] == cards("S5 H6 SK") and state["turn"] == 1  # done
    state, _ = act(state, "hit")
    assert len(state["hands"][1]) == 3 and {"type": "double"} not in ENGINE.legal_moves(state, 1)
    state, events = act(state, "stand")
    # 21 against the dealer's 17: the doubled bet is won.
    assert settled(events)[0] == {"code": "settled", "seat": 0, "outcome": "win", "bet": 20, "paid": 40}
    assert state["chips"][0] == 520


# -- "Over 21 is bust – ..." ----------------------------------------------------------------


def test_bust_loses_even_if_the_dealer_busts() -> None:
    """ "Over 21 is bust – the bet is lost even if the dealer busts afterwards." """
    state = dealt(["SK H6", "D10 C8"], "D10 C6", draws="S9 H10")
    state, events = act(state, "hit")
    assert codes(events) == ["hit", "bust"] and state["turn"] == 1
    state, events = act(state, "stand")
    assert "dealer_bust" in codes(events)
    paid = settled(events)
    assert paid[0]["outcome"] == "bust" and paid[0]["paid"] == 0
    assert paid[1]["outcome"] == "win" and paid[1]["paid"] == 20
    assert state["chips"] == [490, 510]


# -- "The dealer draws to at least 17, then stands." ----------------------------------------


@pytest.mark.parametrize(
    ("dealer", "draws", "drawn", "total"),
    [
        ("D10 C6", "S2 H5", 1, 18),  # 16 draws, 18 stands
        ("D10 C7", "S2", 0, 17),  # 17 stands
        ("DA C6", "S2", 0, 17),  # a soft 17 stands too
        ("D2 C3", "S2 H2 D3 C4 S5", 5, 21),  # 5 -> 7 -> 9 -> 12 -> 16 -> 21
        ("D10 C6", "SK", 1, 26),  # 16 draws and busts
    ],
)
def test_the_dealer_draws_to_at_least_17_then_stands(dealer: str, draws: str, drawn: int, total: int) -> None:
    """ "The dealer draws to at least 17, then stands." """
    state = dealt(["SK H9"], dealer, draws=draws)
    state, events = act(state, "stand")
    assert codes(events).count("dealer_drew") == drawn
    assert len(state["last_round"]["dealer"]) == 2 + drawn and state["last_round"]["dealer_total"] == total
    final = "dealer_bust" if total > 21 else "dealer_stood"
    assert any(e["code"] == final and e["total"] == total for e in events)


# -- "Blackjack (Ace + ten-value on the first two cards) pays 3:2. ..." -----------------------


def test_blackjack_pays_three_to_two() -> None:
    """ "Blackjack (Ace + ten-value on the first two cards) pays 3:2." """
    state = dealt(["SA HK", "S10 HA", "D9 C9"], "D9 C8", bets=[10, 20, 10])
    assert state["done"][:2] == [True, True] and state["turn"] == 2  # nothing to decide
    state, events = act(state, "stand")
    paid = settled(events)
    assert (paid[0]["outcome"], paid[0]["paid"]) == ("blackjack", 25)
    assert (paid[1]["outcome"], paid[1]["paid"]) == ("blackjack", 50)
    assert state["chips"][:2] == [515, 530]


def test_twenty_one_from_three_cards_is_not_a_blackjack() -> None:
    """ "21 from three cards is not a blackjack." """
    state = dealt(["S5 H6", "SA H10"], "D9 C8", draws="SK")
    state, events = act(state, "hit")
    assert codes(events)[:2] == ["hit", "twenty_one"]
    paid = settled(events)
    assert (paid[0]["outcome"], paid[0]["paid"]) == ("win", 20)  # 1:1, not 3:2
    assert (paid[1]["outcome"], paid[1]["paid"]) == ("blackjack", 25)


def test_a_three_card_21_loses_to_the_dealers_blackjack_turned_late() -> None:
    """ "21 from three cards is not a blackjack." (against a dealer blackjack it is beaten)

    The dealer's blackjack is found at once when the open card is an ace or ten-value; here
    the state is edited so it comes to light only at the end, which shows the ranking."""
    state = dealt(["S5 H6"], "D9 C8", draws="SK")
    state["dealer"] = cards("DA CK")
    state, events = act(state, "hit")
    assert settled(events)[0]["outcome"] == "lose"


# -- "A tie returns your bet." -----------------------------------------------------------


def test_a_tie_returns_your_bet() -> None:
    """ "A tie returns your bet." """
    state = dealt(["SK H8", "SA HK"], "D10 C8")
    state, events = act(state, "stand")
    paid = settled(events)
    assert (paid[0]["outcome"], paid[0]["paid"]) == ("push", 10) and state["chips"][0] == 500
    # A blackjack against the dealer's blackjack ties as well (test_choice_the_dealer_peeks...).


# -- "Settings: number of rounds (1–20) and starting chips (50–1000)." --------------------


def test_settings_rounds_and_starting_chips() -> None:
    """ "Settings: number of rounds (1–20) and starting chips (50–1000)." """
    options = {o.key: o for o in META.options}
    assert (options["rounds"].minimum, options["rounds"].maximum) == (1, 20)
    assert (options["chips"].minimum, options["chips"].maximum) == (50, 1000)
    for bad in ({"rounds": 0}, {"rounds": 21}, {"chips": 49}, {"chips": 1001}):
        with pytest.raises(Refusal):
            ENGINE.setup(2, bad, b"bad")
    state = ENGINE.setup(2, {"rounds": 2, "chips": 50}, b"two-rounds")
    assert state["chips"] == [50, 50]
    played = 0
    while ENGINE.result(state) is None:
        seat = min(ENGINE.to_move(state))
        move = {"type": "bet", "amount": 2} if state["phase"] == "bet" else {"type": "stand"}
        state, events = ENGINE.apply(state, seat, move, 0)
        played += "settled" in codes(events)
    assert played == 2 and state["round"] == 2


# -- our choices ---------------------------------------------------------------------------


def test_choice_bets_in_steps_of_two_up_to_all_chips() -> None:
    """Bets from 2 to everything a seat has, in steps of 2 (a 3:2 payout stays whole)."""
    state = new_game(1, chips=51)
    assert ENGINE.legal_moves(state, 0) == [{"type": "bet", "range": {"amount": [2, 50, 2]}}]
    for bad in (0, 1, 3, 52):
        with pytest.raises(IllegalMove):
            ENGINE.apply(state, 0, {"type": "bet", "amount": bad}, 0)


def test_choice_double_needs_chips_for_a_second_bet() -> None:
    state = dealt(["S5 H6"], "D10 C7", bets=[300])
    assert {"type": "double"} not in ENGINE.legal_moves(state, 0)  # 200 left, 300 needed
    state = dealt(["S5 H6"], "D10 C7", bets=[250])
    assert {"type": "double"} in ENGINE.legal_moves(state, 0)


def test_choice_the_dealer_peeks_under_an_ace_or_ten() -> None:
    """With an ace or ten-value open, a dealer blackjack is turned at once and ends the
    round: a player's blackjack ties, every other bet is lost."""
    found = 0
    for index in range(400):
        state = new_game(2, seed=b"peek-%d" % index)
        state, events = bet_all(state, [10, 10])
        if "dealer_blackjack" not in codes(events):
            continue
        found += 1
        last = state["last_round"]
        assert last["dealer_total"] == 21 and len(last["dealer"]) == 2
        assert codes(events).index("hole_turned") < codes(events).index("dealer_blackjack")
        for seat in (0, 1):
            natural = "blackjack" in [e["code"] for e in events if e.get("seat") == seat]
            assert last["outcomes"][seat] == ("push" if natural else "lose")
        assert state["phase"] == "bet" and state["round"] == 2
    assert found >= 5


def test_choice_a_hand_of_21_stands_by_itself() -> None:
    state = dealt(["S5 H6", "D9 C9"], "D10 C7", draws="SK")
    state, events = act(state, "hit")
    assert codes(events) == ["hit", "twenty_one"] and state["turn"] == 1


def test_choice_the_dealer_draws_nothing_when_every_hand_is_decided() -> None:
    state = dealt(["SK H6", "SA HK"], "D10 C2", draws="S9 H10")
    state, events = act(state, "hit")
    assert "hole_turned" in codes(events) and "dealer_drew" not in codes(events)
    assert state["last_round"]["dealer"] == cards("D10 C2")


def test_choice_a_seat_without_chips_sits_out_and_the_game_ends_when_nobody_can_bet() -> None:
    state = dealt(["SK H6", "D10 C8"], "D10 C7", draws="S9", bets=[500, 10])
    state, events = act(state, "hit", "stand")
    assert state["chips"] == [0, 510] and state["in_round"] == [False, True]
    assert ENGINE.to_move(state) == frozenset({1})
    state = dealt(["SK H6"], "D10 C7", draws="S9", bets=[500], rounds=5)
    state, events = act(state, "hit")
    assert codes(events)[-1] == "game_over" and ENGINE.result(state)["scores"] == [0]


def test_choice_a_fresh_shoe_every_round() -> None:
    state = new_game(5, rounds=3)
    state, _ = bet_all(state, [2] * 5)
    assert state["round_decks"] == [0, 2]
    while state["round"] == 1:
        state, _ = ENGINE.apply(state, min(ENGINE.to_move(state)), {"type": "stand"}, 0)
    state, _ = bet_all(state, [2] * 5)
    assert state["round_decks"] == [2, 2]
    assert all(card.endswith((".2", ".3")) for hand in state["hands"] for card in hand)


def test_choice_timeout_bets_the_least_or_stands() -> None:
    state = new_game(2)
    assert ENGINE.timeout_move(state, 1) == {"type": "bet", "amount": 2}
    state = dealt(["S5 H6"], "D10 C7")
    assert ENGINE.timeout_move(state, 0) == {"type": "stand"}
    with pytest.raises(IllegalMove):
        ENGINE.timeout_move(state, None)
