"""svc-ai's search processes: CPU-bound searches off the server's interpreter, in lanes.

A pod runs `workers` search processes (as many as it has cores, by default) and `cheap_workers`
more that take only cheap moves, so a move that needs milliseconds never waits behind one that
needs a second. A move is cheap when its level's recent searches took under `cheap_ms` (a
running mean per game and level; a level not yet seen counts as expensive). Waiting moves go
cheap first, then in arrival order.

Each process has a stop flag in shared memory (rulekit.stopping): when the caller gives up,
the server sets it, the search ends at its next poll, and only then is the process free for
the next move. A process that does not stop within STOP_GRACE_S is killed and replaced.
Searches also get a hard deadline (the capped budget) they stop at on their own.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import multiprocessing.connection
import signal
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rulekit import Refusal, stopping
from rulekit.players import Ask

log = logging.getLogger(__name__)

STOP_GRACE_S = 2.0  # a search still running this long after its stop: the process is replaced
CHEAP_MEAN_WEIGHT = 0.2  # weight of the newest search in a level's running mean


@dataclass(frozen=True)
class Reply:
    """A search's outcome: a move (`move`), or a refusal (`refusal` = (code, detail)), or
    `stopped`; with the search's own wall and CPU milliseconds."""

    move: Any = None
    nodes: int = 0
    refusal: tuple[str, str] | None = None
    stopped: bool = False
    think_ms: float = 0.0
    cpu_ms: float = 0.0


def _search(connection: multiprocessing.connection.Connection, flag: Any) -> None:
    """A search process: answers ("ask", Ask) and ("warm", [Ask]) messages until the pipe closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the server stops it; Ctrl-C goes to the server
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    stop = stopping.Stop(flag)
    stopping.install(stop)
    from .players import choose  # imports every game: in the child, not before the fork

    def one(ask: Ask) -> Reply:
        started, cpu = time.perf_counter(), time.process_time()
        stop.deadline = started + ask.budget_ms / 1000
        try:
            choice = choose(ask, engines=False)
            reply = Reply(move=choice.move, nodes=choice.nodes)
        except Refusal as refusal:
            reply = Reply(refusal=(refusal.code, refusal.detail))
        except stopping.Stopped:
            reply = Reply(stopped=True)
        except Exception as error:  # a bug in one level must not take the process down
            log.exception("search failed for %s %s", ask.game, ask.level)
            reply = Reply(refusal=("internal", repr(error)))
        finally:
            stop.deadline = None
        if stop.is_set():
            reply = Reply(stopped=True)
        return Reply(
            reply.move,
            reply.nodes,
            reply.refusal,
            reply.stopped,
            (time.perf_counter() - started) * 1000,
            (time.process_time() - cpu) * 1000,
        )

    while True:
        try:
            kind, payload = connection.recv()
        except (EOFError, OSError):
            return
        if kind == "ask":
            connection.send(("reply", one(payload)))
        elif kind == "warm":
            connection.send(("warmed", [one(ask) for ask in payload]))


class _Worker:
    def __init__(self, context: Any, index: int, cheap_only: bool) -> None:
        self.index = index
        self.cheap_only = cheap_only
        self.flag = context.RawValue("b", 0)
        self.connection, child = context.Pipe()
        self.process = context.Process(
            target=_search, args=(child, self.flag), name=f"svc-ai-search-{index}", daemon=True
        )
        self.process.start()
        child.close()

    async def receive(self) -> tuple[str, Any]:
        """The next message from the process; EOFError when it died."""
        loop = asyncio.get_running_loop()
        arrived: asyncio.Future[None] = loop.create_future()
        fd = self.connection.fileno()

        def ready() -> None:
            if not arrived.done():
                arrived.set_result(None)

        loop.add_reader(fd, ready)
        try:
            await arrived
        finally:
            loop.remove_reader(fd)
        message: tuple[str, Any] = self.connection.recv()
        return message

    def kill(self) -> None:
        with contextlib.suppress(Exception):
            self.process.kill()
            self.process.join(5)
        with contextlib.suppress(Exception):
            self.connection.close()


class SearchPool:
    """`workers` search processes for any move and `cheap_workers` for cheap moves only."""

    def __init__(
        self,
        workers: int,
        cheap_workers: int = 1,
        cheap_ms: float = 50.0,
        on_given_up: Callable[[Reply, float], None] | None = None,
    ) -> None:
        """`on_given_up(reply, seconds)` hears of every search whose caller gave up: its reply
        (`stopped`, or a move when it ended by itself first) and how long it ran on after."""
        self.size = max(1, workers)
        self.cheap_size = max(0, cheap_workers)
        self.cheap_ms = cheap_ms
        self._context = multiprocessing.get_context("spawn")  # never fork a gRPC server
        self._workers: list[_Worker] = []
        self._free: list[_Worker] = []
        self._waiting: dict[bool, deque[asyncio.Future[_Worker]]] = {True: deque(), False: deque()}
        self._mean_ms: dict[tuple[str, str], float] = {}
        self._next_index = 0
        self.replaced = 0  # processes killed for not stopping (or dead) and started again
        self.last_given_up: Reply | None = None  # the reply of the last search its caller gave up
        self._on_given_up = on_given_up

    # -- life --------------------------------------------------------------------------------------
    def _spawn(self, cheap_only: bool) -> _Worker:
        worker = _Worker(self._context, self._next_index, cheap_only)
        self._next_index += 1
        return worker

    async def start(self, warm_asks: list[Ask] = ()) -> dict[str, float]:  # type: ignore[assignment]
        """Start the processes and have each play `warm_asks` once (imports loaded, caches
        filled) before any move is taken; the slowest warm move per game and level, in ms."""
        workers = [self._spawn(False) for _ in range(self.size)] + [self._spawn(True) for _ in range(self.cheap_size)]
        slowest: dict[str, float] = {}
        for worker in workers:
            worker.connection.send(("warm", list(warm_asks)))
        for worker in workers:
            kind, replies = await worker.receive()
            assert kind == "warmed"
            for ask, reply in zip(warm_asks, replies, strict=True):
                key = f"{ask.game} {ask.level}"
                slowest[key] = max(slowest.get(key, 0.0), reply.think_ms)
        self._workers = workers
        for worker in workers:
            self._release(worker)  # moves that came in meanwhile go first
        return slowest

    def close(self) -> None:
        for worker in self._workers:
            worker.kill()
        self._workers = []
        self._free = []

    def pids(self) -> list[int]:
        return [worker.process.pid for worker in self._workers if worker.process.pid is not None]

    # -- lanes -------------------------------------------------------------------------------------
    def is_cheap(self, game: str, level: str) -> bool:
        mean = self._mean_ms.get((game, level))
        return level == "random" or (mean is not None and mean < self.cheap_ms)

    def _note(self, game: str, level: str, think_ms: float) -> None:
        mean = self._mean_ms.get((game, level))
        self._mean_ms[(game, level)] = think_ms if mean is None else mean + CHEAP_MEAN_WEIGHT * (think_ms - mean)

    def waiting(self) -> int:
        return len(self._waiting[True]) + len(self._waiting[False])

    async def _acquire(self, cheap: bool) -> _Worker:
        # A cheap move takes a cheap-lane process first, keeping the others for searches.
        candidates = (
            sorted(self._free, key=lambda w: not w.cheap_only) if cheap else [w for w in self._free if not w.cheap_only]
        )
        if candidates:
            worker = candidates[0]
            self._free.remove(worker)
            return worker
        waiter: asyncio.Future[_Worker] = asyncio.get_running_loop().create_future()
        self._waiting[cheap].append(waiter)
        try:
            return await waiter
        except asyncio.CancelledError:
            if waiter.done() and not waiter.cancelled():
                self._release(waiter.result())  # handed over just as the caller gave up
            else:
                with contextlib.suppress(ValueError):
                    self._waiting[cheap].remove(waiter)
            raise

    def _release(self, worker: _Worker) -> None:
        lanes = (True,) if worker.cheap_only else (True, False)
        for lane in lanes:
            queue = self._waiting[lane]
            while queue:
                waiter = queue.popleft()
                if not waiter.done():
                    waiter.set_result(worker)
                    return
        self._free.append(worker)

    def _replace(self, worker: _Worker) -> _Worker:
        """A fresh process in place of one that died or would not stop (not warmed: rare)."""
        worker.kill()
        self.replaced += 1
        fresh = self._spawn(worker.cheap_only)
        self._workers[self._workers.index(worker)] = fresh
        return fresh

    # -- moves -------------------------------------------------------------------------------------
    async def choose(self, ask: Ask) -> Reply:
        """The search's reply for `ask`. Cancelled (the caller gave up): the search is stopped
        and its process freed only once it has stopped."""
        worker = await self._acquire(self.is_cheap(ask.game, ask.level))
        try:
            worker.flag.value = 0
            try:
                worker.connection.send(("ask", ask))
            except OSError:  # the process died while idle
                worker = self._replace(worker)
                worker.connection.send(("ask", ask))
            answer = asyncio.ensure_future(worker.receive())
            try:
                kind, reply = await asyncio.shield(answer)
            except asyncio.CancelledError:
                worker.flag.value = 1
                worker = await self._stopped(worker, answer)
                raise
            except EOFError:
                worker = self._replace(worker)
                return Reply(refusal=("internal", "the search process died"))
            assert kind == "reply"
            if not reply.stopped and reply.refusal is None:
                self._note(ask.game, ask.level, reply.think_ms)
            return reply
        finally:
            self._release(worker)

    async def _stopped(self, worker: _Worker, answer: asyncio.Future[tuple[str, Any]]) -> _Worker:
        """Wait (through further cancellations) for the stopped search's reply; a process that
        does not give it within STOP_GRACE_S is replaced."""
        asked = time.monotonic()
        give_up = asked + STOP_GRACE_S
        while not answer.done():
            left = give_up - time.monotonic()
            if left <= 0:
                answer.cancel()
                log.warning("search process %s did not stop: replaced", worker.process.pid)
                return self._replace(worker)
            with contextlib.suppress(asyncio.CancelledError, asyncio.TimeoutError):
                await asyncio.wait_for(asyncio.shield(answer), left)
        if answer.cancelled() or answer.exception() is not None:
            return self._replace(worker)
        self.last_given_up = answer.result()[1]
        if self._on_given_up is not None:
            self._on_given_up(self.last_given_up, time.monotonic() - asked)
        return worker
