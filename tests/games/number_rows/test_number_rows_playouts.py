"""Seeded random Number Rows games through rulekit's playout harness, with card invariants
(cards conserved, only the seat to move moves, every game ends, the rows hold exactly the
laid cards) and the hidden-information scan.

The games per seat count are set in tests/budget.py (2,000 in `make soak`).
"""

from __future__ import annotations

from typing import Any

import pytest
from svc_cards.core import COLOURS, active_seats, hidden_from, parse
from svc_cards.number_rows import ENGINE
from svc_cards.number_rows.rules import wanted

from rulekit import Event, Move, State
from rulekit.playout import run_playouts
from tests import budget
from tests.games.card_core.invariants import card_check, finished_in_order

SEAT_COUNTS = list(range(2, 9))
VARIANTS: list[tuple[dict[str, Any], dict[int, int]]] = [
    ({"start_cards": 5}, {2: 60, 5: 20}),
    ({"start_cards": 15}, {3: 40, 6: 15}),
]
HIDDEN = {2: 30, 5: 8, 8: 5}


def rules_check(before: State, after: State, seat: int, move: Move, events: list[Event]) -> None:
    laid: dict[str, list[int]] = {colour: [] for colour in COLOURS}
    for card in after["discard_pile"]:
        laid[card[0]].append(int(parse(card)[1]))
    for colour in COLOURS:
        row = after["rows"][colour]
        assert sorted(laid[colour]) == (list(range(row[0], row[1] + 1)) if row else [])
    kind = move["type"]
    if kind == "lay":
        assert move["card"] in wanted(before["rows"]) and move["card"] in before["hands"][seat]
    elif kind == "draw":
        assert not before["drew"] and not set(before["hands"][seat]) & wanted(before["rows"])
        assert before["draw_pile"]
    else:
        assert not before["draw_pile"] and not set(before["hands"][seat]) & wanted(before["rows"])
    if after["drew"]:
        assert kind == "draw" and after["turn"] == seat and after["hands"][seat][-1] in wanted(after["rows"])
    if after["turn"] is None:
        assert len(after["finished"]) == after["seats"]
    else:
        assert after["turn"] in active_seats(after)


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
def test_random_playouts_with_start_cards(options: dict[str, Any], counts: dict[int, int]) -> None:
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
