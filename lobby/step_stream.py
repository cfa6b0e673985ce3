"""A family service's Setup, Apply and Timeout calls on one long-lived gRPC stream.

A unary call opens an HTTP/2 stream of its own and sends headers and trailers both ways; on a
move's path that was most of the gRPC hop (a no-op unary call 0.32 ms at p50 against 0.14 ms
for one message pair on an open stream, measured beside bench/move_floor.py's no-op service). So the lobby sends
its step calls on the family's `Steps` stream: each call carries an id, the service answers
each in turn with that id, and the answer completes the caller's future.

What a unary call gave per call is kept around it:
- a deadline: a call not answered within its timeout is given up on the stream;
- retries: a call the stream could not carry (the replica went away, the stream broke, the
  deadline passed) raises `StreamLost`, and the caller sends it again as a unary call, with the
  unary path's retries (the calls are pure, so sending one twice changes nothing);
- balancing: one stream reaches one replica, so a stream is retired after STREAM_CALLS calls
  or STREAM_SECONDS, and the next opens on the replica the channel's round robin picks next
  (a retired stream answers the calls it has, then ends).
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

import grpc
from gameroom import engine_pb2

log = logging.getLogger(__name__)

STREAM_CALLS = 5_000  # calls on one stream before the next opens (spreads load over replicas)
STREAM_SECONDS = 30.0  # nor is a stream used for new calls longer than this


class StreamLost(Exception):
    """The stream did not answer the call: send it again as a unary call."""


class _OpenStream:
    """One `Steps` call: the calls written on it and waiting for their answers."""

    def __init__(self, stub: Any) -> None:
        # Not wait_for_ready: with the service unreachable the stream fails at once, and the
        # unary path, which waits for the service and retries, takes its calls.
        self.call = stub.Steps()
        self.opened = time.monotonic()
        self.calls = 0
        self.retired = False
        self.ended = False
        self._next_id = 0
        self._waiting: dict[int, asyncio.Future[engine_pb2.StepReply]] = {}
        # grpc allows one message in flight per direction on a call: writes take turns.
        self._write_turn = asyncio.Lock()
        self._reader = asyncio.get_running_loop().create_task(self._read())

    def fresh(self) -> bool:
        return (
            not self.ended
            and not self.retired
            and self.calls < STREAM_CALLS
            and time.monotonic() - self.opened < STREAM_SECONDS
        )

    async def ask(self, kind: str, request: Any, timeout: float) -> engine_pb2.StepReply:
        self.calls += 1
        self._next_id += 1
        ident = self._next_id
        answer: asyncio.Future[engine_pb2.StepReply] = asyncio.get_running_loop().create_future()
        self._waiting[ident] = answer
        written = False
        try:
            # The whole call within its timeout: its turn to write, the write, the answer.
            async with asyncio.timeout(timeout):
                async with self._write_turn:
                    if self.ended or self.call.done():
                        raise StreamLost
                    await self.call.write(engine_pb2.StepCall(id=ident, **{kind: request}))
                    written = True
                return await answer
        except TimeoutError:
            if not written:
                self._finish()  # a stream that cannot take a call in time is done for
            raise StreamLost("no answer within the call's timeout") from None
        except (grpc.aio.AioRpcError, grpc.aio.UsageError, asyncio.InvalidStateError) as error:
            raise StreamLost from error
        finally:
            if answer.done() and not answer.cancelled():
                answer.exception()  # an answer that came too late is not an unhandled error
            self._waiting.pop(ident, None)
            if self.retired and not self._waiting:
                self._finish()

    def retire(self) -> None:
        """No new calls: the stream ends once the calls on it are answered."""
        self.retired = True
        if not self._waiting:
            self._finish()

    def _finish(self) -> None:
        if not self.ended:
            self.ended = True
            self.call.cancel()

    async def _read(self) -> None:
        try:
            while True:
                message = await self.call.read()
                if message is grpc.aio.EOF:
                    break
                answer = self._waiting.get(message.id)
                if answer is not None and not answer.done():
                    answer.set_result(message.reply)
        except asyncio.CancelledError:
            pass
        except grpc.aio.AioRpcError as error:
            if error.code() != grpc.StatusCode.CANCELLED:
                log.info("step stream ended: %s %s", error.code(), error.details())
        finally:
            self.ended = True
            for answer in self._waiting.values():
                if not answer.done():
                    answer.set_exception(StreamLost())


class StepStream:
    """The step calls of one family service, on its current stream."""

    def __init__(self, stub: Any) -> None:
        self._stub = stub
        self._open: _OpenStream | None = None

    async def ask(self, kind: str, request: Any, timeout: float) -> engine_pb2.StepReply:
        """The service's reply to `request` (`kind`: setup, apply or timeout); StreamLost when
        the stream could not carry it."""
        stream = self._open
        if stream is None or not stream.fresh():
            if stream is not None:
                stream.retire()
            stream = self._open = _OpenStream(self._stub)
        return await stream.ask(kind, request, timeout)

    def close(self) -> None:
        if self._open is not None:
            self._open.retire()
            self._open = None
