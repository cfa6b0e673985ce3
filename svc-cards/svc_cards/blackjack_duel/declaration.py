"""What the platform knows of blackjack duel beyond its rules: CPU levels, test budget, the cards a
seat must not see, invariants and the other stakes."""

from __future__ import annotations

from rulekit import Event, Move
from rulekit.declaration import Budget, GameDeclaration, Variant
from rulekit.playout import Playout, final_result
from svc_cards.core import build_decks

from . import ENGINE
from .cpu import LEVELS
from .rules import hidden_from, starting_stack
from .state import DuelState

HIDDEN = {3: 6, 5: 4}


def chips_and_cards(before: DuelState, after: DuelState, seat: int, move: Move, events: list[Event]) -> None:
    seats = after["seats"]
    stack = starting_stack(after["options"])
    stacks = after["stacks"]
    assert min(stacks) >= 0 and after["carry"] >= 0
    if after["phase"] == "over":
        assert sum(stacks) == stack * seats and sorted(stacks)[-2] == 0 and after["carry"] == 0
        return
    # Every coin is in a stack, on a hand in this round's pot, or carried over.
    assert sum(stacks) + sum(sum(c) for c in after["committed"]) + after["carry"] == stack * seats
    # One fresh deck a round; every card in the shoe or in a hand.
    cards = after["deck"] + [c for hands in after["cards"] for hand in hands for c in hand]
    assert sorted(cards) == sorted(build_decks("french52", 1, first=after["round"]))
    for other in range(seats):
        hands = after["cards"][other]
        if not after["dealt"][other]:
            assert hands == [] and after["committed"][other] == []
            continue
        assert len(hands) == len(after["committed"][other]) == (2 if after["split"][other] else 1)
        if after["stage"] == "bet1":
            assert [len(hand) for hand in hands] == [2]
        # A hand holds at most its stake; every hand of a seat with coins holds it in full.
        assert all(paid <= after["stake"] for paid in after["committed"][other])
    turn = after["turn"]
    assert turn is not None, "a table in play has a seat to move"
    assert after["dealt"][turn] and not after["folded"][turn]
    if after["stage"] != "draw":
        assert stacks[turn] > 0
    assert sum(1 for s in range(seats) if after["dealt"][s] and not after["folded"][s]) >= 2


def one_winner(run: Playout[DuelState]) -> None:
    result = final_result(ENGINE, run.final_state)
    assert result["placings"].count(1) == 1
    winner = result["placings"].index(1)
    assert result["scores"][winner] == starting_stack(run.final_state["options"]) * run.seats


DECLARATION = GameDeclaration(
    engine=ENGINE,
    budget=Budget({3: 500, 5: 300}, thorough=30, scanned=5),
    levels=LEVELS,
    hidden_from=hidden_from,
    check=chips_and_cards,
    finished=one_winner,
    variants=(
        *(Variant(f"stake-{stake}", {"stake": stake}, 10) for stake in (5000, 25000)),
        *(Variant("hidden", {}, count, seats=(seats,), every_check=True) for seats, count in HIDDEN.items()),
    ),
)
