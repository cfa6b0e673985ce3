"""Per-connection rate limiting: a token bucket, so short bursts pass and floods do not."""

from __future__ import annotations

import time


class TokenBucket:
    __slots__ = ("rate", "burst", "_tokens", "_clock", "_last")  # one per connection

    def __init__(self, rate_per_s: float, burst: int, clock=time.monotonic) -> None:  # type: ignore[no-untyped-def]
        self.rate = rate_per_s
        self.burst = burst
        self._tokens = float(burst)
        self._clock = clock
        self._last = clock()

    def take(self) -> bool:
        now = self._clock()
        self._tokens = min(self.burst, self._tokens + (now - self._last) * self.rate)
        self._last = now
        if self._tokens >= 1:
            self._tokens -= 1
            return True
        return False


class FloodGuard:
    """Who may open a connection now: at most `per_address` open connections per client
    address and `per_ticket` per seat ticket, and a back-off for whoever was closed for
    flooding (1 s, doubling with each close, at most `max_backoff_s`; forgotten after
    `forget_after_s` of good behaviour). One per gateway process; all in memory."""

    def __init__(
        self,
        per_address: int = 100,
        per_ticket: int = 4,
        max_backoff_s: float = 60.0,
        forget_after_s: float = 600.0,
        clock=time.monotonic,  # type: ignore[no-untyped-def]
    ) -> None:
        self.per_address = per_address
        self.per_ticket = per_ticket
        self.max_backoff_s = max_backoff_s
        self.forget_after_s = forget_after_s
        self._clock = clock
        self._open: dict[str, int] = {}
        self._penalties: dict[str, tuple[float, int]] = {}  # key -> (free again at, strikes)

    def retry_after(self, *keys: str) -> float:
        """Seconds until every key may connect again (0: now)."""
        now = self._clock()
        return max((self._penalties.get(k, (0.0, 0))[0] - now for k in keys), default=0.0) if keys else 0.0

    def punish(self, *keys: str) -> float:
        """Back `keys` off after a close for flooding; the back-off in seconds."""
        now = self._clock()
        backoff = 1.0
        for key in keys:
            until, strikes = self._penalties.get(key, (0.0, 0))
            if now - until > self.forget_after_s:
                strikes = 0
            backoff = max(backoff, min(self.max_backoff_s, 2.0**strikes))
            self._penalties[key] = (now + backoff, strikes + 1)
        if len(self._penalties) > 10_000:  # forget the long-expired ones
            self._penalties = {k: v for k, v in self._penalties.items() if now - v[0] <= self.forget_after_s}
        return backoff

    def admit(self, key: str, limit: int) -> bool:
        """Count one more open connection under `key`, unless `limit` are open already."""
        if self._open.get(key, 0) >= limit:
            return False
        self._open[key] = self._open.get(key, 0) + 1
        return True

    def release(self, key: str) -> None:
        left = self._open.get(key, 0) - 1
        if left > 0:
            self._open[key] = left
        else:
            self._open.pop(key, None)


class FloodMeter:
    """One connection's refused frames: more than `close_after` refused within `window_s`
    is a flood, and the connection is closed."""

    __slots__ = ("close_after", "window_s", "_clock", "_window_start", "_refused", "_last_notice")  # one per connection

    def __init__(self, close_after: int = 100, window_s: float = 10.0, clock=time.monotonic) -> None:  # type: ignore[no-untyped-def]
        self.close_after = close_after
        self.window_s = window_s
        self._clock = clock
        self._window_start = clock()
        self._refused = 0
        self._last_notice = -1.0

    def refused(self) -> bool:
        """Count a refused frame; True when the connection is flooding."""
        now = self._clock()
        if now - self._window_start > self.window_s:
            self._window_start, self._refused = now, 0
        self._refused += 1
        return self._refused > self.close_after

    def notice_due(self) -> bool:
        """A refusal that names no move is answered at most once a second."""
        now = self._clock()
        if now - self._last_notice >= 1.0:
            self._last_notice = now
            return True
        return False
