"""Room codes people can read out loud, and seat tokens."""

from __future__ import annotations

import hashlib
import secrets

# No 0/O, 1/I/L: codes are read aloud and typed on phones.
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 5


def new_room_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalise_code(text: str) -> str:
    """What a person typed, as a code: case and spaces ignored."""
    return "".join(text.split()).upper()


def is_code(text: str) -> bool:
    return len(text) == CODE_LENGTH and all(ch in CODE_ALPHABET for ch in text)


def new_token() -> str:
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    """Only hashes are stored: a leaked database gives nobody a seat."""
    return hashlib.sha256(token.encode()).hexdigest()
