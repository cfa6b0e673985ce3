"""What the platform knows of chinese-checkers beyond its rules: CPU levels, test budget, secrets, invariants."""

from __future__ import annotations

from rulekit.declaration import Budget, GameDeclaration

from . import ENGINE
from .cpu import LEVELS

DECLARATION = GameDeclaration(
    engine=ENGINE,
    budget=Budget({2: 90, 3: 60, 4: 45, 6: 30}, thorough=5, scanned=2),
    levels=LEVELS,
)
