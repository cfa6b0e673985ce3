"""What the platform knows of word-agents beyond its rules: CPU levels, test budget, secrets, invariants."""

from __future__ import annotations

from rulekit.declaration import Budget, GameDeclaration

from . import ENGINE

DECLARATION = GameDeclaration(
    engine=ENGINE,
    budget=Budget(400, thorough=40, scanned=8),
)
