"""Web Push settings: the server's VAPID key pair (RFC 8292), which the browsers subscribe with
and every message is signed with, and where subscriptions may point (docs/configuration.md)."""

from __future__ import annotations

import base64
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


def b64url_decode(text: str) -> bytes:
    """Base64url with or without its padding; ValueError if it is not."""
    text = str(text).strip()
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def new_private_key() -> str:
    """A new VAPID private key: the P-256 scalar, 32 bytes, base64url (as web-push tools write it)."""
    key = ec.generate_private_key(ec.SECP256R1())
    return b64url(key.private_numbers().private_value.to_bytes(32, "big"))


def public_key_of(private_key: str) -> str:
    """The application server key the browser subscribes with: the uncompressed P-256 point."""
    scalar = int.from_bytes(b64url_decode(private_key), "big")
    point = ec.derive_private_key(scalar, ec.SECP256R1()).public_key()
    return b64url(point.public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint))


def key_from_file(path: Path) -> str:
    """The private key kept in `path`, made and written there (readable by its owner only) if the
    file does not exist yet: `make run` keeps its key in the local data folder."""
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "w") as out:
            out.write(new_private_key() + "\n")
    return path.read_text().strip()


@dataclass(frozen=True)
class PushSettings:
    private_key: str = ""  # base64url P-256 scalar; "" turns Web Push off
    subject: str = "mailto:gameroom@localhost"  # the operator's contact, sent to push services
    # Origins besides https:// a subscription's endpoint may have (a local push service in tests).
    test_origins: tuple[str, ...] = ()
    poll_ms: int = 2000  # how often the sender looks for due messages another replica queued
    lease_ms: int = 60_000  # a claimed message is this sender's for this long
    attempts: int = 8  # sends of one message before it is given up
    # Each game's title by language (game -> language -> title), for the notices' sentences
    # (lobby/push_texts.py): the games' own strings, which the gateway serves and hands over.
    game_titles: Mapping[str, Mapping[str, str]] = field(default_factory=dict)

    @property
    def enabled(self) -> bool:
        return bool(self.private_key)

    @property
    def public_key(self) -> str:
        return public_key_of(self.private_key) if self.private_key else ""

    @classmethod
    def from_env(cls, game_titles: Mapping[str, Mapping[str, str]] | None = None) -> PushSettings:
        env = os.environ.get
        key = env("GAMEROOM_VAPID_PRIVATE_KEY", "").strip()
        if not key and env("GAMEROOM_VAPID_KEY_FILE"):
            key = key_from_file(Path(env("GAMEROOM_VAPID_KEY_FILE", "")))
        origins = tuple(o.strip().rstrip("/") for o in env("GAMEROOM_PUSH_TEST_ORIGINS", "").split(",") if o.strip())
        return cls(
            private_key=key,
            subject=env("GAMEROOM_VAPID_SUBJECT", cls.subject),
            test_origins=origins,
            poll_ms=int(env("GAMEROOM_PUSH_POLL_MS", "2000")),
            game_titles=game_titles or {},
        )
