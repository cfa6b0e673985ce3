"""The step pipeline: every change of a room passes through `Steps.run`, one step at a time per
room in this process (as lichess's round actor handles every step of a game in one place).

A step (lobby/step_kinds.py: a player's move, a CPU's move, a clock's timeout, or an edit such
as start, rematch, settings, leave) is run in one order, written once here:

    read      the room (a player's move: as this process last wrote it, or from the store with
              the move id's earlier answer: a move id answered before gets that answer again)
    check     seat, game in play, turn, version (`check`): a stale move is refused
              `stale_version` (`future_version`: a version the room never had) before the
              engine is asked, even if it is also illegal
    apply     the engine through the family service (or the edit's own change)
    commit    the durable write, naming the revision it read, with the players' "your turn"
              rows when whose turn it is changed (one transaction); a write that lost to
              another writer (another replica) is redone from the room as it now is
    announce  other replicas (bus), then this process's connections (delivery), then the
              observers handed to the pipeline at construction (the room's driver: move clocks,
              takeovers, CPU turns), which run their own steps through `run` again

Several gateway replicas may run this over one store (lobby/bus.py): a move id's answer is
written in the same transaction as the move, so it is answered once.
"""

from __future__ import annotations

import logging
import time
from typing import Any, Sequence

from rulekit import Refusal

from .context import WRITE_ATTEMPTS, LobbyContext, Lost
from .cpu_seats import CpuSeats
from .delivery import Delivery
from .hub import Subscriber
from .metrics import MOVE_ROOM_KEPT, MOVE_ROOM_READ, TIMER_FIRINGS, move_metrics
from .move_path import absorb, change_payload, finished_record
from .ports import StepObserver
from .rated_rooms import rate_finished
from .room import Room, plain_json
from .schedule import due
from .staked_tables import StakedTables
from .step_kinds import ClockTimeout, CpuMove, Edit, Outcome, PlayerMove, Step
from .store import MoveRecord, SeatedRow, StoredEvent
from .text import clean_move
from .turns import seated_key, seated_rows

log = logging.getLogger(__name__)
room_log = logging.getLogger("lobby.rooms")  # one line per room event

MAX_MOVE_ID = 64
# Refusals that say nothing about the move: not stored as its answer, so a resend is tried again.
TRANSIENT = frozenset({"unavailable", "internal", "overloaded"})

Answer = tuple[str, dict[str, Any]]


def check(step: Step, room: Room) -> None:
    """What is checked before the engine is asked, in this order: the seat is the ticket's,
    the game is in play, the seat (or the clock) is to move, and the step was chosen at the
    version the room is at. An edit checks what it changes itself."""
    if isinstance(step, Edit):
        return
    if isinstance(step, PlayerMove) and step.seat not in room.seats_held_by(step.ticket.key):
        raise Refusal("bad_token", f"this ticket does not hold seat {step.seat}")
    if room.status == "finished":
        raise Refusal("game_over", f"game {room.game_number} of room {room.code} is over: ask for a rematch")
    if room.status != "playing":
        raise Refusal("not_started", f"room {room.code} is waiting for its host to start the game")
    if isinstance(step, ClockTimeout):
        if room.deadline is None:
            raise Refusal("not_your_turn", "no move clock runs")
    elif step.seat not in room.to_move:
        to_move = sorted(room.to_move)
        raise Refusal("not_your_turn", f"seat {step.seat} is not to move at version {room.version}; to move: {to_move}")
    if isinstance(step, PlayerMove) and step.version > room.version:
        # Not a move chosen too late but one quoting a version the room never had: a client bug.
        raise Refusal("future_version", f"version {step.version} is ahead of the game, at version {room.version}")
    if not fresh(step, room):
        raise Refusal("stale_version", f"version {_quoted(step)} is older than the game's, at version {room.version}")


def _quoted(step: PlayerMove | CpuMove | ClockTimeout) -> str:
    return f"clock {step.at_ms}" if isinstance(step, ClockTimeout) else str(step.version)


def fresh(step: PlayerMove | CpuMove | ClockTimeout, room: Room) -> bool:
    """Whether the step was chosen against the room as it is. A player's move is stale only if
    the choices it was made from have changed since (in simultaneous phases another seat's
    move leaves mine valid); a CPU chooses again at any change; a clock is the one armed."""
    if isinstance(step, ClockTimeout):
        return room.deadline is not None and room.deadline.at_ms == step.at_ms
    if isinstance(step, CpuMove):
        return room.version == step.version
    chosen_at = (room.choice_version or {}).get(str(step.seat), room.version)
    return chosen_at <= step.version <= room.version


class Steps:
    def __init__(
        self,
        ctx: LobbyContext,
        delivery: Delivery,
        stakes: StakedTables,
        cpu: CpuSeats,
        observers: Sequence[StepObserver] = (),
    ) -> None:
        self.ctx = ctx
        self.delivery = delivery
        self.stakes = stakes
        self.cpu = cpu
        self.observers = tuple(observers)
        self.in_flight = 0  # players' moves being worked on now (LobbySettings.moves_in_flight)

    # -- the one way a room changes -----------------------------------------------------------------
    async def run(self, step: Step) -> Outcome | None:
        """Run one step through read, check, apply, commit, announce. The outcome, or None when
        the step was not applied: a player's move refused (the refusal went to the player), a
        CPU move or a clock the game moved past. An edit's refusal, an engine's refusal of a
        CPU move and a transient refusal of a player's move are raised.

        A player's move past `moves_in_flight` at once is refused with `overloaded` before
        anything is read, so a resend with the same id is a first try (CPU and clock steps
        are not shed)."""
        if not isinstance(step, PlayerMove):
            return await self._run(step)
        if not step.client_move_id or len(step.client_move_id) > MAX_MOVE_ID:
            raise Refusal("bad_request", f"client_move_id must be 1..{MAX_MOVE_ID} characters")
        limit = self.ctx.settings.moves_in_flight
        if limit and self.in_flight >= limit:
            raise Refusal("overloaded", "the server is busy; send the move again in a moment")
        self.in_flight += 1
        try:
            return await self._run(step)
        finally:
            self.in_flight -= 1

    async def _run(self, step: Step) -> Outcome | None:
        started = time.perf_counter()
        runtime = self.ctx.runtime(step.code)
        for _ in range(WRITE_ATTEMPTS):
            async with runtime.lock:
                room, revision, kept, prior = await self._read(step)
                if prior is not None:  # a move id answered before: the same answer again
                    assert isinstance(step, PlayerMove)
                    await self.delivery.repeat_answer(step.subscriber, prior, step.client_move_id)
                    return None
                checked = False
                seated_before = seated_key(room)
                try:
                    check(step, room)
                    checked = True
                    events, moves, answer = await self._apply(step, room)
                except Refusal as refusal:
                    if isinstance(step, PlayerMove) and kept and refusal.code not in TRANSIENT:
                        continue  # a refusal is kept for good: decided on the room as the store holds it
                    await self._refused(step, refusal, checked)
                    return None
                if events is None:
                    return Outcome(room, revision, None)
                seated = self._seated_rows(room) if seated_key(room) != seated_before else None
                stage = time.perf_counter()
                try:
                    revision = await self.commit(room, revision, events, answer, moves, seated)
                except Lost:
                    continue  # another writer (maybe this very move, on another replica): look again
                if isinstance(step, PlayerMove):
                    move_metrics(room.game).store.observe(time.perf_counter() - stage)
            if isinstance(step, (PlayerMove, CpuMove)):
                move_metrics(room.game).moves.inc()
            elif isinstance(step, ClockTimeout):
                TIMER_FIRINGS.labels(room.game).inc()
            ack = (step.subscriber, step.client_move_id) if isinstance(step, PlayerMove) else None
            await self.announce(room, revision, events, ack=ack)
            if isinstance(step, PlayerMove):
                move_metrics(room.game).total.observe(time.perf_counter() - started)
            return Outcome(room, revision, events)
        what = step.kind if isinstance(step, Edit) else type(step).__name__
        log.warning("room %s: %s not written, %d writes lost to other writers", step.code, what, WRITE_ATTEMPTS)
        again = "send the move again" if isinstance(step, PlayerMove) else "try again"
        raise Refusal("unavailable", f"the room is too busy; {again}")

    def _seated_rows(self, room: Room) -> list[SeatedRow] | None:
        """Whose turn it is, for the players' "your turn" lists (lobby/turns.py), written in the
        room's own commit, so a room's rows follow its steps in order and a step that lost
        writes none. None (rows left as they are) for a room no player with an id sits at."""
        rows = seated_rows(room, self.ctx.now_ms())
        if not rows and not any(room.player_of(s.holder) for s in room.seats):
            return None
        return rows

    async def _read(self, step: Step) -> tuple[Room, int, bool, dict[str, Any] | None]:
        """The room, its revision, whether it is this process's kept copy, and (a player's move
        read from the store) the move id's earlier answer."""
        ctx = self.ctx
        if not isinstance(step, PlayerMove):
            room, revision = await ctx.load(step.code)
            return room, revision, False, None
        # The room as this process wrote it last, if it keeps that (lobby/latest.py): no read,
        # and no answer looked up (a move id answered before is found by the write, which then
        # loses, and the move is looked at again from the store).
        kept = ctx.latest.take(step.code)
        if kept is not None:
            MOVE_ROOM_KEPT.inc()
            stored_room, revision, choices = kept
            room = Room.from_json(stored_room)
            # A kept copy has no views: the step's reply brings them all, and `absorb` compares
            # these digests instead.
            room.choices = choices
            return room, revision, True, None
        MOVE_ROOM_READ.inc()
        loaded = await ctx.store.load_room_for_move(step.code, f"{step.ticket.key}:{step.client_move_id}")
        if loaded is None:
            raise Refusal("unknown_room", step.code)
        stored_room, revision, prior = loaded
        return Room.from_json(stored_room), revision, False, prior

    async def _apply(self, step: Step, room: Room) -> tuple[list[StoredEvent] | None, list[MoveRecord], Answer | None]:
        """The step applied to the checked room: its events (None: nothing to write), the move
        records and a player's move id answer."""
        ctx = self.ctx
        if isinstance(step, Edit):
            return await step.change(room), [], None
        if isinstance(step, ClockTimeout):
            now = max(ctx.now_ms(), step.at_ms)
            seat = room.deadline.seat if room.deadline else None
            reply = await ctx.engines.timeout(room.game, room.state_json, now)
            events = absorb(room, reply, [])
            self.cpu.count_timeouts(room, events)
            return events, [MoveRecord(-1 if seat is None else seat, {"timeout": True}, room.version, now)], None
        now = ctx.now_ms()
        if isinstance(step, CpuMove):
            reply = await ctx.engines.apply(room.game, room.state_json, step.seat, step.move, now)
            return absorb(room, reply, []), [MoveRecord(step.seat, step.move, room.version, now)], None
        if not isinstance(step.move, dict):
            raise Refusal("malformed_move", "a move is an object")
        move = plain_json(clean_move(step.move))
        stage = time.perf_counter()
        reply = await ctx.engines.apply(room.game, room.state_json, step.seat, move, now)
        move_metrics(room.game).family.observe(time.perf_counter() - stage)
        # The player acts: the clock's count starts again, and a seat a CPU played for them
        # (they were away, or let the clock run out) is theirs again.
        played = room.seats[step.seat]
        returned = played.return_to_holder()
        played.timeouts = 0
        events = absorb(room, reply, [{"code": "seat_returned", "seat": step.seat}] if returned else [])
        answer = (f"{step.ticket.key}:{step.client_move_id}", {"accepted": True, "version": room.version})
        return events, [MoveRecord(step.seat, move, room.version, now)], answer

    async def _refused(self, step: Step, refusal: Refusal, checked: bool) -> None:
        """A step refused by its checks, or (`checked`) by the engine or the edit's change."""
        if isinstance(step, PlayerMove):
            if refusal.code in TRANSIENT:
                raise refusal
            # Stored as the move id's answer, so a resend gets the same refusal.
            answer = {"refused": {"code": refusal.code, "detail": refusal.detail}}
            stored = await self.ctx.store.put_move_answer(step.code, f"{step.ticket.key}:{step.client_move_id}", answer)
            await self.delivery.repeat_answer(step.subscriber, stored, step.client_move_id)
        elif isinstance(step, Edit):
            raise refusal
        elif checked:  # the engine refused (unchecked: the game moved past the CPU or the clock)
            if isinstance(step, CpuMove):
                raise refusal  # CpuSeats.drive counts it as a failure
            log.warning("clock in %s not applied: %s", step.code, refusal)

    # -- writing and telling ------------------------------------------------------------------------
    async def commit(
        self,
        room: Room,
        revision: int,
        events: list[StoredEvent] = (),  # type: ignore[assignment]
        answer: Answer | None = None,
        moves: list[MoveRecord] = (),  # type: ignore[assignment]
        seated: list[SeatedRow] | None = None,
    ) -> int:
        """The durable write, with the room's "your turn" rows when given (None: as they are);
        the new revision, or Lost when another writer got there first (and nothing is written)."""
        room.updated_ms = self.ctx.now_ms()
        finished = finished_record(room, self.ctx.now_ms()) if room.status == "finished" and moves else None
        if finished is not None and room.rated:
            # Rated from the ratings as stored now, and written in the same transaction as the
            # game: a rating another game changed meanwhile makes this write lost, and redone.
            teams = bool(self.ctx.engines.catalogue.meta(room.game).get("teams"))
            finished = await rate_finished(self.ctx.store, room, finished, teams)
        document = room.to_json()
        if not await self.ctx.store.save_room(document, revision, list(events), answer, list(moves), finished, seated):
            raise Lost
        if finished is not None:
            room_log.info(
                "room %s: game %d of %s over, placings %s",
                room.code,
                room.game_number,
                room.game,
                finished.result.get("placings"),
            )
        if self.ctx.latest.keeps:
            self.ctx.latest.remember(room.code, document, revision + 1, room.choice_digests())
        return revision + 1

    async def settle(self, room: Room) -> None:
        """A finished staked game's pot, paid (once: the ledger closes each escrow once)."""
        if room.stake and room.status == "finished":
            await self.stakes.settle(room.to_json())

    async def announce(
        self,
        room: Room,
        revision: int,
        events: list[StoredEvent],
        ack: tuple[Subscriber, str] | None = None,
        presence: bool = False,
        skip: Subscriber | None = None,
    ) -> None:
        """After a durable write (or, with `presence`, a change of who is connected): the other
        replicas, our connections, and the observers."""
        ctx = self.ctx
        if not presence:
            # After the durable write that ended the game and before anyone hears of its end,
            # so a wallet looked at on the result screen holds the pot.
            await self.settle(room)
        present: set[int] | None = None  # None: the delivery asks the bus itself
        if ctx.bus.shares_changes:
            # Other replicas first, in one round trip that also reads who is present (for our
            # own frames, and carried to theirs); the single-process bus takes nothing, so
            # nothing is built for it.
            try:
                when = None if presence else (due(room, ctx.now_ms(), ctx.settings.takeover_grace_ms), revision)
                present = await ctx.bus.announce(room.code, change_payload(room, revision, events, presence), when)
            except Exception:
                # The write is durable; our own connections get it below, other replicas' players
                # with the next change or their next reconnect, and a lapsed lease is swept.
                log.warning("could not announce a change of room %s", room.code, exc_info=True)
                await self.delivery.deliver(room, revision, events, ack, presence, skip)
                return
        await self.delivery.deliver(room, revision, events, ack, presence, skip, present)
        if not presence:
            await self.observe(room, revision)

    async def observe(self, room: Room, revision: int, force: bool = False) -> None:
        """Tell the observers of the room as written at `revision` (after a committed step, and
        when a room is looked at again: a restart, another replica's change, a lapsed seat)."""
        for observer in self.observers:
            try:
                await observer.after_step(room, revision, self, force)
            except Exception:
                log.warning("could not schedule room %s after a change", room.code, exc_info=True)
