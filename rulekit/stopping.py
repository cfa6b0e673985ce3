"""When a search must stop early: its caller gave up, or the server's hard deadline passed.

Every search polls `requested()` where it polls its own clock (alpha-beta at each node, Monte
Carlo after each rollout, the chess fallback every 256 nodes) and then ends as if its time had
run out. Outside engines (Stockfish, GNU Backgammon) register a callback with `on_stop` that
tells the engine to stop, and raise `Stopped` rather than answer.

The stop in force is the `Stop` of the current context (`using`), else the process's own
(`install`): svc-ai's search processes install one whose flag lives in memory shared with the
server, so the server can stop a search from outside; its engine threads run each call in a
context of its own. Outside svc-ai (tests, benchmarks) nothing is installed and no search is
ever stopped early.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from typing import Any


class Stopped(Exception):
    """The search was asked to stop: nobody waits for its move any more."""


class Stop:
    """A stop request. `flag` is anything with a `value` (a multiprocessing RawValue to share
    it between processes); `deadline` a `time.perf_counter()` past which the search stops too."""

    def __init__(self, flag: Any = None) -> None:
        self._flag = flag
        self._set = False
        self.deadline: float | None = None
        self._callbacks: list[Callable[[], None]] = []
        self._lock = threading.Lock()

    def set(self) -> None:
        """Ask the search to stop; runs the registered callbacks (once)."""
        with self._lock:
            self._set = True
            if self._flag is not None:
                self._flag.value = 1
            callbacks, self._callbacks = self._callbacks, []
        for callback in callbacks:
            callback()

    def clear(self, deadline: float | None = None) -> None:
        """Ready for the next search, which must end by `deadline` (perf_counter seconds)."""
        with self._lock:
            self._set = False
            if self._flag is not None:
                self._flag.value = 0
            self._callbacks = []
            self.deadline = deadline

    def is_set(self) -> bool:
        return self._set or (self._flag is not None and bool(self._flag.value))

    def requested(self) -> bool:
        return self.is_set() or (self.deadline is not None and time.perf_counter() > self.deadline)

    @contextlib.contextmanager
    def on_stop(self, callback: Callable[[], None]) -> Iterator[None]:
        """Run `callback` when a stop is asked while inside the block (at once if it already
        was). The flag shared with another process is not watched: only `set` in this one."""
        with self._lock:
            now = self._set
            if not now:
                self._callbacks.append(callback)
        if now:
            callback()
        try:
            yield
        finally:
            with self._lock, contextlib.suppress(ValueError):
                self._callbacks.remove(callback)


_process_stop = Stop()
_current: ContextVar[Stop | None] = ContextVar("rulekit_stop", default=None)


def install(stop: Stop) -> None:
    """This process's stop, for searches run outside any `using` block."""
    global _process_stop
    _process_stop = stop


def current() -> Stop:
    return _current.get() or _process_stop


def requested() -> bool:
    """True once the search in progress should stop: poll it where the search polls its clock."""
    found = _current.get() or _process_stop
    return found.requested()


@contextlib.contextmanager
def using(stop: Stop) -> Iterator[Stop]:
    """Searches in this context (and threads started from it with its copy) obey `stop`."""
    token = _current.set(stop)
    try:
        yield stop
    finally:
        _current.reset(token)
