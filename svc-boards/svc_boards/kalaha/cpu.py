"""Kalaha CPU levels: alpha-beta on the store difference, extra turns searched as such.

easy: two plies, counting only the stores.
medium: four plies with the full evaluation.
strong: iterative deepening within about a second, extra turns and captures first.
"""

from __future__ import annotations

from ..search_player import search_player
from .rules import ENGINE, PITS, RING, STORE


def _side(pits: list[int], seat: int) -> list[int]:
    base = seat * (PITS + 1)
    return pits[base : base + PITS]


def evaluate(state: dict, seat: int) -> float:
    """Stores first; then seeds on each side (they end in that side's store unless captured),
    moves that land in the own store, and empty own pits facing full ones (capture threats)."""
    pits = state["pits"]
    other = 1 - seat
    stores = pits[STORE[seat]] - pits[STORE[other]]
    own_side, other_side = _side(pits, seat), _side(pits, other)
    extra = sum(1 for k, n in enumerate(own_side) if n == PITS - k) - sum(
        1 for k, n in enumerate(other_side) if n == PITS - k
    )
    threats = sum(other_side[PITS - 1 - k] for k, n in enumerate(own_side) if n == 0) - sum(
        own_side[PITS - 1 - k] for k, n in enumerate(other_side) if n == 0
    )
    return 10.0 * stores + 2.0 * (sum(own_side) - sum(other_side)) + 3.0 * extra + 1.0 * threats


def stores_only(state: dict, seat: int) -> float:
    pits = state["pits"]
    return float(pits[STORE[seat]] - pits[STORE[1 - seat]])


def order(state: dict, moves: list[dict]) -> list[dict]:
    """Moves that end in the own store first (they move again), then from the pits nearest it."""
    base = state["turn"] * (PITS + 1)
    pits = state["pits"]

    def rank(move: dict) -> tuple[int, int]:
        k = move["pit"]
        to_store = PITS - k
        lands_home = pits[base + k] % (RING - 1) == to_store
        return (0 if lands_home else 1, -k)

    return sorted(moves, key=rank)


def key(state: dict) -> tuple[int, ...]:
    return (*state["pits"], state["turn"])


LEVELS = {
    "easy": search_player(ENGINE, stores_only, max_depth=2, budget_ms=200, key=key),
    "medium": search_player(ENGINE, evaluate, max_depth=4, budget_ms=500, order=order, key=key),
    "strong": search_player(ENGINE, evaluate, max_depth=40, budget_ms=1000, order=order, key=key),
}
