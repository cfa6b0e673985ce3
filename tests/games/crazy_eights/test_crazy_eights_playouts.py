"""Seeded random Crazy Eights games through rulekit's playout harness, with card invariants
(cards conserved, only the seat to move moves, every game ends) and the hidden-information
scan.

The games per seat count are set in tests/budget.py (2,000 in `make soak`).
"""

from __future__ import annotations

import pytest
from svc_cards.core import SUITS, hidden_from, parse
from svc_cards.crazy_eights import ENGINE
from svc_cards.crazy_eights.rules import hand_value

from rulekit import Event, Move, State
from rulekit.playout import Playout, run_playouts
from tests import budget
from tests.games.card_core.invariants import card_check

SEAT_COUNTS = list(range(2, 7))
HIDDEN = {2: 100, 4: 20, 6: 10}


def rules_check(before: State, after: State, seat: int, move: Move, events: list[Event]) -> None:
    assert after["suit"] in SUITS
    if move["type"] == "play":
        cards = move["cards"]
        assert set(cards) <= set(before["hands"][seat]) and len({parse(card)[1] for card in cards}) == 1
        assert after["discard_pile"][-len(cards) :] == cards
        assert after["suit"] == (move["suit"] if parse(cards[0])[1] == "8" else parse(cards[-1])[0])
        if before["drew"]:
            assert cards[0] == before["hands"][seat][-1]
    else:
        # Drawing and passing only without a playable card.
        assert not any(m["type"] == "play" for m in ENGINE.legal_moves(before, seat))
    if after["drew"]:
        assert move["type"] == "draw" and after["turn"] == seat
    if after["turn"] is None:
        values = [hand_value(hand) for hand in after["hands"]]
        assert after["hand_values"] == values
        assert after["winners"] == [s for s, v in enumerate(values) if v == min(values)]
        assert after["match"]["rounds_played"] == 1 and sum(after["match"]["wins"]) == len(after["winners"])
        # With the whole deck in play a round always ends by someone going out.
        assert not after["blocked"] and min(values) == 0
    else:
        assert after["turn"] == (seat if after["drew"] else (seat + 1) % after["seats"])


CHECK = card_check(ENGINE, rules_check)


def one_winner(run: Playout) -> None:
    assert ENGINE.result(run.final_state)["placings"].count(1) == 1


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
    print(f"{seats} seats, block {block}: {tally.games} games, longest {tally.longest} moves")


@pytest.mark.parametrize("seats", sorted(HIDDEN))
def test_no_view_or_event_shows_a_hidden_card(seats: int) -> None:
    """Every view and every event a seat (or a spectator) receives is scanned for the cards in
    other hands and in the draw pile."""
    run_playouts(ENGINE, budget.extra(HIDDEN[seats]), seat_counts=[seats], label="hidden", hidden_from=hidden_from)


def test_budget_covers_every_seat_count() -> None:
    assert list(ENGINE.meta.allowed_seat_counts()) == SEAT_COUNTS
