"""Store backends behind one interface, one store per concern (stores.py); `make_store` picks a backend from a URL."""

from __future__ import annotations

import os
from typing import cast

from .base import (
    ACTIVITY_LAG_MS,
    HOUSE,
    MINT,
    ROOM_CHANNEL,
    WALLET,
    BoardRow,
    ChatLine,
    Escrow,
    EscrowChange,
    EscrowConflict,
    FinishedGame,
    GameRating,
    GameStats,
    InsufficientFunds,
    LedgerError,
    MoveRecord,
    Passkey,
    Player,
    Posting,
    RatedPlayer,
    RatingPoint,
    RatingRows,
    RatingsMoved,
    SeatedRow,
    Session,
    Store,
    StoredEvent,
    StoredRating,
    Transfer,
)

DEFAULT_STORE_URL = "sqlite:///var/gameroom.sqlite3"


def store_url() -> str:
    return os.environ.get("GAMEROOM_STORE", DEFAULT_STORE_URL)


def make_store(url: str | None = None) -> Store:
    """`sqlite:///relative/path`, `sqlite:////absolute/path`, or `postgresql://...` (docs/configuration.md)."""
    url = url or store_url()
    if url.startswith("sqlite:///"):
        from .sqlite import SqliteStore

        path = url[len("sqlite:///") :]
        if path != ":memory:":
            os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        return cast(Store, SqliteStore(path))  # its concerns' methods, bound by name (stores.py)
    if url.startswith(("postgresql://", "postgres://")):
        from .postgres import PostgresStore

        return cast(Store, PostgresStore(url))
    raise ValueError(f"unsupported store URL {url!r}")


__all__ = [
    "ACTIVITY_LAG_MS",
    "HOUSE",
    "MINT",
    "ROOM_CHANNEL",
    "BoardRow",
    "ChatLine",
    "Escrow",
    "EscrowChange",
    "EscrowConflict",
    "FinishedGame",
    "GameRating",
    "SeatedRow",
    "GameStats",
    "InsufficientFunds",
    "LedgerError",
    "MoveRecord",
    "Passkey",
    "Player",
    "Posting",
    "Session",
    "RatingPoint",
    "RatingRows",
    "RatedPlayer",
    "RatingsMoved",
    "Store",
    "StoredRating",
    "StoredEvent",
    "Transfer",
    "WALLET",
    "make_store",
    "store_url",
]
