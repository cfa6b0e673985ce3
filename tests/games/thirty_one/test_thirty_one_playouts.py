"""Seeded random Thirty-One games through rulekit's playout harness, with card invariants
(cards conserved, only the seat to move moves, every game ends, lives and seats out agree)
and the hidden-information scan.

The games per seat count are set in tests/budget.py (2,000 in `make soak`).
"""

from __future__ import annotations

import pytest
from svc_cards.core import active_seats
from svc_cards.thirty_one import ENGINE
from svc_cards.thirty_one.rules import LIVES, THIRTY_ONE, hidden_from, points_half

from rulekit import Event, Move, State
from rulekit.playout import Playout, run_playouts
from tests import budget
from tests.games.card_core.invariants import card_check

SEAT_COUNTS = list(range(2, 10))
HIDDEN = {2: 100, 5: 10, 9: 4}


def rules_check(before: State, after: State, seat: int, move: Move, events: list[Event]) -> None:
    lives, playing = after["lives"], active_seats(after)
    assert all(0 <= life <= LIVES for life in lives)
    assert sorted(after["finished"]) == [s for s in range(after["seats"]) if lives[s] == 0]
    assert [out is not None for out in after["out_at"]] == [life == 0 for life in lives]
    lost = sum(before["lives"]) - sum(lives)
    shown = [e for e in events if e["code"] == "showdown"]
    assert lost == sum(len(e["losers"]) for e in shown)
    for show in shown:
        low = min(p for p in show["points_half"] if p is not None)
        assert show["losers"] == [s for s, p in enumerate(show["points_half"]) if p == low]
    if move["type"] == "knock":
        assert before["knocker"] is None
    if after["turn"] is None:
        assert len(playing) <= 1 and shown
        return
    assert after["turn"] in playing and after["turn"] != after["knocker"]
    assert len(after["middle"]) == 3
    for s in range(after["seats"]):
        assert len(after["hands"][s]) == (3 if s in playing else 0)
        assert set(after["known"][s]) <= set(after["hands"][s])
    assert all(points_half(after["hands"][s]) != THIRTY_ONE for s in playing) or not shown


CHECK = card_check(ENGINE, rules_check)


def one_left(run: Playout) -> None:
    result = ENGINE.result(run.final_state)
    assert sum(1 for life in run.final_state["lives"] if life) <= 1 and 1 in result["placings"]


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
        after_game=one_left,
    )
    assert tally.games == tally.planned > 0
    print(f"{seats} seats, block {block}: {tally.games} games, longest {tally.longest} moves")


@pytest.mark.parametrize("seats", sorted(HIDDEN))
def test_no_view_or_event_shows_a_hidden_card(seats: int) -> None:
    """Every view and every event a seat (or a spectator) receives is scanned for the cards in
    other hands (less those seen taken from the middle) and in the draw pile."""
    run_playouts(ENGINE, budget.extra(HIDDEN[seats]), seat_counts=[seats], label="hidden", hidden_from=hidden_from)


def test_budget_covers_every_seat_count() -> None:
    assert list(ENGINE.meta.allowed_seat_counts()) == SEAT_COUNTS
