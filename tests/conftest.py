"""Fixtures shared by every test folder."""

from __future__ import annotations

import pathlib
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # `tests.support` importable from every test module


from devstack import Stack  # noqa: E402  (needs the path above)


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
