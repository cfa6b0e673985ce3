"""The room's driver: CPU turns, move clocks and takeover timers, on the replica that holds the
room's lease (lobby/bus.py).

The driver observes the step pipeline (lobby/steps.py hands it every committed step, and itself
to run the driver's own steps through). After every step it asks when the room next needs it
(lobby/schedule.py): now for a CPU seat to move, the engine's deadline for a move clock, the
end of a grace period for an absent seat. It arms one timer per room for the clocks and grace
periods; CPU turns run in their own task (lobby/cpu_seats.py). What it does when they come is
a step like any other: `ClockTimeout`, an `Edit` handing gone seats to a CPU, `CpuMove`s.
"""

from __future__ import annotations

import asyncio
import logging

from rulekit import Refusal

from .context import LobbyContext, RoomRuntime
from .cpu_seats import CpuSeats
from .ports import Runner
from .room import Room
from .schedule import due, grace_ends, timer_due
from .step_kinds import ClockTimeout
from .turn_based import fires_at

log = logging.getLogger(__name__)


class RoomDriver:
    def __init__(self, ctx: LobbyContext, cpu: CpuSeats) -> None:
        self.ctx = ctx
        self.cpu = cpu

    async def after_step(self, room: Room, revision: int, steps: Runner, force: bool = False) -> None:
        """Drive the room if it needs driving and this replica holds (or takes) its lease."""
        ctx = self.ctx
        code = room.code
        runtime = ctx.runtime(code)
        if revision < runtime.seen_revision and not force:
            return
        runtime.seen_revision = max(runtime.seen_revision, revision)
        if due(room, ctx.now_ms(), ctx.settings.takeover_grace_ms) is None:
            self._disarm(runtime)
            if ctx.bus.holds(code):
                await ctx.bus.release(code)
            return
        if not await ctx.bus.claim(code):
            self._disarm(runtime)
            return
        idle = runtime.cpu_task is None or runtime.cpu_task.done()
        if room.cpu_seats_to_move():
            if idle:
                runtime.cpu_task = asyncio.get_running_loop().create_task(self.cpu.drive(code, steps))
            else:
                runtime.cpu_again = True
        self._arm_timer(code, runtime, timer_due(room, ctx.settings.takeover_grace_ms), steps)

    @staticmethod
    def _disarm(runtime: RoomRuntime) -> None:
        if runtime.timer:
            runtime.timer.cancel()
            runtime.timer = None

    def on_lost(self, code: str) -> None:
        """The bus: another replica drives this room now."""
        runtime = self.ctx.runtime(code)
        self._disarm(runtime)
        if runtime.cpu_task and not runtime.cpu_task.done():
            runtime.cpu_task.cancel()

    async def on_orphan(self, code: str, steps: Runner) -> None:
        """The bus: this replica took over a room whose driver went away (or never came)."""
        ctx = self.ctx
        bus = ctx.bus
        try:
            room, revision = await ctx.load(code)
        except Refusal:
            await bus.set_due(code, None, 1 << 40)
            await bus.release(code)
            return
        await bus.set_due(code, due(room, ctx.now_ms(), ctx.settings.takeover_grace_ms), revision)
        await self.after_step(room, revision, steps, force=True)

    def stop(self) -> None:
        """Shutting down: no timer fires and no CPU turn runs any more in this process."""
        for runtime in self.ctx.rooms.values():
            if runtime.cpu_task:
                runtime.cpu_task.cancel()
            self._disarm(runtime)

    # -- the timer ------------------------------------------------------------------------------
    def _arm_timer(self, code: str, runtime: RoomRuntime, at_ms: int | None, steps: Runner) -> None:
        if runtime.timer and (at_ms is None or at_ms != runtime.timer_at):
            runtime.timer.cancel()
            runtime.timer = None
        if at_ms is None or runtime.timer is not None:
            return
        loop = asyncio.get_running_loop()
        delay = max(0.0, (at_ms - self.ctx.now_ms()) / 1000 / self.ctx.settings.clock_rate)
        runtime.timer_at = at_ms
        runtime.timer = loop.call_later(delay, lambda: self.ctx.spawn(self._on_timer(code, steps)))

    async def _on_timer(self, code: str, steps: Runner) -> None:
        ctx = self.ctx
        runtime = ctx.runtime(code)
        runtime.timer = None
        try:
            if not await ctx.bus.owns(code):
                return
            room, revision = await ctx.load(code)
            now = ctx.now_ms()
            clock = fires_at(room)
            if room.status == "playing" and room.deadline and clock is not None and clock <= now:
                # Applied once: the step is checked against the clock it was armed for.
                await steps.run(ClockTimeout(code, room.deadline.at_ms))
            if any(at <= now for at in grace_ends(room, ctx.settings.takeover_grace_ms)):
                present = await ctx.bus.present_seats(code)
                await steps.run(self.cpu.take_over_gone(code, present, ctx.now_ms()))
            room, revision = await ctx.load(code)
            await self.after_step(room, revision, steps, force=True)
        except Exception:
            log.exception("room timer failed in %s", code)
            await asyncio.sleep(0.5)
            try:
                room, revision = await ctx.load(code)
            except Refusal:
                return
            await self.after_step(room, revision, steps, force=True)
