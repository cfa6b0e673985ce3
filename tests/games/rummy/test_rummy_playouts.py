"""Seeded random Rummy games through rulekit's playout harness, with the meld invariants
(cards conserved, every meld on the table valid, only opened seats lay off or swap, every
game ends) and the hidden-information scan.

The games per seat count are set in tests/budget.py (2,000 in `make soak`).
"""

from __future__ import annotations

import pytest
from svc_cards.core.melds import RUMMY, valid
from svc_cards.rummy import ENGINE
from svc_cards.rummy.rules import hand_penalty, hidden_from

from rulekit import Event, Move, State
from rulekit.playout import Playout, run_playouts
from tests import budget
from tests.games.card_core.invariants import card_check

SEAT_COUNTS = list(range(2, 7))
HIDDEN = {2: 40, 4: 10, 6: 5}


def rules_check(before: State, after: State, seat: int, move: Move, events: list[Event]) -> None:
    assert all(valid(meld, RUMMY) for meld in after["melds"])
    kind = move["type"]
    if kind in ("lay_off", "swap"):
        assert before["opened"][seat]
    if kind in ("draw", "take"):
        assert before["phase"] == "draw" and after["phase"] == "play"
    if kind == "discard":
        assert not before["staged"]
    for other, known in enumerate(after["known"]):
        assert set(known) <= set(after["hands"][other]) or after["turn"] is None
    if after["turn"] is None:
        assert after["penalties"] == [hand_penalty(hand) for hand in after["hands"]]
        if after["out"] is not None:
            assert after["hands"][after["out"]] == [] and after["opened"][after["out"]]
    else:
        assert after["draw_pile"] or after["phase"] == "play", "a turn always starts with a card to draw"
        assert sum(after["opened"]) >= sum(before["opened"])


CHECK = card_check(ENGINE, rules_check)


def placed(run: Playout) -> None:
    result = ENGINE.result(run.final_state)
    assert min(result["placings"]) == 1


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
        after_game=placed,
    )
    assert tally.games == tally.planned > 0
    print(f"{seats} seats, block {block}: {tally.games} games, longest {tally.longest} moves")


@pytest.mark.parametrize("seats", sorted(HIDDEN))
def test_no_view_or_event_shows_a_hidden_card(seats: int) -> None:
    """Every view and every event a seat (or a spectator) receives is scanned for the cards in
    other hands and in the stock (less the cards everyone saw go into a hand)."""
    run_playouts(ENGINE, budget.extra(HIDDEN[seats]), seat_counts=[seats], label="hidden", hidden_from=hidden_from)


def test_budget_covers_every_seat_count() -> None:
    assert list(ENGINE.meta.allowed_seat_counts()) == SEAT_COUNTS
