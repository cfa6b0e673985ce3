"""The whole platform on one machine: every service a real process talking gRPC on loopback.

`make run` uses it with the default ports; the tests use it with free ports and a temporary
store, so several stacks can run side by side.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

from servicekit.config import DEFAULT_METRICS_PORTS, DEFAULT_PORTS, FAMILIES

SERVICES = (*FAMILIES, "ai", "gateway")
MODULES = {**{f: f"svc_{f}" for f in FAMILIES}, "ai": "svc_ai", "gateway": "gateway"}


# Test workers running side by side (pytest-xdist's "gw0", "gw1", ...) each take ports from a
# block of their own below the kernel's ephemeral range: a port one worker probed free cannot
# be handed to another worker (or to an outgoing connection) before its service binds it.
_WORKER_BLOCK = 3000
_WORKER_BASE = 20000
_handed: set[int] = set()


def free_port() -> int:
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    if worker.startswith("gw") and worker[2:].isdigit():
        start = _WORKER_BASE + _WORKER_BLOCK * (int(worker[2:]) % 4)
        offset = (os.getpid() * 7919) % _WORKER_BLOCK
        for step in range(_WORKER_BLOCK):
            port = start + (offset + step) % _WORKER_BLOCK
            if port in _handed:
                continue
            with socket.socket() as probe:
                try:
                    probe.bind(("127.0.0.1", port))
                except OSError:
                    continue
            _handed.add(port)
            return port
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@dataclass
class Stack:
    """A set of service processes. `env` holds the addresses every process is given."""

    store_url: str
    http_port: int = 8080
    ports: dict[str, int] = field(default_factory=lambda: dict(DEFAULT_PORTS))
    metrics_ports: dict[str, int] = field(default_factory=lambda: dict(DEFAULT_METRICS_PORTS))
    extra_env: dict[str, str] = field(default_factory=dict)
    log_dir: Path | None = None
    processes: dict[str, subprocess.Popen[bytes]] = field(default_factory=dict)
    # More gateway replicas beside "gateway": name -> (HTTP port, play gRPC port).
    gateways: dict[str, tuple[int, int]] = field(default_factory=dict)

    @classmethod
    def on_free_ports(cls, store_url: str, **kwargs) -> Stack:  # type: ignore[no-untyped-def]
        return cls(
            store_url=store_url,
            http_port=free_port(),
            ports={name: free_port() for name in DEFAULT_PORTS},
            metrics_ports={name: free_port() for name in DEFAULT_METRICS_PORTS},
            **kwargs,
        )

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.http_port}"

    def url_of(self, gateway: str) -> str:
        """The HTTP base URL of a gateway replica ("gateway" is the first)."""
        if gateway == "gateway":
            return self.base_url
        return f"http://127.0.0.1:{self.gateways[gateway][0]}"

    def add_gateway(self, name: str, wait: bool = True, timeout: float = 120) -> str:
        """Another gateway replica on ports of its own, sharing the store (and Redis, when
        GAMEROOM_REDIS is in the environment); its base URL."""
        if not name.startswith("gateway") or name == "gateway":
            raise ValueError("extra gateways are named gateway-<something>")
        self.gateways.setdefault(name, (free_port(), free_port()))
        self.start_service(name, wait=wait, timeout=timeout)
        return self.url_of(name)

    def _service_env(self, name: str) -> dict[str, str]:
        env = self.env()
        if name in self.gateways:
            http_port, play_port = self.gateways[name]
            env["GAMEROOM_GATEWAY_METRICS_PORT"] = str(free_port())
            env["GAMEROOM_HTTP_PORT"] = str(http_port)
            env["GAMEROOM_PLAY_PORT"] = str(play_port)
            env["GAMEROOM_PLAY_ADDR"] = f"127.0.0.1:{play_port}"
        if name.startswith("gateway"):
            env["GAMEROOM_REPLICA_ID"] = name  # readable names in Redis and in logs
        return env

    def env(self) -> dict[str, str]:
        env = dict(os.environ)
        for name, port in self.ports.items():
            env[f"GAMEROOM_{name.upper()}_PORT"] = str(port)
            env[f"GAMEROOM_{name.upper()}_ADDR"] = f"127.0.0.1:{port}"
        for name, port in self.metrics_ports.items():
            env[f"GAMEROOM_{name.upper()}_METRICS_PORT"] = str(port)
        env["GAMEROOM_HTTP_PORT"] = str(self.http_port)
        env["GAMEROOM_STORE"] = self.store_url
        env["PYTHONUNBUFFERED"] = "1"
        env.update(self.extra_env)
        return env

    def start(self, services: tuple[str, ...] = SERVICES, timeout: float = 120) -> Stack:
        for name in services:
            self.start_service(name, wait=False)
        for name in services:
            self.wait_ready(name, timeout)
        return self

    def start_service(self, name: str, wait: bool = True, timeout: float = 120) -> None:
        output = None
        if self.log_dir is not None:
            self.log_dir.mkdir(parents=True, exist_ok=True)
            output = open(self.log_dir / f"{name}.log", "ab")  # noqa: SIM115 - the child owns it
        module = "gateway" if name in self.gateways else MODULES[name]
        self.processes[name] = subprocess.Popen(
            [sys.executable, "-m", module], env=self._service_env(name), stdout=output, stderr=subprocess.STDOUT
        )
        if wait:
            self.wait_ready(name, timeout)

    def wait_ready(self, name: str, timeout: float = 120) -> None:
        give_up = time.monotonic() + timeout
        while time.monotonic() < give_up:
            process = self.processes[name]
            if process.poll() is not None:
                raise RuntimeError(f"{name} exited with {process.returncode}")
            if self._ready(name):
                return
            time.sleep(0.1)
        raise TimeoutError(f"{name} not ready after {timeout}s")

    def _ready(self, name: str) -> bool:
        if name == "gateway" or name in self.gateways:
            try:
                with urllib.request.urlopen(f"{self.url_of(name)}/readyz", timeout=1) as answer:
                    return answer.status == 200
            except OSError:
                return False
        with grpc.insecure_channel(f"127.0.0.1:{self.ports[name]}") as channel:
            try:
                reply = health_pb2_grpc.HealthStub(channel).Check(health_pb2.HealthCheckRequest(), timeout=1)
            except grpc.RpcError:
                return False
            return reply.status == health_pb2.HealthCheckResponse.SERVING

    def kill(self, name: str) -> None:
        """SIGKILL: the process gets no chance to clean up, as when a machine dies."""
        process = self.processes.pop(name)
        process.kill()
        process.wait()

    def stop(self) -> None:
        for process in self.processes.values():
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        for process in self.processes.values():
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        self.processes.clear()

    def __enter__(self) -> Stack:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()
