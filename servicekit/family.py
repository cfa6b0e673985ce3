"""The generic family server: hosts whatever engines a family registers.

Stateless: every call carries the state it works on, so any replica serves any call.
"""

from __future__ import annotations

import json
import logging
import time
from typing import Any

import grpc
import orjson
from gameroom import engine_pb2, engine_pb2_grpc
from prometheus_client import Counter, Histogram

from rulekit import Engine, Refusal, Registry, State, to_json

from . import config
from .grpc_server import bind_host, serve

ENGINE_CALLS = Counter(
    "gameroom_engine_calls_total", "Engine calls by game, method and outcome", ["game", "method", "outcome"]
)
ENGINE_SECONDS = Histogram(
    "gameroom_engine_call_seconds",
    "Time inside the rule engine per call",
    ["game", "method"],
    buckets=(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0),
)

log = logging.getLogger(__name__)

MAX_STATE_CHARS = 4 * 1024 * 1024


def json_text(data: Any) -> str:
    """rulekit.to_json(data): compact, keys sorted, everything past ASCII escaped; written by
    orjson where it writes that same text, several times faster (the state and every view of
    every step are most of a move's time in this service).

    The standard library writes what orjson would write otherwise: text past ASCII (orjson
    writes UTF-8), DEL (orjson leaves it unescaped), keys that are not strings, integers past
    64 bits, nesting past 255 levels (orjson refuses those three). What remains different is
    form only, read back as the same value: a float in exponent form (orjson 1e16, json
    1e+16). JSON has no NaN or infinity, which no engine writes (orjson would write null).
    """
    try:
        text = orjson.dumps(data, option=orjson.OPT_SORT_KEYS)
    except TypeError:  # orjson.JSONEncodeError
        return to_json(data)
    return text.decode() if text.isascii() and b"\x7f" not in text else to_json(data)


def step_reply(engine: Engine, state: State, events: list[dict[str, Any]]) -> engine_pb2.StepReply:
    """Everything the lobby needs after a step: state, each seat's and spectators' views."""
    reply = engine_pb2.StepReply(
        state_json=json_text(state),
        views=[engine_pb2.SeatView(seat=s, view_json=json_text(engine.view(state, s))) for s in range(state["seats"])],
        spectator_view_json=json_text(engine.view(state, None)),
        to_move=sorted(engine.to_move(state)),
    )
    for item in events:
        visible_to = item.get("visible_to")
        public = {k: v for k, v in item.items() if k != "visible_to"}
        reply.events.append(engine_pb2.Event(event_json=json_text(public), visible_to=visible_to or []))
    result = engine.result(state)
    if result is not None:
        reply.result_json = json_text(result)
    deadline = engine.deadline(state)
    if deadline is not None:
        seat = deadline.get("seat")
        reply.deadline.CopyFrom(
            engine_pb2.Deadline(
                at_ms=deadline["at_ms"],
                seat=seat if seat is not None else -1,
                game_clock=seat is None,
                seats=deadline.get("seats", []),
            )
        )
    return reply


def _load(text: str, what: str) -> Any:
    if len(text) > MAX_STATE_CHARS:
        raise Refusal("bad_request", f"{what} too large")
    try:
        return json.loads(text) if text else {}
    except ValueError:
        raise Refusal("bad_request", f"{what} is not JSON") from None


class FamilyServicer(engine_pb2_grpc.FamilyEngineServicer):
    def __init__(self, registry: Registry) -> None:
        self.registry = registry

    def _run(self, game: str, method: str, body):  # type: ignore[no-untyped-def]
        started = time.perf_counter()
        try:
            engine = self.registry.get(game)
            reply = body(engine)
            outcome = "ok"
        except Refusal as refusal:
            reply = self._refused(method, refusal)
            outcome = refusal.code
        ENGINE_CALLS.labels(game if game in self.registry else "unknown", method, outcome).inc()
        ENGINE_SECONDS.labels(game if game in self.registry else "unknown", method).observe(
            time.perf_counter() - started
        )
        return reply

    @staticmethod
    def _refused(method: str, refusal: Refusal):  # type: ignore[no-untyped-def]
        error = engine_pb2.Refusal(code=refusal.code, detail=refusal.detail)
        if method == "LegalMoves":
            return engine_pb2.LegalMovesReply(refusal=error)
        return engine_pb2.StepReply(refusal=error)

    async def ListGames(self, request, context: grpc.aio.ServicerContext) -> engine_pb2.ListGamesReply:
        return engine_pb2.ListGamesReply(
            games=[
                engine_pb2.GameInfo(id=e.meta.id, family=e.meta.family, meta_json=to_json(e.meta.to_json()))
                for e in self.registry
            ]
        )

    async def Setup(self, request, context) -> engine_pb2.StepReply:
        def body(engine: Engine) -> engine_pb2.StepReply:
            options = _load(request.options_json, "options")
            if not isinstance(options, dict):
                raise Refusal("bad_option", "options must be an object")
            if not request.seed:
                raise Refusal("bad_request", "a seed is required")
            return step_reply(engine, engine.setup(request.seats, options, request.seed, request.now_ms), [])

        return self._run(request.game, "Setup", body)

    async def Apply(self, request, context) -> engine_pb2.StepReply:
        def body(engine: Engine) -> engine_pb2.StepReply:
            state = _load(request.state_json, "state")
            move = _load(request.move_json, "move")
            new_state, events = engine.apply(state, request.seat, move, request.now_ms)
            return step_reply(engine, new_state, events)

        return self._run(request.game, "Apply", body)

    async def Timeout(self, request, context) -> engine_pb2.StepReply:
        def body(engine: Engine) -> engine_pb2.StepReply:
            state = _load(request.state_json, "state")
            # Refuses with illegal_move ("no clock has run out") before the deadline.
            new_state, events = engine.apply_timeout(state, request.now_ms)
            return step_reply(engine, new_state, events)

        return self._run(request.game, "Timeout", body)

    async def Steps(self, calls, context):  # type: ignore[no-untyped-def]
        """Setup, Apply and Timeout on one long-lived stream (the lobby's `StepStream`), each
        answered in turn with its call's id. A call the engine fails on is answered `internal`
        instead of ending the stream, which carries other rooms' calls too."""
        async for call in calls:
            kind = call.WhichOneof("call")
            try:
                if kind == "apply":
                    reply = await self.Apply(call.apply, context)
                elif kind == "timeout":
                    reply = await self.Timeout(call.timeout, context)
                elif kind == "setup":
                    reply = await self.Setup(call.setup, context)
                else:
                    reply = self._refused("Steps", Refusal("bad_request", "a step call names no step"))
            except Exception:
                log.exception("step call %s (%s) failed", call.id, kind)
                reply = self._refused("Steps", Refusal("internal", "the engine failed"))
            yield engine_pb2.StepAnswer(id=call.id, reply=reply)

    async def LegalMoves(self, request, context) -> engine_pb2.LegalMovesReply:
        def body(engine: Engine) -> engine_pb2.LegalMovesReply:
            state = _load(request.state_json, "state")
            return engine_pb2.LegalMovesReply(moves_json=json_text(engine.legal_moves(state, request.seat)))

        return self._run(request.game, "LegalMoves", body)


async def serve_family(registry: Registry) -> None:
    family = registry.family
    servicer = FamilyServicer(registry)

    def add(server: grpc.aio.Server) -> list[str]:
        engine_pb2_grpc.add_FamilyEngineServicer_to_server(servicer, server)
        return [engine_pb2.DESCRIPTOR.services_by_name["FamilyEngine"].full_name]

    await serve(f"svc-{family}", config.listen_port(family), config.metrics_port(family), add, bind_host())
