"""What the platform knows of oh-hell beyond its rules: CPU levels, test budget, secrets, invariants."""

from __future__ import annotations

from rulekit.declaration import Budget, GameDeclaration
from svc_cards.core.tricks import trick_hidden_from

from . import ENGINE
from .cpu import LEVELS

DECLARATION = GameDeclaration(
    engine=ENGINE,
    budget=Budget({3: 400}, thorough=20, scanned=5),
    levels=LEVELS,
    hidden_from=trick_hidden_from,
)
