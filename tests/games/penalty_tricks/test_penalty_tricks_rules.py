"""Penalty Tricks (Minus): one test per rule sentence of card-room-sv.txt ("Minus"), quoted in
Swedish with the English, and per decision of the engine's docstring."""

from __future__ import annotations

import json
from typing import Any

import pytest
from svc_cards.core import cards_conserved
from svc_cards.penalty_tricks import ENGINE
from svc_cards.penalty_tricks.rules import KINDS, REMOVED, hidden_from

from rulekit import IllegalMove, State
from tests.games.card_core.arrange import codes

DECK = [
    f"{suit}{rank}.0" for suit in "SHDC" for rank in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
]
DEAL = {kind: index for index, kind in enumerate(KINDS)}


def table(
    seats: int = 4,
    kind: str = "hearts",
    starter: int = 0,
    hands: dict[int, list[str]] | None = None,
    size: int | None = None,
    **options: Any,
) -> State:
    """A deal of `kind` ready to play (passing done): `starter` leads, the named hands are
    given, every other seat gets `size` (default: the named hands' size, else a full hand)
    cards of the deck in order; cards nobody holds lie in `taken` (played earlier) unless the
    hands are full."""
    state = ENGINE.setup(seats, {"cycles": 1, **options}, b"penalty-rules")
    named = [card for hand in (hands or {}).values() for card in hand]
    pool = [card for card in DECK if card not in named and card not in REMOVED[seats]]
    if size is None:
        size = len(next(iter(hands.values()))) if hands else 52 // seats
    for seat in range(seats):
        own = (hands or {}).get(seat)
        state["hands"][seat] = list(own) if own is not None else [pool.pop(0) for _ in range(size)]
    state.update(
        deal=DEAL[kind],
        taken=pool,
        draw_pile=[],
        removed=list(REMOVED[seats]),
        passing=None,
        phase="playing",
        starter=starter,
        leader=starter,
        turn=starter,
    )
    assert cards_conserved(state)
    return state


def play(state: State, *cards: str) -> tuple[State, list]:
    """The seats to move play these cards in turn."""
    events: list = []
    for card in cards:
        (seat,) = ENGINE.to_move(state)
        state, more = ENGINE.apply(state, seat, {"type": "play", "card": card}, 1000)
        events += more
    return state, events


def pass_all(state: State) -> tuple[State, list]:
    """Every seat passes the first three cards of its hand, seat by seat."""
    events: list = []
    while state["phase"] == "passing":
        seat = min(ENGINE.to_move(state))
        chosen = state["passing"][seat]
        card = next(card for card in state["hands"][seat] if card not in chosen)
        state, more = ENGINE.apply(state, seat, {"type": "pass", "card": card}, 1000)
        events += more
    return state, events


def play_deal(state: State) -> State:
    """Every seat plays its clock's default to the end of the deal."""
    while state["phase"] in ("passing", "playing"):
        seat = min(ENGINE.to_move(state))
        state, _ = ENGINE.apply(state, seat, ENGINE.timeout_move(state, seat), 1000)
    return state


def whole_set(seats: int, cycles: int = 1, seed: bytes = b"penalty-set") -> State:
    state = ENGINE.setup(seats, {"cycles": cycles}, seed)
    while ENGINE.result(state) is None:
        seat = min(ENGINE.to_move(state))
        state, _ = ENGINE.apply(state, seat, ENGINE.timeout_move(state, seat), 1000)
    return state


def test_three_to_six_players() -> None:
    """docs/catalogue.md: "3–6" players; a 52-card deck."""
    assert ENGINE.meta.allowed_seat_counts() == (3, 4, 5, 6)
    for seats in (3, 4, 5, 6):
        assert cards_conserved(ENGINE.setup(seats, {"cycles": 1}, b"seats"))


def test_some_tricks_are_better_given_away() -> None:
    """ "Vissa stick är bättre att ge bort." (Some tricks are better given away.) Taking a
    trick can only cost: a deal's points are never above zero."""
    state, _ = play(table(hands={0: ["H2.0"], 1: ["H3.0"], 2: ["S2.0"], 3: ["S3.0"]}), "H2.0", "H3.0", "S2.0", "S3.0")
    assert state["deal_points"] == [0, -10, 0, 0]
    assert all(point <= 0 for point in whole_set(4)["scores"])


def test_least_minus_wins() -> None:
    """ "Minst minus vinner." (Least minus wins.)"""
    state = whole_set(4)
    result = ENGINE.result(state)
    best = max(state["scores"])
    assert best <= 0
    assert all(
        (place == 1) == (score == best) for place, score in zip(result["placings"], state["scores"], strict=True)
    )
    state.update(scores=[-10, -200, -45, -80])
    assert ENGINE.result(state)["placings"] == [1, 4, 2, 3]


def test_every_deal_has_something_new_to_avoid() -> None:
    """ "Varje omgång har något nytt att undvika." (Every deal has something new to avoid.)
    The cycle: heart tricks, queens, the king of diamonds and the last trick, everything."""
    state = ENGINE.setup(4, {"cycles": 1}, b"kinds")
    assert state["kinds"] == ["hearts", "queens", "king_last", "all"]
    assert [deal["kind"] for deal in whole_set(4)["history"]] == list(KINDS)


def test_the_cycle_repeats_for_the_set_length() -> None:
    """docs/catalogue.md: "repeat the cycle for the set length" (host option `cycles`, 1-3)."""
    assert ENGINE.setup(3, {"cycles": 3}, b"k")["kinds"] == list(KINDS) * 3
    state = whole_set(3, cycles=2)
    assert [deal["kind"] for deal in state["history"]] == list(KINDS) * 2
    assert ENGINE.result(state)["scores"] == [sum(d["points"][s] for d in state["history"]) for s in range(3)]


def test_equal_totals_share_the_win() -> None:
    """ "Vid lika slutpoäng delar ni vinsten." (With equal final scores you share the win.)"""
    state = table()
    state.update(phase="over", scores=[-35, -35, -100, -35])
    assert ENGINE.result(state)["placings"] == [1, 1, 4, 1]


@pytest.mark.parametrize("seats", [3, 4, 5, 6])
def test_the_whole_deck_is_dealt_every_deal(seats: int) -> None:
    """ "Hela leken delas ut inför varje omgång." (The whole deck is dealt before every deal.)
    So that it divides, only the lowest clubs and diamonds come out, shown to everyone."""
    state = ENGINE.setup(seats, {"cycles": 1}, b"deck")
    sizes = {len(hand) for hand in state["hands"]}
    assert sizes == {52 // seats} and state["draw_pile"] == []
    assert sorted(state["removed"]) == sorted(REMOVED[seats]) and len(REMOVED[seats]) == 52 % seats
    assert ENGINE.view(state, None)["public"]["removed"] == state["removed"]
    state = play_deal(state)
    state, _ = ENGINE.apply(state, 0, {"type": "next_deal"}, 1000)
    assert {len(hand) for hand in state["hands"]} == {52 // seats} and cards_conserved(state)


def test_everyone_chooses_before_anyone_sees_new_cards() -> None:
    """ "Alla väljer sina passkort innan någon får se sina nya kort." (Everyone chooses their
    passing cards before anyone gets to see their new cards.)"""
    state = ENGINE.setup(4, {"cycles": 1}, b"pass")
    assert state["phase"] == "passing" and ENGINE.to_move(state) == {0, 1, 2, 3}
    hands = [list(hand) for hand in state["hands"]]
    events: list = []
    for seat in (2, 0, 1, 3, 2, 0, 1, 3, 2, 0, 1):
        state, more = ENGINE.apply(state, seat, {"type": "pass", "card": hands[seat][0]}, 1000)
        hands[seat].pop(0)
        events += more
    # Eleven of twelve chosen: every hand is as dealt, nobody saw a card meant for it.
    assert ENGINE.to_move(state) == {3}
    assert "received" not in codes(events)
    for seat in range(4):
        view = ENGINE.view(state, seat)
        assert view["private"]["hand"] == ENGINE.setup(4, {"cycles": 1}, b"pass")["hands"][seat]
        others = {card for other, chosen in enumerate(state["passing"]) if other != seat for card in chosen}
        assert not others & set(json.dumps(view).split('"'))
    state, more = ENGINE.apply(state, 3, {"type": "pass", "card": hands[3][0]}, 1000)
    assert codes(more)[:3] == ["pass_chosen", "cards_passed", "received"]
    assert state["phase"] == "playing"


def test_three_cards_pass_left_then_right() -> None:
    """Decision: three cards a deal, to the left (the next seat) in odd deals and to the right
    in even ones."""
    state = ENGINE.setup(3, {"cycles": 1}, b"direction")
    first = [hand[:3] for hand in state["hands"]]
    state, _ = pass_all(state)
    for seat in range(3):
        assert set(first[seat]) <= set(state["hands"][(seat + 1) % 3])
    state = play_deal(state)
    state, _ = ENGINE.apply(state, 0, {"type": "next_deal"}, 1000)
    second = [hand[:3] for hand in state["hands"]]
    state, _ = pass_all(state)
    for seat in range(3):
        assert set(second[seat]) <= set(state["hands"][(seat - 1) % 3])


def test_the_first_starter_is_drawn_at_random() -> None:
    """ "Första startspelaren slumpas;" (The first starting player is drawn at random;)"""
    starters = {ENGINE.setup(4, {"cycles": 1}, b"starter-%d" % n)["starter"] for n in range(30)}
    assert starters == {0, 1, 2, 3}
    state, _ = pass_all(ENGINE.setup(4, {"cycles": 1}, b"starter-1"))
    assert ENGINE.to_move(state) == {state["starter"]}


def test_the_next_deal_starts_left_of_the_last_starter() -> None:
    """ "nästa omgång börjar spelaren till vänster om den förra startspelaren." (the next deal
    is started by the player to the left of the previous starting player.)"""
    state = ENGINE.setup(4, {"cycles": 1}, b"left")
    first = state["starter"]
    state = play_deal(state)
    state, _ = ENGINE.apply(state, 0, {"type": "next_deal"}, 1000)
    state, _ = pass_all(state)
    assert state["starter"] == (first + 1) % 4 and ENGINE.to_move(state) == {(first + 1) % 4}


def test_minus_ten_per_heart_trick() -> None:
    """ "−10 per hjärterstick." (−10 per heart trick.)"""
    hands = {0: ["H2.0", "SA.0"], 1: ["H9.0", "S6.0"], 2: ["C2.0", "S7.0"], 3: ["C3.0", "S8.0"]}
    hearts = table(hands=hands)
    hearts, _ = play(hearts, "SA.0", "S6.0", "S7.0", "S8.0")
    hearts, events = play(hearts, "H2.0", "H9.0", "C2.0", "C3.0")
    assert hearts["history"][-1]["points"] == [0, -10, 0, 0]
    assert {"code": "penalty", "seat": 1, "points": -10} in events


def test_several_hearts_in_one_trick_still_cost_ten() -> None:
    """ "Ett eller flera hjärter i samma stick ger fortfarande bara −10." (One or more hearts in
    the same trick still give only −10.)"""
    hands = {0: ["H2.0"], 1: ["H9.0"], 2: ["HA.0"], 3: ["H5.0"]}
    state, _ = play(table(hands=hands), "H2.0", "H9.0", "HA.0", "H5.0")
    assert state["history"][-1]["points"] == [0, 0, -10, 0]


def test_the_queen_of_spades_costs_fifty() -> None:
    """ "Spader dam −50." (Queen of spades −50.)"""
    hands = {0: ["S2.0"], 1: ["SQ.0"], 2: ["SK.0"], 3: ["S3.0"]}
    state, _ = play(table(hands=hands, kind="queens"), "S2.0", "SQ.0", "SK.0", "S3.0")
    assert state["history"][-1]["points"] == [0, 0, -50, 0]


def test_every_other_queen_costs_twenty_five() -> None:
    """ "Varje annan dam ger −25." (Every other queen gives −25.)"""
    for queen in ("HQ.0", "DQ.0", "CQ.0"):
        suit = queen[0]
        hands = {0: [f"{suit}2.0"], 1: [queen], 2: [f"{suit}3.0"], 3: [f"{suit}4.0"]}
        state, _ = play(table(hands=hands, kind="queens"), f"{suit}2.0", queen, f"{suit}3.0", f"{suit}4.0")
        assert state["history"][-1]["points"] == [0, -25, 0, 0]


def test_several_queens_count_one_by_one() -> None:
    """ "Flera damer räknas var för sig." (Several queens are counted separately.)"""
    hands = {0: ["C2.0"], 1: ["CQ.0"], 2: ["SQ.0"], 3: ["HQ.0"]}
    state, _ = play(table(hands=hands, kind="queens"), "C2.0", "CQ.0", "SQ.0", "HQ.0")
    assert state["history"][-1]["points"] == [0, -100, 0, 0]


def test_the_king_of_diamonds_costs_fifty() -> None:
    """ "Ruter kung −50." (King of diamonds −50.)"""
    hands = {0: ["D2.0", "C9.0"], 1: ["DK.0", "C2.0"], 2: ["D3.0", "C3.0"], 3: ["D4.0", "C4.0"]}
    state, events = play(table(hands=hands, kind="king_last"), "D2.0", "DK.0", "D3.0", "D4.0")
    assert state["deal_points"] == [0, -50, 0, 0]
    assert {"code": "penalty", "seat": 1, "points": -50} in events


def test_the_last_trick_costs_seventy_five() -> None:
    """ "Sista sticket ger −75." (The last trick gives −75.)"""
    hands = {0: ["D2.0", "C9.0"], 1: ["DK.0", "C2.0"], 2: ["D3.0", "C3.0"], 3: ["D4.0", "C4.0"]}
    state, _ = play(table(hands=hands, kind="king_last"), "D2.0", "DK.0", "D3.0", "D4.0")
    state, _ = play(state, "C2.0", "C3.0", "C4.0", "C9.0")
    assert state["history"][-1]["points"] == [-75, -50, 0, 0]


def test_taking_both_costs_one_hundred_twenty_five() -> None:
    """ "Tar du båda blir det −125." (Take both and it is −125.)"""
    hands = {0: ["DK.0"], 1: ["D2.0"], 2: ["D3.0"], 3: ["D4.0"]}
    state, _ = play(table(hands=hands, kind="king_last"), "DK.0", "D2.0", "D3.0", "D4.0")
    assert state["history"][-1]["points"] == [-125, 0, 0, 0]


def test_everything_at_once_sums_every_earlier_penalty() -> None:
    """ "Alla tidigare straff summeras: hjärterstick, damer, ruter kung och sista sticket."
    (All earlier penalties are added up: heart tricks, queens, king of diamonds and the last
    trick.)"""
    hands = {
        0: ["SA.0", "CA.0", "DA.0"],
        1: ["SQ.0", "HQ.0", "D2.0"],
        2: ["S2.0", "H2.0", "DK.0"],
        3: ["S3.0", "CQ.0", "D3.0"],
    }
    state, _ = play(table(hands=hands, kind="all"), "SA.0", "SQ.0", "S2.0", "S3.0")
    assert state["deal_points"] == [-50, 0, 0, 0]
    # Seat 0 leads a club: the heart queen, a heart and the club queen fall to it.
    state, _ = play(state, "CA.0", "HQ.0", "H2.0", "CQ.0")
    assert state["deal_points"] == [-50 - 10 - 25 - 25, 0, 0, 0]
    state, _ = play(state, "DA.0", "D2.0", "DK.0", "D3.0")
    assert state["history"][-1]["points"] == [-110 - 50 - 75, 0, 0, 0]


def test_the_heart_queen_in_your_trick_costs_thirty_five() -> None:
    """ "Hjärter dam i ditt stick? −10 hjärterstick −25 dam = −35" (The queen of hearts in your
    trick? −10 heart trick −25 queen = −35), in the deal of everything at once."""
    hands = {
        0: ["H2.0", "C5.0", "S2.0"],
        1: ["HQ.0", "C6.0", "S3.0"],
        2: ["HK.0", "C7.0", "S4.0"],
        3: ["H3.0", "C8.0", "S5.0"],
    }
    state = table(hands=hands, kind="all")
    state, _ = play(state, "C5.0", "C6.0", "C7.0", "C8.0")
    state, events = play(state, "H3.0", "H2.0", "HQ.0", "HK.0")
    assert {"code": "penalty", "seat": 2, "points": -35} in events


@pytest.mark.parametrize("kind", ["hearts", "all"])
def test_in_deals_one_and_four_the_first_lead_is_not_a_heart(kind: str) -> None:
    """ "I första sticket i omgång 1 och 4 måste startspelaren välja en annan färg, om det finns
    någon på handen." (In the first trick of deals 1 and 4 the starter must choose another suit,
    if there is one in the hand.)"""
    hands = {
        1: ["H2.0", "H3.0", "H4.0", "H5.0", "H6.0", "H7.0", "H8.0", "H9.0", "H10.0", "HJ.0", "HQ.0", "HK.0", "C2.0"]
    }
    state = table(hands=hands, kind=kind, starter=1, size=13)
    assert ENGINE.legal_moves(state, 1) == [{"type": "play", "card": "C2.0"}]
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, 1, {"type": "play", "card": "H2.0"}, 1000)
    # With nothing but hearts the starter leads a heart.
    only = table(hands={1: [card for card in DECK if card[0] == "H"]}, kind=kind, starter=1, size=13)
    assert len(ENGINE.legal_moves(only, 1)) == 13


@pytest.mark.parametrize("kind", ["queens", "king_last"])
def test_deals_two_and_three_may_lead_a_heart_at_once(kind: str) -> None:
    """The rule names deals 1 and 4 only: in deals 2 and 3 the first lead may be a heart."""
    state = table(hands={1: ["H2.0", "C2.0", "S2.0"]}, kind=kind, starter=1)
    state["taken"], state["hands"][0] = [], state["hands"][0] + state["taken"]  # nothing played yet
    assert {"type": "play", "card": "H2.0"} in ENGINE.legal_moves(state, 1)


def test_from_the_second_trick_hearts_may_be_led() -> None:
    """ "Från andra sticket får du spela ut hjärter som vanligt." (From the second trick you
    may lead hearts as usual.)"""
    state = ENGINE.setup(4, {"cycles": 1}, b"second")
    state, _ = pass_all(state)
    leader = state["leader"]
    assert all(move["card"][0] != "H" for move in ENGINE.legal_moves(state, leader)) or all(
        card[0] == "H" for card in state["hands"][leader]
    )
    for _ in range(4):
        (seat,) = ENGINE.to_move(state)
        state, _ = ENGINE.apply(state, seat, ENGINE.timeout_move(state, seat), 1000)
    leader = state["leader"]
    hearts = [card for card in state["hands"][leader] if card[0] == "H"]
    assert hearts and all({"type": "play", "card": card} in ENGINE.legal_moves(state, leader) for card in hearts)


def test_you_must_always_follow_suit_when_you_can() -> None:
    """ "Du måste alltid följa färg när du kan." (You must always follow suit when you can.)
    In the first trick too."""
    hands = {0: ["S5.0", "C5.0"], 1: ["S6.0", "H6.0"], 2: ["C7.0", "H7.0"], 3: ["C8.0", "S8.0"]}
    state, _ = play(table(hands=hands, kind="hearts"), "S5.0")
    assert ENGINE.legal_moves(state, 1) == [{"type": "play", "card": "S6.0"}]
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, 1, {"type": "play", "card": "H6.0"}, 1000)


def test_follow_suit_if_you_can_else_any_card() -> None:
    """ "Följ färg om du kan." (Follow suit if you can.) Without the suit any card, a heart too,
    even in the first trick."""
    hands = {0: ["S5.0", "C5.0"], 1: ["S6.0", "H6.0"], 2: ["C7.0", "H7.0"], 3: ["C8.0", "S8.0"]}
    state, _ = play(table(hands=hands, kind="hearts"), "S5.0", "S6.0")
    assert sorted(move["card"] for move in ENGINE.legal_moves(state, 2)) == ["C7.0", "H7.0"]


def test_no_trumps_ace_high() -> None:
    """ "Ingen trumf, ess är högst." (No trumps, ace is highest.)"""
    hands = {0: ["SK.0"], 1: ["SA.0"], 2: ["HA.0"], 3: ["CA.0"]}
    state, _ = play(table(hands=hands, kind="queens"), "SK.0", "SA.0", "HA.0", "CA.0")
    assert state["last_trick"]["winner"] == 1


def test_the_highest_card_of_the_suit_led_takes_the_trick_and_its_minus() -> None:
    """ "Högsta kortet i den utspelade färgen tar sticket och dess minuspoäng." (The highest
    card of the suit led takes the trick and its minus points.)"""
    hands = {0: ["C4.0"], 1: ["C9.0"], 2: ["SQ.0"], 3: ["C2.0"]}
    state, _ = play(table(hands=hands, kind="queens"), "C4.0", "C9.0", "SQ.0", "C2.0")
    assert state["last_trick"]["winner"] == 1 and state["history"][-1]["points"] == [0, -50, 0, 0]


def test_the_turn_goes_to_the_left() -> None:
    """ "Turen går åt vänster." (The turn goes to the left: the next seat.)"""
    state = table(starter=2)
    order = []
    for _ in range(4):
        (seat,) = ENGINE.to_move(state)
        order.append(seat)
        state, _ = ENGINE.apply(state, seat, ENGINE.timeout_move(state, seat), 1000)
    assert order == [2, 3, 0, 1]


def test_the_winner_of_the_trick_leads_next() -> None:
    """ "Vinnaren av sticket spelar ut nästa." (The winner of the trick leads the next.)"""
    hands = {0: ["C4.0", "S2.0"], 1: ["C9.0", "S3.0"], 2: ["C3.0", "S4.0"], 3: ["C2.0", "S5.0"]}
    state, _ = play(table(hands=hands, kind="queens"), "C4.0", "C9.0", "C3.0", "C2.0")
    assert ENGINE.to_move(state) == {1} and state["leader"] == 1


def test_when_the_cards_are_out_the_deal_is_scored_and_the_host_deals_next() -> None:
    """ "När alla kort är slut summeras omgången och värden startar nästa giv." (When all the
    cards are played the deal is added up and the host starts the next deal.)"""
    state = play_deal(ENGINE.setup(4, {"cycles": 1}, b"host"))
    assert state["phase"] == "scored" and ENGINE.to_move(state) == {0}
    assert state["scores"] == state["history"][0]["points"]
    assert ENGINE.legal_moves(state, 0) == [{"type": "next_deal"}]
    assert ENGINE.legal_moves(state, 1) == []
    state, events = ENGINE.apply(state, 0, {"type": "next_deal"}, 1000)
    assert codes(events)[0] == "deal_started" and state["phase"] == "passing" and state["deal"] == 1


def test_no_view_shows_another_hand_or_pass_choice() -> None:
    """Views: a seat sees its own hand and pass choice, counts of the others', and after the
    exchange where its own passed cards went; a spectator sees no hand."""
    state = ENGINE.setup(3, {"cycles": 1}, b"views")
    state, _ = ENGINE.apply(state, 0, {"type": "pass", "card": state["hands"][0][0]}, 1000)
    for seat in (None, 0, 1, 2):
        text = json.dumps(ENGINE.view(state, seat))
        assert not any(f'"{card}"' in text for card in hidden_from(state, seat))
    assert ENGINE.view(state, 1)["public"]["pass_counts"] == [1, 0, 0]
    state, _ = pass_all(state)
    passed = ENGINE.view(state, 0)["private"]["passed"]
    assert len(passed) == 3 and set(passed) <= set(state["hands"][1])
