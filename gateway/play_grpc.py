"""The gRPC play API: the same lobby, for bots and apps (proto/gameroom/play.proto)."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from typing import Any, AsyncIterator

import grpc
from gameroom import play_pb2, play_pb2_grpc
from google.protobuf import json_format
from google.protobuf.message import DecodeError

from lobby.face import REFUSALS, LobbyFace, clean_text, token_hash
from rulekit import Refusal

from . import dispatch
from .app import GatewaySettings
from .challenge_routes import QueuedSink
from .connection import QueuedConnection
from .frames import MAX_JSON_DEPTH, to_proto, value_depth
from .limits import FloodGuard, FloodMeter, TokenBucket

GRPC_STATUS = {
    "unknown_room": grpc.StatusCode.NOT_FOUND,
    "unknown_game": grpc.StatusCode.NOT_FOUND,
    "unknown_player": grpc.StatusCode.NOT_FOUND,
    "bad_token": grpc.StatusCode.PERMISSION_DENIED,
    "removed": grpc.StatusCode.PERMISSION_DENIED,
    "rate_limited": grpc.StatusCode.RESOURCE_EXHAUSTED,
    "rated_needs_accounts": grpc.StatusCode.PERMISSION_DENIED,
    "rated_no_bots": grpc.StatusCode.PERMISSION_DENIED,
    "not_account": grpc.StatusCode.FAILED_PRECONDITION,
    "unknown_challenge": grpc.StatusCode.NOT_FOUND,
    "not_your_challenge": grpc.StatusCode.PERMISSION_DENIED,
    "challenge_closed": grpc.StatusCode.FAILED_PRECONDITION,
    "expired": grpc.StatusCode.FAILED_PRECONDITION,
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


@dataclass(frozen=True)
class StreamEnd:
    """The last item of a Connect stream's outbox: end with OK, or with a refusal's status (the
    refusal itself went out as a Refused message just before)."""

    refusal: Refusal | None = None


def ends_the_game(message: dict[str, Any]) -> bool:
    """An Update that says the game is over (the stream's last, unless Hello.keep_open)."""
    update = message.get("update")
    return update is not None and update.get("room", {}).get("status") == "finished"


def _struct(message: Any) -> dict[str, Any]:
    return json_format.MessageToDict(message, preserving_proto_field_name=True)


def _varint(raw: bytes, at: int) -> tuple[int, int]:
    value = shift = 0
    while shift < 64:
        byte = raw[at]
        at += 1
        value |= (byte & 0x7F) << shift
        if byte < 0x80:
            return value, at
        shift += 7
    raise ValueError("varint too long")


def move_id_of(raw: bytes) -> str:
    """The `client_move_id` of a ClientMessage's move, read from its wire bytes without
    parsing the message (a refusal over the rate still names its move); "" if none. Only the
    move's own fields are walked, the rest is skipped by its length."""
    try:
        at = 0
        while at < len(raw):
            tag, at = _varint(raw, at)
            if tag & 7 != 2:
                return ""  # every branch of ClientMessage is a message (length-delimited)
            length, at = _varint(raw, at)
            if tag >> 3 != 2:  # not `move`
                at += length
                continue
            end, at = at + length, at
            while at < end:
                field, at = _varint(raw, at)
                if field & 7 == 0:
                    _, at = _varint(raw, at)
                    continue
                if field & 7 != 2:
                    return ""
                size, at = _varint(raw, at)
                if at + size > end:
                    return ""
                if field >> 3 == 3:  # client_move_id
                    return raw[at : at + size].decode() if size <= 64 else ""
                at += size
            return ""
    except (IndexError, ValueError, UnicodeDecodeError):
        return ""
    return ""


def add_to_server(servicer: PlayServicer, server: grpc.aio.Server) -> None:
    """Register the play API like the generated `add_PlayServicer_to_server`, except that
    `Connect` gets each message's bytes: its rate check runs before protobuf parsing."""
    messages = play_pb2
    handlers = {
        "ListGames": grpc.unary_unary_rpc_method_handler(
            servicer.ListGames, messages.ListGamesRequest.FromString, messages.ListGamesReply.SerializeToString
        ),
        "CreateRoom": grpc.unary_unary_rpc_method_handler(
            servicer.CreateRoom, messages.CreateRoomRequest.FromString, messages.RoomTicket.SerializeToString
        ),
        "JoinRoom": grpc.unary_unary_rpc_method_handler(
            servicer.JoinRoom, messages.JoinRoomRequest.FromString, messages.RoomTicket.SerializeToString
        ),
        "GetRoom": grpc.unary_unary_rpc_method_handler(
            servicer.GetRoom, messages.GetRoomRequest.FromString, messages.RoomInfo.SerializeToString
        ),
        "GetReplay": grpc.unary_unary_rpc_method_handler(
            servicer.GetReplay, messages.GetReplayRequest.FromString, messages.Replay.SerializeToString
        ),
        "GetLeaderboard": grpc.unary_unary_rpc_method_handler(
            servicer.GetLeaderboard, messages.LeaderboardRequest.FromString, messages.Leaderboard.SerializeToString
        ),
        "GetPlayerRatings": grpc.unary_unary_rpc_method_handler(
            servicer.GetPlayerRatings,
            messages.PlayerRatingsRequest.FromString,
            messages.PlayerRatings.SerializeToString,
        ),
        "GetTurns": grpc.unary_unary_rpc_method_handler(
            servicer.GetTurns, messages.GetTurnsRequest.FromString, messages.Turns.SerializeToString
        ),
        "Connect": grpc.stream_stream_rpc_method_handler(
            servicer.Connect, None, messages.ServerMessage.SerializeToString
        ),
        "Events": grpc.unary_stream_rpc_method_handler(
            servicer.Events, messages.EventsRequest.FromString, messages.PlayerEvent.SerializeToString
        ),
        "CreateChallenge": grpc.unary_unary_rpc_method_handler(
            servicer.CreateChallenge, messages.CreateChallengeRequest.FromString, messages.Challenge.SerializeToString
        ),
        "AnswerChallenge": grpc.unary_unary_rpc_method_handler(
            servicer.AnswerChallenge, messages.AnswerChallengeRequest.FromString, messages.Challenge.SerializeToString
        ),
        "CancelChallenge": grpc.unary_unary_rpc_method_handler(
            servicer.CancelChallenge, messages.AnswerChallengeRequest.FromString, messages.Challenge.SerializeToString
        ),
        "ListChallenges": grpc.unary_unary_rpc_method_handler(
            servicer.ListChallenges, messages.ListChallengesRequest.FromString, messages.Challenges.SerializeToString
        ),
        "ListBots": grpc.unary_unary_rpc_method_handler(
            servicer.ListBots, messages.ListBotsRequest.FromString, messages.Bots.SerializeToString
        ),
        "SetBot": grpc.unary_unary_rpc_method_handler(
            servicer.SetBot, messages.SetBotRequest.FromString, messages.BotSettings.SerializeToString
        ),
    }
    server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler("gameroom.play.Play", handlers),))


class PlayServicer(play_pb2_grpc.PlayServicer):
    def __init__(
        self, lobby: LobbyFace, settings: GatewaySettings | None = None, guard: FloodGuard | None = None
    ) -> None:
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
                request.rated,
                request.bots_allowed,
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
                request.request_id,
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

    async def GetTurns(self, request, context) -> play_pb2.Turns:
        try:
            turns = await self.lobby.turns(request.player_token)
        except Refusal as refusal:
            await _abort(context, refusal)
        # Null deadlines and times left (no clock) are 0 in the message.
        return play_pb2.Turns(
            turns=[play_pb2.Turn(**{k: v for k, v in turn.items() if v is not None}) for turn in turns]
        )

    async def GetReplay(self, request, context) -> play_pb2.Replay:
        try:
            # Unset (or -1): everything revealed, as REST's seat=all.
            seat = str(request.seat) if request.HasField("seat") and request.seat != -1 else "all"
            replay = await self.lobby.replay(request.code, request.number, seat, request.invite, request.player_token)
        except Refusal as refusal:
            await _abort(context, refusal)
        return json_format.ParseDict(replay, play_pb2.Replay())

    async def GetLeaderboard(self, request, context) -> play_pb2.Leaderboard:
        try:
            board = await self.lobby.ratings.board(
                request.game, request.board or "top", request.limit if request.HasField("limit") else None
            )
        except Refusal as refusal:
            await _abort(context, refusal)
        return json_format.ParseDict(board, play_pb2.Leaderboard())

    async def GetPlayerRatings(self, request, context) -> play_pb2.PlayerRatings:
        try:
            ratings = await self.lobby.ratings.player(request.player_id[:64])
        except Refusal as refusal:
            await _abort(context, refusal)
        return json_format.ParseDict(ratings, play_pb2.PlayerRatings())

    # -- bots online: challenges and a player's event stream ---------------------------------------
    async def Events(self, request, context) -> AsyncIterator[play_pb2.PlayerEvent]:
        """The player's events until the client goes (or falls too far behind: the stream then
        ends with `rate_limited`, and the client reconnects, getting what is open again)."""
        sink = QueuedSink()
        try:
            player_id = await self.lobby.challenges.open_stream(request.player_token, sink)
        except Refusal as refusal:
            await _abort(context, refusal)
        try:
            # The stream is live from here: a client may wait for this before acting on it.
            await context.send_initial_metadata((("gameroom-events", "open"),))
            while True:
                event = await sink.queue.get()
                if event is None:
                    await _abort(context, Refusal("rate_limited", "the event stream fell behind: reconnect"))
                kind = event["kind"]
                fields = {k: v for k, v in event.items() if k != "kind"}
                yield json_format.ParseDict({kind: fields}, play_pb2.PlayerEvent(), ignore_unknown_fields=True)
        finally:
            await self.lobby.challenges.close_stream(player_id, sink)

    async def CreateChallenge(self, request, context) -> play_pb2.Challenge:
        try:
            made = await self.lobby.challenges.create(
                request.player_token, request.to_player, request.game, _struct(request.options), request.rated
            )
        except Refusal as refusal:
            await _abort(context, refusal)
        return json_format.ParseDict(made, play_pb2.Challenge(), ignore_unknown_fields=True)

    async def AnswerChallenge(self, request, context) -> play_pb2.Challenge:
        """Accepted: the accepting player's room ticket comes as `GameStarted` on their stream."""
        try:
            answer = await self.lobby.challenges.answer(request.player_token, request.challenge_id, request.accept)
        except Refusal as refusal:
            await _abort(context, refusal)
        return json_format.ParseDict(answer, play_pb2.Challenge(), ignore_unknown_fields=True)

    async def CancelChallenge(self, request, context) -> play_pb2.Challenge:
        try:
            answer = await self.lobby.challenges.cancel(request.player_token, request.challenge_id)
        except Refusal as refusal:
            await _abort(context, refusal)
        return json_format.ParseDict(answer, play_pb2.Challenge(), ignore_unknown_fields=True)

    async def ListChallenges(self, request, context) -> play_pb2.Challenges:
        try:
            mine = await self.lobby.challenges.mine(request.player_token)
        except Refusal as refusal:
            await _abort(context, refusal)
        return json_format.ParseDict({"challenges": mine}, play_pb2.Challenges(), ignore_unknown_fields=True)

    async def ListBots(self, request, context) -> play_pb2.Bots:
        return json_format.ParseDict({"bots": await self.lobby.challenges.bots()}, play_pb2.Bots())

    async def SetBot(self, request, context) -> play_pb2.BotSettings:
        """The REST body rebuilt, so both paths share one check: an unset `bot` is refused
        `bad_request` as a missing one is over REST."""
        body: dict[str, Any] = {"quick_seats": request.quick_seats, "games": list(request.games)}
        if request.HasField("bot"):
            body["bot"] = request.bot
        try:
            answer = await self.lobby.challenges.set_bot(request.player_token, body)
        except Refusal as refusal:
            await _abort(context, refusal)
        return play_pb2.BotSettings(**answer)

    async def Connect(
        self, request_iterator: AsyncIterator[play_pb2.ClientMessage], context
    ) -> AsyncIterator[play_pb2.ServerMessage]:
        """The stream ends cleanly (OK) right after the Update saying the game is finished
        (unless the Hello asked `keep_open`), and with the refusal's status and trailer after a
        refused Hello, the host's `removed` or a flood."""
        outbox: asyncio.Queue[dict[str, Any] | StreamEnd | None] = asyncio.Queue()

        async def write(message: dict[str, Any]) -> None:
            await outbox.put(message)

        connection = QueuedConnection(write, lambda: outbox.put_nowait(None))
        bucket = TokenBucket(self.settings.rate_per_s, self.settings.burst)
        meter = FloodMeter(self.settings.flood_close_after)
        ticket_key = ""
        keep_open = False

        async def read() -> None:
            nonlocal ticket_key, keep_open
            try:
                async for item in request_iterator:
                    # The rate check comes first: a message over the rate costs a counter and
                    # a short walk for its move id, not a parse. (A stub that still parses,
                    # registered without add_to_server, hands over messages: parsed already.)
                    raw = item if isinstance(item, bytes) else item.SerializeToString()
                    if not bucket.take():
                        if meter.refused():
                            if ticket_key:
                                self.guard.punish(ticket_key)
                            await self._end(outbox, Refusal("rate_limited", "flooding: closed"))
                            return
                        move_id = move_id_of(raw)
                        if move_id or meter.notice_due():
                            dispatch.refuse(connection, Refusal("rate_limited"), move_id)
                        continue
                    try:
                        message = play_pb2.ClientMessage.FromString(raw) if isinstance(item, bytes) else item
                    except DecodeError:
                        dispatch.refuse(connection, Refusal("malformed_frame", "not a ClientMessage"))
                        continue
                    branch = message.WhichOneof("body")
                    if branch is None:
                        dispatch.refuse(connection, Refusal("malformed_frame", "empty message"))
                        continue
                    body = _struct(getattr(message, branch))
                    if branch == "move":
                        if value_depth(body.get("move")) > MAX_JSON_DEPTH:
                            dispatch.refuse(
                                connection,
                                Refusal("malformed_frame", f"JSON nests at most {MAX_JSON_DEPTH} deep"),
                                str(body.get("client_move_id", "")),
                            )
                            continue
                        body["move"] = json.loads(json.dumps(body.get("move", {})))
                        if not body["move"]:
                            # Most often a plain object where a Struct belongs: protobufjs drops
                            # the keys a Struct does not have (`fields`), and sends it empty.
                            detail = "the move arrived empty: a Struct needs its fields (see Node.js in the guide)"
                            dispatch.refuse(
                                connection, Refusal("malformed_move", detail), str(body.get("client_move_id", ""))
                            )
                            continue
                    if branch == "hello" and connection.ticket is None:
                        key = f"ticket:{token_hash(str(body.get('token', '')))}"
                        if self.guard.retry_after(key) > 0 or not self.guard.admit(key, self.settings.ws_per_ticket):
                            await self._end(outbox, Refusal("rate_limited", "too many connections for this ticket"))
                            return
                        keep_open = bool(body.get("keep_open"))
                        refused = await dispatch.handle(self.lobby, connection, branch, body)
                        if connection.ticket is None:
                            self.guard.release(key)
                            # A Hello refused (a wrong token, no such room...): nothing more can
                            # happen on this stream; its status says why.
                            await outbox.put(StreamEnd(refused or Refusal("bad_token")))
                            return
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
                if isinstance(item, StreamEnd):
                    if item.refusal is not None:
                        await _abort(context, item.refusal)
                    break
                yield to_proto(item)
                refused = item.get("refused")
                if refused is not None and refused.get("code") == "removed":
                    await _abort(context, Refusal("removed", str(refused.get("detail", ""))))
                if ends_the_game(item) and not keep_open:
                    # What is queued behind the last update (its chat) goes out with it.
                    while not outbox.empty():
                        rest = outbox.get_nowait()
                        if isinstance(rest, dict):
                            yield to_proto(rest)
                    break
        finally:
            reader.cancel()
            if ticket_key:
                self.guard.release(ticket_key)
            self.lobby.disconnect(connection)
            await connection.close()

    @staticmethod
    async def _end(outbox: asyncio.Queue[dict[str, Any] | StreamEnd | None], refusal: Refusal) -> None:
        """Straight to the stream, ahead of its end: the last Refused, then the status."""
        REFUSALS.labels(refusal.code).inc()
        await outbox.put({"refused": {"code": refusal.code, "detail": refusal.detail, "client_move_id": ""}})
        await outbox.put(StreamEnd(refusal))
