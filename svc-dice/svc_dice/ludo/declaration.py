"""What the platform knows of ludo beyond its rules: CPU levels, test budget, secrets, invariants."""

from __future__ import annotations

from rulekit.declaration import Budget, GameDeclaration

from . import ENGINE
from .cpu import LEVELS

DECLARATION = GameDeclaration(
    engine=ENGINE,
    budget=Budget({2: 60, 3: 30, 4: 16, 5: 8, 7: 5}, thorough=2, scanned=1),
    levels=LEVELS,
)
