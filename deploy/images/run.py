"""The whole platform started from the built images, then played and measured.

Every service is a process of its own image (`buildah run`, chroot isolation, serving on the
host's loopback): the four family services, svc-ai and two gateway replicas sharing the
machine's PostgreSQL (a schema of their own) and Redis (a key prefix of their own). Then:
each container passes its image's own health check; Anna plays four-in-a-row against a CPU on
gateway 1 while Carl watches from gateway 2; the move round trip of bench/move_roundtrip.py
is measured against gateway 1; everything is stopped and removed.

    .venv/bin/python deploy/images/run.py [--tag dev] [--moves 400] [--rooms 100] [--seconds 10]

Needs the images of scripts/images.sh and root (buildah's chroot isolation).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import secrets
import statistics
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

from move_roundtrip import PassAndPlay, concurrent, echo_roundtrips, pct  # noqa: E402

from devstack import MODULES, Stack, free_port  # noqa: E402
from tests.support.client import PlayClient  # noqa: E402

STORAGE = ("--storage-driver", "vfs")
IMAGES = {"cards": "svc-cards", "boards": "svc-boards", "dice": "svc-dice", "words": "svc-words", "ai": "svc-ai"}
POSTGRES = os.environ.get("GAMEROOM_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test")
REDIS = os.environ.get("GAMEROOM_TEST_REDIS", "redis://127.0.0.1:6379/0")
# What the image's HEALTHCHECK runs, per service (the gateway's through HTTP).
HEALTH_TARGET = {"gateway": "http://127.0.0.1:{port}/healthz"}


def buildah(*args: str, **kwargs: Any) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(["buildah", *STORAGE, *args], check=True, **kwargs)


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

    def start_service(self, name: str, wait: bool = True, timeout: float = 60) -> None:
        assert self.log_dir is not None
        self.log_dir.mkdir(parents=True, exist_ok=True)
        container = f"gameroom-{name}-{self.run_id}"
        buildah("from", "--pull-never", "--name", container, self.image_of(name), stdout=subprocess.DEVNULL)
        self.containers[name] = container
        # Only the platform's own variables cross into the container; loopback, not 0.0.0.0.
        env = {k: v for k, v in self._service_env(name).items() if k.startswith("GAMEROOM_")}
        env["GAMEROOM_BIND"] = "127.0.0.1"
        command = ["buildah", *STORAGE, "run", "--isolation", "chroot"]
        for key, value in sorted(env.items()):
            command += ["--env", f"{key}={value}"]
        module = "gateway" if name.startswith("gateway") else MODULES[name]
        command += [container, "--", "python", "-m", module]
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

    def health_check(self, name: str) -> None:
        """The image's HEALTHCHECK command, run inside its container."""
        if name.startswith("gateway"):
            port = self.http_port if name == "gateway" else self.gateways[name][0]
            target = f"http://127.0.0.1:{port}/healthz"
        else:
            target = f"127.0.0.1:{self.ports[name]}"
        check = ["python", "-m", "servicekit.healthcheck", target]
        buildah("run", "--isolation", "chroot", self.containers[name], "--", *check)

    def stop(self) -> None:
        for process in self.processes.values():
            if process.poll() is None:
                os.killpg(process.pid, 15)
        for name, process in self.processes.items():
            try:
                process.wait(15)
            except subprocess.TimeoutExpired:
                print(f"images: {name} ignored SIGTERM; killed", flush=True)
                os.killpg(process.pid, 9)
                process.wait()
        self.processes.clear()
        for container in self.containers.values():
            buildah("rm", container, stdout=subprocess.DEVNULL)
        self.containers.clear()


async def play_a_game(stack: ImageStack) -> dict[str, Any]:
    """Anna against a CPU on gateway 1, Carl watching on gateway 2, to the end."""
    async with aiohttp.ClientSession() as session:
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
            await anna.move(0, min(legal, key=lambda m: abs(m["column"] - 3)))
            moves += 1
        await carl.wait_until(lambda c: c.room["status"] == "finished" and len(c.events) == len(anna.events))
        # Every event crossed from gateway 1 through Redis to gateway 2, none twice or missing.
        assert carl.events == anna.events, "the spectator on gateway 2 saw other events"
        assert sorted(carl.events) == list(range(1, max(carl.events) + 1))
        result = {
            "code": anna.code,
            "anna_moves": moves,
            "events": len(anna.events),
            "placings": anna.view()["result"]["placings"],
        }
        await anna.close()
        await carl.close()
        return result


async def bench(base_url: str, moves: int, rooms: int, seconds: float) -> str:
    """bench/move_roundtrip.py's measurement against a running gateway; its table."""
    port = free_port()
    echo = subprocess.Popen([sys.executable, str(ROOT / "bench" / "echo_server.py"), str(port)], stdout=subprocess.PIPE)
    try:
        echo.stdout.readline()  # type: ignore[union-attr]
        echo_url = f"http://127.0.0.1:{port}/echo"
        async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as session:
            player = PassAndPlay(session, base_url)
            await player.open()
            for _ in range(20):  # warm up
                await player.move()
            platform = [await player.move() for _ in range(moves)]
            size = int(statistics.median(player.reply_sizes))
            baseline = await echo_roundtrips(echo_url, moves, size)
            players = [PassAndPlay(session, base_url) for _ in range(rooms)]
            for p in players:
                await p.open()

            async def platform_room(index: int, stop_at: float):  # type: ignore[no-untyped-def]
                while time.perf_counter() < stop_at:
                    yield await players[index].move()

            async def echo_connection(index: int, stop_at: float):  # type: ignore[no-untyped-def]
                async with session.ws_connect(f"{echo_url}?reply={size}") as ws:
                    while time.perf_counter() < stop_at:
                        started = time.perf_counter()
                        await ws.send_str('{"move": {"seat": 0, "move": {"type": "drop", "column": 3}}}')
                        await ws.receive()
                        yield time.perf_counter() - started

            rate, loaded = await concurrent(platform_room, rooms, seconds)
            echo_rate, echo_loaded = await concurrent(echo_connection, rooms, seconds)
    finally:
        echo.terminate()
        echo.wait()
    return "\n".join(
        [
            f"Move round trip from the images, four-in-a-row, update frame ≈ {size} bytes, {moves} sequential",
            f"moves; then {rooms} concurrent rooms for {seconds:.0f} s. PostgreSQL store, Redis, two replicas.",
            "",
            "| path | p50 ms | p99 ms | moves/s with concurrent rooms | p99 ms under load |",
            "|---|---|---|---|---|",
            f"| gateway 1 → lobby → gRPC → PostgreSQL → Redis → views | {pct(platform, 0.5):.2f} | "
            f"{pct(platform, 0.99):.2f} | {rate} | {pct(loaded, 0.99):.1f} |",
            f"| bare aiohttp WebSocket echo | {pct(baseline, 0.5):.2f} | {pct(baseline, 0.99):.2f} | "
            f"{echo_rate} | {pct(echo_loaded, 0.99):.1f} |",
            f"| ratio (platform / echo) | {pct(platform, 0.5) / pct(baseline, 0.5):.1f}× | "
            f"{pct(platform, 0.99) / pct(baseline, 0.99):.1f}× | {rate / max(echo_rate, 1):.2f}× | "
            f"{pct(loaded, 0.99) / pct(echo_loaded, 0.99):.1f}× |",
        ]
    )


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


def main(args: argparse.Namespace) -> None:
    subprocess.run(["bash", str(ROOT / "scripts" / "ensure-services.sh")], check=True)
    run_id = secrets.token_hex(3)
    schema, prefix = f"images_{run_id}", f"gameroom-images-{run_id}"
    log_dir = Path(tempfile.mkdtemp(prefix="images-run-"))
    stack = ImageStack.on_free_ports(
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
            "GAMEROOM_CPU_DELAY_MS": "100",
            "GAMEROOM_AI_BUDGET_MS": "300",
        },
    )
    print(f"images: logs in {log_dir}", flush=True)
    try:
        started = time.monotonic()
        stack.start(timeout=120)
        stack.add_gateway("gateway-2", timeout=120)
        print(f"images: seven containers ready in {time.monotonic() - started:.1f} s", flush=True)
        for name, seconds in stack.started_in.items():
            print(f"images:   {name:<10} {stack.image_of(name):<36} ready after {seconds:.1f} s", flush=True)
        for name in stack.containers:
            stack.health_check(name)
        print("images: every container passes its image's health check", flush=True)
        started = time.monotonic()
        game = asyncio.run(play_a_game(stack))
        print(
            f"images: game {game['code']} played to the end in {time.monotonic() - started:.1f} s: Anna moved "
            f"{game['anna_moves']} times, {game['events']} events seen alike on gateway 2, placings {game['placings']}",
            flush=True,
        )
        print(asyncio.run(bench(stack.base_url, args.moves, args.rooms, args.seconds)), flush=True)
    finally:
        stack.stop()
        asyncio.run(drop_schema(schema))
        dropped = drop_keys(prefix)
        print(f"images: stopped and removed every container; dropped schema {schema} and {dropped} keys", flush=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tag", default=os.environ.get("GAMEROOM_IMAGE_TAG", "dev"))
    parser.add_argument("--moves", type=int, default=400)
    parser.add_argument("--rooms", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=10)
    main(parser.parse_args())
