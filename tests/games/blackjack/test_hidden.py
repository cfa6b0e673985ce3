"""Blackjack's hidden information: the dealer's hidden card and the shoe. `determinize`
samples a full state from a seat's view that gives that very view back, never a hidden card
that would have made a blackjack the dealer's peek ruled out, and with the unseen cards
dealt anew; a state differing only in the hidden cards gives every seat the same view."""

from __future__ import annotations

import random

from svc_cards.blackjack import ENGINE
from svc_cards.blackjack.rules import dealer_peeks, hidden_from
from svc_cards.core.blackjack import is_natural

from rulekit.playout import instantiate
from tests.games.blackjack.table import dealt


def positions(games: int = 30, seats: int = 3):
    """Every position of seeded random games."""
    for index in range(games):
        rnd = random.Random(index)
        state = ENGINE.setup(seats, {"rounds": 4}, b"bj-hidden-%d" % index)
        while ENGINE.result(state) is None:
            yield state
            seat = rnd.choice(sorted(ENGINE.to_move(state)))
            state, _ = ENGINE.apply(state, seat, instantiate(rnd.choice(ENGINE.legal_moves(state, seat)), rnd), 0)


def test_determinize_gives_the_view_back() -> None:
    checked = 0
    for state in positions():
        for seat in sorted(ENGINE.to_move(state)):
            view = ENGINE.view(state, seat)
            sample = ENGINE.determinize(view, seat, b"sample")
            assert ENGINE.view(sample, seat) == view
            assert ENGINE.legal_moves(sample, seat) == ENGINE.legal_moves(state, seat)
            if state["phase"] == "play":
                assert len(sample["shoe"]) == len(state["shoe"]) and len(sample["dealer"]) == 2
                assert not (dealer_peeks(sample["dealer"][0]) and is_natural(sample["dealer"]))
                checked += 1
    assert checked > 100


def test_samples_differ_in_the_hidden_cards() -> None:
    state = dealt(["S5 H6", "D9 C9"], "H10 C7")
    view = ENGINE.view(state, 0)
    holes = {ENGINE.determinize(view, 0, b"s%d" % n)["dealer"][1] for n in range(30)}
    assert len(holes) > 5
    # Under a ten no ace: that would have been a blackjack the dealer looked for.
    assert not any(card.startswith(tuple(f"{suit}A" for suit in "SHDC")) for card in holes)


def test_the_hidden_cards_change_no_view() -> None:
    state = dealt(["S5 H6", "D9 C9"], "H10 C7")
    twin = dealt(["S5 H6", "D9 C9"], "H10 C2", draws="SK SQ")
    assert state["dealer"] != twin["dealer"] and state["shoe"] != twin["shoe"]
    assert hidden_from(state, 0) == hidden_from(twin, 0)  # the same cards, elsewhere
    for seat in (0, 1, None):
        assert ENGINE.view(twin, seat) == ENGINE.view(state, seat)
