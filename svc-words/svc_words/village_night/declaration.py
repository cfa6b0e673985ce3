"""What the platform knows of village-night beyond its rules: CPU levels, test budget, secrets, invariants."""

from __future__ import annotations

from rulekit.declaration import Budget, GameDeclaration

from . import ENGINE
from .cpu import LEVELS

DECLARATION = GameDeclaration(
    engine=ENGINE,
    budget=Budget({5: 600, 9: 300, 13: 150}, thorough=20, scanned=5),
    levels=LEVELS,
)
