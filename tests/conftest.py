"""Fixtures shared by every test folder."""

from __future__ import annotations

import os
import pathlib
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # `tests.support` importable from every test module


from devstack import Stack  # noqa: E402  (needs the path above)
from tests import budget  # noqa: E402


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-golden",
        action="store_true",
        help="write the golden playthroughs again before replaying them (tests/conformance/golden.py)",
    )


def pytest_report_header() -> str:
    if budget.SOAK:
        return f"playouts: soak, {budget.SOAK_GAMES} games per title and seat count, every view scanned"
    return f"playouts: make test's counts (tests/budget.py) x {budget.SCALE:g}"


# The suite creates rooms and players much faster than a person from loopback: its gateways
# do not limit REST requests from there (tests/stack/test_rest_limits.py and
# tests/scale/test_rest_limits.py turn the limits on for their own gateways).
os.environ.setdefault("GAMEROOM_LIMITS_EXEMPT", "127.0.0.1,::1")


@pytest.fixture(scope="session")
def stack(tmp_path_factory: pytest.TempPathFactory):
    folder = tmp_path_factory.mktemp("stack")
    running = Stack.on_free_ports(
        f"sqlite:///{folder}/rooms.sqlite3",
        # Tests load ratings into the store behind the gateway's back: it keeps no copy of the
        # start page's leaders (tests/unit/test_leaderboards_cache.py checks the copy).
        extra_env={"GAMEROOM_CPU_DELAY_MS": "20", "GAMEROOM_AI_BUDGET_MS": "200", "GAMEROOM_LEADERBOARDS_CACHE_S": "0"},
        log_dir=folder / "logs",
    )
    running.start()
    yield running
    running.stop()
