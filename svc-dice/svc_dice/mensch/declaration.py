"""What the platform knows of mensch beyond its rules: CPU levels, test budget, secrets, invariants."""

from __future__ import annotations

from rulekit.declaration import Budget, GameDeclaration

from . import ENGINE
from .cpu import LEVELS

DECLARATION = GameDeclaration(
    engine=ENGINE,
    budget=Budget({2: 150, 4: 120}, thorough=3, scanned=1),
    levels=LEVELS,
)
