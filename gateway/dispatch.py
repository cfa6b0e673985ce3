"""What a client message does, shared by the WebSocket and the gRPC stream."""

from __future__ import annotations

import logging
from typing import Any

from lobby.face import REFUSALS, LobbyFace, Subscriber, clean_text
from rulekit import Refusal

log = logging.getLogger(__name__)


async def handle(lobby: LobbyFace, connection: Subscriber, branch: str, body: dict[str, Any]) -> Refusal | None:
    """Carry out one client message; a refusal is sent back with its code, never swallowed,
    and returned (the gRPC stream ends on a refused Hello)."""
    try:
        if branch == "hello":
            if connection.ticket is not None:
                raise Refusal("bad_request", "already said hello")
            await lobby.connect(
                connection, str(body.get("code", "")), str(body.get("token", "")), _int(body.get("last_event", 0))
            )
            return None
        if connection.ticket is None:
            raise Refusal("bad_request", "say hello first")
        if branch == "move":
            await lobby.move(
                connection,
                _int(body.get("seat", 0)),
                body.get("move"),
                str(body.get("client_move_id", "")),
                _int(body.get("version", 0)),
            )
        elif branch == "chat":
            await lobby.chat(connection, clean_text(body.get("text"), "chat"), str(body.get("channel", "")))
        elif branch == "start":
            await lobby.start_game(connection)
        elif branch == "rematch":
            await lobby.rematch(connection)
        elif branch == "remove":
            await lobby.remove_player(connection, _int(body.get("seat", -1)))
        elif branch == "leave":
            await lobby.leave(connection)
        elif branch == "resume":
            await lobby.resume(connection)
        elif branch == "resync":
            await lobby.resync(connection)
        elif branch == "settings":
            await lobby.change_settings(connection, body.get("options"), body.get("seats"))
        elif branch == "entropy":
            await lobby.contribute(connection, str(body.get("value", "")), str(body.get("commit", "")))
        elif branch == "ping":
            connection.send({"pong": {"nonce": _int(body.get("nonce", 0))}})
        else:
            raise Refusal("malformed_frame", f"unknown message {branch}")
    except Refusal as refusal:
        refuse(connection, refusal, str(body.get("client_move_id", "")) if branch == "move" else "")
        return refusal
    except Exception:
        # A fault of ours: the client gets a code and keeps its connection; the log gets the rest.
        log.exception("message %s failed", branch)
        fault = Refusal("internal", f"the server failed on a {branch} message")
        refuse(connection, fault, str(body.get("client_move_id", "")) if branch == "move" else "")
        return fault
    return None


def refuse(connection: Subscriber, refusal: Refusal, client_move_id: str = "") -> None:
    REFUSALS.labels(refusal.code).inc()
    connection.send({"refused": {"code": refusal.code, "detail": refusal.detail, "client_move_id": client_move_id}})


def _int(value: Any) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        raise Refusal("malformed_frame", f"not a whole number: {value!r}") from None
