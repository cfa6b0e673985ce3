"""Our rules against OpenSpiel's `oh_hell` (a reference written independently), where the two
coincide: over seeded random first deals at 3 to 6 seats, the same seat to move and the same
legal bids (the dealer's hook) and cards (follow suit, else any) at every step, and the same
tricks taken.

OpenSpiel is not a project dependency: install it into a local venv to run this
(`pip install open-spiel`); without it the module is skipped. Where we differ by design:
OpenSpiel turns up a trump card after the deal (we play without trumps), so a deal is compared
only until a trick is taken by a trump (from then on the winners, and so the leads, differ);
OpenSpiel scores the tricks taken plus 10 for an exact bid (we score 10 + tricks for an exact
bid, 0 for a miss), and plays one deal, not a match.
"""

from __future__ import annotations

import random

import pytest
from svc_cards.core import parse
from svc_cards.oh_hell import ENGINE

pyspiel = pytest.importorskip("pyspiel")

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
OS_SUITS = ("C", "D", "S", "H")  # OpenSpiel's card number: rank * 4 + suit in this order
BID_BASE = 52  # OpenSpiel's bid actions follow the 52 cards


def card_action(card: str) -> int:
    suit, rank = parse(card)
    return RANKS.index(rank) * 4 + OS_SUITS.index(suit)


def move_action(move: dict) -> int:
    return BID_BASE + move["bid"] if move["type"] == "bid" else card_action(move["card"])


def their_start(ours: dict, seats: int, trump: str):  # type: ignore[no-untyped-def]
    """OpenSpiel's state after the same chance outcomes: tricks, dealer, the same hands (it
    deals to seat 0, 1, 2, ... in turn), a trump card from our stock."""
    game = pyspiel.load_game(f"oh_hell(players={seats})")
    state = game.new_initial_state()
    cards = ours["schedule"][ours["deal"]]
    state.apply_action(cards)
    state.apply_action(ours["dealer"])
    for index in range(cards):
        for seat in range(seats):
            state.apply_action(card_action(ours["hands"][seat][index]))
    state.apply_action(card_action(trump))
    return state


@pytest.mark.parametrize("seats", [3, 4, 5, 6])
@pytest.mark.parametrize("length", ["quick", "full"])
def test_same_turns_bids_cards_and_tricks(seats: int, length: str) -> None:
    steps = compared_deals = 0
    for number in range(25):
        rnd = random.Random(f"openspiel:{seats}:{length}:{number}")
        ours = ENGINE.setup(seats, {"length": length}, f"os-oh-hell-{seats}-{number}".encode())
        trump = rnd.choice(ours["draw_pile"])
        trumps = parse(trump)[0]
        theirs = their_start(ours, seats, trump)
        coincide = True
        while ours["phase"] in ("bidding", "playing"):
            (seat,) = ENGINE.to_move(ours)
            assert seat == theirs.current_player(), (number, steps)
            legal = ENGINE.legal_moves(ours, seat)
            assert sorted(move_action(m) for m in legal) == sorted(theirs.legal_actions()), (number, steps)
            move = rnd.choice(legal)
            trick = ours["trick"] + ([move["card"]] if move["type"] == "play" else [])
            ours = ENGINE.apply(ours, seat, move, 0)[0]
            theirs.apply_action(move_action(move))
            steps += 1
            if len(trick) == seats and any(parse(card)[0] == trumps for card in trick[1:]):
                led = parse(trick[0])[0]
                if led != trumps:
                    coincide = False  # a trump may have taken it: the rules part here
                    break
        if coincide:
            compared_deals += 1
            assert theirs.is_terminal()
            history = ours["history"][0]
            returns = theirs.returns()
            for seat in range(seats):
                made = history["bids"][seat] == history["tricks"][seat]
                assert returns[seat] == history["tricks"][seat] + (10 if made else 0)
    assert steps > 200 and compared_deals > 0, (steps, compared_deals)
