"""Per-connection rate limiting: a token bucket, so short bursts pass and floods do not."""

from __future__ import annotations

import time


class TokenBucket:
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
