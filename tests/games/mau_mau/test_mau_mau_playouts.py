"""Seeded random Mau-Mau games through rulekit's playout harness, with card invariants, and
the hidden-information scan.

The harness encodes every seat's view on every move, so an eight-seat game (~170 moves, nine
views each) costs some twenty-five two-seat games: 2,000 games run for two seats and the
counts fall with the table size to stay within the test budget. CARD_PLAYOUTS=2000 runs the
full count for every seat count.
"""

from __future__ import annotations

from typing import Any

import pytest
from svc_cards.core import SUITS, active_seats, hidden_from
from svc_cards.mau_mau import ENGINE

from rulekit import Event, Move, State
from rulekit.playout import run_playouts
from tests.games.card_core.invariants import card_check, games

# Games per seat count with the default options: 3,180 games, ~40 s on one core.
GAMES = {2: 2000, 3: 500, 4: 250, 5: 150, 6: 100, 7: 90, 8: 90}
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


def finished_in_order(runs: list) -> None:
    for run in runs:
        result = ENGINE.result(run.final_state)
        places = [e for e in run.events if e["code"] == "finished"]
        assert [result["placings"][e["seat"]] for e in places] == list(range(1, run.seats + 1))


@pytest.mark.parametrize("seats", sorted(GAMES))
def test_random_playouts(seats: int) -> None:
    runs = run_playouts(ENGINE, games(GAMES, seats), seat_counts=[seats], check=CHECK)
    finished_in_order(runs)
    print(f"{seats} seats: {len(runs)} games, longest {max(run.steps for run in runs)} moves")


@pytest.mark.parametrize(("options", "counts"), VARIANTS)
def test_random_playouts_with_variants(options: dict[str, Any], counts: dict[int, int]) -> None:
    label = "variant:" + ",".join(f"{k}={v}" for k, v in sorted(options.items()))
    for seats, count in counts.items():
        finished_in_order(run_playouts(ENGINE, count, seat_counts=[seats], options=options, label=label, check=CHECK))


@pytest.mark.parametrize("seats", sorted(HIDDEN))
def test_no_view_or_event_shows_a_hidden_card(seats: int) -> None:
    """Every view and every event a seat (or a spectator) receives is scanned for the cards in
    other hands and in the draw pile."""
    run_playouts(ENGINE, HIDDEN[seats], seat_counts=[seats], label="hidden", hidden_from=hidden_from)


def test_budget_covers_every_seat_count() -> None:
    assert sorted(GAMES) == list(ENGINE.meta.allowed_seat_counts())
