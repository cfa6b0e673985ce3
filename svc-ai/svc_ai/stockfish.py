"""One Stockfish process per svc-ai process, driven through python-chess's UCI driver.

The binary is Debian's (`/usr/games/stockfish`, package `stockfish`), or whatever the
environment variable GAMEROOM_STOCKFISH names. The process starts on first use, is reused
for every later move, and is started again if it died. Calls are serialised by a lock: one
engine process answers one position at a time, and every call sends its own options (skill,
strength limit), which python-chess restores afterwards.

When no binary is found, or it cannot be started, callers get `StockfishUnavailable` and use
their own fallback.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import shutil
import threading
import time
from dataclasses import dataclass
from typing import Any

import chess
import chess.engine

from rulekit import stopping

ENV_PATH = "GAMEROOM_STOCKFISH"
DEBIAN_PATH = "/usr/games/stockfish"
# After a failed start, answer "unavailable" at once for this long instead of trying to start
# a broken binary on every move.
RETRY_AFTER_S = 30.0


class StockfishUnavailable(RuntimeError):
    """No usable Stockfish binary: the caller falls back to its own search."""


@dataclass(frozen=True)
class EngineMove:
    move: chess.Move
    nodes: int


def binary_path() -> str | None:
    """The binary to run: $GAMEROOM_STOCKFISH if set (and only that), else Debian's, else
    `stockfish` on the PATH; None when it is missing or not executable."""
    configured = os.environ.get(ENV_PATH)
    candidates = [configured] if configured else [DEBIAN_PATH, shutil.which("stockfish")]
    for path in candidates:
        if path and os.path.isfile(path) and os.access(path, os.X_OK):
            return path
    return None


class Stockfish:
    """A lazily started, reused, restarted-when-dead Stockfish process. Thread-safe."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._engine: chess.engine.SimpleEngine | None = None
        self._lock = threading.Lock()
        self.starts = 0  # how many processes this driver has started (restarts included)
        self._failed_at: float | None = None

    def _running(self) -> chess.engine.SimpleEngine:
        if self._engine is None:
            if self._failed_at is not None and time.monotonic() - self._failed_at < RETRY_AFTER_S:
                raise StockfishUnavailable(f"{self.path} failed to start less than {RETRY_AFTER_S:.0f} s ago")
            try:
                self._engine = chess.engine.SimpleEngine.popen_uci(self.path)
            except (OSError, chess.engine.EngineError, chess.engine.EngineTerminatedError) as error:
                self._failed_at = time.monotonic()
                raise StockfishUnavailable(f"cannot start {self.path}: {error}") from error
            self._failed_at = None
            self.starts += 1
        return self._engine

    def _discard(self) -> None:
        engine, self._engine = self._engine, None
        if engine is not None:
            # The process is gone or going: nothing to save if closing fails.
            with contextlib.suppress(Exception):
                engine.close()

    def play(
        self, board: chess.Board, *, movetime_ms: int, options: dict[str, Any], depth: int | None = None
    ) -> EngineMove:
        """Stockfish's move in `board` (its move stack is sent too, for repetitions) after
        thinking `movetime_ms` (less if it reaches `depth` first), with `options` (e.g.
        {"Skill Level": 5}) for this call only. A stop asked meanwhile (rulekit.stopping) sends
        Stockfish `stop` and raises `Stopped` once it has answered."""
        limit = chess.engine.Limit(time=max(movetime_ms, 1) / 1000, depth=depth)
        stop = stopping.current()
        with self._lock:
            for attempt in (1, 2):
                if stop.is_set():
                    raise stopping.Stopped("the caller gave up before stockfish started")
                engine = self._running()
                try:
                    # An analysis rather than `play`: the same `go`, and it can be stopped.
                    with engine.analysis(board, limit, options=options, info=chess.engine.INFO_BASIC) as analysis:
                        with stop.on_stop(analysis.stop):
                            best = analysis.wait()
                        info = analysis.info
                except (chess.engine.EngineTerminatedError, chess.engine.EngineError, BrokenPipeError) as error:
                    # The process died (or answered nonsense): start a fresh one once.
                    self._discard()
                    if attempt == 2:
                        raise StockfishUnavailable(f"{self.path} failed twice: {error}") from error
                    continue
                if stop.is_set():
                    raise stopping.Stopped("stockfish stopped: the caller gave up")
                if best.move is None:
                    raise StockfishUnavailable("stockfish returned no move")
                return EngineMove(best.move, int(info.get("nodes", 0)))
        raise AssertionError("unreachable")

    def pid(self) -> int | None:
        """The running process id, or None before the first call (tests kill it by this)."""
        engine = self._engine
        return None if engine is None else engine.transport.get_pid()

    def close(self) -> None:
        with self._lock:
            self._discard()


_drivers: dict[tuple[str, str], Stockfish] = {}
_drivers_lock = threading.Lock()


def driver(lane: str = "deep") -> Stockfish:
    """This process's driver for the configured binary in `lane` ("quick" for the depth-limited
    levels, "deep" for the strong one: a process each, so a beginner's move in milliseconds
    never waits behind a strong search); raises StockfishUnavailable if there is no binary.
    The process itself starts on the first `play`."""
    path = binary_path()
    if path is None:
        raise StockfishUnavailable(f"no stockfish binary (${ENV_PATH}={os.environ.get(ENV_PATH)!r})")
    with _drivers_lock:
        found = _drivers.get((path, lane))
        if found is None:
            found = _drivers[(path, lane)] = Stockfish(path)
        return found


def close_all() -> None:
    """Stop every Stockfish process this process started."""
    with _drivers_lock:
        drivers = list(_drivers.values())
    for each in drivers:
        each.close()


# python-chess runs each engine's event loop on a non-daemon thread, which the interpreter
# joins before ordinary atexit handlers run: close the engines in threading's own exit hook
# (the one concurrent.futures uses), or exit would wait for a process nobody stops.
_register_before_join = getattr(threading, "_register_atexit", None)
if _register_before_join is not None:
    _register_before_join(close_all)
else:  # pragma: no cover - other interpreters
    atexit.register(close_all)
