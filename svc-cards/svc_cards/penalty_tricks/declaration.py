"""What the platform knows of penalty tricks beyond its rules: CPU levels, test budget, the cards a
seat must not see, invariants and a set of three cycles."""

from __future__ import annotations

from rulekit import Event, Move
from rulekit.declaration import Budget, GameDeclaration, Variant
from rulekit.playout import Playout, final_result
from svc_cards.core import cards_conserved, parse

from . import ENGINE
from .cpu import LEVELS
from .rules import KINDS, NO_HEART_LEAD, REMOVED, hidden_from, trick_points
from .state import PenaltyState


def rules_check(before: PenaltyState, after: PenaltyState, seat: int, move: Move, events: list[Event]) -> None:
    # The card core's shedding check (svc_cards/core/invariants.py) allows no private
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


def whole_set(run: Playout[PenaltyState]) -> None:
    state = run.final_state
    assert [deal["kind"] for deal in state["history"]] == list(KINDS) * state["options"]["cycles"]
    assert final_result(ENGINE, state)["scores"] == state["scores"]
    starters = [deal["starter"] for deal in state["history"]]
    assert all((b - a) % run.seats == 1 for a, b in zip(starters, starters[1:], strict=False))


DECLARATION = GameDeclaration(
    engine=ENGINE,
    budget=Budget(500, thorough=50, scanned=10),
    levels=LEVELS,
    hidden_from=hidden_from,
    check=CHECK,
    finished=whole_set,
    variants=(
        Variant("playout-3", {"cycles": 3}, 3, seats=(4,)),
        *(Variant("hidden", {}, 6, seats=(seats,), every_check=True) for seats in (3, 6)),
    ),
)
