"""The event loop every process runs on: uvloop, or asyncio's own with GAMEROOM_LOOP=asyncio.

uvloop (libuv under asyncio's API) makes the loop's own work cheaper: socket reads and writes,
callbacks, timers. grpc.aio and aiohttp run on any asyncio loop. The switch is there to compare
the two in benchmarks (bench/move_floor.py) and to rule the loop out when chasing a bug.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

import uvloop

T = TypeVar("T")

LOOPS: dict[str, Callable[[], asyncio.AbstractEventLoop]] = {
    "uvloop": uvloop.new_event_loop,
    "asyncio": asyncio.new_event_loop,
}


def loop_factory() -> Callable[[], asyncio.AbstractEventLoop]:
    """The loop GAMEROOM_LOOP names (uvloop unless set); an unknown name is refused."""
    name = os.environ.get("GAMEROOM_LOOP", "uvloop")
    try:
        return LOOPS[name]
    except KeyError:
        raise SystemExit(f"GAMEROOM_LOOP={name!r}: expected one of {', '.join(LOOPS)}") from None


def name(loop: asyncio.AbstractEventLoop) -> str:
    """Which loop a process runs on, for its start-up log line."""
    return type(loop).__module__.split(".")[0]


def run(main: Coroutine[Any, Any, T]) -> T:
    """asyncio.run(main) on the chosen loop. Only the process's main loop: threads that make
    loops of their own (python-chess's engine driver) keep asyncio's, as no policy is set."""
    try:
        factory = loop_factory()
    except SystemExit:
        main.close()  # never started: no "was never awaited" warning on top of the refusal
        raise
    with asyncio.Runner(loop_factory=factory) as runner:
        return runner.run(main)
