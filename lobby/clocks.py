"""The room's driver: CPU turns, move clocks and takeover timers, on the replica that holds the
room's lease (lobby/bus.py).

After every change the driver asks when the room next needs it (`due`): now for a CPU seat to
move, the engine's deadline for a move clock, the end of a grace period for an absent seat.
It arms one timer per room for the clocks and grace periods; CPU turns run in their own task.
"""

from __future__ import annotations

import asyncio
import logging

from rulekit import Refusal

from .context import WRITE_ATTEMPTS, LobbyContext, Lost, RoomRuntime
from .cpu_seats import CpuSeats
from .metrics import TIMER_FIRINGS
from .move_path import MovePath, absorb
from .room import Room
from .store import MoveRecord

log = logging.getLogger(__name__)


class RoomDriver:
    def __init__(self, ctx: LobbyContext, moves: MovePath, cpu: CpuSeats) -> None:
        self.ctx = ctx
        self.moves = moves
        self.cpu = cpu

    def _grace_ends(self, room: Room) -> list[int]:
        # While no player is at the table it waits for them: a match of Oh Hell left in the
        # evening goes on when they come back days later, instead of CPUs finishing it alone.
        if not room.someone_here():
            return []
        grace = self.ctx.settings.takeover_grace_ms
        return [s.gone_ms + grace for s in room.seats if s.gone_ms is not None and not s.left]

    def due(self, room: Room) -> int | None:
        """When the room next needs its driver, or None."""
        if room.status != "playing":
            return None
        times = self._grace_ends(room)
        if room.cpu_seats_to_move():
            times.append(self.ctx.now_ms())
        if room.deadline:
            times.append(room.deadline.at_ms)
        return min(times) if times else None

    def timer_due(self, room: Room) -> int | None:
        """The next clock or takeover (CPU turns are driven by their own task)."""
        if room.status != "playing":
            return None
        times = self._grace_ends(room)
        if room.deadline:
            times.append(room.deadline.at_ms)
        return min(times) if times else None

    async def after_change(self, room: Room, revision: int, force: bool = False) -> None:
        """Drive the room if it needs driving and this replica holds (or takes) its lease."""
        ctx = self.ctx
        code = room.code
        runtime = ctx.runtime(code)
        if revision < runtime.seen_revision and not force:
            return
        runtime.seen_revision = max(runtime.seen_revision, revision)
        if self.due(room) is None:
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
                runtime.cpu_task = asyncio.get_running_loop().create_task(self.cpu.drive(code))
            else:
                runtime.cpu_again = True
        self._arm_timer(code, runtime, self.timer_due(room))

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

    def idle(self, code: str) -> bool:
        runtime = self.ctx.rooms.get(code)
        if runtime is None:
            return True
        return (
            runtime.timer is None
            and (runtime.cpu_task is None or runtime.cpu_task.done())
            and not runtime.lock.locked()
        )

    async def on_orphan(self, code: str) -> None:
        """The bus: this replica took over a room whose driver went away (or never came)."""
        bus = self.ctx.bus
        try:
            room, revision = await self.ctx.load(code)
        except Refusal:
            await bus.set_due(code, None, 1 << 40)
            await bus.release(code)
            return
        await bus.set_due(code, self.due(room), revision)
        await self.after_change(room, revision, force=True)

    def stop(self) -> None:
        """Shutting down: no timer fires and no CPU turn runs any more in this process."""
        for runtime in self.ctx.rooms.values():
            if runtime.cpu_task:
                runtime.cpu_task.cancel()
            self._disarm(runtime)

    # -- the timer ------------------------------------------------------------------------------
    def _arm_timer(self, code: str, runtime: RoomRuntime, at_ms: int | None) -> None:
        if runtime.timer and (at_ms is None or at_ms != runtime.timer_at):
            runtime.timer.cancel()
            runtime.timer = None
        if at_ms is None or runtime.timer is not None:
            return
        loop = asyncio.get_running_loop()
        delay = max(0.0, (at_ms - self.ctx.now_ms()) / 1000 / self.ctx.settings.clock_rate)
        runtime.timer_at = at_ms
        runtime.timer = loop.call_later(delay, lambda: self.ctx.spawn(self._on_timer(code)))

    async def _on_timer(self, code: str) -> None:
        ctx = self.ctx
        runtime = ctx.runtime(code)
        runtime.timer = None
        try:
            if not await ctx.bus.owns(code):
                return
            room, revision = await ctx.load(code)
            now = ctx.now_ms()
            if room.status == "playing" and room.deadline and room.deadline.at_ms <= now:
                await self._fire_clock(code, room.deadline.at_ms)
            if any(at <= now for at in self._grace_ends(room)):
                await self.cpu.take_over_gone(code)
            room, revision = await ctx.load(code)
            await self.after_change(room, revision, force=True)
        except Exception:
            log.exception("room timer failed in %s", code)
            await asyncio.sleep(0.5)
            try:
                room, revision = await ctx.load(code)
            except Refusal:
                return
            await self.after_change(room, revision, force=True)

    async def _fire_clock(self, code: str, at_ms: int) -> None:
        """The move clock ran out: the engine's timeout move, applied once (the write is versioned)."""
        ctx = self.ctx
        runtime = ctx.runtime(code)
        for _ in range(WRITE_ATTEMPTS):
            async with runtime.lock:
                room, revision = await ctx.load(code)
                if room.status != "playing" or not room.deadline or room.deadline.at_ms != at_ms:
                    return
                now = max(ctx.now_ms(), at_ms)
                seat = room.deadline.seat
                try:
                    reply = await ctx.engines.timeout(room.game, room.state_json, now)
                except Refusal as refusal:
                    log.warning("clock in %s not applied: %s", code, refusal)
                    return
                events = absorb(room, reply, [])
                self.cpu.count_timeouts(room, events)
                record = MoveRecord(-1 if seat is None else seat, {"timeout": True}, room.version, now)
                try:
                    revision = await self.moves.commit(room, revision, events, moves=[record])
                except Lost:
                    continue
            TIMER_FIRINGS.labels(room.game).inc()
            await self.moves.announce(room, revision, events)
            return
