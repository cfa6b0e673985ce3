"""Scaled out: gateway replicas on one PostgreSQL and one Redis.

The family services and svc-ai run once per test session; each test that needs replicas gets
gateway processes of its own on a fresh PostgreSQL schema and Redis prefix, so a test can kill
its replicas without touching any other test."""

from __future__ import annotations

import pytest

from devstack import Stack, free_port
from servicekit.config import FAMILIES
from tests.support.services import (
    POSTGRES_URL,
    REDIS_URL,
    check_postgres,
    check_redis,
    drop_prefix,
    drop_schema,
    need,
    postgres_store_url,
    redis_prefix,  # noqa: F401 - a fixture for the tests here
    run_aside,
    unique_name,
)

# Short lifetimes so a dead replica is noticed within a second or two.
FAST = {
    "GAMEROOM_LEASE_MS": "1000",
    "GAMEROOM_PRESENCE_TTL_MS": "1000",
    "GAMEROOM_SWEEP_MS": "100",
    "GAMEROOM_CPU_DELAY_MS": "20",
    "GAMEROOM_AI_BUDGET_MS": "100",
}


@pytest.fixture(scope="session")
def families(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    need(check_postgres, f"PostgreSQL at {POSTGRES_URL}")
    need(check_redis, f"Redis at {REDIS_URL}")
    folder = tmp_path_factory.mktemp("families")
    stack = Stack.on_free_ports("sqlite:///:memory:", log_dir=folder / "logs")
    stack.start(services=(*FAMILIES, "ai"))
    yield stack
    stack.stop()


class ReplicaGroups:
    """Gateway replicas on a fresh schema and prefix each; all stopped and dropped by `close`."""

    def __init__(self, families: Stack, folder) -> None:  # type: ignore[no-untyped-def]
        self.families = families
        self.folder = folder
        self.made: list[tuple[Stack, str, str]] = []

    def make(self, count: int = 2, **env: str) -> Stack:
        schema, prefix = unique_name("t"), unique_name("t")
        stack = Stack(
            store_url=postgres_store_url(schema, pool_max=5),
            http_port=free_port(),
            ports={**self.families.ports, "play": free_port()},
            # The families' metrics ports, and one of its own for this group's first gateway
            # (groups of one worker run side by side: a shared port would stop the second).
            metrics_ports={**self.families.metrics_ports, "gateway": free_port()},
            extra_env={**FAST, "GAMEROOM_REDIS": REDIS_URL, "GAMEROOM_REDIS_PREFIX": prefix, **env},
            log_dir=self.folder / f"logs-{len(self.made)}",
        )
        self.made.append((stack, schema, prefix))
        names = ["gateway", *(f"gateway-{n}" for n in range(2, count + 1))]
        for name in names[1:]:
            stack.gateways[name] = (free_port(), free_port())
        stack.start(services=tuple(names))
        return stack

    def close(self) -> None:
        for stack, schema, prefix in self.made:
            stack.stop()
            run_aside(drop_schema, schema)
            run_aside(drop_prefix, prefix)


@pytest.fixture
def make_replicas(families: Stack, tmp_path):  # type: ignore[no-untyped-def]
    """make_replicas(count=2, **env) -> a Stack of `count` gateways ("gateway", "gateway-2", ...),
    this test's own: it may kill them."""
    groups = ReplicaGroups(families, tmp_path)
    yield groups.make
    groups.close()


@pytest.fixture(scope="module")
def replicas(families: Stack, tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    """Two gateways shared by a module's tests (which must not kill them)."""
    groups = ReplicaGroups(families, tmp_path_factory.mktemp("replicas"))
    yield groups.make()
    groups.close()
