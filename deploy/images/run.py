"""The whole platform started from the built images, then played and measured.

Every service is a process of its own image (`buildah run`, chroot isolation, serving on the
host's loopback): the four family services, svc-ai and two gateway replicas sharing the
machine's PostgreSQL (a schema of their own) and Redis (a key prefix of their own). Then:
each container passes its image's own health check; Anna plays four-in-a-row against a CPU on
gateway 1 while Carl watches from gateway 2 (svc-boards, svc-ai, Redis between the replicas);
Ben plays crazy eights against a CPU on gateway 2 (svc-cards); bench/load.py's measurement
(many WebSocket players, beside a bare echo server) runs against gateway 1; everything is
stopped and removed, and the run fails if a process or a container is left behind.

    .venv/bin/python deploy/images/run.py [--tag dev] [--connections 200] [--seconds 15] [--dry-run]

Needs the images of scripts/images.sh and root (buildah's chroot isolation). Exits non-zero
on any failure.
"""

from __future__ import annotations

import argparse
import asyncio
import inspect
import os
import secrets
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp
import asyncpg
import redis

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from load import Phase, beside_echo, report, warm_up  # noqa: E402

from devstack import MODULES, SERVICES, Stack, free_port  # noqa: E402
from tests.support.client import PlayClient  # noqa: E402

STORAGE = ("--storage-driver", os.environ.get("GAMEROOM_IMAGE_STORAGE_DRIVER", "vfs"))
IMAGES = {"cards": "svc-cards", "boards": "svc-boards", "dice": "svc-dice", "words": "svc-words", "ai": "svc-ai"}
POSTGRES = os.environ.get("GAMEROOM_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test")
REDIS = os.environ.get("GAMEROOM_TEST_REDIS", "redis://127.0.0.1:6379/0")
CONTAINER_PREFIX = "gameroom-run-"


def buildah(*args: str, **kwargs: Any) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(["buildah", *STORAGE, *args], check=True, **kwargs)


def our_containers() -> list[str]:
    """Names of the working containers this script makes, whatever run made them."""
    listed = buildah("containers", "--format", "{{.ContainerName}}", stdout=subprocess.PIPE).stdout.decode()
    return [name for name in listed.split() if name.startswith(CONTAINER_PREFIX)]


def parent_pids() -> dict[int, int]:
    parents = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parents[int(entry.name)] = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue  # gone meanwhile
    return parents


def service_pid(launcher: int, module: str) -> int:
    """The service's own Python process among the `buildah run` process's descendants (buildah
    starts it through a helper of its own), so CPU and memory are the service's alone."""
    parents = parent_pids()
    family, found = {launcher}, True
    while found:
        found = False
        for pid, parent in parents.items():
            if parent in family and pid not in family:
                family.add(pid)
                found = True
    for pid in sorted(family):
        try:
            argv = (Path("/proc") / str(pid) / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"-m" in argv and module.encode() in argv and b"buildah" not in argv[0]:
            return pid
    raise RuntimeError(f"no {module} process under {launcher}")


def group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    return True


@dataclass
class ImageStack(Stack):
    """devstack's Stack, every process started from its image instead of this checkout."""

    tag: str = "dev"
    run_id: str = field(default_factory=lambda: secrets.token_hex(3))
    containers: dict[str, str] = field(default_factory=dict)
    launched: dict[str, float] = field(default_factory=dict)
    started_in: dict[str, float] = field(default_factory=dict)

    def image_of(self, name: str) -> str:
        return f"localhost/gameroom/{'gateway' if name.startswith('gateway') else IMAGES[name]}:{self.tag}"

    def module_of(self, name: str) -> str:
        return "gateway" if name.startswith("gateway") else MODULES[name]

    def container_of(self, name: str) -> str:
        return f"{CONTAINER_PREFIX}{name}-{self.run_id}"

    def command_of(self, name: str) -> list[str]:
        """The `buildah run` that serves `name` from its container: only the platform's own
        variables cross into it, and it binds loopback, not 0.0.0.0."""
        env = {k: v for k, v in self._service_env(name).items() if k.startswith("GAMEROOM_")}
        env["GAMEROOM_BIND"] = "127.0.0.1"
        command = ["buildah", *STORAGE, "run", "--isolation", "chroot"]
        for key, value in sorted(env.items()):
            command += ["--env", f"{key}={value}"]
        return [*command, self.container_of(name), "--", "python", "-m", self.module_of(name)]

    def start_service(self, name: str, wait: bool = True, timeout: float = 60) -> None:
        assert self.log_dir is not None
        self.log_dir.mkdir(parents=True, exist_ok=True)
        container = self.container_of(name)
        buildah("from", "--pull-never", "--name", container, self.image_of(name), stdout=subprocess.DEVNULL)
        self.containers[name] = container
        command = self.command_of(name)
        output = open(self.log_dir / f"{name}.log", "ab")  # noqa: SIM115 - the child owns it
        self.launched[name] = time.monotonic()
        # A session of its own, so stopping reaches buildah and the service it runs alike.
        self.processes[name] = subprocess.Popen(
            command, stdout=output, stderr=subprocess.STDOUT, start_new_session=True
        )
        if wait:
            self.wait_ready(name, timeout)

    def wait_ready(self, name: str, timeout: float = 60) -> None:
        super().wait_ready(name, timeout)
        self.started_in[name] = time.monotonic() - self.launched[name]

    def pid_of(self, name: str) -> int:
        return service_pid(self.processes[name].pid, self.module_of(name))

    def health_check(self, name: str) -> None:
        """The image's HEALTHCHECK command, run inside its container."""
        if name.startswith("gateway"):
            port = self.http_port if name == "gateway" else self.gateways[name][0]
            target = f"http://127.0.0.1:{port}/healthz"
        else:
            target = f"127.0.0.1:{self.ports[name]}"
        check = ["python", "-m", "servicekit.healthcheck", target]
        buildah("run", "--isolation", "chroot", self.containers[name], "--", *check, stdout=subprocess.DEVNULL)

    def stop(self) -> None:
        """SIGTERM to each service itself, as `docker stop` sends it to a container's process:
        it drains and exits 0, and its `buildah run` exits with it. Whatever is still there
        after 20 s is killed. Then the containers are removed. Raises if a service did not
        stop cleanly or a process or container outlives it."""
        groups = {name: process.pid for name, process in self.processes.items()}
        for name, process in self.processes.items():
            if process.poll() is not None:
                continue
            try:
                os.kill(self.pid_of(name), signal.SIGTERM)
            except (RuntimeError, ProcessLookupError):  # the service is gone: stop its launcher
                os.killpg(groups[name], signal.SIGTERM)
        give_up = time.monotonic() + 20
        unclean = {}
        for name, process in self.processes.items():
            try:
                code = process.wait(max(0.1, give_up - time.monotonic()))
            except subprocess.TimeoutExpired:
                os.killpg(groups[name], signal.SIGKILL)
                code = process.wait()
            if code:
                unclean[name] = code
        # buildah's helpers may outlive the buildah process by a moment.
        while any(group_alive(pgid) for pgid in groups.values()) and time.monotonic() < give_up + 5:
            time.sleep(0.1)
        stray = [name for name, pgid in groups.items() if group_alive(pgid)]
        for name in stray:
            os.killpg(groups[name], signal.SIGKILL)
        self.processes.clear()
        failed = []
        for container in self.containers.values():
            if subprocess.run(["buildah", *STORAGE, "rm", container], stdout=subprocess.DEVNULL).returncode:
                failed.append(container)
        self.containers.clear()
        left = our_containers()
        if unclean or stray or failed or left:
            raise RuntimeError(
                f"not stopped cleanly: exit codes {unclean}, processes left of {stray}, "
                f"containers left {sorted(set(failed + left))}"
            )


async def four_in_a_row(stack: ImageStack, session: aiohttp.ClientSession) -> str:
    """Anna against a CPU on gateway 1, Carl watching on gateway 2, to the end."""
    anna = await PlayClient.create(
        session, stack.url_of("gateway"), "four-in-a-row", [{"kind": "human"}, {"kind": "cpu"}], "Anna"
    )
    await anna.connect()
    carl = await PlayClient.join(session, stack.url_of("gateway-2"), anna.code, "Carl", spectator=True)
    await carl.connect()
    await anna.send({"start": {}})
    await anna.wait_until(lambda c: c.room["status"] == "playing" and c.views)
    moves = 0

    def anna_to_move(client: PlayClient) -> bool:
        return client.room["status"] == "finished" or 0 in client.view().get("to_move", [])

    while True:
        await anna.wait_until(anna_to_move, timeout=60)
        if anna.room["status"] == "finished":
            break
        legal = anna.view()["legal_moves"]
        await anna.move_at_a_persons_pace(0, min(legal, key=lambda m: abs(m["column"] - 3)))
        moves += 1
    await carl.wait_until(lambda c: c.room["status"] == "finished" and len(c.events) == len(anna.events))
    # Every event crossed from gateway 1 through Redis to gateway 2, none twice or missing.
    assert carl.events == anna.events, "the spectator on gateway 2 saw other events"
    assert sorted(carl.events) == list(range(1, max(carl.events) + 1))
    placings = anna.view()["result"]["placings"]
    await anna.close()
    await carl.close()
    return (
        f"four-in-a-row {anna.code} on gateway 1 against a CPU: Anna moved {moves} times, "
        f"{len(anna.events)} events seen alike by a spectator on gateway 2, placings {placings}"
    )


async def crazy_eights(stack: ImageStack, session: aiohttp.ClientSession) -> str:
    """Ben against a CPU on gateway 2, playing a card whenever he can, to the end of the hand."""
    ben = await PlayClient.create(
        session, stack.url_of("gateway-2"), "crazy-eights", [{"kind": "human"}, {"kind": "cpu", "level": "easy"}], "Ben"
    )
    await ben.connect()
    await ben.send({"start": {}})
    await ben.wait_until(lambda c: c.room["status"] == "playing" and c.views)
    moves = 0

    def ben_to_move(client: PlayClient) -> bool:
        return client.room["status"] == "finished" or 0 in client.view().get("to_move", [])

    while True:
        await ben.wait_until(ben_to_move, timeout=60)
        if ben.room["status"] == "finished":
            break
        legal = ben.view()["legal_moves"]
        plays = [move for move in legal if move["type"] == "play"]
        await ben.move_at_a_persons_pace(0, (plays or legal)[0])
        moves += 1
    result = ben.view()["result"]
    assert result is not None and sorted(result["placings"]) in ([1, 2], [1, 1])
    await ben.close()
    return f"crazy eights {ben.code} on gateway 2 against a CPU: Ben moved {moves} times, placings {result['placings']}"


async def play(stack: ImageStack) -> list[str]:
    async with aiohttp.ClientSession() as session:
        return [await four_in_a_row(stack, session), await crazy_eights(stack, session)]


def bench(stack: ImageStack, connections: int, seconds: float, client_procs: int) -> None:
    """bench/load.py's measurement against gateway 1 of the images, beside a bare echo server
    on the same machine; prints its table."""
    game, seats = "four-in-a-row", 2
    rooms = max(1, connections // seats)
    connections = rooms * seats
    warm_up(stack.base_url, game, seats)
    gateway = stack.pid_of("gateway")
    server_pids = {"gateway": gateway, "svc-boards": stack.pid_of("boards")}
    phase = Phase("platform", stack.base_url, game, seats, rooms, setup_timeout=120)
    metrics = f"http://127.0.0.1:{stack.metrics_ports['gateway']}/metrics"
    platform, baseline, seen = beside_echo(phase, client_procs, server_pids, gateway, connections, metrics, 0, seconds)
    if seen.errors or not platform.moves:
        raise RuntimeError(f"the load clients failed: {platform.moves} moves, errors {seen.errors[:5]}")
    shape = argparse.Namespace(game=game, seats=seats, think_ms=0, seconds=seconds, client_procs=client_procs)
    print("\nFrom the images: gateway 1 (PostgreSQL store, Redis, a second replica running) and svc-boards.")
    report([(platform, baseline)], shape)


async def drop_schema(schema: str) -> None:
    connection = await asyncpg.connect(POSTGRES)
    try:
        await connection.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
    finally:
        await connection.close()


def drop_keys(prefix: str) -> int:
    client = redis.Redis.from_url(REDIS)
    keys = list(client.scan_iter(match=f"{prefix}*"))
    if keys:
        client.delete(*keys)
    return len(keys)


def image_stack(args: argparse.Namespace, run_id: str, schema: str, prefix: str, log_dir: Path | None) -> ImageStack:
    return ImageStack.on_free_ports(
        f"{POSTGRES}?schema={schema}",
        log_dir=log_dir,
        tag=args.tag,
        run_id=run_id,
        extra_env={
            "GAMEROOM_REDIS": REDIS,
            "GAMEROOM_REDIS_PREFIX": prefix,
            # A benchmark is a flood from one address; the CPU answers quickly.
            "GAMEROOM_RATE_PER_S": "100000",
            "GAMEROOM_RATE_BURST": "100000",
            "GAMEROOM_LIMITS_EXEMPT": "127.0.0.1,::1",
            "GAMEROOM_WS_PER_ADDRESS": "100000",
            "GAMEROOM_CPU_DELAY_MS": "50",
            "GAMEROOM_AI_BUDGET_MS": "300",
        },
    )


def dry_run(args: argparse.Namespace) -> None:
    """What a run would start and measure, printed; nothing started, no root or buildah needed.
    Binds the benchmark's calls to the signatures they use, so a reshaped bench/load.py fails
    here (and in the test that runs this) instead of after a build of many minutes."""
    stack = image_stack(args, "dryrun", "images_dryrun", "gameroom-images-dryrun", None)
    stack.gateways.setdefault("gateway-2", (free_port(), free_port()))
    for name in (*SERVICES, "gateway-2"):
        command = stack.command_of(name)
        print(f"images: would serve {name:<10} from {stack.image_of(name)}: {' '.join(command[-4:])}")
    rooms = max(1, args.connections // 2)
    phase = Phase("platform", stack.base_url, "four-in-a-row", 2, rooms, setup_timeout=120)
    inspect.signature(beside_echo).bind(phase, args.client_procs, {}, 0, rooms * 2, "", 0, args.seconds)
    shape = argparse.Namespace(
        game=phase.game, seats=2, think_ms=0, seconds=args.seconds, client_procs=args.client_procs
    )
    inspect.signature(report).bind([], shape)
    print(f"images: would measure {rooms * 2} WebSocket players for {args.seconds:g} s beside a bare echo server")


def main(args: argparse.Namespace) -> None:
    if args.dry_run:
        dry_run(args)
        return
    began = time.monotonic()
    subprocess.run(["bash", str(ROOT / "scripts" / "ensure-services.sh")], check=True)
    # An earlier run stopped by force (kill -9, a lost terminal) may have left its containers.
    for container in our_containers():
        buildah("rm", container, stdout=subprocess.DEVNULL)
        print(f"images: removed {container}, left by an earlier run", flush=True)
    run_id = secrets.token_hex(3)
    schema, prefix = f"images_{run_id}", f"gameroom-images-{run_id}"
    log_dir = Path(tempfile.mkdtemp(prefix="images-run-"))
    stack = image_stack(args, run_id, schema, prefix, log_dir)
    print(f"images: logs in {log_dir}", flush=True)
    try:
        started = time.monotonic()
        stack.start(timeout=180)
        stack.add_gateway("gateway-2", timeout=180)
        print(f"images: seven containers ready in {time.monotonic() - started:.1f} s", flush=True)
        for name, seconds in stack.started_in.items():
            print(f"images:   {name:<10} {stack.image_of(name):<38} ready after {seconds:.1f} s", flush=True)
        for name in stack.containers:
            stack.health_check(name)
        print("images: every container passes its image's health check", flush=True)
        started = time.monotonic()
        for line in asyncio.run(play(stack)):
            print(f"images: played {line}", flush=True)
        print(f"images: both games played to the end in {time.monotonic() - started:.1f} s", flush=True)
        bench(stack, args.connections, args.seconds, args.client_procs)
    finally:
        try:
            stack.stop()
        finally:
            asyncio.run(drop_schema(schema))
            dropped = drop_keys(prefix)
        print(
            f"images: every service stopped on SIGTERM with exit code 0, every container removed; dropped schema {schema} and {dropped} keys",
            flush=True,
        )
    print(f"images: run.py done in {time.monotonic() - began:.0f} s", flush=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tag", default=os.environ.get("GAMEROOM_IMAGE_TAG", "dev"))
    parser.add_argument("--connections", type=int, default=200, help="WebSocket players in the load benchmark")
    parser.add_argument("--seconds", type=float, default=15, help="the load benchmark's measured window")
    parser.add_argument("--client-procs", type=int, default=2)
    parser.add_argument(
        "--dry-run", action="store_true", help="print what would run and exit (no buildah, no root, nothing started)"
    )
    main(parser.parse_args())
