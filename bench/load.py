"""Load benchmark: many WebSocket players in many rooms, beside a bare aiohttp WebSocket echo.

For each connection count it starts a fresh stack (devstack: every service a process, the
SQLite store in a temporary folder, the per-connection rate limit raised), and client
processes open that many WebSockets: `--seats` players per room (two per four-in-a-row room,
or several per dice-poker room), each playing random legal moves from its own view as soon as
it is to move (or after `--think-ms`), voting for a rematch when a game ends. Then the same
number of connections, in rooms of the same size taking turns the same way, against a bare
aiohttp WebSocket relay (bench/echo_server.py) with frames of the same sizes as the
platform's moves and updates, measured in the same run.

Printed per connection count: moves (round trips) per second, p50/p99 move latency (send to
the answering update), memory per connection (the server process's RSS before and after
opening the connections, divided by their number; for the gateway that includes the rooms),
and the CPU each process used during the measured window, which shows the side that
saturates. Last, svc-ai's think time per CPU level, asked directly over gRPC with positions
from random playouts (`--ai-positions 0` skips it).

    .venv/bin/python bench/load.py [--connections 200,500,1000] [--seconds 15] [--game four-in-a-row]
                                   [--seats 2] [--client-procs 2] [--think-ms 0] [--ai-positions 10]

Loopback only; every phase is bounded by --seconds and --setup-timeout.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing as mp
import os
import random
import secrets
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.unlimited import UNLIMITED  # noqa: E402
from devstack import SERVICES, Stack, free_port  # noqa: E402

FAMILY_OF = {"four-in-a-row": "boards", "dice-poker": "dice"}
TICKS = os.sysconf("SC_CLK_TCK")
DRAIN_S = 3.0  # after the window: how long in-flight moves may take to be answered
SETUP_CONCURRENCY = 16  # rooms being created and connected at once, per client process


# -- /proc ------------------------------------------------------------------------------------------
def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError(f"no VmRSS for {pid}")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def tree_cpu_seconds(pid: int) -> float:
    """CPU time of a process and its living descendants (svc-ai's Stockfish runs as a child)."""
    total = cpu_seconds(pid)
    for task in Path(f"/proc/{pid}/task").iterdir():
        for child in (task / "children").read_text().split():
            total += tree_cpu_seconds(int(child))
    return total


def machine_busy() -> tuple[float, float]:
    """(busy, total) jiffies of the whole machine."""
    values = [int(v) for v in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    idle = values[3] + values[4]
    return sum(values) - idle, sum(values)


def move_stages(metrics_url: str, game: str) -> dict[str, tuple[float, float]]:
    """stage -> (seconds, moves) so far, from the gateway's gameroom_move_seconds histogram."""
    import urllib.request

    from prometheus_client.parser import text_string_to_metric_families

    with urllib.request.urlopen(metrics_url, timeout=10) as answer:
        text = answer.read().decode()
    stages: dict[str, list[float]] = {}
    for family in text_string_to_metric_families(text):
        if family.name != "gameroom_move_seconds":
            continue
        for sample in family.samples:
            if sample.labels.get("game") != game:
                continue
            entry = stages.setdefault(sample.labels["stage"], [0.0, 0.0])
            if sample.name.endswith("_sum"):
                entry[0] = sample.value
            elif sample.name.endswith("_count"):
                entry[1] = sample.value
    return {stage: (total, count) for stage, (total, count) in stages.items()}


def pct(samples: list[float], q: float) -> float:
    if not samples:
        return float("nan")
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


# -- the client side (runs in each client process) -----------------------------------------------
@dataclass
class Phase:
    kind: str  # "platform" | "echo"
    url: str  # the gateway's base URL, or the echo server's /echo URL
    game: str
    seats: int
    rooms: int  # this process's rooms
    seconds: float
    think_ms: int
    setup_timeout: float
    move_size: int = 0  # echo: the platform's median move frame
    reply_size: int = 0  # echo: the platform's median update frame
    index: int = 0


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)  # moves sent in the window
    answered: int = 0  # moves answered in the window
    refused: Counter[str] = field(default_factory=Counter)
    move_sizes: list[int] = field(default_factory=list)
    update_sizes: list[int] = field(default_factory=list)
    games_finished: int = 0
    errors: list[str] = field(default_factory=list)


class Clock:
    """The measured window: moves are sent from `start` until `stop`."""

    def __init__(self) -> None:
        self.start = float("inf")
        self.stop = float("inf")

    def open(self) -> bool:
        return self.start <= time.perf_counter() < self.stop

    def record(self, tally: Tally, sent_at: float) -> None:
        now = time.perf_counter()
        if self.start <= sent_at:
            tally.latencies.append(now - sent_at)
        if self.start <= now < self.stop:
            tally.answered += 1


def think(phase: Phase, rnd: random.Random) -> float:
    # Uniform around the mean, so rooms drift apart instead of moving in lockstep.
    return 0.0 if not phase.think_ms else phase.think_ms / 1000 * rnd.uniform(0.5, 1.5)


class PlatformPlayer:
    """One seat's WebSocket: moves whenever its view says it is to move."""

    def __init__(self, phase: Phase, ticket: dict[str, Any], tally: Tally, clock: Clock, rnd: random.Random) -> None:
        self.phase, self.ticket, self.tally, self.clock, self.rnd = phase, ticket, tally, clock, rnd
        self.seats: list[int] = list(ticket["seats"])
        self.room: dict[str, Any] = ticket["room"]
        self.views: dict[int, dict[str, Any]] = {}
        self.inflight: tuple[str, float] | None = None
        self.moved_at_version = -1
        self.voted_game = -1
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self.welcomed = asyncio.Event()
        self.playing = asyncio.Event()

    async def open(self, session: aiohttp.ClientSession) -> None:
        self.ws = await session.ws_connect(self.phase.url + "/ws", max_msg_size=0)
        await self.ws.send_str(json.dumps({"hello": {"code": self.ticket["code"], "token": self.ticket["token"]}}))

    async def read(self) -> None:
        assert self.ws is not None
        async for frame in self.ws:
            if frame.type != aiohttp.WSMsgType.TEXT:
                continue
            message = json.loads(frame.data)
            if "welcome" in message:
                self.seats = message["welcome"]["seats"]
                self.welcomed.set()
            elif "update" in message:
                update = message["update"]
                if update["views"] and len(self.tally.update_sizes) < 2000:
                    self.tally.update_sizes.append(len(frame.data))
                if self.inflight and update["client_move_id"] == self.inflight[0]:
                    self.clock.record(self.tally, self.inflight[1])
                    self.inflight = None
                self.room = update["room"]
                for item in update["views"]:
                    self.views[item["seat"]] = item["view"]
                if self.room["status"] == "playing":
                    self.playing.set()
                self.react()
            elif "refused" in message:
                refused = message["refused"]
                self.tally.refused[refused["code"]] += 1
                if self.inflight and refused["client_move_id"] == self.inflight[0]:
                    self.inflight = None
                    self.moved_at_version = -1
                    if refused["code"] == "overloaded":
                        # As the web client does: back off a moment instead of asking again at once.
                        asyncio.get_running_loop().call_later(0.2 * (0.75 + self.rnd.random() / 2), self.react)
                    else:
                        self.react()

    def react(self) -> None:
        room = self.room
        if room["status"] == "finished" and self.seats and self.voted_game != room["version"]:
            self.voted_game = room["version"]
            if self.seats[0] == 0:
                self.tally.games_finished += 1
            self._later(0.0, {"rematch": {}})
            return
        if room["status"] != "playing" or self.inflight or not self.clock.open():
            return
        for seat in self.seats:
            view = self.views.get(seat)
            if view and seat in view["to_move"] and view["legal_moves"] and self.moved_at_version != room["version"]:
                legal = self.rnd.choice(view["legal_moves"])
                move_id = secrets.token_hex(6)
                frame = {"move": {"seat": seat, "move": legal, "client_move_id": move_id, "version": room["version"]}}
                self.moved_at_version = room["version"]
                self._later(think(self.phase, self.rnd), frame, move_id)
                return

    def _later(self, delay: float, frame: dict[str, Any], move_id: str = "") -> None:
        async def send() -> None:
            if delay:
                await asyncio.sleep(delay)
            text = json.dumps(frame)
            if move_id:
                if not self.clock.open():
                    self.moved_at_version = -1
                    return
                self.inflight = (move_id, time.perf_counter())
                if len(self.tally.move_sizes) < 2000:
                    self.tally.move_sizes.append(len(text))
            assert self.ws is not None
            try:
                await self.ws.send_str(text)
            except ConnectionError as error:
                self.tally.errors.append(repr(error))

        asyncio.get_running_loop().create_task(send())


async def rest(session: aiohttp.ClientSession, url: str, body: dict[str, Any]) -> dict[str, Any]:
    async with session.post(url, json=body) as answer:
        data = await answer.json()
        if answer.status >= 400:
            raise RuntimeError(f"{url}: {data}")
        return data


async def platform_room(
    phase: Phase, session: aiohttp.ClientSession, tally: Tally, clock: Clock, rnd: random.Random
) -> list[PlatformPlayer]:
    """Create a room, fill its seats with one connection each, start the game."""
    body = {"game": phase.game, "seats": [{"kind": "human"}] * phase.seats, "nickname": "load"}
    tickets = [await rest(session, phase.url + "/api/rooms", body)]
    code = tickets[0]["code"]
    for _ in range(phase.seats - 1):
        tickets.append(await rest(session, f"{phase.url}/api/rooms/{code}/join", {"nickname": "load"}))
    players = [PlatformPlayer(phase, ticket, tally, clock, rnd) for ticket in tickets]
    for player in players:
        await player.open(session)
        asyncio.get_running_loop().create_task(player.read())
    for player in players:  # every seat connected before the start, as people would be
        await asyncio.wait_for(player.welcomed.wait(), 30)
    assert players[0].ws is not None
    await players[0].ws.send_str(json.dumps({"start": {}}))
    for player in players:
        await asyncio.wait_for(player.playing.wait(), 30)
    return players


class EchoPlayer:
    """One connection of an echo room: rooms take turns as the platform's do, one move in
    flight per room, every connection of the room getting each answer."""

    def __init__(self, phase: Phase, room: EchoRoom, seat: int, tally: Tally, clock: Clock, rnd: random.Random):
        self.phase, self.room, self.seat, self.tally, self.clock, self.rnd = phase, room, seat, tally, clock, rnd
        self.sent_at = 0.0
        self.ws: aiohttp.ClientWebSocketResponse | None = None

    async def open(self, session: aiohttp.ClientSession, name: str) -> None:
        self.ws = await session.ws_connect(
            f"{self.phase.url}?reply={self.phase.reply_size}&room={name}", max_msg_size=0
        )

    async def read(self) -> None:
        assert self.ws is not None
        async for frame in self.ws:
            if frame.type == aiohttp.WSMsgType.TEXT and self.sent_at:
                self.clock.record(self.tally, self.sent_at)
                self.sent_at = 0.0
                self.room.next_turn()

    def move(self) -> None:
        async def send() -> None:
            delay = think(self.phase, self.rnd)
            if delay:
                await asyncio.sleep(delay)
            if not self.clock.open():
                return
            assert self.ws is not None
            self.sent_at = time.perf_counter()
            await self.ws.send_str(self.room.payload)

        asyncio.get_running_loop().create_task(send())


class EchoRoom:
    def __init__(self, phase: Phase) -> None:
        self.players: list[EchoPlayer] = []
        self.turn = 0
        # A frame as long as the platform's move frames.
        self.payload = json.dumps({"move": {"seat": 0, "move": {"type": "x"}, "client_move_id": "m"}}).ljust(
            phase.move_size
        )

    def next_turn(self) -> None:
        self.turn = (self.turn + 1) % len(self.players)
        self.players[self.turn].move()


async def echo_room(
    phase: Phase, session: aiohttp.ClientSession, name: str, tally: Tally, clock: Clock, rnd: random.Random
) -> EchoRoom:
    room = EchoRoom(phase)
    room.players = [EchoPlayer(phase, room, seat, tally, clock, rnd) for seat in range(phase.seats)]
    for player in room.players:
        await player.open(session, name)
        asyncio.get_running_loop().create_task(player.read())
    return room


async def run_clients(phase: Phase, ready: Any, go: Any, results: Any) -> None:
    tally, clock = Tally(), Clock()
    rnd = random.Random(phase.index)
    limit = asyncio.Semaphore(SETUP_CONCURRENCY)
    # One session, no connection cap: the default connector allows 100 connections.
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as session:

        async def one(i: int) -> Any:
            async with limit:
                if phase.kind == "platform":
                    return await platform_room(phase, session, tally, clock, rnd)
                return await echo_room(phase, session, f"p{phase.index}-r{i}", tally, clock, rnd)

        try:
            async with asyncio.timeout(phase.setup_timeout):
                rooms = await asyncio.gather(*(one(i) for i in range(phase.rooms)))
        except Exception as error:  # report rather than hang the coordinator
            ready.put((phase.index, f"setup failed: {error!r}"))
            return
        ready.put((phase.index, "ready"))
        loop = asyncio.get_running_loop()
        start_at = await loop.run_in_executor(None, go.get)
        await asyncio.sleep(max(0.0, start_at - time.time()))
        cpu_before = time.process_time()
        clock.start = time.perf_counter()
        clock.stop = clock.start + phase.seconds
        if phase.kind == "platform":
            for players in rooms:
                for player in players:
                    player.react()
        else:
            for room in rooms:
                room.players[0].move()
        await asyncio.sleep(phase.seconds)
        cpu_used = time.process_time() - cpu_before
        await asyncio.sleep(DRAIN_S)
        results.put(
            {
                "index": phase.index,
                "latencies": tally.latencies,
                "answered": tally.answered,
                "refused": dict(tally.refused),
                "move_sizes": tally.move_sizes,
                "update_sizes": tally.update_sizes,
                "games_finished": tally.games_finished,
                "errors": tally.errors[:5],
                "cpu_s": cpu_used,
            }
        )


def client_process(phase: Phase, ready: Any, go: Any, results: Any) -> None:
    asyncio.run(run_clients(phase, ready, go, results))


# -- the coordinator ---------------------------------------------------------------------------------
@dataclass
class Measured:
    label: str
    connections: int
    moves_per_s: float
    p50_ms: float
    p99_ms: float
    kib_per_connection: float
    server_cpu: dict[str, float]  # process -> share of one core during the window
    stage_ms: dict[str, float]  # the gateway's mean time per move in each stage (family, store, total)
    client_cpu: float  # all client processes together, share of one core
    machine_busy: float  # share of every core
    moves: int
    refused: dict[str, int]
    move_size: int = 0
    update_size: int = 0
    games_finished: int = 0


def run_phase(
    phase: Phase, procs: int, server_pids: dict[str, int], memory_pid: int, connections: int, metrics_url: str = ""
) -> tuple[Measured, list[dict[str, Any]]]:
    ctx = mp.get_context("spawn")
    ready, results = ctx.Queue(), ctx.Queue()
    go = [ctx.Queue() for _ in range(procs)]
    rooms = [phase.rooms // procs + (1 if i < phase.rooms % procs else 0) for i in range(procs)]
    rss_before = rss_kib(memory_pid)
    workers = []
    for i in range(procs):
        part = Phase(**{**phase.__dict__, "rooms": rooms[i], "index": i})
        worker = ctx.Process(target=client_process, args=(part, ready, go[i], results), daemon=True)
        worker.start()
        workers.append(worker)
    try:
        for _ in range(procs):
            index, status = ready.get(timeout=phase.setup_timeout + 30)
            if status != "ready":
                raise RuntimeError(f"client process {index}: {status}")
        time.sleep(1.0)  # let the setup's last updates settle before reading memory
        rss_after = rss_kib(memory_pid)
        start_at = time.time() + 0.5
        for queue in go:
            queue.put(start_at)
        time.sleep(max(0.0, start_at - time.time()))
        cpu_before = {name: cpu_seconds(pid) for name, pid in server_pids.items()}
        busy_before = machine_busy()
        stages_before = move_stages(metrics_url, phase.game) if metrics_url else {}
        time.sleep(phase.seconds)
        cpu_after = {name: cpu_seconds(pid) for name, pid in server_pids.items()}
        busy_after = machine_busy()
        stages_after = move_stages(metrics_url, phase.game) if metrics_url else {}
        reports = [results.get(timeout=DRAIN_S + 60) for _ in range(procs)]
    finally:
        for worker in workers:
            worker.join(timeout=10)
            if worker.is_alive():
                worker.terminate()
    latencies = [x for r in reports for x in r["latencies"]]
    refused: Counter[str] = Counter()
    for report in reports:
        refused.update(report["refused"])
    window = phase.seconds
    measured = Measured(
        label=phase.kind,
        connections=connections,
        moves_per_s=sum(r["answered"] for r in reports) / window,
        p50_ms=pct(latencies, 0.5),
        p99_ms=pct(latencies, 0.99),
        kib_per_connection=(rss_after - rss_before) / connections,
        server_cpu={name: (cpu_after[name] - cpu_before[name]) / window for name in server_pids},
        stage_ms={
            stage: (total - stages_before.get(stage, (0.0, 0.0))[0])
            / max(1.0, count - stages_before.get(stage, (0.0, 0.0))[1])
            * 1000
            for stage, (total, count) in stages_after.items()
        },
        client_cpu=sum(r["cpu_s"] for r in reports) / window,
        machine_busy=(busy_after[0] - busy_before[0]) / max(1, busy_after[1] - busy_before[1]),
        moves=sum(r["answered"] for r in reports),
        refused=dict(refused),
        games_finished=sum(r["games_finished"] for r in reports),
    )
    sizes = [s for r in reports for s in r["move_sizes"]]
    updates = [s for r in reports for s in r["update_sizes"]]
    measured.move_size = int(statistics.median(sizes)) if sizes else 0
    measured.update_size = int(statistics.median(updates)) if updates else 0
    return measured, reports


def warm_up(base: str, game: str, seats: int) -> None:
    """One room through REST first, so the gateway's memory baseline has its lazy imports."""
    import urllib.request

    body = json.dumps({"game": game, "seats": [{"kind": "human"}] * seats, "nickname": "warm"}).encode()
    request = urllib.request.Request(base + "/api/rooms", body, {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        answer.read()


def one_step(args: argparse.Namespace, connections: int, folder: Path) -> tuple[Measured, Measured]:
    rooms = max(1, connections // args.seats)
    connections = rooms * args.seats
    step = folder / f"c{connections}"
    stack = Stack.on_free_ports(
        f"sqlite:///{step}/rooms.sqlite3",
        log_dir=step / "logs",
        # The per-connection rate limit protects players from floods; a benchmark is one.
        extra_env=UNLIMITED,
    )
    echo_port = free_port()
    echo = subprocess.Popen(
        [sys.executable, str(ROOT / "bench" / "echo_server.py"), str(echo_port)], stdout=subprocess.PIPE
    )
    try:
        stack.start(services=tuple(name for name in SERVICES if name != "ai"))  # no CPU seats here
        echo.stdout.readline()  # type: ignore[union-attr]
        warm_up(stack.base_url, args.game, args.seats)
        gateway = stack.processes["gateway"].pid
        family = FAMILY_OF.get(args.game, "boards")
        server_pids = {"gateway": gateway, f"svc-{family}": stack.processes[family].pid}
        phase = Phase(
            "platform", stack.base_url, args.game, args.seats, rooms, args.seconds, args.think_ms, args.setup_timeout
        )
        platform, reports = run_phase(
            phase,
            args.client_procs,
            server_pids,
            gateway,
            connections,
            f"http://127.0.0.1:{stack.metrics_ports['gateway']}/metrics",
        )
        for report in reports:
            if report["errors"]:
                print(f"  client {report['index']} errors: {report['errors']}", file=sys.stderr)
        echo_phase = Phase(
            "echo",
            f"http://127.0.0.1:{echo_port}/echo",
            args.game,
            args.seats,
            rooms,
            args.seconds,
            args.think_ms,
            args.setup_timeout,
            move_size=platform.move_size,
            reply_size=platform.update_size,
        )
        baseline, _ = run_phase(echo_phase, args.client_procs, {"echo": echo.pid}, echo.pid, connections)
    finally:
        stack.stop()
        echo.terminate()
        echo.wait(10)
    return platform, baseline


# -- svc-ai's think time ------------------------------------------------------------------------------
def engine_of(game: str) -> Any:
    from svc_boards.registry import REGISTRY as boards
    from svc_cards.registry import REGISTRY as cards
    from svc_dice.registry import REGISTRY as dice

    for registry in (boards, dice, cards):
        if game in registry:
            return registry.get(game)
    raise SystemExit(f"no engine for {game}")


def positions(game: str, count: int, seed: int) -> list[tuple[int, str]]:
    """(seat, view JSON) of seats to move, from random playouts stopped part way."""
    from rulekit import to_json
    from rulekit.playout import instantiate

    engine = engine_of(game)
    rnd = random.Random(seed)
    out: list[tuple[int, str]] = []
    while len(out) < count:
        state = engine.setup(engine.meta.min_seats, {}, rnd.randbytes(32))
        stop = rnd.randrange(0, max(1, engine.meta.longest_game // 3))
        for _ in range(stop):
            if engine.result(state) is not None:
                break
            seat = rnd.choice(sorted(engine.to_move(state)))
            state, _ = engine.apply(state, seat, instantiate(rnd.choice(engine.legal_moves(state, seat)), rnd), 0)
        if engine.result(state) is None:
            seat = min(engine.to_move(state))
            out.append((seat, to_json(engine.view(state, seat))))
    return out


def ai_think_times(args: argparse.Namespace, folder: Path) -> list[dict[str, Any]]:
    import grpc
    from gameroom import engine_pb2, engine_pb2_grpc
    from svc_ai.players import levels_of

    stack = Stack.on_free_ports(f"sqlite:///{folder}/ai.sqlite3", log_dir=folder / "ai-logs")
    rows = []
    try:
        stack.start(services=("ai",))
        pid = stack.processes["ai"].pid
        with grpc.insecure_channel(f"127.0.0.1:{stack.ports['ai']}") as channel:
            ai = engine_pb2_grpc.AiStub(channel)
            for game in args.ai_games.split(","):
                sample = positions(game, args.ai_positions, 7)
                for level in levels_of(game):
                    walls, cpu_before = [], tree_cpu_seconds(pid)
                    for seat, view in sample:
                        started = time.perf_counter()
                        request = engine_pb2.ChooseMoveRequest(
                            game=game, seat=seat, view_json=view, level=level, seed=b"load", budget_ms=args.ai_budget_ms
                        )
                        reply = ai.ChooseMove(request, timeout=30)
                        if reply.HasField("refusal") and reply.refusal.code:
                            raise RuntimeError(f"{game} {level}: {reply.refusal}")
                        walls.append(time.perf_counter() - started)
                    cpu = (tree_cpu_seconds(pid) - cpu_before) / len(sample)
                    rows.append(
                        {
                            "game": game,
                            "level": level,
                            "mean_ms": statistics.mean(walls) * 1000,
                            "max_ms": max(walls) * 1000,
                            "cpu_ms": cpu * 1000,
                        }
                    )
    finally:
        stack.stop()
    return rows


# -- output -------------------------------------------------------------------------------------------
def report(steps: list[tuple[Measured, Measured]], args: argparse.Namespace) -> None:
    mode = "as fast as answers come" if not args.think_ms else f"after {args.think_ms} ms think time (±50 %)"
    print(f"\n## Load: {args.game}, {args.seats} players per room, moves {mode}")
    print(f"{args.seconds:.0f} s per phase, {args.client_procs} client processes, {os.cpu_count()} cores, loopback.\n")
    print(
        "| connections | server | moves/s | p50 ms | p99 ms | KiB per connection "
        "| server CPU (cores) | clients CPU (cores) | machine busy |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for platform, echo in steps:
        server_cpu = ", ".join(f"{name} {share:.2f}" for name, share in platform.server_cpu.items())
        print(
            f"| {platform.connections} | gateway + svc | {platform.moves_per_s:.0f} | {platform.p50_ms:.1f} "
            f"| {platform.p99_ms:.1f} | {platform.kib_per_connection:.0f} | {server_cpu} | {platform.client_cpu:.2f} "
            f"| {platform.machine_busy:.0%} |"
        )
        print(
            f"| {echo.connections} | bare echo | {echo.moves_per_s:.0f} | {echo.p50_ms:.1f} | {echo.p99_ms:.1f} "
            f"| {echo.kib_per_connection:.0f} | echo {echo.server_cpu['echo']:.2f} | {echo.client_cpu:.2f} "
            f"| {echo.machine_busy:.0%} |"
        )
        print(
            f"| | ratio | {platform.moves_per_s / max(echo.moves_per_s, 1e-9):.2f}× "
            f"| {platform.p50_ms / echo.p50_ms:.1f}× | {platform.p99_ms / echo.p99_ms:.1f}× "
            f"| {platform.kib_per_connection / max(echo.kib_per_connection, 1e-9):.1f}× | | | |"
        )
    print("\nPer move on the platform, during the window (CPU time as milliseconds of one core):\n")
    for platform, _ in steps:
        costs = ", ".join(
            f"{name} {share / max(platform.moves_per_s, 1e-9) * 1000:.2f} ms"
            for name, share in platform.server_cpu.items()
        )
        stages = ", ".join(f"{stage} {ms:.1f} ms" for stage, ms in sorted(platform.stage_ms.items()))
        print(
            f"- {platform.connections} connections: CPU {costs}; mean time in the lobby's stages: {stages}; "
            f"frames: move {platform.move_size} B, "
            f"update {platform.update_size} B; games finished {platform.games_finished}; refusals {platform.refused or 'none'}"
        )


def report_ai(rows: list[dict[str, Any]], args: argparse.Namespace) -> None:
    print(f"\n## svc-ai think time ({args.ai_positions} positions per game, budget {args.ai_budget_ms} ms)\n")
    print("| game | level | mean ms per move | max ms | svc-ai CPU ms per move |")
    print("|---|---|---|---|---|")
    for row in rows:
        print(f"| {row['game']} | {row['level']} | {row['mean_ms']:.1f} | {row['max_ms']:.0f} | {row['cpu_ms']:.1f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--connections", default="200,500,1000", help="comma-separated connection counts")
    parser.add_argument("--seconds", type=float, default=15, help="measured window per phase")
    parser.add_argument("--game", default="four-in-a-row", choices=sorted(FAMILY_OF))
    parser.add_argument("--seats", type=int, default=2, help="players (connections) per room")
    parser.add_argument("--client-procs", type=int, default=2, help="client processes sharing the connections")
    parser.add_argument("--think-ms", type=int, default=0, help="mean pause before each move (0: none)")
    parser.add_argument("--setup-timeout", type=float, default=120)
    parser.add_argument(
        "--store-dir",
        help="folder for the SQLite stores and logs (default: a new temporary folder; /dev/shm leaves fsync out)",
    )
    parser.add_argument("--ai-positions", type=int, default=10, help="positions per game for svc-ai (0: skip)")
    parser.add_argument("--ai-games", default="four-in-a-row,dice-poker,chess")
    parser.add_argument("--ai-budget-ms", type=int, default=1000, help="the lobby's GAMEROOM_AI_BUDGET_MS")
    args = parser.parse_args()
    counts = [int(c) for c in args.connections.split(",") if c.strip()]
    if max(counts) > 5000:
        raise SystemExit("at most 5000 connections: this runs on loopback beside everything else")
    folder = Path(tempfile.mkdtemp(prefix="load-", dir=args.store_dir))
    print(f"logs and stores in {folder}", file=sys.stderr)
    steps = []
    for count in counts:
        print(f"{count} connections ...", file=sys.stderr, flush=True)
        try:
            steps.append(one_step(args, count, folder))
        except Exception as error:  # keep the steps already measured
            print(f"{count} connections failed: {error!r}", file=sys.stderr, flush=True)
    report(steps, args)
    if args.ai_positions:
        report_ai(ai_think_times(args, folder), args)


if __name__ == "__main__":
    main()
