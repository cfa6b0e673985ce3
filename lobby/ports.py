"""What one part of the lobby needs of another it is not handed at construction: the import
graph stays a tree and no object holds its owner.

The pipeline (lobby/steps.py) is handed its observers when it is made; it passes itself to them
with each committed step, so the room's driver (lobby/clocks.py) runs CPU moves and clock
timeouts through the same pipeline without holding it."""

from __future__ import annotations

from typing import Protocol

from .room import Room
from .step_kinds import Outcome, Step


class Runner(Protocol):
    """The step pipeline, as its observers see it."""

    async def run(self, step: Step) -> Outcome | None:
        """Run one step: checked, applied, written, announced (`Steps.run`)."""


class StepObserver(Protocol):
    """Told of every committed step of a room (and of a room looked at again after a restart,
    a takeover of its lease or another replica's change)."""

    async def after_step(self, room: Room, revision: int, steps: Runner, force: bool = False) -> None:
        """The room as written at `revision`; `force`: look even at a revision seen before."""
