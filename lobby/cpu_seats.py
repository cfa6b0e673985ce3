"""CPU seats: playing them, and a CPU taking over the seat of a player who is away (left the
room, gone past the grace period, or let the move clock run out TIMEOUTS_BEFORE_TAKEOVER
times in a row) until that player is back.

A taken-over seat keeps its holder: `left` marks that a CPU plays it for them. The holder gets
it back by acting: connecting again (lobby/connections.py), a move of theirs that is accepted
(lobby/steps.py), or `resume`.

Every change here is a step run through the pipeline (lobby/steps.py): CPU moves as `CpuMove`,
the rest as the `Edit`s built below."""

from __future__ import annotations

import asyncio
import json
import logging
import random
import secrets

from rulekit import Refusal
from rulekit.playout import instantiate

from .context import LobbyContext
from .ports import Runner
from .room import Room, Ticket
from .step_kinds import CpuMove, Edit
from .store import StoredEvent
from .turn_based import is_turn_based

log = logging.getLogger(__name__)

CPU_FAILURES = 5  # a CPU turn given up after this many failed attempts (the timer looks again)
TIMEOUTS_BEFORE_TAKEOVER = 3  # the move clock ran out this often in a row: the player is gone


class CpuSeats:
    def __init__(self, ctx: LobbyContext) -> None:
        self.ctx = ctx

    async def drive(self, code: str, steps: Runner) -> None:
        """Play the room's CPU seats while one is to move and this replica drives the room."""
        ctx = self.ctx
        failures = 0
        runtime = ctx.runtime(code)
        while failures < CPU_FAILURES:
            runtime.cpu_again = False
            room, _ = await ctx.load(code)
            seats = room.cpu_seats_to_move() if room.status == "playing" else []
            if not seats and runtime.cpu_again:
                continue  # a change landed while the room loaded: look at it
            if not seats or not await ctx.bus.owns(code):
                return
            seat = seats[0]
            await asyncio.sleep(ctx.settings.cpu_delay_ms / 1000)
            view_json = room.views[str(seat)]
            # A game may hold its table still for a moment (poker shows the showdown 5 s): a CPU
            # waits that out as a person would, then looks again.
            pause = (json.loads(view_json).get("public") or {}).get("pause_until_ms")
            if isinstance(pause, int) and pause > ctx.now_ms():
                await asyncio.sleep((pause - ctx.now_ms()) / 1000 / ctx.settings.clock_rate)
                continue
            level = room.seats[seat].level or ctx.takeover_level(room)
            try:
                move = await ctx.engines.choose_move(
                    room.game, seat, view_json, level, secrets.token_bytes(16), ctx.settings.ai_budget_ms
                )
            except Refusal as refusal:
                # The AI pool is unreachable or failed: a random legal move keeps the game going.
                log.warning("AI failed for %s seat %s: %s", code, seat, refusal)
                legal = json.loads(view_json).get("legal_moves") or []
                if not legal:
                    return
                move = instantiate(random.choice(legal), random.Random())
            try:
                if await steps.run(CpuMove(code, seat, move, room.version)) is not None:
                    # Failures count per turn: in a simultaneous step people's moves overtake
                    # CPU moves now and then all game long, and that must not add up.
                    failures = 0
                else:
                    failures += 1
            except Refusal as refusal:
                log.warning("CPU move refused in %s: %s %s", code, refusal, move)
                failures += 1
            except Exception:
                log.exception("CPU driver failed in %s", code)
                failures += 1
                await asyncio.sleep(0.5)

    # -- takeover and hand-back ------------------------------------------------------------------
    def hand_to_cpu(self, room: Room, seat_number: int, reason: str, events: list[StoredEvent]) -> None:
        """A CPU plays the seat for its holder from now on; `reason`: left, gone, timeouts.
        A game without computer players keeps the seat waiting for its holder instead."""
        seat = room.seats[seat_number]
        if not (seat.level or self.ctx.takeover_level(room)):
            # A game without computer players (word agents): the seat waits for its holder,
            # and the move clock, when on, plays its default moves meanwhile.
            seat.gone_ms = None
            seat.timeouts = 0
            return
        seat.left = True
        seat.left_ms = self.ctx.now_ms()
        seat.gone_ms = None
        seat.timeouts = 0
        seat.level = seat.level or self.ctx.takeover_level(room)
        room.last_event += 1
        events.append(
            StoredEvent(room.last_event, {"code": "cpu_took_over", "seat": seat_number, "reason": reason}, None)
        )

    @staticmethod
    def hand_back(room: Room, seat_number: int, events: list[StoredEvent]) -> bool:
        """The holder is back: the CPU gives the seat up. False if no CPU was playing it."""
        if not room.seats[seat_number].return_to_holder():
            return False
        room.last_event += 1
        events.append(StoredEvent(room.last_event, {"code": "seat_returned", "seat": seat_number}, None))
        return True

    def count_timeouts(self, room: Room, events: list[StoredEvent]) -> None:
        """After a clock ran out: each `timed_out` seat's count goes up, and a player who let
        it run out TIMEOUTS_BEFORE_TAKEOVER times in a row is treated as gone."""
        for item in list(events):
            seat_number = item.event.get("seat")
            if item.event.get("code") != "timed_out" or not isinstance(seat_number, int):
                continue
            if not 0 <= seat_number < len(room.seats):
                continue
            seat = room.seats[seat_number]
            if seat.kind != "human" or not seat.holder or seat.left:
                continue
            seat.timeouts += 1
            # At a turn-based table a missed day is no sign of leaving: the clock's default
            # move is all that happens.
            if seat.timeouts >= TIMEOUTS_BEFORE_TAKEOVER and room.status == "playing" and not is_turn_based(room):
                self.hand_to_cpu(room, seat_number, "timeouts", events)

    def resume(self, ticket: Ticket) -> Edit:
        """The player says they are back: every seat of theirs a CPU plays is theirs again."""

        async def change(room: Room) -> list[StoredEvent] | None:
            events: list[StoredEvent] = []
            for seat_number in room.seats_held_by(ticket.key):
                self.hand_back(room, seat_number, events)
            return events or None

        return Edit(ticket.code, "resume", change)

    @staticmethod
    def seats_gone(code: str, seats: set[int], present: set[int], now: int) -> Edit:
        """Seats that lost their last connection (`present`: the seats connected anywhere):
        their grace period starts."""

        async def change(room: Room) -> list[StoredEvent] | None:
            if room.status != "playing":
                return None
            changed = False
            for seat_number in seats - present:
                if seat_number >= len(room.seats):
                    continue
                seat = room.seats[seat_number]
                if seat.holder and not seat.left and seat.gone_ms is None:
                    seat.gone_ms = now
                    changed = True
            return [] if changed else None

        return Edit(code, "seats_gone", change)

    def take_over_gone(self, code: str, present: set[int], now: int) -> Edit:
        """Seats gone past the grace period (`present`: the seats connected anywhere): a CPU
        plays them until their player is back."""
        grace = self.ctx.settings.takeover_grace_ms

        async def change(room: Room) -> list[StoredEvent] | None:
            if room.status != "playing":
                return None
            events: list[StoredEvent] = []
            changed = False
            for number in present & set(range(len(room.seats))):
                seat = room.seats[number]
                if seat.gone_ms is not None and not seat.left:
                    seat.gone_ms = None  # back before the grace ran out
                    changed = True
            if not room.someone_here():
                return [] if changed else None  # nobody at the table: it waits for them
            for number, seat in enumerate(room.seats):
                if seat.gone_ms is None or seat.left:
                    continue
                if seat.gone_ms + grace <= now:
                    self.hand_to_cpu(room, number, "gone", events)
                    changed = True
            return events if changed else None

        return Edit(code, "take_over", change)
