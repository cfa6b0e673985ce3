"""The room as this process last wrote it, for the room's next move.

Unless another writer came between, the document this process wrote last IS what the store
holds, so the room's next move starts from that instead of reading the store: measured in place
(bench/move_floor.py), that read costs a lone move some 0.08 ms of its 1.6 on SQLite, and it is a
round trip to PostgreSQL. With several replicas, a room another
replica writes is forgotten when its change is heard on the bus (`Lobby.on_remote_change`).

A copy is kept as its JSON text, so nothing that changes a room object later can change it, and
it is taken out when used: a move that fails leaves nothing behind, the next one reads the store.
It leaves out what a move replaces without reading: the views (half a room's text). In their
place it keeps a digest of each seat's legal moves (`Room.choice_digests`), all `absorb` needs of
them to tell whose choices changed.
Whatever might make it wrong stays harmless: the store's write names the revision it was read at
(a store changed behind our back refuses it, and the move is redone from the store), a move
refused on it is checked again against the store before its refusal is kept, and a copy older
than `KEEP_S` or of an expired room is never used (a code is given out again only long after).
"""

from __future__ import annotations

import time
from typing import Any, Callable

from .jsontext import dumps, loads

KEEP_S = 30.0  # a copy this old is read from the store again, and is dropped
MOST_ROOMS = 1024  # copies kept at once (GAMEROOM_KEPT_ROOMS): some 2 KiB each, the oldest make way
# A room's keys a move sets without reading them (lobby/move_path.absorb), as a copy holds them.
REPLACED = {"views": {}, "spectator_view": ""}


class LatestWrites:
    def __init__(self, keep_s: float = KEEP_S, most: int = MOST_ROOMS, clock: Callable[[], float] = time.monotonic):
        self.keep_s = keep_s
        self.most = most
        self.clock = clock
        # code: (document text without REPLACED, revision, when, each seat's choice digest)
        # The text as a str: orjson's own bytes hold on to their whole write buffer (16 KiB for a
        # 2 KiB text, by tracemalloc), a str decoded from them is its size.
        self._rooms: dict[str, tuple[str, int, float, dict[str, int]]] = {}

    def __len__(self) -> int:
        return len(self._rooms)

    @property
    def keeps(self) -> bool:
        return self.most > 0

    def remember(self, code: str, document: dict[str, Any], revision: int, choices: dict[str, int]) -> None:
        """`document` was just written at `revision` (after the write is durable); `choices`:
        each seat's digest of the legal moves its view holds."""
        if self.most <= 0:
            return
        rooms = self._rooms
        rooms.pop(code, None)  # re-inserted last: the dict's order is the age order
        now = self.clock()
        rooms[code] = (dumps(document | REPLACED), revision, now, dict(choices))
        # The oldest go: past the bound, or too old to be used (an idle room's copy is not held).
        while True:
            oldest = next(iter(rooms))
            if len(rooms) <= self.most and now - rooms[oldest][2] <= self.keep_s:
                break
            del rooms[oldest]

    def take(self, code: str) -> tuple[dict[str, Any], int, dict[str, int]] | None:
        """The room's last written document (its views left out: REPLACED), its revision and its
        seats' choice digests, taken out; None if there is none young enough."""
        kept = self._rooms.pop(code, None)
        if kept is None or self.clock() - kept[2] > self.keep_s:
            return None
        return loads(kept[0]), kept[1], kept[3]

    def forget(self, code: str) -> None:
        self._rooms.pop(code, None)
