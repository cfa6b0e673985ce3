"""Seeded random Last Card games through rulekit's playout harness, with card invariants, and
the hidden-information scan.

The games per seat count are set in tests/budget.py (2,000 in `make soak`): a
16-seat game is ~650 moves.
"""

from __future__ import annotations

from typing import Any

import pytest
from svc_cards.core import COLOURS, active_seats, hidden_from
from svc_cards.last_card import ENGINE

from rulekit import Event, Move, State
from rulekit.playout import run_playouts
from tests import budget
from tests.games.card_core.invariants import card_check, finished_in_order

SEAT_COUNTS = list(range(2, 17))
VARIANTS: list[tuple[dict[str, Any], dict[int, int]]] = [
    ({"stacking": True}, {2: 100, 5: 15, 16: 2}),
    ({"draw_until_playable": True, "play_drawn": False}, {2: 100, 5: 15, 16: 2}),
    ({"start_cards": 10, "stacking": True, "draw_until_playable": True}, {3: 40, 13: 2}),
    ({"start_cards": 5}, {4: 40}),
]
HIDDEN = {2: 60, 4: 20, 8: 4, 16: 1}


def rules_check(before: State, after: State, seat: int, move: Move, events: list[Event]) -> None:
    options = after["options"]
    assert after["colour"] in COLOURS
    assert after["pending"] >= 0 and (options["stacking"] or after["pending"] == 0)
    assert len(set(after["finished"])) == len(after["finished"])
    if after["turn"] is None:
        assert len(after["finished"]) == after["seats"]
    else:
        assert after["turn"] in active_seats(after)
    if after["drew"]:
        assert after["turn"] == seat and options["play_drawn"]
    if move["type"] == "play":
        assert move["card"] in before["hands"][seat] and after["discard_pile"][-1] == move["card"]
    if move["type"] == "draw" and not before["pending"]:
        assert not any(m["type"] == "play" for m in ENGINE.legal_moves(before, seat))


CHECK = card_check(ENGINE, rules_check)
FINISHED_IN_ORDER = finished_in_order(ENGINE)


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
        after_game=FINISHED_IN_ORDER,
    )
    assert tally.games == tally.planned > 0
    print(f"{seats} seats, block {block}: {tally.games} games, longest {tally.longest} moves")


@pytest.mark.parametrize(("options", "counts"), VARIANTS)
def test_random_playouts_with_variants(options: dict[str, Any], counts: dict[int, int]) -> None:
    for seats, count in counts.items():
        label = "variant:" + ",".join(f"{k}={v}" for k, v in sorted(options.items()))
        tally = budget.playouts(
            ENGINE,
            seats=seats,
            count=budget.extra(count),
            check=CHECK,
            hidden_from=hidden_from,
            options=options,
            label=label,
            after_game=FINISHED_IN_ORDER,
        )
        assert tally.games == budget.extra(count)


@pytest.mark.parametrize("seats", sorted(HIDDEN))
def test_no_view_or_event_shows_a_hidden_card(seats: int) -> None:
    """Every view and every event a seat (or a spectator) receives is scanned for the cards in
    other hands and in the draw pile."""
    run_playouts(ENGINE, budget.extra(HIDDEN[seats]), seat_counts=[seats], label="hidden", hidden_from=hidden_from)
    run_playouts(
        ENGINE,
        budget.extra(max(1, HIDDEN[seats] // 4)),
        seat_counts=[seats],
        options={"stacking": True, "draw_until_playable": True},
        label="hidden-variant",
        hidden_from=hidden_from,
    )


def test_budget_covers_every_seat_count() -> None:
    assert list(ENGINE.meta.allowed_seat_counts()) == SEAT_COUNTS
