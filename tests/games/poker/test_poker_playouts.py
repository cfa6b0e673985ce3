"""Seeded random Poker tables through rulekit's playout harness, with chip and card
invariants, and the hidden-information scan.

The games per seat count are set in tests/budget.py (2,000 in `make soak`).
"""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from svc_cards.core import build_decks
from svc_cards.poker import ENGINE
from svc_cards.poker.hands import NAMES, best_hand, five_value, kit_cards, tables
from svc_cards.poker.rules import hidden_from, starting_stack

from rulekit import Event, Move, State
from rulekit.playout import Playout, run_playouts
from tests import budget

SEAT_COUNTS = [3, 5]
HIDDEN = {3: 6, 5: 4}


def chips_and_cards(before: State, after: State, seat: int, move: Move, events: list[Event]) -> None:
    seats = after["seats"]
    stack = starting_stack(after["options"])
    stacks, committed = after["stacks"], after["committed"]
    assert min(stacks) >= 0
    if after["phase"] == "over":
        assert sum(stacks) == stack * seats and sorted(stacks)[-2] == 0
        return
    # Every coin is in a stack or in this hand's pot.
    assert sum(stacks) + sum(committed) == stack * seats
    assert all(committed[s] == 0 for s in range(seats) if not after["dealt"][s])
    # One fresh deck a hand, every card in the deck, a hand or on the board.
    cards = after["deck"] + after["board"] + [c for hole in after["hole"] for c in hole]
    assert sorted(cards) == sorted(build_decks("french52", 1, first=after["hand"]))
    assert len(after["board"]) == {"preflop": 0, "flop": 3, "turn": 4, "river": 5}[after["street"]]
    assert all(len(after["hole"][s]) == (2 if after["dealt"][s] else 0) for s in range(seats))
    turn = after["turn"]
    assert after["dealt"][turn] and not after["folded"][turn] and stacks[turn] > 0
    assert sum(1 for s in range(seats) if after["dealt"][s] and not after["folded"][s]) >= 2


CHECK = chips_and_cards


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
        check=CHECK,
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
    """Every view and every event a seat (or a spectator) receives is scanned for the deck and
    for other seats' hole cards not shown at a showdown."""
    run_playouts(ENGINE, budget.extra(HIDDEN[seats]), seat_counts=[seats], label="hidden", hidden_from=hidden_from)


def test_budget_covers_every_seat_count() -> None:
    assert list(ENGINE.meta.allowed_seat_counts()) == SEAT_COUNTS


def _kit_value(cards: list[str]) -> int:
    from pokerkit import StandardHighHand

    return StandardHighHand(kit_cards(cards)).entry.index


def test_hand_ranking_against_pokerkit_over_five_card_hands() -> None:
    """Our fast table gives PokerKit's value for every five-card hand: all 2,598,960 of them
    in `make soak`, a seeded sample of 20,000 in `make test`."""
    deck = build_decks("french52", 1)
    if budget.SOAK:
        hands = combinations(deck, 5)
    else:
        rnd = random.Random("five-card hands")
        hands = (rnd.sample(deck, 5) for _ in range(20_000))
    checked = 0
    for hand in hands:
        cards = list(hand)
        assert five_value(cards) == _kit_value(cards), cards
        checked += 1
    assert checked == (2_598_960 if budget.SOAK else 20_000)


def test_hand_ranking_against_pokerkit_over_seven_card_hands() -> None:
    """The best five of seven, against PokerKit's own choice (`from_game`), on a seeded sample
    (2,000 in `make test`, a million in `make soak`); the names too."""
    from pokerkit import StandardHighHand

    deck = build_decks("french52", 1)
    rnd = random.Random("seven-card hands")
    for _ in range(1_000_000 if budget.SOAK else budget.extra(2_000)):
        cards = rnd.sample(deck, 7)
        kit = StandardHighHand.from_game(kit_cards(cards[:2]), kit_cards(cards[2:]))
        value, name = best_hand(cards)
        assert value == kit.entry.index, cards
        assert name == NAMES[kit.entry.label.value] or (name == "royal_flush" and value == max(tables()[1]))
