"""What the platform knows of backgammon beyond its rules: CPU levels, test budget, secrets, invariants."""

from __future__ import annotations

from rulekit.declaration import Budget, GameDeclaration

from . import ENGINE
from .cpu import LEVELS

DECLARATION = GameDeclaration(
    engine=ENGINE,
    budget=Budget(400, thorough=30),
    levels=LEVELS,
)
