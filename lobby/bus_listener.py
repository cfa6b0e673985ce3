"""What a bus (lobby/bus.py) calls back into: the lobby."""

from __future__ import annotations

from typing import Any, Protocol


class BusListener(Protocol):
    """What a bus calls back into (the lobby)."""

    async def on_remote_change(self, code: str, payload: dict[str, Any]) -> None: ...

    def on_player_event(self, player_id: str, body: str) -> None:
        """Another replica published an event of this player (JSON text): to our streams of them."""

    async def on_seats_gone(self, code: str, seats: set[int]) -> None: ...

    async def on_orphan(self, code: str) -> None: ...

    def on_lost(self, code: str) -> None: ...

    async def on_bus_back(self, unannounced: set[str], held: set[str]) -> None:
        """Redis is back after it was away: `unannounced` rooms were written meanwhile and
        their changes never published; this replica drove the `held` ones when it went away."""

    def idle(self, code: str) -> bool:
        """True when nothing (timer, CPU turn) is armed for the room in this process."""
