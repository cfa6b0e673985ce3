"""Seeded random Blackjack tables through rulekit's playout harness, with the game's
invariants: chips conserved (every chip is in a stack, on the table as a bet, or won or lost
by the dealer), every card of the round's shoe in exactly one place, the dealer's hidden
card and the shoe in no view or event (`hidden_from`). The count is in tests/budget.py;
2,000 per seat count in `make soak`."""

from __future__ import annotations

import pytest
from svc_cards.blackjack import ENGINE
from svc_cards.blackjack.rules import MIN_BET, hidden_from
from svc_cards.core import build_decks
from svc_cards.core.blackjack import hand_total

from rulekit import Event, Move, State
from rulekit.playout import Playout, run_playouts
from tests import budget

SEAT_COUNTS = list(range(1, 9))


def check(before: State, after: State, seat: int, move: Move, events: list[Event]) -> None:
    seats = after["seats"]
    start = after["start_chips"]
    chips, bets = after["chips"], after["bets"]
    assert min(chips) >= 0 and min(bets) >= 0
    # Every chip is in a stack, on the table, or with the dealer.
    assert sum(chips) + sum(bets) + after["house"] == start * seats
    settled = [e for e in events if e["code"] == "settled"]
    if settled:
        assert sum(e["bet"] - e["paid"] for e in settled) == after["house"] - before["house"]
        for e in settled:
            assert e["paid"] in (0, e["bet"], 2 * e["bet"], e["bet"] + e["bet"] * 3 // 2)
    if after["phase"] == "play":
        first, count = after["round_decks"]
        held = after["shoe"] + after["dealer"] + [c for hand in after["hands"] for c in hand]
        assert sorted(held) == sorted(build_decks("french52", count, first=first))
        turn = after["turn"]
        assert after["in_round"][turn] and not after["done"][turn] and hand_total(after["hands"][turn])[0] < 21
        assert not after["hole_turned"] and len(after["dealer"]) == 2
    else:
        assert after["turn"] is None and after["shoe"] == [] and after["dealer"] == []
        assert all(after["in_round"][s] == (chips[s] + bets[s] >= MIN_BET) for s in range(seats) if not bets[s])
    if after["phase"] == "over":
        assert ENGINE.result(after)["scores"] == chips


def finished(run: Playout) -> None:
    final = run.final_state
    assert final["round"] <= final["rounds"]
    assert final["round"] == final["rounds"] or all(c < MIN_BET for c in final["chips"])


def test_budget_covers_every_seat_count() -> None:
    assert list(ENGINE.meta.allowed_seat_counts()) == SEAT_COUNTS


@pytest.mark.parametrize("block", range(budget.BLOCKS))
@pytest.mark.parametrize("seats", SEAT_COUNTS)
def test_random_playouts(seats: int, block: int) -> None:
    tally = budget.playouts(
        ENGINE,
        seats=seats,
        block=block,
        blocks=budget.BLOCKS,
        check=check,
        hidden_from=hidden_from,
        after_game=finished,
    )
    assert tally.games == tally.planned > 0


@pytest.mark.parametrize("options", [{"rounds": 20, "chips": 1000}, {"rounds": 1, "chips": 50}])
def test_random_playouts_at_the_settings_bounds(options: dict) -> None:
    tally = budget.playouts(ENGINE, seats=4, count=budget.extra(20), check=check, options=options, label="bounds")
    assert tally.games == tally.planned > 0


@pytest.mark.parametrize("seats", [1, 3, 8])
def test_no_view_or_event_shows_the_hidden_card_or_the_shoe(seats: int) -> None:
    """Every view and every event each seat and the spectator receive is scanned for the
    shoe and the dealer's hidden card while it is not turned."""
    run_playouts(ENGINE, budget.extra(10), seat_counts=[seats], label="hidden", hidden_from=hidden_from)
