"""One GNU Backgammon process per svc-ai process, driven through its embedded Python.

The binary is Debian's (`/usr/games/gnubg`, package `gnubg`), or whatever the environment
variable GAMEROOM_GNUBG names. It runs headless (`-t -q`) with gnubg_bridge.py, which reads
one position (both boards, the dice, an evaluation context) per line and answers with the
move gnubg's neural network chooses. The process starts on first use, is reused for every
later move, and is started again if it died or overran its time cap. Calls are serialised by
a lock: one process answers one position at a time (svc-ai scales by replicas, as with
Stockfish).

When no binary is found, it cannot be started or it does not answer in time, callers get
`GnubgUnavailable` and use their own fallback. The dice always come from the game's own
generator: gnubg is only asked which move to make with them.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import queue
import shutil
import subprocess
import threading
import time
from pathlib import Path
from typing import Any

from rulekit import stopping

ENV_PATH = "GAMEROOM_GNUBG"
DEBIAN_PATH = "/usr/games/gnubg"
BRIDGE = Path(__file__).with_name("gnubg_bridge.py")
ANSWER = "@@gnubg@@ "
RETRY_AFTER_S = 30.0
# Loading the neural networks takes a moment on first use.
START_S = 20.0
# A stop asked (rulekit.stopping) waits this long for the answer before the process is killed.
STOP_GRACE_S = 0.05
POLL_S = 0.01


class GnubgUnavailable(RuntimeError):
    """No usable GNU Backgammon: the caller falls back to its own search."""


def binary_path() -> str | None:
    """$GAMEROOM_GNUBG if set (and only that), else Debian's, else `gnubg` on the PATH; None
    when it is missing or not executable."""
    configured = os.environ.get(ENV_PATH)
    candidates = [configured] if configured else [DEBIAN_PATH, shutil.which("gnubg")]
    for path in candidates:
        if path and os.path.isfile(path) and os.access(path, os.X_OK):
            return path
    return None


class Gnubg:
    """A lazily started, reused, restarted-when-dead gnubg process. Thread-safe."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._process: subprocess.Popen[str] | None = None
        self._answers: queue.Queue[str | None] = queue.Queue()
        self._lock = threading.Lock()
        self.starts = 0
        self._failed_at: float | None = None

    def _read(self, process: subprocess.Popen[str], answers: queue.Queue[str | None]) -> None:
        assert process.stdout is not None
        for line in process.stdout:
            if line.startswith(ANSWER):
                answers.put(line[len(ANSWER) :])
        answers.put(None)  # the process ended

    def _running(self) -> tuple[subprocess.Popen[str], queue.Queue[str | None]]:
        if self._process is not None and self._process.poll() is None:
            return self._process, self._answers
        self._discard()
        if self._failed_at is not None and time.monotonic() - self._failed_at < RETRY_AFTER_S:
            raise GnubgUnavailable(f"{self.path} failed to start less than {RETRY_AFTER_S:.0f} s ago")
        try:
            process = subprocess.Popen(
                [self.path, "-t", "-q", "-p", str(BRIDGE)],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                text=True,
                bufsize=1,
            )
        except OSError as error:
            self._failed_at = time.monotonic()
            raise GnubgUnavailable(f"cannot start {self.path}: {error}") from error
        answers: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, args=(process, answers), daemon=True).start()
        self._process, self._answers = process, answers
        try:
            ready = answers.get(timeout=START_S)
        except queue.Empty:
            ready = None
        if ready is None:
            self._discard()
            self._failed_at = time.monotonic()
            raise GnubgUnavailable(f"{self.path} did not start its bridge")
        self._failed_at = None
        self.starts += 1
        return process, answers

    def _discard(self) -> None:
        process, self._process = self._process, None
        if process is not None:
            with contextlib.suppress(Exception):
                process.kill()
                process.wait(timeout=5)

    def best_move(
        self, board: list[list[int]], dice: list[int], context: list[Any], timeout_s: float
    ) -> list[list[int]]:
        """gnubg's move for the mover (`board` = [opponent's, mover's] counts) with `dice`,
        as steps [from, to]; raises GnubgUnavailable if it fails or takes over `timeout_s`."""
        reply = self._ask({"board": board, "dice": dice, "context": context}, timeout_s)
        if "steps" not in reply:
            raise GnubgUnavailable(f"gnubg refused the position: {reply.get('error')}")
        return reply["steps"]

    def win_chance(self, board: list[list[int]], context: list[Any], timeout_s: float) -> float:
        """gnubg's cubeless chance that the mover (`board` as for best_move) wins, the mover to
        roll; raises GnubgUnavailable if it fails or takes over `timeout_s`."""
        reply = self._ask({"board": board, "evaluate": True, "context": context}, timeout_s)
        if "win" not in reply:
            raise GnubgUnavailable(f"gnubg refused the position: {reply.get('error')}")
        return float(reply["win"])

    def _ask(self, message: dict[str, Any], timeout_s: float) -> dict[str, Any]:
        request = json.dumps(message) + "\n"
        stop = stopping.current()
        with self._lock:
            for attempt in (1, 2):
                if stop.is_set():
                    raise stopping.Stopped("the caller gave up before gnubg was asked")
                process, answers = self._running()
                try:
                    assert process.stdin is not None
                    process.stdin.write(request)
                    process.stdin.flush()
                    line = self._answer(answers, timeout_s, stop)
                except (OSError, queue.Empty) as error:
                    # Dead, or thinking past its cap: a fresh process next time.
                    self._discard()
                    if attempt == 2 or isinstance(error, queue.Empty):
                        raise GnubgUnavailable(f"{self.path} gave no answer: {error!r}") from error
                    continue
                except stopping.Stopped:
                    # gnubg cannot be told to stop one evaluation: the process goes, and a
                    # fresh one starts at once (off this call) so the next move finds it warm.
                    self._discard()
                    threading.Thread(target=self.warm, daemon=True).start()
                    raise
                if line is None:
                    self._discard()
                    if attempt == 2:
                        raise GnubgUnavailable(f"{self.path} exited twice")
                    continue
                reply: dict[str, Any] = json.loads(line)
                return reply
        raise AssertionError("unreachable")

    @staticmethod
    def _answer(answers: queue.Queue[str | None], timeout_s: float, stop: stopping.Stop) -> str | None:
        """The next answer line; queue.Empty after `timeout_s`, Stopped once a stop is asked
        and gnubg has not answered within STOP_GRACE_S after it."""
        give_up = time.monotonic() + timeout_s
        stopped_at: float | None = None
        while True:
            now = time.monotonic()
            if stopped_at is None and stop.is_set():
                stopped_at = now
            if stopped_at is not None and now - stopped_at > STOP_GRACE_S:
                raise stopping.Stopped("gnubg stopped: the caller gave up")
            if now >= give_up:
                raise queue.Empty
            try:
                return answers.get(timeout=min(POLL_S, give_up - now))
            except queue.Empty:
                continue

    def warm(self) -> None:
        """Start the process now if it is not running (the next move then finds it ready)."""
        with self._lock, contextlib.suppress(GnubgUnavailable):
            self._running()

    def pid(self) -> int | None:
        process = self._process
        return None if process is None else process.pid

    def close(self) -> None:
        with self._lock:
            self._discard()


_drivers: dict[tuple[str, str], Gnubg] = {}
_drivers_lock = threading.Lock()


def driver(lane: str = "deep") -> Gnubg:
    """This process's driver for the configured binary in `lane` ("quick" for the 0-ply levels,
    "deep" for the 2-ply one: a process each, so a move in milliseconds never waits behind a
    strong evaluation); raises GnubgUnavailable if there is no binary."""
    path = binary_path()
    if path is None:
        raise GnubgUnavailable(f"no gnubg binary (${ENV_PATH}={os.environ.get(ENV_PATH)!r})")
    with _drivers_lock:
        found = _drivers.get((path, lane))
        if found is None:
            found = _drivers[(path, lane)] = Gnubg(path)
        return found


def close_all() -> None:
    with _drivers_lock:
        drivers = list(_drivers.values())
    for each in drivers:
        each.close()


atexit.register(close_all)
