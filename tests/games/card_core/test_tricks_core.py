"""The trick-taking core (svc_cards/core/tricks.py): following suit, the trick's winner,
passing as a simultaneous phase, and a determinize that keeps the voids a seat has shown."""

from __future__ import annotations

from svc_cards.core import cards_conserved, parse
from svc_cards.core.tricks import (
    deal_round,
    exchange,
    new_trick_table,
    pass_choices,
    passers,
    play_card,
    playable,
    start_passing,
    trick_hidden_from,
    trick_winner,
)
from svc_cards.oh_hell import ENGINE

from rulekit import Rng, new_rng_state


def dealt(seats: int = 4, cards: int = 13) -> dict:
    state = new_trick_table(seats)
    deal_round(state, Rng(new_rng_state(b"core")), 0, cards)
    return state


def test_a_deal_gives_every_seat_its_cards_and_keeps_the_rest_in_the_stock() -> None:
    state = dealt(3, 5)
    assert [len(hand) for hand in state["hands"]] == [5, 5, 5] and len(state["draw_pile"]) == 37
    assert cards_conserved(state)
    assert trick_hidden_from(state, 0) == set(state["draw_pile"]) | set(state["hands"][1]) | set(state["hands"][2])


def test_follow_suit_if_you_can() -> None:
    hand = ["S2.0", "SK.0", "H3.0"]
    assert playable(hand, None) == hand
    assert playable(hand, "S") == ["S2.0", "SK.0"]
    assert playable(hand, "D") == hand


def test_the_highest_card_of_the_suit_led_wins() -> None:
    assert trick_winner(["H10.0", "HJ.0", "SA.0", "H2.0"], [2, 3, 0, 1]) == 3


def test_a_finished_trick_goes_to_taken_and_its_winner_leads() -> None:
    state = new_trick_table(3)
    state["hands"] = [["S2.0"], ["SA.0"], ["D5.0"]]
    for seat, card in ((0, "S2.0"), (1, "SA.0")):
        _, winner = play_card(state, seat, card)
        assert winner is None
    events, winner = play_card(state, 2, "D5.0")
    assert winner == 1 and state["turn"] == 1 and state["leader"] == 1
    assert state["taken"] == ["S2.0", "SA.0", "D5.0"] and state["trick"] == []
    assert state["voids"][2] == ["S"] and events[-1]["code"] == "trick_won"


def test_passing_is_simultaneous_and_exchanged_at_once() -> None:
    state = dealt(4, 13)
    start_passing(state)
    before = [list(hand) for hand in state["hands"]]
    for seat in range(4):
        for card in before[seat][:3]:
            assert card in pass_choices(state, seat)
            state["passing"][seat].append(card)
            assert card not in pass_choices(state, seat)
        # Chosen cards stay in the hand until every seat has chosen.
        assert state["hands"][seat] == before[seat]
    assert passers(state, 3) == frozenset()
    events = exchange(state, 1)
    for seat in range(4):
        source = (seat - 1) % 4
        assert set(before[source][:3]) <= set(state["hands"][seat])
        assert len(state["hands"][seat]) == 13
    received = [e for e in events if e["code"] == "received"]
    assert all(e["visible_to"] == [e["seat"]] for e in received)
    assert cards_conserved(state) and state["passing"] is None


def test_a_pass_choice_is_seen_only_by_its_own_seat() -> None:
    state = ENGINE.setup(3, {}, b"pass-view")
    state["passing"] = [[state["hands"][seat][0]] for seat in range(3)]
    for seat in range(3):
        view = ENGINE.view(state, seat)
        assert view["private"]["passing"] == [state["hands"][seat][0]]
        assert view["public"]["pass_counts"] == [1, 1, 1]
        assert "passing" not in view["public"]
    assert "private" not in ENGINE.view(state, None)


def test_determinize_keeps_the_played_cards_and_the_voids() -> None:
    state = ENGINE.setup(4, {"length": "full"}, b"voids")
    state.update(phase="playing", bids=[1, 1, 1, 1])
    state["voids"] = [[], ["S", "H"], ["D"], []]
    for sample in range(20):
        guess = ENGINE.determinize(ENGINE.view(state, 0), 0, b"s%d" % sample)
        assert guess["hands"][0] == state["hands"][0]
        assert not any(parse(card)[0] in ("S", "H") for card in guess["hands"][1])
        assert not any(parse(card)[0] == "D" for card in guess["hands"][2])
        assert [len(hand) for hand in guess["hands"]] == [10] * 4 and cards_conserved(guess)
