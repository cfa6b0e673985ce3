"""What the platform knows of categories beyond its rules: CPU levels, test budget, secrets, invariants."""

from __future__ import annotations

from rulekit.declaration import Budget, GameDeclaration

from . import ENGINE
from .cpu import LEVELS

DECLARATION = GameDeclaration(
    engine=ENGINE,
    budget=Budget({2: 30, 5: 10}, thorough=10, scanned=5),
    levels=LEVELS,
)
