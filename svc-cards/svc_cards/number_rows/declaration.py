"""What the platform knows of number-rows beyond its rules: CPU levels, test budget, secrets, invariants."""

from __future__ import annotations

from rulekit.declaration import Budget, GameDeclaration
from svc_cards.core import hidden_from

from . import ENGINE
from .cpu import LEVELS

DECLARATION = GameDeclaration(
    engine=ENGINE,
    budget=Budget({2: 300, 5: 150}, thorough=50),
    levels=LEVELS,
    hidden_from=hidden_from,
)
