"""What a CPU player is given and what it answers. Kept apart from the player table so every
game's cpu.py can import it at the top without an import cycle."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from rulekit import Move, View


@dataclass(frozen=True)
class Ask:
    """One request for a move: the seat's view and how hard to think."""

    game: str
    seat: int
    view: View
    level: str
    seed: bytes
    budget_ms: int


@dataclass(frozen=True)
class Choice:
    move: Move
    nodes: int = 0


Player = Callable[[Ask], Choice]
