"""What the platform knows of parchis beyond its rules: CPU levels, test budget, secrets, invariants."""

from __future__ import annotations

from rulekit.declaration import Budget, GameDeclaration

from . import ENGINE
from .cpu import LEVELS

DECLARATION = GameDeclaration(
    engine=ENGINE,
    budget=Budget({2: 280, 3: 160, 4: 110}, thorough=10, scanned=4),
    levels=LEVELS,
)
