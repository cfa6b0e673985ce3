"""What the platform knows of poker beyond its rules: CPU levels, test budget, secrets, invariants."""

from __future__ import annotations

from rulekit.declaration import Budget, GameDeclaration

from . import ENGINE
from .cpu import LEVELS
from .rules import hidden_from

DECLARATION = GameDeclaration(
    engine=ENGINE,
    budget=Budget({3: 2000, 5: 1000}, thorough=60, scanned=10),
    levels=LEVELS,
    hidden_from=hidden_from,
)
