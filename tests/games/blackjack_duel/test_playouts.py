"""Seeded random blackjack duel tables through rulekit's playout harness, with chip and card
invariants, and the hidden-information scan (the hidden cards in no view at all during the
first betting round, then only in their owner's).

The games per seat count are set in tests/budget.py (2,000 in `make soak`).
"""

from __future__ import annotations

import pytest
from svc_cards.blackjack_duel import ENGINE
from svc_cards.blackjack_duel.rules import hidden_from, starting_stack
from svc_cards.core import build_decks

from rulekit import Event, Move, State
from rulekit.playout import Playout, run_playouts
from tests import budget

SEAT_COUNTS = [3, 5]
HIDDEN = {3: 6, 5: 4}


def chips_and_cards(before: State, after: State, seat: int, move: Move, events: list[Event]) -> None:
    seats = after["seats"]
    stack = starting_stack(after["options"])
    stacks = after["stacks"]
    assert min(stacks) >= 0 and after["carry"] >= 0
    if after["phase"] == "over":
        assert sum(stacks) == stack * seats and sorted(stacks)[-2] == 0 and after["carry"] == 0
        return
    # Every coin is in a stack, on a hand in this round's pot, or carried over.
    assert sum(stacks) + sum(sum(c) for c in after["committed"]) + after["carry"] == stack * seats
    # One fresh deck a round; every card in the shoe or in a hand.
    cards = after["deck"] + [c for hands in after["cards"] for hand in hands for c in hand]
    assert sorted(cards) == sorted(build_decks("french52", 1, first=after["round"]))
    for other in range(seats):
        hands = after["cards"][other]
        if not after["dealt"][other]:
            assert hands == [] and after["committed"][other] == []
            continue
        assert len(hands) == len(after["committed"][other]) == (2 if after["split"][other] else 1)
        if after["stage"] == "bet1":
            assert [len(hand) for hand in hands] == [2]
        # A hand holds at most its stake; every hand of a seat with coins holds it in full.
        assert all(paid <= after["stake"] for paid in after["committed"][other])
    turn = after["turn"]
    assert after["dealt"][turn] and not after["folded"][turn]
    if after["stage"] != "draw":
        assert stacks[turn] > 0
    assert sum(1 for s in range(seats) if after["dealt"][s] and not after["folded"][s]) >= 2


def one_winner(run: Playout) -> None:
    result = ENGINE.result(run.final_state)
    assert result["placings"].count(1) == 1
    winner = result["placings"].index(1)
    assert result["scores"][winner] == starting_stack(run.final_state["options"]) * run.seats


@pytest.mark.parametrize("block", range(budget.BLOCKS))
@pytest.mark.parametrize("seats", SEAT_COUNTS)
def test_random_playouts(seats: int, block: int) -> None:
    tally = budget.playouts(
        ENGINE,
        seats=seats,
        block=block,
        blocks=budget.BLOCKS,
        check=chips_and_cards,
        hidden_from=hidden_from,
        after_game=one_winner,
    )
    assert tally.games == tally.planned > 0
    print(f"{seats} seats, block {block}: {tally.games} tables, longest {tally.longest} moves")


@pytest.mark.parametrize("stake", [5000, 25000])
def test_random_playouts_at_every_stake(stake: int) -> None:
    tally = budget.playouts(
        ENGINE, count=budget.extra(10), check=chips_and_cards, after_game=one_winner, options={"stake": stake}
    )
    assert tally.games == tally.planned > 0


@pytest.mark.parametrize("seats", sorted(HIDDEN))
def test_no_view_or_event_shows_a_hidden_card(seats: int) -> None:
    """Every view and every event a seat (or a spectator) receives is scanned for the shoe, for
    every hidden card before the turn (its owner's too) and for other seats' cards but the
    face-up ones after it."""
    run_playouts(ENGINE, budget.extra(HIDDEN[seats]), seat_counts=[seats], label="hidden", hidden_from=hidden_from)


def test_budget_covers_every_seat_count() -> None:
    assert list(ENGINE.meta.allowed_seat_counts()) == SEAT_COUNTS
