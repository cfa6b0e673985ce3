"""The lobby's gRPC clients: the four family services and svc-ai.

Family services are stateless and their calls pure, so a call that fails because a replica
died is simply retried (on another replica, or the same one once it is back).
"""

from __future__ import annotations

import asyncio
import json
import logging
from dataclasses import dataclass, field
from typing import Any

import grpc
from gameroom import engine_pb2, engine_pb2_grpc

from rulekit import Option, Refusal
from rulekit.errors import CODES as _KNOWN
from servicekit import config
from servicekit.grpc_server import server_options

from .step_stream import StepStream, StreamLost
from .turn_based import with_turn_option

log = logging.getLogger(__name__)

RETRYABLE = {grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED}
AI_RETRYABLE = {grpc.StatusCode.UNAVAILABLE}
LAST_TRY_S = 0.2  # the shortest try at the end of the retry window


@dataclass
class GameCatalogue:
    """What the family services said about their games, by id."""

    metas: dict[str, dict[str, Any]] = field(default_factory=dict)

    def meta(self, game: str) -> dict[str, Any]:
        try:
            return self.metas[game]
        except KeyError:
            raise Refusal("unknown_game", game) from None

    def options_schema(self, game: str) -> tuple[Option, ...]:
        return tuple(
            Option(
                key=o["key"],
                kind=o["kind"],
                default=o["default"],
                label=o["label"],
                minimum=o.get("min"),
                maximum=o.get("max"),
                choices=tuple(o.get("choices", ())),
            )
            for o in self.meta(game)["options"]
        )


def channel(target: str) -> grpc.aio.Channel:
    # round_robin spreads calls over every address a `dns:///` target resolves to (AI pods).
    return grpc.aio.insecure_channel(
        target, options=[*server_options(), ("grpc.lb_policy_name", "round_robin"), ("grpc.enable_retries", 1)]
    )


class Engines:
    def __init__(
        self,
        families: tuple[str, ...] = config.FAMILIES,
        call_timeout: float = 10.0,
        retry_for: float = 15.0,
        streams: bool | None = None,
    ) -> None:
        self.catalogue = GameCatalogue()
        self._stubs = {f: engine_pb2_grpc.FamilyEngineStub(channel(config.target(f))) for f in families}
        # Setup, Apply and Timeout go on each family's step stream (lobby/step_stream.py), unary
        # when it cannot carry a call or with GAMEROOM_ENGINE_STREAMS=off.
        if streams is None:
            streams = config.engine_streams()
        self._streams = {f: StepStream(stub) for f, stub in self._stubs.items()} if streams else {}
        self._ai = engine_pb2_grpc.AiStub(channel(config.target("ai")))
        self._call_timeout = call_timeout
        self._retry_for = retry_for

    def close(self) -> None:
        """Shutting down: the step streams end once their calls are answered."""
        for stream in self._streams.values():
            stream.close()

    async def _call(self, method, request, retry_on=RETRYABLE):  # type: ignore[no-untyped-def]
        """Retries while the service is unreachable (a replica restarting), up to `retry_for`
        in all: a call waits for a ready channel (wait_for_ready) within its own timeout, and no
        try outlasts the window (a try that waited its whole call timeout would make a 15 s window 20 s).
        Only the codes in `retry_on` are tried again."""
        loop = asyncio.get_running_loop()
        give_up = loop.time() + self._retry_for
        delay = 0.05
        while True:
            timeout = max(min(self._call_timeout, give_up - loop.time()), LAST_TRY_S)
            try:
                return await method(request, timeout=timeout, wait_for_ready=True)
            except grpc.aio.AioRpcError as error:
                if error.code() not in retry_on or loop.time() + delay > give_up:
                    log.warning("engine call failed: %s %s", error.code(), error.details())
                    raise Refusal("unavailable", str(error.code())) from None
                await asyncio.sleep(delay)
                delay = min(delay * 2, 1.0)

    async def load_catalogue(self) -> GameCatalogue:
        metas: dict[str, dict[str, Any]] = {}
        for family, stub in self._stubs.items():
            reply = await self._call(stub.ListGames, engine_pb2.ListGamesRequest())
            for game in reply.games:
                metas[game.id] = with_turn_option(json.loads(game.meta_json))
                metas[game.id]["family"] = family
        self.catalogue = GameCatalogue(metas)
        return self.catalogue

    async def _step(self, game: str, kind: str, request: Any) -> engine_pb2.StepReply:
        """A step call on the family's stream, or as a unary call (with its retries) when the
        stream cannot carry it."""
        family = self.catalogue.meta(game)["family"]
        stream = self._streams.get(family)
        if stream is not None:
            try:
                return self._checked(await stream.ask(kind, request, self._call_timeout))
            except StreamLost:
                pass
        method = {"setup": "Setup", "apply": "Apply", "timeout": "Timeout"}[kind]
        return self._checked(await self._call(getattr(self._stubs[family], method), request))

    @staticmethod
    def _checked(reply: engine_pb2.StepReply) -> engine_pb2.StepReply:
        if reply.HasField("refusal") and reply.refusal.code:
            raise Refusal(reply.refusal.code if reply.refusal.code in _KNOWN else "internal", reply.refusal.detail)
        return reply

    async def setup(
        self, game: str, seats: int, options: dict[str, Any], seed: bytes, now_ms: int
    ) -> engine_pb2.StepReply:
        request = engine_pb2.SetupRequest(
            game=game, seats=seats, options_json=json.dumps(options), seed=seed, now_ms=now_ms
        )
        return await self._step(game, "setup", request)

    async def apply(
        self, game: str, state_json: str, seat: int, move: dict[str, Any], now_ms: int
    ) -> engine_pb2.StepReply:
        request = engine_pb2.ApplyRequest(
            game=game, state_json=state_json, seat=seat, move_json=json.dumps(move), now_ms=now_ms
        )
        return await self._step(game, "apply", request)

    async def timeout(self, game: str, state_json: str, now_ms: int) -> engine_pb2.StepReply:
        request = engine_pb2.TimeoutRequest(game=game, state_json=state_json, now_ms=now_ms)
        return await self._step(game, "timeout", request)

    async def choose_move(
        self, game: str, seat: int, view_json: str, level: str, seed: bytes, budget_ms: int
    ) -> dict[str, Any]:
        request = engine_pb2.ChooseMoveRequest(
            game=game, seat=seat, view_json=view_json, level=level, seed=seed, budget_ms=budget_ms
        )
        # Not asked again after a deadline: that search was stopped when its caller gave up, and
        # a second one for the same turn would only load a pool already behind (the CPU seat
        # then plays a random legal move, lobby/cpu_seats.py). Unreachable pods are retried.
        reply = await self._call(self._ai.ChooseMove, request, retry_on=AI_RETRYABLE)
        if reply.HasField("refusal") and reply.refusal.code:
            raise Refusal(reply.refusal.code if reply.refusal.code in _KNOWN else "internal", reply.refusal.detail)
        return json.loads(reply.move_json)
