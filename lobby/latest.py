"""The room as this process last wrote it, for the room's next move.

A move used to begin by reading its room from the store. Unless another writer came between,
the document this process wrote last IS what the store holds, so the next move starts from that
instead: measured in place (bench/move_floor.py), the read cost a lone move some 0.08 ms of its
1.6 on SQLite, and it is a round trip to PostgreSQL. With several replicas, a room another
replica writes is forgotten when its change is heard on the bus (`Lobby.on_remote_change`).

A copy is kept as its JSON text, so nothing that changes a room object later can change it, and
it is taken out when used: a move that fails leaves nothing behind, the next one reads the store.
Whatever might make it wrong stays harmless: the store's write names the revision it was read at
(a store changed behind our back refuses it, and the move is redone from the store), a move
refused on it is checked again against the store before its refusal is kept, and a copy older
than `KEEP_S` or of an expired room is never used (a code is given out again only long after).
"""

from __future__ import annotations

import time
from typing import Any, Callable

from .jsontext import dumps, loads

KEEP_S = 30.0  # a copy this old is read from the store again
MOST_ROOMS = 1024  # copies kept at once (GAMEROOM_KEPT_ROOMS): some 4.5 KiB each, the oldest make way


class LatestWrites:
    def __init__(self, keep_s: float = KEEP_S, most: int = MOST_ROOMS, clock: Callable[[], float] = time.monotonic):
        self.keep_s = keep_s
        self.most = most
        self.clock = clock
        self._rooms: dict[str, tuple[str, int, float]] = {}  # code: (document text, revision, when)

    def __len__(self) -> int:
        return len(self._rooms)

    def remember(self, code: str, document: dict[str, Any], revision: int) -> None:
        """`document` was just written at `revision` (after the write is durable)."""
        if self.most <= 0:
            return
        rooms = self._rooms
        rooms.pop(code, None)  # re-inserted last: the dict's order is the age order
        rooms[code] = (dumps(document), revision, self.clock())
        if len(rooms) > self.most:
            del rooms[next(iter(rooms))]

    def take(self, code: str) -> tuple[dict[str, Any], int] | None:
        """The room's last written document and its revision, taken out; None if there is none
        young enough."""
        kept = self._rooms.pop(code, None)
        if kept is None or self.clock() - kept[2] > self.keep_s:
            return None
        return loads(kept[0]), kept[1]

    def forget(self, code: str) -> None:
        self._rooms.pop(code, None)
