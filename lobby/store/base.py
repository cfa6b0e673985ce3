"""The store interface the lobby runs on. SQLite for one machine, PostgreSQL + Redis scaled.

A room is one JSON document with a revision number; every write names the revision it read,
so two writers can never both win (optimistic concurrency). A move's events and its answer
(for duplicate detection) are written in the same transaction as the room.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol


@dataclass(frozen=True)
class StoredEvent:
    number: int
    event: dict[str, Any]
    visible_to: list[int] | None  # None: everyone


@dataclass(frozen=True)
class ChatLine:
    number: int
    seat: int
    name: str
    text: str
    at_ms: int


class Store(Protocol):
    async def open(self) -> None: ...
    async def close(self) -> None: ...

    async def insert_room(self, room: dict[str, Any]) -> bool:
        """False when the code is taken."""

    async def load_room(self, code: str) -> tuple[dict[str, Any], int] | None:
        """The room and its revision, or None."""

    async def save_room(
        self,
        room: dict[str, Any],
        revision: int,
        events: list[StoredEvent] = (),  # type: ignore[assignment]
        answer: tuple[str, dict[str, Any]] | None = None,
    ) -> bool:
        """Write if the stored revision is still `revision`; False (and nothing written) if not."""

    async def rooms_in_play(self) -> list[str]:
        """Codes of rooms whose game runs: their clocks and CPU seats resume after a restart."""

    async def events_since(self, code: str, after: int) -> list[StoredEvent]: ...

    async def move_answer(self, code: str, key: str) -> dict[str, Any] | None: ...

    async def put_move_answer(self, code: str, key: str, answer: dict[str, Any]) -> dict[str, Any]:
        """Store an answer unless one exists; return the one that is stored."""

    async def add_chat(self, code: str, seat: int, name: str, text: str, at_ms: int) -> ChatLine: ...

    async def chat_since(self, code: str, after: int, limit: int = 100) -> list[ChatLine]: ...
