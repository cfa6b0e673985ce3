"""The seam between a concern's store (rooms, games, players, ledger, quick seats) and a backend.

A concern writes its logic once, as `async def work(tx)` over a `Tx`: statements with `?`
placeholders, JSON columns through `tx.json`/`tx.unjson`, the few clauses that differ from the
backend's `Dialect`. A backend runs that work on a connection of its own, as a read or as one
transaction (`Backend.read`, `Backend.write`).

SQLite's connections are synchronous and live on threads of their own: there a `Tx`'s methods
never suspend, so `run_sync` drives the same coroutine to its end on that thread, with no event
loop. PostgreSQL's `Tx` awaits asyncpg.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

T = TypeVar("T")


class CheckViolation(Exception):
    """A statement broke a CHECK constraint (an account below zero); its transaction is undone."""


@dataclass(frozen=True)
class Dialect:
    """The clauses and statements in which the backends' SQL differs."""

    # A room no player is at (lobby.room.Seat.here for none of its seats), over `rooms`.
    nobody_here: str
    # The room's own time from its JSON, as a number.
    room_time: str
    # Appended to the retention sweep's choice of rooms: leave a row another writer holds.
    skip_locked: str
    # Appended to a read of rows the transaction then updates.
    for_update: str
    # Appended to a read of rows that must not change until the transaction ends.
    for_share: str
    # Orders ledger transfers written in the same millisecond as they were written.
    transfer_order: str
    # The newest finished games a player (?) sat in, at most (?) of them.
    player_games: str
    # Finished games' seats get a table of their own (an index the player's list is read by).
    game_players_table: bool


class Tx(Protocol):
    """One connection inside a store call. Placeholders are `?`; a backend that numbers them
    reads `??` as a literal `?` (PostgreSQL's jsonb operator)."""

    dialect: Dialect

    async def execute(self, sql: str, *args: Any) -> int:
        """The number of rows the statement changed. Raises CheckViolation."""

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...

    async def fetchone(self, sql: str, *args: Any) -> Sequence[Any] | None: ...

    async def fetchall(self, sql: str, *args: Any) -> list[Sequence[Any]]: ...

    async def lock(self, key: str) -> None:
        """Writers of `key` take turns until the transaction ends, across processes."""

    def json(self, value: Any) -> Any:
        """`value` as the backend takes it for a JSON column."""

    def unjson(self, column: Any) -> Any:
        """A JSON column as read (None stays None)."""


Work = Callable[[Tx], Coroutine[Any, Any, T]]


class Backend(Protocol):
    async def read(self, work: Work[T]) -> T:
        """`work` only reads: one snapshot, not behind the writes."""

    async def write(self, work: Work[T], *, alone: bool = False) -> T:
        """`work` in one transaction, answered once it is durable; if it raises, nothing of it
        is written and the exception is raised here. `alone`: `work` is one statement, a
        transaction by itself (PostgreSQL spares the round trips of BEGIN and COMMIT)."""


def run_sync(coroutine: Coroutine[Any, Any, T]) -> T:
    """The coroutine's value, run to its end on this thread: for work over a `Tx` whose methods
    never suspend (SQLite's). One that does suspend is a bug, refused loudly."""
    try:
        coroutine.send(None)
    except StopIteration as done:
        return done.value  # type: ignore[no-any-return]
    coroutine.close()
    raise RuntimeError("store work suspended on a synchronous connection")


def placeholders(count: int) -> str:
    """`?, ?, ?` for an IN list of `count` values."""
    return ", ".join("?" * count)
