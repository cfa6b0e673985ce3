"""What the platform knows of contract-rummy beyond its rules: CPU levels, test budget, secrets, invariants."""

from __future__ import annotations

from rulekit.declaration import Budget, GameDeclaration

from . import ENGINE
from .cpu import LEVELS
from .rules import hidden_from

DECLARATION = GameDeclaration(
    engine=ENGINE,
    budget=Budget(1, thorough=1, scanned=0),
    levels=LEVELS,
    hidden_from=hidden_from,
)
