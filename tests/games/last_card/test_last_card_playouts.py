"""Seeded random Last Card games through rulekit's playout harness, with card invariants, and
the hidden-information scan.

Fifteen seat counts and the harness's cost per seat (every view encoded on every move) put
2,000 games per seat count far beyond the test budget (a 16-seat game is ~650 moves with 17
views each), so the counts fall with the table size; CARD_PLAYOUTS=2000 runs the full count.
"""

from __future__ import annotations

from typing import Any

import pytest
from svc_cards.core import COLOURS, active_seats, hidden_from
from svc_cards.last_card import ENGINE

from rulekit import Event, Move, State
from rulekit.playout import run_playouts
from tests.games.card_core.invariants import card_check, games

# Games per seat count with the default options: 766 games, ~40 s on one core.
GAMES = {2: 350, 3: 150, 4: 70, 5: 45, 6: 35, 7: 30, 8: 20, 9: 15, 10: 12, 11: 10, 12: 8, 13: 6, 14: 5, 15: 5, 16: 5}
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


def finished_in_order(runs: list) -> None:
    for run in runs:
        result = ENGINE.result(run.final_state)
        places = [e for e in run.events if e["code"] == "finished"]
        assert [e["place"] for e in places] == list(range(1, run.seats + 1))
        assert [result["placings"][e["seat"]] for e in places] == list(range(1, run.seats + 1))


@pytest.mark.parametrize("seats", sorted(GAMES))
def test_random_playouts(seats: int) -> None:
    runs = run_playouts(ENGINE, games(GAMES, seats), seat_counts=[seats], check=CHECK)
    finished_in_order(runs)
    print(f"{seats} seats: {len(runs)} games, longest {max(run.steps for run in runs)} moves")


@pytest.mark.parametrize(("options", "counts"), VARIANTS)
def test_random_playouts_with_variants(options: dict[str, Any], counts: dict[int, int]) -> None:
    for seats, count in counts.items():
        label = "variant:" + ",".join(f"{k}={v}" for k, v in sorted(options.items()))
        runs = run_playouts(ENGINE, count, seat_counts=[seats], options=options, label=label, check=CHECK)
        finished_in_order(runs)


@pytest.mark.parametrize("seats", sorted(HIDDEN))
def test_no_view_or_event_shows_a_hidden_card(seats: int) -> None:
    """Every view and every event a seat (or a spectator) receives is scanned for the cards in
    other hands and in the draw pile."""
    run_playouts(ENGINE, HIDDEN[seats], seat_counts=[seats], label="hidden", hidden_from=hidden_from)
    run_playouts(
        ENGINE,
        max(1, HIDDEN[seats] // 4),
        seat_counts=[seats],
        options={"stacking": True, "draw_until_playable": True},
        label="hidden-variant",
        hidden_from=hidden_from,
    )


def test_budget_covers_every_seat_count() -> None:
    assert sorted(GAMES) == list(ENGINE.meta.allowed_seat_counts())
