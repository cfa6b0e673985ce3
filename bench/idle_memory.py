"""Memory per idle WebSocket: the gateway beside a bare aiohttp WebSocket echo.

    .venv/bin/python bench/idle_memory.py [--connections 1000] [--rounds 2] [--client-procs 2]
                                          [--loop uvloop] [--no-marginal]
                                          [--code /tmp/mem-before --code /tmp/mem-after]

For the gateway, each round starts a fresh stack (devstack: every service but svc-ai a
process, the SQLite store in a temporary folder, the flood limits lifted as for every
benchmark: bench/unlimited.py) and client processes open `--connections` WebSockets, two
seats per four-in-a-row room: each says hello, the game starts, one move is played, and every
connection has received the resulting update. Only the WebSockets stay open (the REST calls'
keep-alive connections are closed). Once the gateway's CPU has gone quiet its resident memory
(VmRSS from /proc; no tracemalloc in the measured process) is read again; the growth divided
by the number of connections is the KiB per connection. It includes what the gateway holds
for the rooms and what the store's caches grew by (SQLite's page cache is bounded, not per
connection, but fills up during the setup). The bare server (bench/echo_server.py) gets the
same number of connections, each sending one frame as long as the platform clients' median
frame and receiving one as long as their median update. Before each "before" reading one
warm-up room (or pair of echo connections) comes and goes, so lazily imported code is not
counted as per-connection. Both servers run on the event loop `--loop` names (the gateway's
GAMEROOM_LOOP; uvloop, as the services ship).

Two figures per server. "First N": the growth from the quiet server to `--connections`
sockets, divided by them; it counts what fills once whatever the number of sockets (SQLite's
page cache, bounded at 2 MB per store connection; the first rooms' share of dict and
allocator arenas) as if every connection caused it. "Marginal": `--connections` more sockets
opened beside the first ones (client processes of their own), and the growth between the two
readings divided by their number, so the fixed fills are behind and only what each further
connection costs remains (`--no-marginal` skips that step).

Servers are measured in alternating order round by round; the table shows every round and the
medians. `--code DIR` (repeatable) runs the gateway from the checkout DIR instead of this one
(PYTHONPATH=DIR with PYTHONSAFEPATH=1, so the working directory never shadows it), e.g. a
clone at the commit before a change: before and after measured in the same run. The module
files each gateway resolves to are printed first.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing as mp
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, NamedTuple

import aiohttp

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.load import SETUP_CONCURRENCY, cpu_seconds, rest, rss_kib  # noqa: E402
from bench.unlimited import UNLIMITED  # noqa: E402
from devstack import SERVICES, Stack, free_port  # noqa: E402
from servicekit.eventloop import LOOPS  # noqa: E402

GAME = "four-in-a-row"
SEATS = 2
QUIET_CPU_S = 0.01  # the server used less CPU than this in half a second: it is quiet
QUIET_TIMEOUT_S = 20.0


# -- the client side (runs in each client process) -----------------------------------------------
class Seat:
    """One player's WebSocket: hello, welcome, the game's updates, kept open until told."""

    def __init__(self, ticket: dict[str, Any]) -> None:
        self.ticket = ticket
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self.room: dict[str, Any] = {}
        self.views: dict[int, dict[str, Any]] = {}
        self.changed = asyncio.Event()
        self.sent: list[int] = []
        self.update_size = 0

    async def open(self, session: aiohttp.ClientSession, base: str) -> None:
        self.ws = await session.ws_connect(base + "/ws", max_msg_size=0)
        await self.send({"hello": {"code": self.ticket["code"], "token": self.ticket["token"]}})

    async def send(self, frame: dict[str, Any]) -> None:
        text = json.dumps(frame)
        self.sent.append(len(text))
        assert self.ws is not None
        await self.ws.send_str(text)

    async def read(self) -> None:
        assert self.ws is not None
        async for frame in self.ws:
            if frame.type != aiohttp.WSMsgType.TEXT:
                continue
            message = json.loads(frame.data)
            body = message.get("update") or message.get("welcome")
            if body is None:
                continue
            self.room = body["room"]
            if "update" in message:
                self.update_size = max(self.update_size, len(frame.data))
                for item in body["views"]:
                    self.views[item["seat"]] = item["view"]
            self.changed.set()

    async def until(self, test: Any) -> None:
        while not test(self):
            self.changed.clear()
            await asyncio.wait_for(self.changed.wait(), 60)


async def platform_room(session: aiohttp.ClientSession, calls: aiohttp.ClientSession, base: str) -> list[Seat]:
    """A room with both seats connected, the game started and one move played and seen.
    REST goes through `calls`, whose keep-alive connections are closed before measuring."""
    body = {"game": GAME, "seats": [{"kind": "human"}] * SEATS, "nickname": "idle"}
    tickets = [await rest(calls, base + "/api/rooms", body)]
    for _ in range(SEATS - 1):
        tickets.append(await rest(calls, f"{base}/api/rooms/{tickets[0]['code']}/join", {"nickname": "idle"}))
    seats = [Seat(ticket) for ticket in tickets]
    for seat in seats:
        await seat.open(session, base)
        asyncio.get_running_loop().create_task(seat.read())
    for seat in seats:
        await seat.until(lambda s: s.room)
    await seats[0].send({"start": {}})
    for seat in seats:
        await seat.until(lambda s: s.room["status"] == "playing" and s.views)
    version = seats[0].room["version"]
    mover, number = next((s, n) for s in seats for n, view in s.views.items() if n in view["to_move"])
    legal = mover.views[number]["legal_moves"][0]
    await mover.send({"move": {"seat": number, "move": legal, "client_move_id": "m1", "version": version}})
    for seat in seats:
        await seat.until(lambda s: s.room["version"] > version)
    return seats


async def echo_connection(session: aiohttp.ClientSession, url: str, send_size: int) -> aiohttp.ClientWebSocketResponse:
    ws = await session.ws_connect(url, max_msg_size=0)
    await ws.send_str(json.dumps({"move": {"seat": 0, "move": {}, "client_move_id": "m1"}}).ljust(send_size))
    answer = await ws.receive(timeout=60)
    if answer.type != aiohttp.WSMsgType.TEXT:
        raise RuntimeError(f"echo answered {answer.type}")
    return ws


async def run_clients(spec: dict[str, Any], ready: Any, stop: Any) -> None:
    limit = asyncio.Semaphore(SETUP_CONCURRENCY)
    # One session for the WebSockets, no connection cap (the default connector allows 100).
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as session:

        async def one(_: int) -> Any:
            async with limit:
                if spec["kind"] == "platform":
                    return await platform_room(session, calls, spec["url"])
                return await echo_connection(session, spec["url"], spec["send_size"])

        try:
            # Only the WebSockets stay open: the REST session's connections close before measuring.
            async with aiohttp.ClientSession() as calls, asyncio.timeout(spec["setup_timeout"]):
                opened = await asyncio.gather(*(one(i) for i in range(spec["count"])))
        except Exception as error:  # report rather than hang the coordinator
            ready.put({"error": repr(error)})
            return
        sizes: dict[str, list[int]] = {"sent": [], "update": []}
        if spec["kind"] == "platform":
            for seat in (seat for room in opened for seat in room):
                sizes["sent"].extend(seat.sent)
                sizes["update"].append(seat.update_size)
        ready.put(sizes)
        await asyncio.get_running_loop().run_in_executor(None, stop.get)


def client_process(spec: dict[str, Any], ready: Any, stop: Any) -> None:
    asyncio.run(run_clients(spec, ready, stop))


# -- the coordinator ---------------------------------------------------------------------------------
def wait_quiet(pid: int) -> None:
    """Until the server spends next to no CPU for two half seconds running."""
    give_up, calm = time.monotonic() + QUIET_TIMEOUT_S, 0
    while time.monotonic() < give_up and calm < 2:
        before = cpu_seconds(pid)
        time.sleep(0.5)
        calm = calm + 1 if cpu_seconds(pid) - before < QUIET_CPU_S else 0


def open_clients(spec: dict[str, Any], procs: int, timeout: float) -> tuple[list[Any], dict[str, list[int]]]:
    """Client processes holding `spec["count"]` rooms (platform) or connections (echo) in all;
    returns them, still connected, with the frame sizes they saw."""
    ctx = mp.get_context("spawn")
    ready = ctx.Queue()
    workers = []
    count = spec["count"]
    for i in range(procs):
        part = {**spec, "count": count // procs + (1 if i < count % procs else 0)}
        stop = ctx.Queue()
        worker = ctx.Process(target=client_process, args=(part, ready, stop), daemon=True)
        worker.start()
        workers.append((worker, stop))
    sizes: dict[str, list[int]] = {"sent": [], "update": []}
    try:
        for _ in range(procs):
            answer = ready.get(timeout=timeout + 30)
            if "error" in answer:
                raise RuntimeError(f"client process: {answer['error']}")
            for key in sizes:
                sizes[key].extend(answer[key])
    except BaseException:
        close_clients(workers)
        raise
    return workers, sizes


def close_clients(workers: list[Any]) -> None:
    for _, stop in workers:
        stop.put(None)
    for worker, _ in workers:
        worker.join(timeout=20)
        if worker.is_alive():
            worker.terminate()


class Reading(NamedTuple):
    """KiB of the server's RSS per connection: over the first `--connections` sockets, and
    over as many more opened beside them (None without the marginal step)."""

    first: float
    marginal: float | None


def measure(spec: dict[str, Any], warm: dict[str, Any], pid: int, connections: int, args: argparse.Namespace):  # type: ignore[no-untyped-def]
    """The server's Reading, and the frame sizes the clients of the first step saw."""
    warm_workers, _ = open_clients(warm, 1, args.setup_timeout)
    close_clients(warm_workers)
    wait_quiet(pid)
    before = rss_kib(pid)
    held: list[Any] = []
    try:
        workers, sizes = open_clients(spec, args.client_procs, args.setup_timeout)
        held += workers
        wait_quiet(pid)
        first = rss_kib(pid)
        marginal = None
        if args.marginal:
            workers, _ = open_clients(spec, args.client_procs, args.setup_timeout)
            held += workers
            wait_quiet(pid)
            marginal = (rss_kib(pid) - first) / connections
    finally:
        close_clients(held)
    return Reading((first - before) / connections, marginal), sizes


def code_env(code: str, loop: str = "") -> dict[str, str]:
    env = {"PYTHONSAFEPATH": "1", **({"PYTHONPATH": code} if code else {})}
    if loop:
        env["GAMEROOM_LOOP"] = loop
    return env


def resolved_modules(code: str) -> str:
    """The files `gateway` and `lobby` resolve to in a service process's environment."""
    script = "import gateway, lobby; print(gateway.__file__, lobby.__file__)"
    answer = subprocess.run(
        [sys.executable, "-c", script], env={**os.environ, **code_env(code)}, capture_output=True, text=True, check=True
    )
    return answer.stdout.strip()


def gateway_round(code: str, folder: Path, args: argparse.Namespace) -> tuple[Reading, dict[str, list[int]]]:
    rooms = args.connections // SEATS
    stack = Stack.on_free_ports(
        f"sqlite:///{folder}/rooms.sqlite3",
        log_dir=folder / "logs",
        extra_env={**UNLIMITED, **code_env(code, args.loop)},
    )
    try:
        stack.start(services=tuple(name for name in SERVICES if name != "ai"))  # no CPU seats here
        spec = {"kind": "platform", "url": stack.base_url, "count": rooms, "setup_timeout": args.setup_timeout}
        return measure(spec, {**spec, "count": 1}, stack.processes["gateway"].pid, rooms * SEATS, args)
    finally:
        stack.stop()


def echo_round(send_size: int, reply_size: int, args: argparse.Namespace) -> Reading:
    port = free_port()
    echo = subprocess.Popen(
        [sys.executable, str(ROOT / "bench" / "echo_server.py"), str(port), args.loop], stdout=subprocess.PIPE
    )
    try:
        echo.stdout.readline()  # type: ignore[union-attr]
        spec = {
            "kind": "echo",
            "url": f"http://127.0.0.1:{port}/echo?reply={reply_size}",
            "count": args.connections,
            "send_size": send_size,
            "setup_timeout": args.setup_timeout,
        }
        reading, _ = measure(spec, {**spec, "count": SEATS}, echo.pid, args.connections, args)
        return reading
    finally:
        echo.terminate()
        echo.wait(10)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--connections", type=int, default=1000, help="WebSockets per measurement (even)")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--client-procs", type=int, default=2, help="client processes sharing the connections")
    parser.add_argument("--setup-timeout", type=float, default=180)
    parser.add_argument("--loop", choices=LOOPS, default="uvloop", help="both servers' event loop")
    parser.add_argument(
        "--marginal",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="also open as many sockets again and measure what each further one costs",
    )
    parser.add_argument(
        "--code", action="append", help="run the gateway from this checkout (repeatable; default: this one)"
    )
    args = parser.parse_args()
    if args.connections * (2 if args.marginal else 1) > 5000 or args.connections < SEATS:
        raise SystemExit(f"{SEATS} to 5000 connections in all: this runs on loopback beside everything else")
    args.connections -= args.connections % SEATS
    codes = [str(Path(c).resolve()) for c in args.code] if args.code else [""]
    for code in codes:
        print(f"gateway {code or 'this checkout'}: {resolved_modules(code)}", file=sys.stderr)
    folder = Path(tempfile.mkdtemp(prefix="idle-memory-"))
    print(f"stores and logs in {folder}", file=sys.stderr)
    labels = [f"gateway ({c})" if c else "gateway" for c in codes]
    results: dict[str, list[Reading]] = {label: [] for label in [*labels, "bare echo"]}
    send_size = reply_size = 0
    for index in range(args.rounds):
        # Alternating order: every gateway first, then the echo; the next round backwards.
        order = [*range(len(codes)), -1] if index % 2 == 0 else [-1, *reversed(range(len(codes)))]
        for position, which in enumerate(order):
            label = labels[which] if which >= 0 else "bare echo"
            print(f"round {index + 1}: {label} ...", file=sys.stderr, flush=True)
            if which < 0:  # the frame sizes of the platform's clients, seen in the first round
                results[label].append(echo_round(send_size, reply_size, args))
                continue
            reading, sizes = gateway_round(codes[which], folder / f"r{index}-{position}", args)
            results[label].append(reading)
            send_size = int(statistics.median(sizes["sent"]))
            reply_size = int(statistics.median(sizes["update"]))
    report(results, args, send_size, reply_size)


def report(results: dict[str, list[Reading]], args: argparse.Namespace, send_size: int, reply_size: int) -> None:
    n = args.connections
    print(f"\n## Memory per idle WebSocket: {n} connections, {GAME}, {SEATS} per room")
    print(
        f"{args.rounds} rounds, {args.client_procs} client processes, {os.cpu_count()} cores, {args.loop} loop; "
        f"echo frames: {send_size} B sent, {reply_size} B received (the platform clients' medians).\n"
    )
    figures = [("first", f"first {n}: KiB per connection, 0 → {n} sockets")]
    if args.marginal:
        figures.append(("marginal", f"marginal: KiB per connection, {n} → {2 * n} sockets"))
    for attribute, title in figures:
        print(f"{title}\n")
        rounds = "".join(f" round {i + 1} |" for i in range(args.rounds))
        print(f"| server |{rounds} median | × bare echo |")
        print("|---" * (args.rounds + 3) + "|")
        echo = statistics.median(getattr(r, attribute) for r in results["bare echo"])
        for label, readings in results.items():
            values = [getattr(r, attribute) for r in readings]
            cells = "".join(f" {v:.1f} |" for v in values)
            median = statistics.median(values)
            print(f"| {label} |{cells} {median:.1f} | {median / echo:.2f}× |")
        print()


if __name__ == "__main__":
    main()
