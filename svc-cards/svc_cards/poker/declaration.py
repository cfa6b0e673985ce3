"""What the platform knows of poker beyond its rules: CPU levels, test budget, the cards a
seat must not see, invariants and the other stakes."""

from __future__ import annotations

from rulekit import Event, Move
from rulekit.declaration import Budget, GameDeclaration, Variant
from rulekit.playout import Playout, final_result
from svc_cards.core import build_decks

from . import ENGINE
from .cpu import LEVELS
from .rules import hidden_from, starting_stack
from .state import PokerState

HIDDEN = {3: 6, 5: 4}


def chips_and_cards(before: PokerState, after: PokerState, seat: int, move: Move, events: list[Event]) -> None:
    seats = after["seats"]
    stack = starting_stack(after["options"])
    stacks, committed = after["stacks"], after["committed"]
    assert min(stacks) >= 0
    if after["phase"] == "over":
        assert sum(stacks) == stack * seats and sorted(stacks)[-2] == 0
        return
    # Every coin is in a stack or in this hand's pot.
    assert sum(stacks) + sum(committed) == stack * seats
    assert all(committed[s] == 0 for s in range(seats) if not after["dealt"][s])
    # One fresh deck a hand, every card in the deck, a hand or on the board.
    cards = after["deck"] + after["board"] + [c for hole in after["hole"] for c in hole]
    assert sorted(cards) == sorted(build_decks("french52", 1, first=after["hand"]))
    assert len(after["board"]) == {"preflop": 0, "flop": 3, "turn": 4, "river": 5}[after["street"]]
    assert all(len(after["hole"][s]) == (2 if after["dealt"][s] else 0) for s in range(seats))
    turn = after["turn"]
    assert turn is not None, "a table in play has a seat to move"
    assert after["dealt"][turn] and not after["folded"][turn] and stacks[turn] > 0
    assert sum(1 for s in range(seats) if after["dealt"][s] and not after["folded"][s]) >= 2


CHECK = chips_and_cards


def one_winner(run: Playout[PokerState]) -> None:
    result = final_result(ENGINE, run.final_state)
    assert result["placings"].count(1) == 1
    winner = result["placings"].index(1)
    assert result["scores"][winner] == starting_stack(run.final_state["options"]) * run.seats


DECLARATION = GameDeclaration(
    engine=ENGINE,
    budget=Budget({3: 2000, 5: 1000}, thorough=60, scanned=10),
    levels=LEVELS,
    hidden_from=hidden_from,
    check=CHECK,
    finished=one_winner,
    variants=(
        *(Variant(f"stake-{stake}", {"stake": stake}, 10) for stake in (5000, 25000)),
        *(Variant("hidden", {}, count, seats=(seats,), every_check=True) for seats, count in HIDDEN.items()),
    ),
)
