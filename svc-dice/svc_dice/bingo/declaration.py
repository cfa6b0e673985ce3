"""What the platform knows of bingo beyond its rules: CPU levels, test budget, secrets, invariants."""

from __future__ import annotations

from rulekit.declaration import Budget, GameDeclaration

from . import ENGINE
from .cpu import LEVELS

DECLARATION = GameDeclaration(
    engine=ENGINE,
    budget=Budget({2: 40, 5: 10, 9: 4}, thorough=5, scanned=2),
    levels=LEVELS,
)
