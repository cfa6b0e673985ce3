"""A real stack per test worker: family services, svc-ai and the gateway as processes on
loopback ports, the SQLite store in a temporary file."""

from __future__ import annotations

import pytest

from devstack import Stack


@pytest.fixture(scope="session")
def stack(tmp_path_factory: pytest.TempPathFactory):
    folder = tmp_path_factory.mktemp("stack")
    running = Stack.on_free_ports(
        f"sqlite:///{folder}/rooms.sqlite3",
        extra_env={"GAMEROOM_CPU_DELAY_MS": "20", "GAMEROOM_AI_BUDGET_MS": "200"},
        log_dir=folder / "logs",
    )
    running.start()
    yield running
    running.stop()
