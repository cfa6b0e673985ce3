"""The Ai gRPC service. Stateless: run as many replicas as the load needs.

Where a move is searched:
- levels an outside engine plays (Stockfish, GNU Backgammon) are awaited on a thread of this
  process, one position at a time per engine process, holding no search process while the
  engine thinks (svc_ai.players.ENGINE_PLAYERS); each engine runs a quick process for its cheap
  levels and a deep one for its strong level (svc_ai.players.engine_lane), so a beginner's
  move never waits behind a strong search; where the engine does not run, the pure level plays
  in a search process instead;
- every other level runs in a search process (svc_ai.pool): as many as the pod has cores,
  plus a lane for cheap moves.
A caller that gives up (a deadline, a cancel) stops its search, and the search's process or
engine is free again only once the search has stopped.

The server caps each move's budget per level (operator settings, `caps_from_env`), whatever
the caller asks, and hands the search that budget less a margin for the reply.
Readiness: the health service says NOT_SERVING until the search processes and the engines
have started and played one move of every level (`warm`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import os
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

import grpc
from gameroom import engine_pb2, engine_pb2_grpc
from prometheus_client import Counter, Gauge, Histogram

from rulekit import Refusal, stopping, to_json
from rulekit.players import Ask
from servicekit import config
from servicekit.grpc_server import bind_host, serve

from .players import ENGINE_PLAYERS, PLAYERS, EngineUnavailable, engine_lane, engine_player, levels_of
from .pool import Reply, SearchPool
from .views import sample_view

log = logging.getLogger(__name__)

SEARCHES = Counter(
    "gameroom_ai_searches_total", "Moves chosen, by game, level and outcome", ["game", "level", "outcome"]
)
THINK_SECONDS = Histogram(
    "gameroom_ai_think_seconds",
    "Time a search took (its own, without waiting for a search process)",
    ["game", "level"],
    buckets=(0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5),
)
WAIT_SECONDS = Histogram(
    "gameroom_ai_wait_seconds",
    "Time a move waited for a search process or its engine before its search began",
    buckets=(0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10),
)
QUEUE_DEPTH = Gauge("gameroom_ai_queue_depth", "Requests waiting for a search process or an engine")
NODES = Counter("gameroom_ai_nodes_total", "Search nodes visited", ["game"])
GIVEN_UP = Counter(
    "gameroom_ai_given_up_total",
    "Searches whose caller gave up: stopped, or finished by themselves before they saw the stop",
    ["outcome"],
)
STOP_SECONDS = Histogram(
    "gameroom_ai_stop_seconds",
    "How long a search ran on after its caller gave up",
    buckets=(0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2),
)


def given_up(reply: Reply, seconds: float) -> None:
    GIVEN_UP.labels("stopped" if reply.stopped else "finished").inc()
    STOP_SECONDS.observe(seconds)


DEFAULT_CAP_MS = 1000
# The search gets the capped budget less this share of it (at least MARGIN_MIN_MS): time for
# the answer to travel while the caller still waits.
MARGIN_SHARE = 0.05
MARGIN_MIN_MS = 20
WARM_BUDGET_MS = 20  # each level's warm-up move: the code paths run, the clock barely


@dataclass(frozen=True)
class Caps:
    """The longest budget per level (`default_ms` for levels not named), in ms."""

    default_ms: int = DEFAULT_CAP_MS
    per_level: Mapping[str, int] = field(default_factory=dict)

    def cap(self, level: str) -> int:
        return self.per_level.get(level, self.default_ms)

    def budget(self, level: str, asked_ms: int) -> int:
        """The budget a move gets: what the caller asked (the cap when it asked nothing), at
        most the level's cap."""
        cap = self.cap(level)
        return max(1, min(asked_ms or cap, cap))


def search_budget(budget_ms: int) -> int:
    """What the search itself may use of a move's budget: the rest is the reply's margin."""
    return max(1, budget_ms - max(MARGIN_MIN_MS, int(budget_ms * MARGIN_SHARE)))


def caps_from_env(env: Mapping[str, str] = os.environ) -> Caps:
    """GAMEROOM_AI_MAX_BUDGET_MS for every level, GAMEROOM_AI_MAX_BUDGET_MS_<LEVEL> (e.g.
    _STRONG) for one."""
    prefix = "GAMEROOM_AI_MAX_BUDGET_MS"
    default = int(env.get(prefix, DEFAULT_CAP_MS))
    levels = {name for game in PLAYERS for name in levels_of(game)}
    per_level = {level: int(env[f"{prefix}_{level.upper()}"]) for level in levels if f"{prefix}_{level.upper()}" in env}
    return Caps(default, per_level)


def warm_asks(budget_ms: int = WARM_BUDGET_MS) -> list[Ask]:
    """One move of every level of every game, from a seeded game's position."""
    asks = []
    for game in sorted(PLAYERS):
        seat, view = sample_view(game, 0, 6)
        for level in levels_of(game)[1:]:
            asks.append(Ask(game, seat, view, level, b"warm", budget_ms))
    return asks


class AiServicer(engine_pb2_grpc.AiServicer):
    def __init__(self, pool: SearchPool, caps: Caps | None = None) -> None:
        self._pool = pool
        self._caps = caps or Caps()
        # One position at a time per outside-engine process (a quick and a deep one per
        # engine, so cheap levels never queue behind the strong one); waiting here holds no
        # search process.
        self._engines = {(game, lane): asyncio.Lock() for game in ENGINE_PLAYERS for lane in ("quick", "deep")}
        self._engine_waiting = 0
        QUEUE_DEPTH.set_function(lambda: self._pool.waiting() + self._engine_waiting)

    async def ChooseMove(self, request, context: grpc.aio.ServicerContext) -> engine_pb2.ChooseMoveReply:
        level = request.level or "random"
        try:
            view = json.loads(request.view_json)
            if not isinstance(view, dict):
                raise ValueError
        except ValueError:
            SEARCHES.labels(request.game, level, "bad_request").inc()
            return engine_pb2.ChooseMoveReply(
                refusal=engine_pb2.Refusal(code="bad_request", detail="view is not a JSON object")
            )
        budget = search_budget(self._caps.budget(level, request.budget_ms))
        ask = Ask(request.game, request.seat, view, level, request.seed or b"cpu", budget)
        arrived = time.perf_counter()
        try:
            reply = await self._engine(ask) or await self._pool.choose(ask)
        except asyncio.CancelledError:
            SEARCHES.labels(request.game, level, "cancelled").inc()
            raise
        WAIT_SECONDS.observe(max(0.0, time.perf_counter() - arrived - reply.think_ms / 1000))
        if reply.stopped:  # stopped, yet the caller still waits: only a hard deadline does that
            SEARCHES.labels(request.game, level, "stopped").inc()
            return engine_pb2.ChooseMoveReply(refusal=engine_pb2.Refusal(code="internal", detail="search stopped"))
        if reply.refusal is not None:
            code, detail = reply.refusal
            SEARCHES.labels(request.game, level, code).inc()
            return engine_pb2.ChooseMoveReply(refusal=engine_pb2.Refusal(code=code, detail=detail))
        THINK_SECONDS.labels(request.game, level).observe(reply.think_ms / 1000)
        SEARCHES.labels(request.game, level, "ok").inc()
        NODES.labels(request.game).inc(reply.nodes)
        return engine_pb2.ChooseMoveReply(
            move_json=to_json(reply.move), nodes=reply.nodes, think_ms=round(reply.think_ms)
        )

    async def _engine(self, ask: Ask) -> Reply | None:
        """The outside engine's reply; None where the level is not an engine's or the engine
        does not run (the search processes then play the pure level)."""
        player = engine_player(ask.game, ask.level)
        if player is None:
            return None
        stop = stopping.Stop()

        def search() -> Reply:
            with stopping.using(stop):
                started, cpu = time.perf_counter(), time.thread_time()
                try:
                    choice = player(ask)
                except Refusal as refusal:
                    return Reply(refusal=(refusal.code, refusal.detail))
                except stopping.Stopped:
                    return Reply(stopped=True)
                return Reply(
                    move=choice.move,
                    nodes=choice.nodes,
                    think_ms=(time.perf_counter() - started) * 1000,
                    cpu_ms=(time.thread_time() - cpu) * 1000,
                )

        self._engine_waiting += 1
        try:
            await self._engines[(ask.game, engine_lane(ask.game, ask.level))].acquire()
        finally:
            self._engine_waiting -= 1
        try:
            running = asyncio.ensure_future(asyncio.to_thread(search))
            try:
                return await asyncio.shield(running)
            except asyncio.CancelledError:
                asked = time.monotonic()
                stop.set()  # Stockfish is sent `stop`, gnubg's process goes
                while not running.done():
                    with contextlib.suppress(asyncio.CancelledError):
                        await asyncio.shield(running)
                if running.exception() is None:
                    given_up(running.result(), time.monotonic() - asked)
                raise
            except EngineUnavailable:
                return None
        finally:
            self._engines[(ask.game, engine_lane(ask.game, ask.level))].release()

    async def warm(self) -> None:
        """Start the search processes and the engines; every level plays one move."""
        asks = await asyncio.to_thread(warm_asks)
        started = time.perf_counter()
        engine_asks = [ask for ask in asks if engine_player(ask.game, ask.level) is not None]
        engines = asyncio.gather(*(self._engine(ask) for ask in engine_asks))
        slowest = await self._pool.start(asks)
        await engines
        log.info(
            "svc-ai warm in %.2f s: %d search processes (+%d for cheap moves), %d moves each; slowest %s",
            time.perf_counter() - started,
            self._pool.size,
            self._pool.cheap_size,
            len(asks),
            max(slowest.items(), key=lambda item: item[1], default=None),
        )


def usable_cores(cpu_max: Path = Path("/sys/fs/cgroup/cpu.max")) -> int:
    """The cores this process may use: its CPU affinity, and in a container its CPU limit
    (cgroup v2's cpu.max, "quota period", rounded up) when that is smaller."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    try:
        quota, period = cpu_max.read_text().split()[:2]
    except (OSError, ValueError):
        return cores
    if quota == "max":
        return cores
    return max(1, min(cores, math.ceil(int(quota) / int(period))))


def pool_from_env(env: Mapping[str, str] = os.environ) -> SearchPool:
    """GAMEROOM_AI_WORKERS search processes (default: the cores this process may use),
    GAMEROOM_AI_CHEAP_WORKERS more for cheap moves (default 1), cheap meaning a level's recent
    searches took under GAMEROOM_AI_CHEAP_MS (default 50)."""
    return SearchPool(
        workers=int(env.get("GAMEROOM_AI_WORKERS", usable_cores())),
        cheap_workers=int(env.get("GAMEROOM_AI_CHEAP_WORKERS", 1)),
        cheap_ms=float(env.get("GAMEROOM_AI_CHEAP_MS", 50)),
        on_given_up=given_up,
    )


async def serve_ai() -> None:
    pool = pool_from_env()
    servicer = AiServicer(pool, caps_from_env())

    def add(server: grpc.aio.Server) -> list[str]:
        engine_pb2_grpc.add_AiServicer_to_server(servicer, server)
        return [engine_pb2.DESCRIPTOR.services_by_name["Ai"].full_name]

    try:
        await serve("svc-ai", config.listen_port("ai"), config.metrics_port("ai"), add, bind_host(), warm=servicer.warm)
    finally:
        pool.close()
