"""What crosses gateway replicas: room changes, presence, and who drives each room's clocks.

`LocalBus` is the default (one gateway process): everything lives in this process. `RedisBus`
(GAMEROOM_REDIS) lets several replicas share rooms:

- fan-out: after its durable write, the writer publishes the room on `<prefix>:room:<code>`;
  every replica hears every room (one pattern subscription, so a subscription is never late)
  and sends the change to its own connections of that room. The same script call reads who is
  present and puts it into the change, so neither the writer nor those who hear it ask again;
- presence: `<prefix>:presence:<code>` holds `seat|replica` with an expiry each replica keeps
  pushing forward while it has a connection in that seat, so a replica that dies stops counting
  within one presence lifetime; `<prefix>:presence` holds the same entries for the sweep that
  notices them lapse;
- timer ownership: `<prefix>:owner:<code>` names the replica that drives the room (CPU seats,
  move clocks, takeovers), a lease set with NX and a lifetime the owner renews; `<prefix>:due`
  holds when each room next needs its driver, so when an owner dies another replica's sweep
  finds the room once the lease lapsed and takes it over.

A second driver by accident (a lease lapsing under a stalled owner) can never apply a step
twice: every step is a versioned write, and only one write per version wins.
"""

from __future__ import annotations

import os

from .bus_listener import BusListener
from .local_bus import LocalBus
from .redis_bus import RedisBus

__all__ = ["BusListener", "LocalBus", "RedisBus", "make_bus"]


def make_bus(url: str | None = None) -> LocalBus | RedisBus:
    """GAMEROOM_REDIS (redis://host:port/db) makes the replicas share rooms; unset: one process."""
    url = url if url is not None else os.environ.get("GAMEROOM_REDIS", "")
    return RedisBus.from_env(url) if url else LocalBus()
