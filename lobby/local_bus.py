"""The bus of a single process (lobby/bus.py): everything lives in this process."""

from __future__ import annotations

from typing import Any

from .bus_listener import BusListener
from .hub import Hub


class LocalBus:
    """One process: the hub is all the presence there is, and this process drives every room."""

    replica = "local"
    # Nobody else hears a change: `announce` takes none, so the move path builds none.
    shares_changes = False

    def __init__(self) -> None:
        self.hub = Hub()
        # Kept per room while anyone is there: a tuple, a quarter of the size of a set.
        self._seats: dict[str, tuple[int, ...]] = {}

    async def start(self, listener: BusListener) -> None:
        self.listener = listener

    async def close(self) -> None:
        return None

    async def sync_presence(self, code: str) -> set[int]:
        """Bring shared presence in line with this process's connections; the seats it lost."""
        now = self.hub.present_seats(code)
        before = self._seats.pop(code, ())
        if now:
            self._seats[code] = tuple(now)
        return set(before) - now

    async def present_seats(self, code: str) -> set[int]:
        return self.hub.present_seats(code)

    async def announce(self, code: str, payload: dict[str, Any], due: tuple[int | None, int] | None) -> set[int]:
        return self.hub.present_seats(code)

    async def publish_players(self, events: list[tuple[str, dict[str, Any]]]) -> None:
        """Players' events (lobby/player_events.py): no other replica to tell."""
        return None

    async def claim(self, code: str) -> bool:
        return True

    def holds(self, code: str) -> bool:
        return True

    async def owns(self, code: str) -> bool:
        return True

    async def release(self, code: str) -> None:
        return None

    async def set_due(self, code: str, due_ms: int | None, revision: int) -> None:
        return None
