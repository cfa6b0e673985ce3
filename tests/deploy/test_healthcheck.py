"""servicekit.healthcheck, the images' HEALTHCHECK: against a real gRPC health service and a real
HTTP server on loopback."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from concurrent import futures
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import grpc
import pytest
from grpc_health.v1 import health, health_pb2, health_pb2_grpc

from servicekit.healthcheck import HEALTHY, UNHEALTHY, USAGE, main


@pytest.fixture
def grpc_health() -> Iterator[tuple[str, health.HealthServicer]]:
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=2))
    servicer = health.HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(servicer, server)
    port = server.add_insecure_port("127.0.0.1:0")
    server.start()
    try:
        yield f"127.0.0.1:{port}", servicer
    finally:
        server.stop(None)


def test_serving_grpc_server_is_healthy(grpc_health: tuple[str, health.HealthServicer]) -> None:
    target, servicer = grpc_health
    servicer.set("", health_pb2.HealthCheckResponse.SERVING)
    assert main([target]) == HEALTHY


def test_draining_grpc_server_is_unhealthy(
    grpc_health: tuple[str, health.HealthServicer], capsys: pytest.CaptureFixture[str]
) -> None:
    target, servicer = grpc_health
    servicer.set("", health_pb2.HealthCheckResponse.NOT_SERVING)
    assert main([target]) == UNHEALTHY
    assert "NOT_SERVING" in capsys.readouterr().err


def test_asks_about_the_named_service(
    grpc_health: tuple[str, health.HealthServicer], capsys: pytest.CaptureFixture[str]
) -> None:
    target, servicer = grpc_health
    servicer.set("", health_pb2.HealthCheckResponse.SERVING)
    servicer.set("gameroom.engine.FamilyEngine", health_pb2.HealthCheckResponse.SERVING)
    assert main([target, "--service", "gameroom.engine.FamilyEngine"]) == HEALTHY
    assert main([target, "--service", "gameroom.engine.Unknown"]) == UNHEALTHY
    assert "NOT_FOUND" in capsys.readouterr().err


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_nothing_listening_is_unhealthy_within_the_timeout(capsys: pytest.CaptureFixture[str]) -> None:
    started = time.monotonic()
    assert main([f"127.0.0.1:{closed_port()}", "--timeout", "1"]) == UNHEALTHY
    assert time.monotonic() - started < 5
    assert "UNAVAILABLE" in capsys.readouterr().err


@pytest.fixture
def http_server() -> Iterator[tuple[str, dict[str, int]]]:
    answers = {"/healthz": 200, "/readyz": 503}

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 - http.server's name
            self.send_response(answers.get(self.path, 404))
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", answers
    finally:
        server.shutdown()
        server.server_close()


def test_http_200_is_healthy_anything_else_is_not(
    http_server: tuple[str, dict[str, int]], capsys: pytest.CaptureFixture[str]
) -> None:
    base, _ = http_server
    assert main([f"{base}/healthz"]) == HEALTHY
    assert main([f"{base}/readyz"]) == UNHEALTHY
    assert "HTTP 503" in capsys.readouterr().err
    assert main([f"http://127.0.0.1:{closed_port()}/healthz", "--timeout", "1"]) == UNHEALTHY


def test_a_target_that_is_neither_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["gateway"]) == USAGE
    assert "not a host:port or URL" in capsys.readouterr().err
