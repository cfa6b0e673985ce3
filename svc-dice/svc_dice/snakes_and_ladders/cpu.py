"""CPU players for Snakes and Ladders.

The game leaves no choice at all: the only move is to roll, and where the token goes is the
die's doing. So every level is the same roller; easy and strong are offered so a host can
pick either without a surprise, and docs/cpu-strength.md says why they play alike.
"""

from __future__ import annotations

from ..race.roll_race import roller

LEVELS = {"easy": roller, "strong": roller}
