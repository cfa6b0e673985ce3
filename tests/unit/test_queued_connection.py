"""The gateway's per-connection send queue: order, the slow-client cut-off, and nothing kept
alive while a connection is idle (gateway/connection.py)."""

from __future__ import annotations

import asyncio
import gc
import weakref
from typing import Any

import pytest

from gateway import connection as connection_module
from gateway.connection import SEND_QUEUE, QueuedConnection

# Bounds on waits that must end: long, so a loaded machine never reaches one while the
# connection works (a close that hangs still fails the test).
ENDS_WITHIN_S = 60


class Wire:
    """A socket whose writes can be held back, as a phone on a slow network does."""

    def __init__(self) -> None:
        self.written: list[int] = []
        self.open = asyncio.Event()
        self.open.set()
        self.overflows = 0
        self.fail = False

    async def write(self, message: dict[str, Any]) -> None:
        await self.open.wait()
        if self.fail:
            raise ConnectionResetError("gone")
        self.written.append(message["n"])

    def overflow(self) -> None:
        self.overflows += 1


async def settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


async def test_messages_are_written_in_the_order_sent_while_writes_interleave() -> None:
    wire = Wire()
    connection = QueuedConnection(wire.write, wire.overflow)
    connection.send({"n": 0})
    await settle()  # written at once, the writer gone again
    assert connection.idle
    wire.open.clear()  # the next write blocks: later messages queue behind it
    for n in range(1, 6):
        connection.send({"n": n})
    await settle()
    connection.send({"n": 6})
    wire.open.set()
    await settle()
    connection.send({"n": 7})
    await settle()
    assert wire.written == list(range(8))
    assert connection.idle
    await connection.close()


async def test_an_idle_connection_keeps_no_task_and_no_written_message() -> None:
    wire = Wire()
    connection = QueuedConnection(wire.write, wire.overflow)
    assert connection.idle  # before the first message, too
    tasks_before = len(asyncio.all_tasks())

    class Update(dict):  # a dict that can be weakly referenced
        pass

    update = Update(n=1, update={"room": {"status": "playing"}})
    seen = weakref.ref(update)
    connection.send(update)
    del update
    gc.collect()
    assert wire.written == [1]  # written on the call: the socket did not make it wait
    assert connection.idle
    assert seen() is None, "the written update is still referenced"
    assert len(asyncio.all_tasks()) == tasks_before
    assert connection.room_status == "playing"
    await connection.close()


async def test_a_write_that_must_wait_is_finished_by_a_writer_that_then_lets_go() -> None:
    wire = Wire()
    connection = QueuedConnection(wire.write, wire.overflow)
    tasks_before = len(asyncio.all_tasks())
    wire.open.clear()
    connection.send({"n": 0})  # starts, then waits for the socket
    connection.send({"n": 1})  # queues behind it
    assert not connection.idle and wire.written == []
    assert len(asyncio.all_tasks()) == tasks_before + 1  # one writer
    await settle()
    assert wire.written == []  # still waiting: nothing written out of order meanwhile
    wire.open.set()
    await settle()
    assert wire.written == [0, 1]
    assert connection.idle and len(asyncio.all_tasks()) == tasks_before
    connection.send({"n": 2})  # nothing waiting any more: written on the call again
    assert wire.written == [0, 1, 2] and connection.idle
    await connection.close()


async def test_a_write_that_fails_after_waiting_closes_quietly() -> None:
    wire = Wire()
    connection = QueuedConnection(wire.write, wire.overflow)
    wire.open.clear()
    wire.fail = True
    connection.send({"n": 0})
    connection.send({"n": 1})
    wire.open.set()
    await settle()
    assert connection.closed and connection.idle and wire.written == []
    await connection.close()


async def test_close_cancels_a_write_still_waiting_for_a_client_that_never_reads(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(connection_module, "CLOSE_GRACE_S", 0.5)
    wire = Wire()
    connection = QueuedConnection(wire.write, wire.overflow)
    wire.open.clear()
    connection.send({"n": 0})
    started = asyncio.get_running_loop().time()
    # The grace ends it (it is not waited out for good); the waiting write is cancelled inside it.
    await asyncio.wait_for(connection.close(), ENDS_WITHIN_S)
    assert connection.idle
    assert asyncio.get_running_loop().time() - started >= 0.4  # the grace was given
    assert wire.written == []


async def test_a_client_that_stops_reading_is_closed_and_nothing_more_is_queued(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(connection_module, "CLOSE_GRACE_S", 3600.0)  # only the queue's state ends the close
    wire = Wire()
    connection = QueuedConnection(wire.write, wire.overflow)
    wire.open.clear()
    connection.send({"n": 0})  # being written, blocked
    await settle()
    for n in range(1, SEND_QUEUE + 1):  # exactly a full queue behind it
        connection.send({"n": n})
    assert wire.overflows == 0 and not connection.closed
    connection.send({"n": SEND_QUEUE + 1})
    assert wire.overflows == 1 and connection.closed
    connection.send({"n": SEND_QUEUE + 2})  # ignored once closed
    assert wire.overflows == 1
    await asyncio.wait_for(connection.close(), ENDS_WITHIN_S)  # a client not reading is not waited for
    assert connection.idle
    assert wire.written == []


async def test_close_writes_what_was_queued_then_stops_taking_messages(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(connection_module, "CLOSE_GRACE_S", 3600.0)  # only the queue's state ends the close
    wire = Wire()
    connection = QueuedConnection(wire.write, wire.overflow)
    wire.open.clear()
    for n in range(3):
        connection.send({"n": n})
    await settle()
    closing = asyncio.get_running_loop().create_task(connection.close())
    await settle()
    connection.send({"n": 99})
    wire.open.set()
    await asyncio.wait_for(closing, ENDS_WITHIN_S)
    assert wire.written == [0, 1, 2]
    assert connection.idle


async def test_a_failed_write_closes_quietly_and_lets_go_of_the_queue() -> None:
    wire = Wire()
    wire.fail = True
    connection = QueuedConnection(wire.write, wire.overflow)
    connection.send({"n": 0})
    connection.send({"n": 1})
    await settle()
    assert connection.closed and connection.idle
    assert wire.overflows == 0
    connection.send({"n": 2})
    assert connection.idle
    await connection.close()
