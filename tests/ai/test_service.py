"""svc-ai as a process over real gRPC: ready only when warm, budgets capped by the server, a
caller that gives up stops its search."""

from __future__ import annotations

import asyncio
import json
import time
import urllib.request
from pathlib import Path

import grpc
import pytest
from gameroom import engine_pb2, engine_pb2_grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc
from svc_ai.server import search_budget
from svc_ai.views import sample_view

from devstack import Stack

pytestmark = pytest.mark.stack

WORKERS = 1
CAP_MS = 2000  # the operator's cap for strong levels in this pod


def _stat(pid: int) -> list[str] | None:
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text[text.rindex(")") + 2 :].split()


def children(pid: int) -> dict[int, str]:
    """Every process below `pid`: pid -> command name ("search process" for svc-ai's own)."""
    parents = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (fields := _stat(int(entry.name))) is not None:
            parents[int(entry.name)] = int(fields[1])
    found: dict[int, str] = {}
    frontier = [pid]
    while frontier:
        parent = frontier.pop()
        for child, ppid in parents.items():
            if ppid == parent and child not in found:
                try:
                    name = Path(f"/proc/{child}/comm").read_text().strip()
                    if b"spawn_main" in Path(f"/proc/{child}/cmdline").read_bytes():
                        name = "search process"
                    found[child] = name
                except OSError:
                    continue
                frontier.append(child)
    return found


def health(port: int) -> int | None:
    with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
        try:
            return health_pb2_grpc.HealthStub(channel).Check(health_pb2.HealthCheckRequest(), timeout=2).status
        except grpc.RpcError:
            return None


@pytest.fixture(scope="module")
def pod(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    """One svc-ai process; the fixture watches it become ready and records what was running
    at the first SERVING it saw."""
    folder = tmp_path_factory.mktemp("ai")
    stack = Stack.on_free_ports(
        f"sqlite:///{folder}/unused.sqlite3",
        log_dir=folder,
        extra_env={
            "GAMEROOM_AI_WORKERS": str(WORKERS),
            "GAMEROOM_AI_CHEAP_WORKERS": "1",
            "GAMEROOM_AI_MAX_BUDGET_MS_STRONG": str(CAP_MS),
        },
    )
    stack.start_service("ai", wait=False)
    process = stack.processes["ai"]
    seen: list[int | None] = []
    give_up = time.monotonic() + 180
    try:
        while True:
            assert process.poll() is None, "svc-ai exited"
            assert time.monotonic() < give_up, "svc-ai not ready"
            status = health(stack.ports["ai"])
            seen.append(status)
            if status == health_pb2.HealthCheckResponse.SERVING:
                break
            time.sleep(0.05)
        at_ready = children(process.pid)
        yield stack, process.pid, at_ready, seen
    finally:
        stack.stop()


def test_ready_only_with_engines_and_search_processes_running(pod) -> None:  # type: ignore[no-untyped-def]
    stack, pid, at_ready, seen = pod
    names = sorted(at_ready.values())
    # A quick process for the engines' cheap levels and a deep one for their strong level.
    assert names.count("stockfish") == 2 and names.count("gnubg") == 2, names
    assert names.count("search process") == WORKERS + 1, names  # and the cheap lane's
    assert health_pb2.HealthCheckResponse.SERVING not in seen[:-1]
    # Every level played one move before SERVING (the log says how long that took).
    log = (stack.log_dir / "ai.log").read_text()
    assert "svc-ai warm in" in log and log.index("svc-ai warm in") < log.index("svc-ai ready on")


async def choose(port: int, game: str, level: str, budget_ms: int, timeout: float = 60, seed: int = 0):  # type: ignore[no-untyped-def]
    seat, view = sample_view(game, seed, 6)
    request = engine_pb2.ChooseMoveRequest(
        game=game, seat=seat, view_json=json.dumps(view), level=level, seed=b"t", budget_ms=budget_ms
    )
    async with grpc.aio.insecure_channel(f"127.0.0.1:{port}") as channel:
        return await engine_pb2_grpc.AiStub(channel).ChooseMove(request, timeout=timeout)


async def test_the_server_caps_what_the_caller_asks(pod) -> None:  # type: ignore[no-untyped-def]
    stack, *_ = pod
    # The caller asks ten seconds, which chess strong (Stockfish) would use; the operator's cap
    # for strong levels is CAP_MS.
    reply = await choose(stack.ports["ai"], "chess", "strong", 10_000)
    assert reply.move_json and not reply.refusal.code
    assert reply.think_ms <= search_budget(CAP_MS) + 50  # the search's own time, the service says


def cpu_ticks(pids: list[int]) -> int:
    return sum(int(fields[11]) + int(fields[12]) for pid in pids if (fields := _stat(pid)) is not None)


async def test_a_beginners_chess_move_does_not_wait_behind_a_strong_search(pod) -> None:  # type: ignore[no-untyped-def]
    stack, pid, *_ = pod
    engines = [child for child, name in children(pid).items() if name == "stockfish"]
    before = cpu_ticks(engines)
    strong = asyncio.create_task(choose(stack.ports["ai"], "chess", "strong", 10_000))  # thinks CAP_MS
    give_up = time.monotonic() + 60
    while cpu_ticks(engines) < before + 10:  # Stockfish is thinking on the strong move
        assert time.monotonic() < give_up and not strong.done(), "the strong search never started"
        await asyncio.sleep(0.01)
    beginner = await choose(stack.ports["ai"], "chess", "beginner", 1000, seed=1)
    assert beginner.move_json and not beginner.refusal.code
    assert not strong.done()  # answered while the strong search still runs
    assert (await strong).move_json


def given_up(stack: Stack) -> dict[str, float]:
    """gameroom_ai_given_up_total by outcome, from the pod's metrics."""
    with urllib.request.urlopen(f"http://127.0.0.1:{stack.metrics_ports['ai']}/metrics", timeout=5) as answer:
        text = answer.read().decode()
    found = {}
    for line in text.splitlines():
        if line.startswith("gameroom_ai_given_up_total{"):
            labels, value = line.rsplit(" ", 1)
            found[labels.split('outcome="')[1].split('"')[0]] = float(value)
    return found


async def test_a_caller_giving_up_stops_the_search(pod) -> None:  # type: ignore[no-untyped-def]
    stack, *_ = pod
    port = stack.ports["ai"]
    before = given_up(stack)
    # Reversi strong may think up to CAP_MS here; its caller waits 0.3 s.
    with pytest.raises(grpc.aio.AioRpcError) as giving_up:
        await choose(port, "reversi", "strong", CAP_MS, timeout=0.3, seed=1)
    assert giving_up.value.code() == grpc.StatusCode.DEADLINE_EXCEEDED
    give_up = time.monotonic() + 60
    while sum(given_up(stack).values()) == sum(before.values()):
        assert time.monotonic() < give_up, "the pod never heard the caller give up"
        await asyncio.sleep(0.05)
    after = given_up(stack)
    # The search saw the stop (it did not run on to its own deadline), and the next move is
    # answered.
    assert after.get("stopped", 0) == before.get("stopped", 0) + 1, after
    reply = await choose(port, "reversi", "strong", 1000, seed=2)
    assert reply.move_json and not reply.refusal.code


def test_search_processes_follow_the_container_cpu_limit(tmp_path: Path) -> None:
    from svc_ai.server import usable_cores

    cpu_max = tmp_path / "cpu.max"
    cpu_max.write_text("150000 100000\n")  # a limit of 1.5 cores
    assert usable_cores(cpu_max) == min(2, usable_cores(tmp_path / "missing"))
    cpu_max.write_text("max 100000\n")
    assert usable_cores(cpu_max) == usable_cores(tmp_path / "missing")
