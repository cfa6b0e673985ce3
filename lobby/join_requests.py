"""Joins that can be asked again: a join carries the client's request id, and the same id gets
the same ticket and seat, so a join whose answer was lost (its replica died or stalled) is not
refused `room_full` by the seat it took.

The ticket's token is made from the room's code and the request id, so it is found again
without keeping any secret: the room's stored document (which survives a restart and travels
between replicas) holds only the token's hash, as for every ticket, and a retry makes the same
token again. The request id is as secret as the token it opens, so it must be long and random
(a browser's `crypto.randomUUID()`); without one a join gets a random token, as it always did.
"""

from __future__ import annotations

import base64
import hashlib
import re

from rulekit import Refusal

from . import codes

REQUEST_ID = re.compile(r"[A-Za-z0-9_-]{16,64}")


def join_token(code: str, request_id: str) -> str:
    """The token of the ticket a join of room `code` (normalised) gets: made from the request
    id (the same for every retry), or new without one. Refused with `bad_request` for a request
    id too short or too long to stand for a secret."""
    if not request_id:
        return codes.new_token()
    if not REQUEST_ID.fullmatch(request_id):
        raise Refusal("bad_request", "request_id: 16..64 letters, digits, '-' or '_' (a random UUID)")
    digest = hashlib.sha256(f"gameroom-join\n{code}\n{request_id}".encode()).digest()
    return base64.urlsafe_b64encode(digest[:24]).decode()  # the shape of `codes.new_token`
