"""Making up for a time without Redis (lobby/redis_bus.py, `_maybe_back`).

While Redis is away a replica goes on writing: a move is stored, answered and shown to the
connections of the replica that wrote it, but no other replica hears of it, and this replica
hears of no one else's. Redis may also come back empty, without the leases and due times that
said who drives which room. So once the bus is whole again, each replica reads from the store
every room it has to do with (written here meanwhile, driven here before, or watched by a
connection here) and announces it as a change: the other replicas' connections get what they
missed (delivery fills the gap in their events from the store), this replica's own connections
too, and the room's driver claims its lease and due time again.
"""

from __future__ import annotations

import logging

from rulekit import Refusal

from .context import LobbyContext
from .steps import Steps

log = logging.getLogger(__name__)


async def catch_up_rooms(ctx: LobbyContext, steps: Steps, codes: set[str]) -> None:
    """Announce `codes` and every room with a connection here, each as the store holds it."""
    rooms = codes | {code for code, _ in ctx.hub.rooms()}
    for code in sorted(rooms):
        # Other replicas may have written it while we heard nothing: our last copy is not it.
        ctx.latest.forget(code)
        try:
            room, revision = await ctx.load(code)
            await steps.announce(room, revision, [])
        except Refusal:
            continue  # gone meanwhile (expired)
        except Exception:
            log.warning("could not catch up room %s after Redis came back", code, exc_info=True)
