"""Oh Hell (Plump): one test per rule sentence of card-room-sv.txt ("Plump"), quoted in Swedish
with the English, and per decision of the engine's docstring."""

from __future__ import annotations

import json
from typing import Any

import pytest
from svc_cards.core import cards_conserved
from svc_cards.core.tricks import trick_winner
from svc_cards.oh_hell import ENGINE
from svc_cards.oh_hell.rules import schedule

from rulekit import IllegalMove, State
from tests.games.card_core.arrange import codes, step

DECK = [
    f"{suit}{rank}.0" for suit in "SHDC" for rank in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
]


def table(seats: int = 3, dealer: int = 0, hands: dict[int, list[str]] | None = None, **options: Any) -> State:
    """A first-deal position: `dealer` deals, the named hands are given, every other seat gets
    the next cards of the deck, the rest is the stock; seat dealer + 1 is to bid."""
    state = ENGINE.setup(seats, options, b"oh-hell-rules")
    cards = state["schedule"][0]
    named = [card for hand in (hands or {}).values() for card in hand]
    pool = [card for card in DECK if card not in named]
    for seat in range(seats):
        own = (hands or {}).get(seat)
        state["hands"][seat] = list(own) if own is not None else [pool.pop(0) for _ in range(cards)]
    first = (dealer + 1) % seats
    state.update(draw_pile=pool, dealer=dealer, leader=first, turn=first)
    assert cards_conserved(state)
    return state


def bid_all(state: State, bids: list[int]) -> State:
    """Bids in bidding order (the seat after the dealer first)."""
    for bid in bids:
        state, _ = step(ENGINE, state, {"type": "bid", "bid": bid})
    return state


def play(state: State, *cards: str) -> tuple[State, list]:
    events: list = []
    for card in cards:
        state, more = step(ENGINE, state, {"type": "play", "card": card})
        events += more
    return state, events


def play_deal(state: State) -> State:
    """Every seat plays its lowest legal card to the end of the deal."""
    while state["phase"] == "playing":
        (seat,) = ENGINE.to_move(state)
        state, _ = ENGINE.apply(state, seat, ENGINE.timeout_move(state, seat), 1000)
    return state


def whole_match(seats: int, length: str) -> State:
    state = ENGINE.setup(seats, {"length": length}, b"oh-hell-match")
    while ENGINE.result(state) is None:
        (seat,) = ENGINE.to_move(state)
        state, _ = ENGINE.apply(state, seat, ENGINE.timeout_move(state, seat), 1000)
    return state


def test_three_to_six_players() -> None:
    """docs/catalogue.md: "3–6" players; a 52-card deck."""
    assert ENGINE.meta.allowed_seat_counts() == (3, 4, 5, 6)
    assert cards_conserved(ENGINE.setup(6, {"length": "full"}, b"six"))


def test_set_your_bid_hit_it() -> None:
    """ "Sätt ditt bud. Pricka rätt." (Set your bid. Hit it exactly.) Every seat bids before
    the first card is played."""
    state = table()
    assert [m["type"] for m in ENGINE.legal_moves(state, 1)] == ["bid"] * 6
    state = bid_all(state, [1, 1, 1])
    assert state["phase"] == "playing" and state["bids"] == [1, 1, 1]


def test_take_exactly_the_tricks_you_bid() -> None:
    """ "Ta exakt så många stick som du bjudit." (Take exactly as many tricks as you bid.)"""
    state = table(hands={1: ["SA.0", "SK.0", "SQ.0", "SJ.0", "S10.0"]})
    state = play_deal(bid_all(state, [5, 0, 1]))
    assert state["tricks_won"][1] == 5 and state["history"][0]["points"][1] == 15


def test_highest_total_after_every_deal_wins() -> None:
    """ "Högst totalpoäng när alla givar är spelade vinner." (The highest total once every deal
    is played wins.)"""
    state = whole_match(3, "quick")
    assert len(state["history"]) == 5
    result = ENGINE.result(state)
    best = max(state["scores"])
    assert all(
        (place == 1) == (score == best) for place, score in zip(result["placings"], state["scores"], strict=True)
    )


def test_equal_totals_share_the_win() -> None:
    """ "Vid lika poäng delar ni segern." (Equal points share the win.)"""
    state = table()
    state.update(phase="over", scores=[30, 30, 12])
    assert ENGINE.result(state)["placings"] == [1, 1, 3]


def test_bidding_starts_after_the_dealer_and_goes_round() -> None:
    """ "Spelaren efter givaren börjar bjuda, sedan går turen vidare i platsordning." (The player
    after the dealer bids first, then the turn goes on in seat order.)"""
    state = table(seats=4, dealer=2)
    order = []
    for bid in (0, 0, 0, 0):
        (seat,) = ENGINE.to_move(state)
        order.append(seat)
        state, _ = step(ENGINE, state, {"type": "bid", "bid": bid if seat != 2 else 1})
    assert order == [3, 0, 1, 2]


def test_bid_zero_up_to_the_cards_in_hand() -> None:
    """ "Du kan bjuda noll till antalet kort på handen." (You can bid from zero to the number of
    cards in your hand.)"""
    state = table()
    assert [m["bid"] for m in ENGINE.legal_moves(state, 1)] == [0, 1, 2, 3, 4, 5]
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, 1, {"type": "bid", "bid": 6}, 1000)


def test_the_dealer_bids_last_and_may_not_make_the_total_the_tricks() -> None:
    """ "Givaren bjuder sist och får inte välja ett bud som gör att summan blir exakt antalet
    stick." (The dealer bids last and may not choose a bid that makes the total exactly the
    number of tricks.)"""
    state = bid_all(table(dealer=0), [2, 1])
    assert ENGINE.to_move(state) == {0}
    assert [m["bid"] for m in ENGINE.legal_moves(state, 0)] == [0, 1, 3, 4, 5]
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, 0, {"type": "bid", "bid": 2}, 1000)
    # Over the total already: every bid is allowed.
    over = bid_all(table(dealer=0), [5, 3])
    assert [m["bid"] for m in ENGINE.legal_moves(over, 0)] == [0, 1, 2, 3, 4, 5]


def test_the_player_after_the_dealer_leads_first() -> None:
    """ "Spelaren efter givaren spelar ut först." (The player after the dealer leads first.)"""
    state = bid_all(table(seats=4, dealer=3), [1, 1, 1, 1])
    assert ENGINE.to_move(state) == {0}
    state = bid_all(table(seats=4, dealer=1), [1, 1, 1, 1])
    assert ENGINE.to_move(state) == {2}


def test_follow_suit_if_you_can_else_any_card() -> None:
    """ "Följ den utspelade färgen om du kan, annars får du lägga vilket kort som helst."
    (Follow the suit led if you can, otherwise you may lay any card.)"""
    hands = {1: ["S2.0", "H3.0", "H4.0", "H5.0", "H6.0"], 2: ["S3.0", "D3.0", "D4.0", "C5.0", "C6.0"]}
    hands[0] = ["D2.0", "D5.0", "D6.0", "C2.0", "C3.0"]
    state = bid_all(table(hands=hands), [1, 1, 1])
    state, _ = play(state, "S2.0")
    assert [m["card"] for m in ENGINE.legal_moves(state, 2)] == ["S3.0"]
    state, _ = play(state, "S3.0")
    # Seat 0 has no spade: any card.
    assert {m["card"] for m in ENGINE.legal_moves(state, 0)} == set(hands[0])


def test_the_highest_card_of_the_suit_led_takes_the_trick_and_leads() -> None:
    """ "Högsta kortet i den utspelade färgen tar sticket och spelar ut nästa." (The highest card
    of the suit led takes the trick and leads next.)"""
    hands = {1: ["S5.0", "H3.0", "H4.0", "H5.0", "H6.0"], 2: ["SK.0", "D3.0", "D4.0", "C5.0", "C6.0"]}
    hands[0] = ["DA.0", "D5.0", "D6.0", "C2.0", "C3.0"]
    state = bid_all(table(hands=hands), [1, 1, 1])
    state, events = play(state, "S5.0", "SK.0", "DA.0")
    assert events[-1] == {"code": "trick_won", "seat": 2, "cards": ["S5.0", "SK.0", "DA.0"]}
    assert state["tricks_won"] == [0, 0, 1] and ENGINE.to_move(state) == {2}


def test_no_trumps_ace_high() -> None:
    """ "Ingen trumf; ess är högst." (No trumps; the ace is highest.)"""
    assert trick_winner(["HK.0", "HA.0", "H2.0"], [0, 1, 2]) == 1
    # Another suit never beats the suit led, however high.
    assert trick_winner(["C2.0", "SA.0", "DA.0"], [0, 1, 2]) == 0


def test_an_exact_bid_scores_ten_plus_the_tricks() -> None:
    """ "Rätt bud ger 10 poäng plus antalet tagna stick." (A correct bid gives 10 points plus
    the tricks taken.)"""
    hands = {1: ["SA.0", "SK.0", "H2.0", "H3.0", "H4.0"], 0: ["S2.0", "S3.0", "HA.0", "HK.0", "HQ.0"]}
    hands[2] = ["S4.0", "S5.0", "D2.0", "D3.0", "D4.0"]
    state = play_deal(bid_all(table(hands=hands), [2, 0, 0]))
    assert state["tricks_won"] == [3, 2, 0] and state["scores"] == [0, 12, 10]


def test_a_wrong_bid_scores_nothing() -> None:
    """ "Fel bud ger 0 poäng — en plump." (A wrong bid gives 0 points: a plump.)"""
    state = table(hands={1: ["SA.0", "SK.0", "H2.0", "H3.0", "H4.0"]})
    state = play_deal(bid_all(state, [4, 0, 0]))
    assert state["tricks_won"][1] != 4 and state["scores"][1] == 0


def test_a_correct_zero_scores_ten() -> None:
    """ "Ett korrekt nollbud ger 10 poäng." (A correct zero bid gives 10 points.)"""
    state = table(hands={2: ["S2.0", "H2.0", "D2.0", "C2.0", "C3.0"]})
    state = play_deal(bid_all(state, [1, 0, 3]))
    assert state["tricks_won"][2] == 0 and state["history"][0]["points"][2] == 10


def test_cards_and_scores_survive_a_pause() -> None:
    """ "Kort och poäng sparas om ni tar paus." (Cards and points are kept if you take a break.)
    The whole match is one stored state: after a JSON round trip (the store) it goes on where
    it stopped, with the same hands, bids and scores."""
    state = play_deal(bid_all(table(), [1, 1, 1]))
    stored = json.loads(json.dumps(state))
    assert stored == state and stored["scores"] == state["scores"]
    (host,) = ENGINE.to_move(stored)
    later, _ = ENGINE.apply(stored, host, {"type": "next_deal"}, 10 * 86_400_000)
    assert later["scores"] == state["scores"] and later["deal"] == 1


def test_quick_match_five_deals() -> None:
    """ "Snabbmatch: fem givar med 5, 4, 3, 2 och 1 kort var." (Quick match: five deals of 5,
    4, 3, 2 and 1 cards each.)"""
    assert ENGINE.meta.options[0].default == "quick"
    state = whole_match(4, "quick")
    assert [deal["cards"] for deal in state["history"]] == [5, 4, 3, 2, 1]


def test_full_match_starts_at_ten_or_eight_with_six() -> None:
    """ "Hel match: börja med 10 kort var, eller 8 om ni är sex spelare." (Full match: start with
    10 cards each, or 8 with six players.)"""
    for seats in (3, 4, 5):
        assert schedule(seats, "full")[0] == 10
        assert [len(h) for h in ENGINE.setup(seats, {"length": "full"}, b"f")["hands"]] == [10] * seats
    assert schedule(6, "full")[0] == 8


def test_one_card_less_each_deal_down_to_one() -> None:
    """ "Minska ett kort per giv till ett kort." (One card fewer each deal, down to one card.)"""
    assert schedule(4, "full")[:10] == [10, 9, 8, 7, 6, 5, 4, 3, 2, 1]


def test_the_one_card_deal_once_per_player_then_back_up() -> None:
    """ "Enkortsgiven spelas lika många gånger som ni är spelare, sedan ökar antalet till
    startantalet igen." (The one-card deal is played as many times as there are players, then
    the number rises to the start again.)"""
    assert schedule(4, "full") == [10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    assert schedule(6, "full") == [8, 7, 6, 5, 4, 3, 2, 1, 1, 1, 1, 1, 1, 2, 3, 4, 5, 6, 7, 8]
    state = whole_match(3, "full")
    assert [deal["cards"] for deal in state["history"]] == schedule(3, "full")


def test_everyone_always_sees_their_own_cards() -> None:
    """ "Alla får alltid se sina egna kort." (Everyone always sees their own cards.) Even in the
    one-card deals, and never another seat's."""
    state = ENGINE.setup(3, {}, b"own")
    state.update(schedule=[1, 1, 1, 1, 1])
    for seat in range(3):
        view = ENGINE.view(state, seat)
        assert view["private"]["hand"] == state["hands"][seat]
        others = {card for other in range(3) if other != seat for card in state["hands"][other]}
        assert not others & set(json.dumps(view).replace('"', " ").split())


def test_the_first_dealer_is_drawn_at_random() -> None:
    """ "Första givaren slumpas." (The first dealer is drawn at random.)"""
    dealers = {ENGINE.setup(4, {}, b"dealer-%d" % i)["dealer"] for i in range(40)}
    assert dealers == {0, 1, 2, 3}


def test_the_deal_moves_one_seat_each_deal() -> None:
    """ "Givaren flyttar en plats efter varje giv." (The dealer moves one seat after each deal.)"""
    state = whole_match(4, "quick")
    first = state["history"][0]["dealer"]
    assert [deal["dealer"] for deal in state["history"]] == [(first + i) % 4 for i in range(5)]


def test_the_host_starts_the_next_deal_after_the_result() -> None:
    """ "Värden startar nästa giv när ni hunnit se resultatet." (The host starts the next deal
    once you have seen the result.) The host is seat 0 (the room's creator); until then the
    deal's score stays on the table."""
    state = play_deal(bid_all(table(dealer=1), [1, 1, 1]))
    assert state["phase"] == "scored" and ENGINE.to_move(state) == {0}
    assert ENGINE.view(state, None)["public"]["history"][0]["points"] == state["history"][0]["points"]
    for seat in (1, 2):
        with pytest.raises(IllegalMove):
            ENGINE.apply(state, seat, {"type": "next_deal"}, 1000)
    state, events = ENGINE.apply(state, 0, {"type": "next_deal"}, 1000)
    assert codes(events)[0] == "deal_started" and state["dealer"] == 2 and len(state["hands"][0]) == 4


def test_only_a_finished_match_has_a_result() -> None:
    """ "Endast en färdig hel match, oavsett vald längd, räknas i vänstatistiken." (Only a
    finished whole match, whatever its chosen length, counts in the win statistics.) The lobby
    records statistics from the result, which exists only when the last deal is scored."""
    state = ENGINE.setup(3, {"length": "quick"}, b"stats")
    while state["deal"] < 4 or state["phase"] != "over":
        assert ENGINE.result(state) is None
        (seat,) = ENGINE.to_move(state)
        state, _ = ENGINE.apply(state, seat, ENGINE.timeout_move(state, seat), 1000)
    assert ENGINE.result(state)["scores"] == state["scores"]
    assert ENGINE.result(whole_match(3, "full")) is not None
