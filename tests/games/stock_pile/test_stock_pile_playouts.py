"""Seeded random Stock Pile games through rulekit's playout harness, with the game's
invariants (the whole deck in play, building piles in order, only the seat to move moves,
stock piles only shrink) and the hidden-information scan (other hands, the draw pile, every
stock below its top).

The games per seat count are set in tests/budget.py (2,000 in `make soak`).
"""

from __future__ import annotations

import pytest
from svc_cards.stock_pile import ENGINE
from svc_cards.stock_pile.rules import HAND_SIZE, hidden_from, is_wild, number_of

from rulekit import Event, Move, State
from rulekit.playout import Playout, run_playouts
from tests import budget
from tests.games.stock_pile.table import whole_deck

SEAT_COUNTS = list(range(2, 7))
HIDDEN = {2: 60, 4: 15, 6: 6}


def check(before: State, after: State, seat: int, move: Move, events: list[Event]) -> None:
    assert seat in ENGINE.to_move(before), f"seat {seat} moved out of turn"
    assert whole_deck(after), "cards not conserved"
    for pile in after["building"]:
        assert len(pile) < 12
        for place, card in enumerate(pile, start=1):
            assert is_wild(card) or number_of(card) == place
    for other, (old, new) in enumerate(zip(before["stocks"], after["stocks"], strict=True)):
        shrink = 1 if (other == seat and move["type"] == "build" and move["from"] == "stock") else 0
        assert len(new) == len(old) - shrink
    assert all(len(hand) <= HAND_SIZE for hand in after["hands"])
    drawn = [e for e in events if e["code"] == "drawn"]
    assert all(e["visible_to"] == [e["seat"]] for e in drawn)
    assert all("visible_to" not in e for e in events if e["code"] != "drawn")
    if after["turn"] is not None and after["turn"] != seat:
        # A new turn starts with a full hand whenever the cards allow it.
        hand = after["hands"][after["turn"]]
        assert len(hand) == HAND_SIZE or (not after["draw_pile"] and not after["set_aside"])


def ends_well(run: Playout) -> None:
    state = run.final_state
    counts = [len(stock) for stock in state["stocks"]]
    assert state["blocked"] or counts[state["winner"]] == 0
    assert ENGINE.result(state)["placings"][counts.index(min(counts))] == 1


@pytest.mark.parametrize("seats", SEAT_COUNTS)
@pytest.mark.parametrize("stock_size", ["standard", "short"])
def test_random_playouts(seats: int, stock_size: str) -> None:
    tally = budget.playouts(
        ENGINE,
        seats=seats,
        check=check,
        hidden_from=hidden_from,
        after_game=ends_well,
        options={"stock_size": stock_size},
        label=f"playout-{stock_size}",
    )
    assert tally.games == tally.planned > 0
    print(f"{seats} seats, {stock_size}: {tally.games} games, longest {tally.longest} moves")


@pytest.mark.parametrize("seats", sorted(HIDDEN))
def test_no_view_or_event_shows_a_hidden_card(seats: int) -> None:
    """Every view and every event a seat (or a spectator) receives is scanned for the cards in
    other hands, in the draw pile and under every stock top."""
    run_playouts(ENGINE, budget.extra(HIDDEN[seats]), seat_counts=[seats], label="hidden", hidden_from=hidden_from)


def test_budget_covers_every_seat_count() -> None:
    assert list(ENGINE.meta.allowed_seat_counts()) == SEAT_COUNTS
