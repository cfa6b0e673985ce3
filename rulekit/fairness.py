"""The seed every player helps to choose: a server seed committed first, one value per seat.

For each game the server draws a 32-byte server seed and publishes `commit(server_seed)`
before it accepts anything from the players. Each seated browser then sends 32 random bytes;
a seat that sends none gets `server_value(server_seed, seat)`. The game's seed is

    SHA-256("gameroom-shuffle-v1" || server_seed || c_0 || ... || c_{n-1})   (seat order)

so nobody knows the cards before the start: the players do not know the server seed, and the
server fixed it before it saw their values. At the end the server seed is revealed and anyone
recomputes the chain (`verifier`, the browser's fairness page). Pure and dependency-free, so
the verifier and the browser can repeat it without any server code.
"""

from __future__ import annotations

import hashlib

VALUE_BYTES = 32
SHUFFLE_TAG = b"gameroom-shuffle-v1"
SEAT_TAG = b"gameroom-seat-v1"


def commit(server_seed: bytes) -> str:
    """What is published before any contribution: SHA-256 of the server seed, hex."""
    return hashlib.sha256(server_seed).hexdigest()


def server_value(server_seed: bytes, seat: int) -> bytes:
    """The value of a seat that sent none: fixed by the committed seed, unknown before the end."""
    return hashlib.sha256(SEAT_TAG + server_seed + seat.to_bytes(4, "big")).digest()


def mix(server_seed: bytes, contributions: list[bytes]) -> bytes:
    """The game's seed from the server seed and every seat's value, in seat order."""
    if len(server_seed) != VALUE_BYTES or any(len(c) != VALUE_BYTES for c in contributions):
        raise ValueError(f"the server seed and every contribution are {VALUE_BYTES} bytes")
    return hashlib.sha256(SHUFFLE_TAG + server_seed + b"".join(contributions)).digest()


def parse_value(text: object) -> bytes | None:
    """A contribution as a client sends it (64 hex digits), or None when it is not one."""
    if not isinstance(text, str) or len(text) != 2 * VALUE_BYTES:
        return None
    try:
        return bytes.fromhex(text)
    except ValueError:
        return None
