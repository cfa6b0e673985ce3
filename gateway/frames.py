"""Client frames: JSON checked against the play API's schema before anything else sees it."""

from __future__ import annotations

import json
from typing import Any

from gameroom import play_pb2
from google.protobuf import json_format

from rulekit import Refusal

MAX_FRAME_BYTES = 16 * 1024


def parse_client_frame(text: str) -> tuple[str, dict[str, Any]]:
    """(branch, body) of a ClientMessage in the JSON mapping, or a Refusal."""
    if len(text.encode()) > MAX_FRAME_BYTES:
        raise Refusal("frame_too_large", f"frames are at most {MAX_FRAME_BYTES} bytes")
    try:
        data = json.loads(text)
    except ValueError:
        raise Refusal("malformed_frame", "not JSON") from None
    if not isinstance(data, dict) or len(data) != 1:
        raise Refusal("malformed_frame", "a frame is an object with one key")
    try:
        message = json_format.ParseDict(data, play_pb2.ClientMessage())
    except json_format.ParseError as error:
        raise Refusal("malformed_frame", str(error)[:200]) from None
    branch = message.WhichOneof("body")
    if branch is None:
        raise Refusal("malformed_frame", "empty frame")
    body = json_format.MessageToDict(getattr(message, branch), preserving_proto_field_name=True)
    if branch == "move":
        # The raw JSON keeps the move's numbers exact (a Struct would turn them into floats).
        body["move"] = data[branch].get("move")
    return branch, body


def server_frame(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"))


def to_proto(message: dict[str, Any]) -> play_pb2.ServerMessage:
    return json_format.ParseDict(message, play_pb2.ServerMessage())
