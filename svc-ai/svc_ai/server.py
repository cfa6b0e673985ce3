"""The Ai gRPC service. Stateless: run as many replicas as the load needs."""

from __future__ import annotations

import asyncio
import json
import time

import grpc
from gameroom import engine_pb2, engine_pb2_grpc
from prometheus_client import Counter, Gauge, Histogram

from rulekit import Refusal, to_json
from rulekit.players import Ask
from servicekit import config
from servicekit.grpc_server import bind_host, serve

from .players import choose

SEARCHES = Counter(
    "gameroom_ai_searches_total", "Moves chosen, by game, level and outcome", ["game", "level", "outcome"]
)
THINK_SECONDS = Histogram(
    "gameroom_ai_think_seconds",
    "Time to choose a move",
    ["game", "level"],
    buckets=(0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5),
)
QUEUE_DEPTH = Gauge("gameroom_ai_queue_depth", "Requests waiting for a search slot")
NODES = Counter("gameroom_ai_nodes_total", "Search nodes visited", ["game"])

MAX_BUDGET_MS = 10_000


class AiServicer(engine_pb2_grpc.AiServicer):
    def __init__(self, slots: int = 1) -> None:
        # One search at a time per process: searches are CPU-bound, replicas add capacity.
        self._slots = asyncio.Semaphore(slots)

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
        budget = min(max(request.budget_ms or 1000, 1), MAX_BUDGET_MS)
        ask = Ask(request.game, request.seat, view, level, request.seed or b"cpu", budget)
        QUEUE_DEPTH.inc()
        async with self._slots:
            QUEUE_DEPTH.dec()
            started = time.perf_counter()
            try:
                choice = await asyncio.to_thread(choose, ask)
            except Refusal as refusal:
                SEARCHES.labels(request.game, level, refusal.code).inc()
                return engine_pb2.ChooseMoveReply(refusal=engine_pb2.Refusal(code=refusal.code, detail=refusal.detail))
            elapsed = time.perf_counter() - started
        THINK_SECONDS.labels(request.game, level).observe(elapsed)
        SEARCHES.labels(request.game, level, "ok").inc()
        NODES.labels(request.game).inc(choice.nodes)
        return engine_pb2.ChooseMoveReply(
            move_json=to_json(choice.move), nodes=choice.nodes, think_ms=int(elapsed * 1000)
        )


async def serve_ai() -> None:
    servicer = AiServicer()

    def add(server: grpc.aio.Server) -> list[str]:
        engine_pb2_grpc.add_AiServicer_to_server(servicer, server)
        return [engine_pb2.DESCRIPTOR.services_by_name["Ai"].full_name]

    await serve("svc-ai", config.listen_port("ai"), config.metrics_port("ai"), add, bind_host())
