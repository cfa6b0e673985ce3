"""Seeded random Hau Hau matches through rulekit's playout harness, with card invariants,
and the hidden-information scan.

The games per seat count are set in tests/budget.py (2,000 in `make soak`).
"""

from __future__ import annotations

import pytest
from svc_cards.core import SUITS, hidden_from
from svc_cards.hau_hau import ENGINE
from svc_cards.hau_hau.rules import rounds_to_win

from rulekit import Event, Move, State
from rulekit.playout import Playout, run_playouts
from tests import budget
from tests.games.card_core.invariants import card_check

SEAT_COUNTS = [2, 4]
HIDDEN = {2: 6, 4: 6}


def rules_check(before: State, after: State, seat: int, move: Move, events: list[Event]) -> None:
    phase = after["phase"]
    wins = after["wins"]
    assert sum(wins) == len(after["round_winners"]) and max(wins) <= rounds_to_win(after["seats"])
    assert (phase == "over") == (max(wins) == rounds_to_win(after["seats"]))
    if phase == "play":
        assert after["turn"] is not None and after["suit"] in SUITS
        assert after["pending"] % 2 == 0 and (after["pending"] == 0 or after["stage"] == "open")
    else:
        assert after["turn"] is None
    if move["type"] == "play":
        assert move["card"] in before["hands"][seat] and after["discard_pile"][-1] == move["card"]
    codes = [e["code"] for e in events]
    if "round_started" in codes:
        assert [len(hand) for hand in after["hands"]] == [6] * after["seats"]
        assert parse_rank(after["discard_pile"][-1]) not in ("K", "A")
        assert after["turn"] == after["starter"]


def parse_rank(card: str) -> str:
    return card.split(".")[0][1:]


CHECK = card_check(ENGINE, rules_check)


def match_decided(run: Playout) -> None:
    wins = ENGINE.result(run.final_state)["scores"]
    assert max(wins) == rounds_to_win(run.seats) and wins.count(max(wins)) == 1
    if run.seats == 2:
        assert sum(wins) in (3, 4, 5)


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
        after_game=match_decided,
    )
    assert tally.games == tally.planned > 0
    print(f"{seats} seats, block {block}: {tally.games} matches, longest {tally.longest} moves")


@pytest.mark.parametrize("seats", sorted(HIDDEN))
def test_no_view_or_event_shows_a_hidden_card(seats: int) -> None:
    """Every view and every event a seat (or a spectator) receives is scanned for the cards in
    other hands and in the draw pile."""
    run_playouts(ENGINE, budget.extra(HIDDEN[seats]), seat_counts=[seats], label="hidden", hidden_from=hidden_from)


def test_budget_covers_every_seat_count() -> None:
    assert list(ENGINE.meta.allowed_seat_counts()) == SEAT_COUNTS
