"""What the platform knows of blackjack-duel beyond its rules: CPU levels, test budget, secrets, invariants."""

from __future__ import annotations

from rulekit.declaration import Budget, GameDeclaration

from . import ENGINE
from .cpu import LEVELS
from .rules import hidden_from

DECLARATION = GameDeclaration(
    engine=ENGINE,
    budget=Budget({3: 500, 5: 300}, thorough=30, scanned=5),
    levels=LEVELS,
    hidden_from=hidden_from,
)
