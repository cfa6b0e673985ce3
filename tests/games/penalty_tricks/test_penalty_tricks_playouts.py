"""Seeded random Penalty Tricks sets through rulekit's playout harness, with card invariants
(cards conserved, only a seat to move moves, suit followed, the first-lead rule, every trick's
penalty and the deal's points add up, the removed cards never move) and the hidden-information
scan (other hands, a pass choice before the exchange). The games per seat count are set in
tests/budget.py."""

from __future__ import annotations

import pytest
from svc_cards.core import cards_conserved, parse
from svc_cards.penalty_tricks import ENGINE
from svc_cards.penalty_tricks.rules import KINDS, NO_HEART_LEAD, REMOVED, hidden_from, trick_points

from rulekit import Event, Move, State
from rulekit.playout import Playout, run_playouts
from tests import budget

SEAT_COUNTS = [3, 4, 5, 6]


def rules_check(before: State, after: State, seat: int, move: Move, events: list[Event]) -> None:
    # The card core's shedding check (tests/games/card_core/invariants.py) allows no private
    # event but a deal or a draw; passing adds "received", so the checks are spelt out here.
    assert seat in ENGINE.to_move(before), f"seat {seat} moved out of turn"
    assert cards_conserved(after), "cards not conserved"
    private = {e["code"] for e in events if "visible_to" in e}
    assert private <= {"dealt", "received"}
    assert all(e["visible_to"] == [e["seat"]] for e in events if "visible_to" in e)
    seats = after["seats"]
    assert sorted(after["removed"]) == sorted(REMOVED[seats]) and after["draw_pile"] == []
    kind = before["kinds"][before["deal"]]
    if after["phase"] in ("passing", "playing"):
        played = len(after["taken"]) + len(after["trick"])
        assert sum(len(hand) for hand in after["hands"]) + played == 52 - len(REMOVED[seats])
        assert sum(after["tricks_won"]) == len(after["taken"]) // seats
    if move["type"] == "pass":
        # Nobody's hand changes until every seat has chosen; then three cards each move on.
        received = [e for e in events if e["code"] == "received"]
        if after["phase"] == "passing":
            assert after["hands"] == before["hands"] and not received
        else:
            assert len(received) == seats and all(len(e["cards"]) == 3 for e in received)
            assert all(e["visible_to"] == [e["seat"]] for e in received)
    if move["type"] == "play":
        hand = before["hands"][seat]
        if before["trick"]:
            led = parse(before["trick"][0])[0]
            if any(parse(card)[0] == led for card in hand):
                assert parse(move["card"])[0] == led
        elif not before["taken"] and kind in NO_HEART_LEAD and any(parse(card)[0] != "H" for card in hand):
            assert parse(move["card"])[0] != "H"
        won = [e for e in events if e["code"] == "trick_won"]
        if won:
            last = not any(after["hands"])
            expected = trick_points(won[0]["cards"], kind, last)
            penalties = [e["points"] for e in events if e["code"] == "penalty"]
            assert penalties == ([expected] if expected else [])
    if after["phase"] in ("scored", "over") and before["phase"] == "playing":
        deal = after["history"][-1]
        assert deal["kind"] == kind
        # Each deal's total minus is fixed by its kind: every penalty card is taken once.
        total = {"hearts": None, "queens": -125, "king_last": -125, "all": None}[kind]
        if total is not None:
            assert sum(deal["points"]) == total
        assert all(point <= 0 for point in deal["points"])
        assert after["scores"] == [sum(d["points"][s] for d in after["history"]) for s in range(seats)]


CHECK = rules_check


def whole_set(run: Playout) -> None:
    state = run.final_state
    assert [deal["kind"] for deal in state["history"]] == list(KINDS) * state["options"]["cycles"]
    assert ENGINE.result(state)["scores"] == state["scores"]
    starters = [deal["starter"] for deal in state["history"]]
    assert all((b - a) % run.seats == 1 for a, b in zip(starters, starters[1:], strict=False))


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
        after_game=whole_set,
    )
    assert tally.games == tally.planned > 0
    print(f"{seats} seats, block {block}: {tally.games} games, longest {tally.longest} moves")


def test_a_longer_set_plays_every_cycle() -> None:
    tally = budget.playouts(
        ENGINE,
        seats=4,
        count=budget.extra(3),
        check=CHECK,
        options={"cycles": 3},
        label="playout-3",
        after_game=whole_set,
    )
    assert tally.games == tally.planned > 0


@pytest.mark.parametrize("seats", [3, 6])
def test_no_view_or_event_shows_a_hidden_card(seats: int) -> None:
    """Every view and every event a seat (or a spectator) receives is scanned for the cards in
    other hands (a pass choice among them until the exchange)."""
    run_playouts(ENGINE, budget.extra(6), seat_counts=[seats], label="hidden", hidden_from=hidden_from)


def test_budget_covers_every_seat_count() -> None:
    assert list(ENGINE.meta.allowed_seat_counts()) == SEAT_COUNTS
