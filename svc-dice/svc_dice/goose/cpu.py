"""CPU players for the Game of the Goose.

With one die or two the game leaves no choice: the only move is to roll, and the dice and the
fields do the rest. So every level is the same roller; easy and strong are offered so a host
can pick either without a surprise, and docs/cpu-strength.md says why they play alike.
"""

from __future__ import annotations

from ..race.roll_race import roller

LEVELS = {"easy": roller, "strong": roller}
