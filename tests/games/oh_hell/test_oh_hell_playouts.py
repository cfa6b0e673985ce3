"""Seeded random Oh Hell matches through rulekit's playout harness, with card invariants (cards
conserved, only the seat to move moves, tricks and scores add up) and the hidden-information
scan. Quick and full matches; the games per seat count are set in tests/budget.py.
"""

from __future__ import annotations

import pytest
from svc_cards.core.tricks import trick_hidden_from
from svc_cards.oh_hell import ENGINE
from svc_cards.oh_hell.rules import deal_points, schedule

from rulekit import Event, Move, State
from rulekit.playout import Playout, run_playouts
from tests import budget
from tests.games.card_core.invariants import card_check

SEAT_COUNTS = [3, 4, 5, 6]


def rules_check(before: State, after: State, seat: int, move: Move, events: list[Event]) -> None:
    cards = after["schedule"][after["deal"]]
    if after["phase"] in ("bidding", "playing"):
        assert (
            sum(len(hand) for hand in after["hands"]) + len(after["taken"]) + len(after["trick"])
            == cards * after["seats"]
        )
        assert sum(after["tricks_won"]) == len(after["taken"]) // after["seats"]
    if after["phase"] == "playing" and before["phase"] == "bidding":
        # The hook: the bids never add up to the tricks.
        assert sum(after["bids"]) != cards
    if move["type"] == "play" and before["trick"]:
        led = before["trick"][0][0]
        if any(card[0] == led for card in before["hands"][seat]):
            assert move["card"][0] == led
    if after["phase"] in ("scored", "over") and before["phase"] == "playing":
        deal = after["history"][-1]
        assert sum(deal["tricks"]) == deal["cards"]
        assert deal["points"] == [deal_points(b, t) for b, t in zip(deal["bids"], deal["tricks"], strict=True)]
        assert after["scores"] == [sum(d["points"][s] for d in after["history"]) for s in range(after["seats"])]


CHECK = card_check(ENGINE, rules_check)


def whole_match(run: Playout) -> None:
    state = run.final_state
    assert [deal["cards"] for deal in state["history"]] == schedule(run.seats, state["options"]["length"])
    assert ENGINE.result(state)["scores"] == state["scores"]


@pytest.mark.parametrize("length", ["quick", "full"])
@pytest.mark.parametrize("block", range(budget.BLOCKS))
@pytest.mark.parametrize("seats", SEAT_COUNTS)
def test_random_playouts(seats: int, block: int, length: str) -> None:
    count = None if length == "quick" else budget.extra(3)
    tally = budget.playouts(
        ENGINE,
        seats=seats,
        count=count,
        block=block,
        blocks=budget.BLOCKS,
        check=CHECK,
        hidden_from=trick_hidden_from,
        options={"length": length},
        label=f"playout-{length}",
        after_game=whole_match,
    )
    assert tally.games == tally.planned > 0
    print(f"{seats} seats, {length}, block {block}: {tally.games} games, longest {tally.longest} moves")


@pytest.mark.parametrize("seats", [3, 6])
def test_no_view_or_event_shows_a_hidden_card(seats: int) -> None:
    """Every view and every event a seat (or a spectator) receives is scanned for the cards in
    other hands and in the stock."""
    run_playouts(ENGINE, budget.extra(8), seat_counts=[seats], label="hidden", hidden_from=trick_hidden_from)


def test_budget_covers_every_seat_count() -> None:
    assert list(ENGINE.meta.allowed_seat_counts()) == SEAT_COUNTS
