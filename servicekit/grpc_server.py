"""Starting and stopping an aio gRPC server the same way in every process."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
from typing import Awaitable, Callable, Iterable

import grpc
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from prometheus_client import start_http_server

from . import eventloop, heap
from .reflection import enable_reflection

log = logging.getLogger(__name__)

MAX_MESSAGE_BYTES = 8 * 1024 * 1024


def server_options(rebalance: bool = True) -> list[tuple[str, int]]:
    """`rebalance=False` for public servers (the play API): long-lived client streams must not
    be cut every few seconds; only the internal, round-robin-balanced services need that."""
    options = [
        ("grpc.max_receive_message_length", MAX_MESSAGE_BYTES),
        ("grpc.max_send_message_length", MAX_MESSAGE_BYTES),
    ]
    # Behind a headless Service, clients balance round robin over the pods DNS listed when they
    # connected. Closing connections after a while (GOAWAY, calls in flight finish) makes them
    # re-resolve, so new replicas take load. Off unless set (the Kubernetes ConfigMap sets it).
    max_age_ms = int(os.environ.get("GAMEROOM_GRPC_MAX_CONNECTION_AGE_MS", "0"))
    if rebalance and max_age_ms > 0:
        grace_ms = int(os.environ.get("GAMEROOM_GRPC_MAX_CONNECTION_AGE_GRACE_MS", "15000"))
        options.append(("grpc.max_connection_age_ms", max_age_ms))
        options.append(("grpc.max_connection_age_grace_ms", grace_ms))
    return options


async def serve(
    name: str,
    port: int,
    metrics_port: int | None,
    add_servicers: Callable[[grpc.aio.Server], Iterable[str]],
    host: str = "127.0.0.1",
    warm: Callable[[], Awaitable[None]] | None = None,
) -> None:
    """Serve until SIGTERM or SIGINT, then drain: health goes NOT_SERVING, calls finish.
    With `warm`, health says NOT_SERVING until it has run (the server already listens)."""
    server = grpc.aio.server(options=server_options())
    service_names = list(add_servicers(server))
    health_servicer = health.aio.HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    enable_reflection([*service_names, health_pb2.DESCRIPTOR.services_by_name["Health"].full_name], server)
    # Health answers for the whole server (""), each gRPC service it serves, and the process's
    # own name ("svc-cards"): the family services share one gRPC service name.
    health_names = ["", *service_names, name]
    bound = server.add_insecure_port(f"{host}:{port}")
    if metrics_port:
        start_http_server(metrics_port, addr=host)
    for service in health_names:
        await health_servicer.set(service, health_pb2.HealthCheckResponse.NOT_SERVING)
    await server.start()
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    if warm is not None:
        await warm()
    heap.settle_after_start()
    for service in health_names:
        await health_servicer.set(service, health_pb2.HealthCheckResponse.SERVING)
    log.info("%s serving on %s:%s (metrics %s, %s loop)", name, host, bound, metrics_port, eventloop.name(loop))
    log.info("%s ready on %s:%s", name, host, bound)
    await stop.wait()
    await health_servicer.enter_graceful_shutdown()
    await server.stop(grace=5)


def bind_host() -> str:
    """Loopback by default; containers set GAMEROOM_BIND=0.0.0.0."""
    return os.environ.get("GAMEROOM_BIND", "127.0.0.1")
