"""Addresses and ports, from the environment, with the defaults `make run` uses."""

from __future__ import annotations

import os

FAMILIES = ("cards", "boards", "dice", "words")

DEFAULT_PORTS = {
    "cards": 50051,
    "boards": 50052,
    "dice": 50053,
    "words": 50054,
    "ai": 50055,
    "play": 50050,
}
# The gateway's own port for /metrics: not on its public HTTP port (Prometheus scrapes it inside
# the cluster; the Internet has no business there).
DEFAULT_METRICS_PORTS = {"cards": 9101, "boards": 9102, "dice": 9103, "words": 9104, "ai": 9105, "gateway": 9100}


def listen_port(service: str) -> int:
    return int(os.environ.get(f"GAMEROOM_{service.upper()}_PORT", DEFAULT_PORTS[service]))


def metrics_port(service: str) -> int:
    return int(os.environ.get(f"GAMEROOM_{service.upper()}_METRICS_PORT", DEFAULT_METRICS_PORTS[service]))


def target(service: str) -> str:
    """Where clients reach a service: GAMEROOM_<SERVICE>_ADDR, else loopback on its port.

    A value may list several addresses separated by commas (several svc-ai replicas), or
    use a `dns:///` target, which gRPC balances round robin.
    """
    return os.environ.get(f"GAMEROOM_{service.upper()}_ADDR", f"127.0.0.1:{listen_port(service)}")


def engine_streams() -> bool:
    """Whether the lobby sends step calls on a long-lived stream per family (lobby/step_stream.py):
    on unless GAMEROOM_ENGINE_STREAMS is "off" (every call unary, each with its own retries; for comparison)."""
    return os.environ.get("GAMEROOM_ENGINE_STREAMS", "on") != "off"
