"""What the platform knows of oh hell beyond its rules: CPU levels, test budget, the cards a
seat must not see, invariants and the full-length match."""

from __future__ import annotations

from rulekit import Event, Move
from rulekit.declaration import Budget, GameDeclaration, Variant
from rulekit.playout import Playout, final_result
from svc_cards.core.invariants import card_check
from svc_cards.core.tricks import trick_hidden_from

from . import ENGINE
from .cpu import LEVELS
from .rules import deal_points, schedule
from .state import OhHellState


def rules_check(before: OhHellState, after: OhHellState, seat: int, move: Move, events: list[Event]) -> None:
    cards = after["schedule"][after["deal"]]
    if after["phase"] in ("bidding", "playing"):
        assert (
            sum(len(hand) for hand in after["hands"]) + len(after["taken"]) + len(after["trick"])
            == cards * after["seats"]
        )
        assert sum(after["tricks_won"]) == len(after["taken"]) // after["seats"]
    if after["phase"] == "playing" and before["phase"] == "bidding":
        # Every seat has bid, and (the hook) the bids never add up to the tricks.
        bids = [bid for bid in after["bids"] if bid is not None]
        assert len(bids) == after["seats"] and sum(bids) != cards
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


def whole_match(run: Playout[OhHellState]) -> None:
    state = run.final_state
    assert [deal["cards"] for deal in state["history"]] == schedule(run.seats, state["options"]["length"])
    assert final_result(ENGINE, state)["scores"] == state["scores"]


DECLARATION = GameDeclaration(
    engine=ENGINE,
    budget=Budget({3: 400}, thorough=20, scanned=5),
    levels=LEVELS,
    hidden_from=trick_hidden_from,
    check=CHECK,
    finished=whole_match,
    variants=(
        Variant("playout-full", {"length": "full"}, 3),
        *(Variant("hidden", {}, 8, seats=(seats,), every_check=True) for seats in (3, 6)),
    ),
)
