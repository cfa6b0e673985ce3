"""Seeded random Mau-Mau games through rulekit's playout harness, with card invariants, and
the hidden-information scan.

The games per seat count are set in tests/budget.py (2,000 in `make soak`).
"""

from __future__ import annotations

from typing import Any

import pytest
from svc_cards.core import SUITS, active_seats, hidden_from
from svc_cards.mau_mau import ENGINE

from rulekit import Event, Move, State
from rulekit.playout import run_playouts
from tests import budget
from tests.games.card_core.invariants import card_check, finished_in_order

SEAT_COUNTS = list(range(2, 9))
ALL_OFF = {"seven_draw_two": False, "eight_skip": False, "nine_reverse": False, "jack_wish": False, "ace_again": False}
VARIANTS: list[tuple[dict[str, Any], dict[int, int]]] = [
    ({"deck": 52}, {2: 200, 8: 10}),
    (ALL_OFF, {2: 200, 5: 20}),
    ({"jack_on_jack": True, "deck": 52}, {3: 100}),
]
HIDDEN = {2: 150, 5: 15, 8: 5}


def rules_check(before: State, after: State, seat: int, move: Move, events: list[Event]) -> None:
    options = after["options"]
    assert after["suit"] in SUITS
    assert after["pending"] % 2 == 0 and (options["seven_draw_two"] or after["pending"] == 0)
    assert after["wished"] is False or options["jack_wish"]
    if after["turn"] is None:
        assert len(after["finished"]) == after["seats"]
    else:
        assert after["turn"] in active_seats(after)
    if move["type"] == "play":
        assert move["card"] in before["hands"][seat] and after["discard_pile"][-1] == move["card"]
    if move["type"] == "draw" and not before["pending"]:
        assert not any(m["type"] == "play" for m in ENGINE.legal_moves(before, seat))
    assert ("mau" in [e["code"] for e in events]) == (move["type"] == "play" and len(after["hands"][seat]) == 1)


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
    label = "variant:" + ",".join(f"{k}={v}" for k, v in sorted(options.items()))
    for seats, count in counts.items():
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


def test_budget_covers_every_seat_count() -> None:
    assert list(ENGINE.meta.allowed_seat_counts()) == SEAT_COUNTS
