"""The gateway process: python -m gateway (HTTP on GAMEROOM_HTTP_PORT, gRPC play API on
GAMEROOM_PLAY_PORT), running the lobby in-process."""

from __future__ import annotations

import asyncio
import logging
import os
import signal

import grpc
from aiohttp import web
from gameroom import play_pb2
from grpc_health.v1 import health, health_pb2, health_pb2_grpc

from lobby.face import lobby_from_env
from servicekit import config, eventloop, heap, logs
from servicekit.grpc_server import bind_host, server_options
from servicekit.reflection import enable_reflection

from . import web_catalogue
from .app import FLOOD_GUARD, WEB_ROOT, GatewaySettings, make_app, make_metrics_app
from .play_grpc import PlayServicer, add_to_server

log = logging.getLogger("gateway")


async def main() -> None:
    # The lobby's push notices name each game as the web client does.
    lobby = await lobby_from_env(game_titles=web_catalogue.game_titles(WEB_ROOT))
    host = bind_host()
    http_port = int(os.environ.get("GAMEROOM_HTTP_PORT", "8080"))
    settings = GatewaySettings.from_env()
    app = make_app(lobby, settings)
    runner = web.AppRunner(app)
    await runner.setup()
    # The web client alone may be opened to the local network (make run LAN=1).
    await web.TCPSite(runner, os.environ.get("GAMEROOM_HTTP_BIND") or host, http_port).start()
    metrics_runner = web.AppRunner(make_metrics_app(lobby), access_log=None)
    await metrics_runner.setup()
    await web.TCPSite(metrics_runner, host, config.metrics_port("gateway")).start()

    play_server = grpc.aio.server(options=server_options(rebalance=False))
    add_to_server(PlayServicer(lobby, settings, app[FLOOD_GUARD]), play_server)
    health_servicer = health.aio.HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, play_server)
    play_service = play_pb2.DESCRIPTOR.services_by_name["Play"].full_name
    enable_reflection([play_service, "grpc.health.v1.Health"], play_server)
    play_port = play_server.add_insecure_port(f"{host}:{config.listen_port('play')}")
    await play_server.start()
    heap.settle_after_start()
    for service in ("", play_service):
        await health_servicer.set(service, health_pb2.HealthCheckResponse.SERVING)
    log.info(
        "gateway ready on http://%s:%s (play gRPC %s, %s loop)",
        host,
        http_port,
        play_port,
        eventloop.name(asyncio.get_running_loop()),
    )

    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    await health_servicer.enter_graceful_shutdown()
    await play_server.stop(grace=3)
    await runner.cleanup()
    await metrics_runner.cleanup()
    await lobby.close()


if __name__ == "__main__":
    logs.setup("gateway")
    eventloop.run(main())
