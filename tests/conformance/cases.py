"""The conformance suite's cases: every registered game (its declaration) and seat count."""

from __future__ import annotations

from rulekit.declaration import GameDeclaration
from tests import budget

DECLARATIONS: list[GameDeclaration] = list(budget.DECLARATIONS.values())


def seat_cases() -> list[tuple[GameDeclaration, int]]:
    return [(d, seats) for d in DECLARATIONS for seats in d.engine.meta.allowed_seat_counts()]


def case_id(case: object) -> str:
    if isinstance(case, GameDeclaration):
        return case.id
    return str(case)
