"""The gRPC play API: the same lobby, for bots and apps (proto/gameroom/play.proto)."""

from __future__ import annotations

import asyncio
import json
from typing import Any, AsyncIterator

import grpc
from gameroom import play_pb2, play_pb2_grpc
from google.protobuf import json_format

from lobby import codes
from lobby.lobby import Lobby
from lobby.metrics import REFUSALS
from lobby.text import clean_text
from rulekit import Refusal

from . import dispatch
from .app import GatewaySettings
from .connection import QueuedConnection
from .frames import MAX_JSON_DEPTH, to_proto, value_depth
from .limits import FloodGuard, TokenBucket

GRPC_STATUS = {
    "unknown_room": grpc.StatusCode.NOT_FOUND,
    "unknown_game": grpc.StatusCode.NOT_FOUND,
    "bad_token": grpc.StatusCode.PERMISSION_DENIED,
    "unavailable": grpc.StatusCode.UNAVAILABLE,
    "internal": grpc.StatusCode.INTERNAL,
}


async def _abort(context: grpc.aio.ServicerContext, refusal: Refusal) -> None:
    # The stable code travels as the status message's first word and in trailing metadata.
    await context.abort(
        GRPC_STATUS.get(refusal.code, grpc.StatusCode.INVALID_ARGUMENT),
        f"{refusal.code}: {refusal.detail}",
        trailing_metadata=(("gameroom-refusal", refusal.code),),
    )


def _struct(message: Any) -> dict[str, Any]:
    return json_format.MessageToDict(message, preserving_proto_field_name=True)


class PlayServicer(play_pb2_grpc.PlayServicer):
    def __init__(self, lobby: Lobby, settings: GatewaySettings | None = None, guard: FloodGuard | None = None) -> None:
        self.lobby = lobby
        self.settings = settings or GatewaySettings()
        # Shared with the WebSocket side: a ticket's connections are counted over both.
        self.guard = guard or FloodGuard()

    async def ListGames(self, request, context) -> play_pb2.ListGamesReply:
        return json_format.ParseDict({"games": self.lobby.list_games()}, play_pb2.ListGamesReply())

    async def CreateRoom(self, request, context) -> play_pb2.RoomTicket:
        try:
            seats = [_struct(s) for s in request.seats]
            ticket = await self.lobby.create_room(
                request.game,
                _struct(request.options),
                seats,
                clean_text(request.nickname, "nickname"),
                request.player_token,
                request.private,
            )
        except Refusal as refusal:
            await _abort(context, refusal)
        return json_format.ParseDict(ticket, play_pb2.RoomTicket())

    async def JoinRoom(self, request, context) -> play_pb2.RoomTicket:
        try:
            ticket = await self.lobby.join_room(
                request.code,
                clean_text(request.nickname, "nickname"),
                request.spectator,
                request.player_token,
                request.invite,
            )
        except Refusal as refusal:
            await _abort(context, refusal)
        return json_format.ParseDict(ticket, play_pb2.RoomTicket())

    async def GetRoom(self, request, context) -> play_pb2.RoomInfo:
        try:
            info = await self.lobby.get_room(request.code)
        except Refusal as refusal:
            await _abort(context, refusal)
        return json_format.ParseDict(info, play_pb2.RoomInfo())

    async def Connect(
        self, request_iterator: AsyncIterator[play_pb2.ClientMessage], context
    ) -> AsyncIterator[play_pb2.ServerMessage]:
        outbox: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()

        async def write(message: dict[str, Any]) -> None:
            await outbox.put(message)

        connection = QueuedConnection(write, lambda: outbox.put_nowait(None))
        bucket = TokenBucket(self.settings.rate_per_s, self.settings.burst)
        ticket_key = ""

        async def read() -> None:
            nonlocal ticket_key
            try:
                async for message in request_iterator:
                    branch = message.WhichOneof("body")
                    if branch is None:
                        dispatch.refuse(connection, Refusal("malformed_frame", "empty message"))
                        continue
                    body = _struct(getattr(message, branch))
                    if not bucket.take():
                        move_id = str(body.get("client_move_id", "")) if branch == "move" else ""
                        dispatch.refuse(connection, Refusal("rate_limited"), move_id)
                        continue
                    if branch == "move":
                        if value_depth(body.get("move")) > MAX_JSON_DEPTH:
                            dispatch.refuse(
                                connection,
                                Refusal("malformed_frame", f"JSON nests at most {MAX_JSON_DEPTH} deep"),
                                str(body.get("client_move_id", "")),
                            )
                            continue
                        body["move"] = json.loads(json.dumps(body.get("move", {})))
                    if branch == "hello" and connection.ticket is None:
                        key = f"ticket:{codes.token_hash(str(body.get('token', '')))}"
                        if self.guard.retry_after(key) > 0 or not self.guard.admit(key, self.settings.ws_per_ticket):
                            # Straight to the stream, ahead of its end.
                            REFUSALS.labels("rate_limited").inc()
                            detail = "too many connections for this ticket"
                            await outbox.put(
                                {"refused": {"code": "rate_limited", "detail": detail, "client_move_id": ""}}
                            )
                            return
                        await dispatch.handle(self.lobby, connection, branch, body)
                        if connection.ticket is None:
                            self.guard.release(key)
                        else:
                            ticket_key = key
                        continue
                    await dispatch.handle(self.lobby, connection, branch, body)
            finally:
                await outbox.put(None)

        reader = asyncio.get_running_loop().create_task(read())
        try:
            while True:
                item = await outbox.get()
                if item is None:
                    break
                yield to_proto(item)
        finally:
            reader.cancel()
            if ticket_key:
                self.guard.release(ticket_key)
            self.lobby.disconnect(connection)
            await connection.close()
