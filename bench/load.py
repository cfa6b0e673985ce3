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

Throughput (`--sweep`): the most moves per second each server answers with p99 under
`--p99-ms` (50), the platform beside a *floor server* (bench/floor_server.py: an aiohttp
WebSocket server making, per move, one grpc.aio call to a no-op service in its own process and
one group-committed durable SQLite write of the platform's row, then answering the room with
frames of the platform's update size), with the same connections in rooms of the same size
taking turns the same way. Method: both servers run at once, their rooms set up once, and the
steps go to each server in turn (the one that goes first changing every round), one server's
clients still while the other's step runs. So the shared machine's own swings, which last
minutes here, fall on both servers alike instead of on whichever ran during them (until this
change the platform's whole sweep ran first, then the floor's).

- Offered load is set by the think time: each room has one move in flight at most, and a
  player moves a uniform 0.5-1.5× the mean think time after the update that makes it its turn,
  so R rooms offer about R ÷ think moves/s while answers are quick (a closed loop: as answers
  slow down, the offered load falls with them).
- The sweep starts at `--sweep-from` (100) moves/s offered and multiplies it by
  `--sweep-factor` (1.5) until `--misses` (2) steps in a row have their p99 at the bound or
  over (a lone one is the shared machine's noise as often as not), then `--refine` (2) times
  tries the geometric middle between the step under the bound with the most moves/s and the
  next offered load over it.
- Each step holds its pace `--settle` (2) s, then measures a `--seconds` (10) s window: moves/s
  are the updates answering moves that arrived in the window; the latencies are of the moves
  sent in the window (waited for `--drain` s more; one still unanswered counts as endless).
  The bound is checked against the p99 of a turn's whole wait, from its first try: a move
  refused `overloaded` is sent again after the web client's pauses (0.2, 0.4, 0.8, 1.6, then
  3.2 s, ±25 %), and those pauses and resends are in it (the plain p99, send to update, is
  printed beside it).
- The peak is the step with the most moves/s among those under the bound; the ratio is the
  platform's peak ÷ the floor's.
- Saturation: then `--saturation-seconds` (20) with no think time, every room always
  wanting to move. The platform works on `GAMEROOM_MOVES_IN_FLIGHT` (64) moves at once and
  refuses the rest `overloaded`; printed are its moves/s against its peak, the moves sent per
  second (the offered load, resends included), the refusals per second, and the p99s. The
  floor server does not shed; its row at no think time is for reference.

The sweep prints one table per connection count with every step, the peaks, the ratio, the
CPU per move of each server process at its peak (and the gateway's stage means), and the
saturation figures. It skips svc-ai's part.

`--variant NAME:VAR=VALUE[,VAR=VALUE]` (repeatable) adds a further platform stack started with
those settings, swept in the same turns: two forms of the platform compared on the same
minutes of the machine, e.g. `--variant unary:GAMEROOM_ENGINE_STREAMS=off`.

    flock /tmp/bench.lock nice -n 0 .venv/bin/python bench/load.py --sweep --connections 1000

Loopback only; every phase is bounded by --seconds and --setup-timeout.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import multiprocessing as mp
import os
import random
import secrets
import signal
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
GOAL_RATIO = 0.7  # the platform's moves/s at the p99 bound ÷ the floor server's, at least
GOAL_SATURATION = 0.9  # moves/s past saturation ÷ the peak, at least
# The web client's pauses before resending a move refused `overloaded` (gateway/web/js/connection.js).
BUSY_RETRY_S = (0.2, 0.4, 0.8, 1.6, 3.2)
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


def pct(samples: list[float], q: float, missing: int = 0) -> float:
    """The nearest-rank q-percentile in ms; `missing` samples count as endless."""
    if not samples and not missing:
        return float("nan")
    ordered = sorted(samples) + [float("inf")] * max(0, missing)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


# -- the client side (runs in each client process) -----------------------------------------------
@dataclass
class Phase:
    kind: str  # "platform" | "echo" | "floor"
    url: str  # the gateway's base URL, or the echo's /echo or the floor server's /play URL
    game: str
    seats: int
    rooms: int  # this process's rooms
    setup_timeout: float
    drain_s: float = DRAIN_S
    move_size: int = 0  # echo and floor: the platform's median move frame
    reply_size: int = 0  # echo and floor: the platform's median update frame
    index: int = 0


@dataclass
class Step:
    """What the coordinator asks of every client process: play at this pace from now on, and
    measure the window [start_at, start_at + seconds) (wall clock)."""

    think_ms: int
    start_at: float
    seconds: float
    # Stop moving when the window closes (moves in flight still end) until the next step: the
    # throughput sweep measures the platform and the floor server in turn, one still while the
    # other plays.
    hold_after: bool = False


@dataclass
class Tally:
    """One step's window."""

    latencies: list[float] = field(default_factory=list)  # moves sent in the window: send to answer
    # The same moves from the player's first try at that turn: resends of shed moves included.
    waits: list[float] = field(default_factory=list)
    sent: int = 0  # moves sent in the window
    sent_refused: int = 0  # of those, refused (overloaded ones are sent again, as a new move)
    answered: int = 0  # moves answered in the window, whenever sent
    refused: Counter[str] = field(default_factory=Counter)  # refusals that arrived in the window


@dataclass
class Seen:
    """What a client process saw over the whole phase."""

    move_sizes: list[int] = field(default_factory=list)
    update_sizes: list[int] = field(default_factory=list)
    games_finished: int = 0
    errors: list[str] = field(default_factory=list)


class Clock:
    """Moves are sent while `sending`, each after a think time of about `think_ms`; the current
    step's window [start, stop) is measured into `tally`."""

    def __init__(self) -> None:
        self.sending = False
        self.think_ms = 0
        self.start = self.stop = float("inf")
        self.tally = Tally()
        self.seen = Seen()

    def open(self) -> bool:
        return self.sending

    def measure(self, tally: Tally, seconds: float) -> None:
        self.tally = tally
        self.start = time.perf_counter()
        self.stop = self.start + seconds

    def _in_window(self, at: float) -> bool:
        return self.start <= at < self.stop

    def sent(self) -> tuple[float, Tally | None]:
        """A move leaves now: its send time and the tally of the window it was sent in."""
        now = time.perf_counter()
        if not self._in_window(now):
            return now, None
        self.tally.sent += 1
        return now, self.tally

    def answered(self, sent_at: float, tally: Tally | None, first_at: float) -> None:
        now = time.perf_counter()
        if tally is not None:
            tally.latencies.append(now - sent_at)
            tally.waits.append(now - first_at)
        if self._in_window(now):
            self.tally.answered += 1

    def refused(self, code: str, tally: Tally | None) -> None:
        if tally is not None:
            tally.sent_refused += 1
        if self._in_window(time.perf_counter()):
            self.tally.refused[code] += 1

    def think(self, rnd: random.Random) -> float:
        # Uniform around the mean, so rooms drift apart instead of moving in lockstep.
        return 0.0 if not self.think_ms else self.think_ms / 1000 * rnd.uniform(0.5, 1.5)


class PlatformPlayer:
    """One seat's WebSocket: moves whenever its view says it is to move."""

    def __init__(self, phase: Phase, ticket: dict[str, Any], clock: Clock, rnd: random.Random) -> None:
        self.phase, self.ticket, self.clock, self.rnd = phase, ticket, clock, rnd
        self.seen = clock.seen
        self.seats: list[int] = list(ticket["seats"])
        self.room: dict[str, Any] = ticket["room"]
        self.views: dict[int, dict[str, Any]] = {}
        self.inflight: tuple[str, float, Tally | None] | None = None  # move id, sent at, its window
        self.first_try: float | None = None  # when this turn's first move was sent (shed ones are sent again)
        self.busy_tries = 0  # this turn's moves refused `overloaded`
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
                if update["views"] and len(self.seen.update_sizes) < 2000:
                    self.seen.update_sizes.append(len(frame.data))
                if self.inflight and update["client_move_id"] == self.inflight[0]:
                    _, sent_at, tally = self.inflight
                    self.clock.answered(sent_at, tally, self.first_try or sent_at)
                    self.inflight = self.first_try = None
                    self.busy_tries = 0
                self.room = update["room"]
                for item in update["views"]:
                    self.views[item["seat"]] = item["view"]
                if self.room["status"] == "playing":
                    self.playing.set()
                self.react()
            elif "refused" in message:
                refused = message["refused"]
                if self.inflight and refused["client_move_id"] == self.inflight[0]:
                    self.clock.refused(refused["code"], self.inflight[2])
                    self.inflight = None
                    self.moved_at_version = -1
                    if refused["code"] == "overloaded":
                        # As the web client does (BUSY_RETRY_MS): back off, longer each time,
                        # instead of asking again at once (its last pause kept for later tries).
                        pause = BUSY_RETRY_S[min(self.busy_tries, len(BUSY_RETRY_S) - 1)]
                        self.busy_tries += 1
                        asyncio.get_running_loop().call_later(pause * (0.75 + self.rnd.random() / 2), self.react)
                    else:
                        self.react()
                else:
                    self.clock.refused(refused["code"], None)

    def react(self) -> None:
        room = self.room
        if room["status"] == "finished" and self.seats and self.voted_game != room["version"]:
            self.voted_game = room["version"]
            if self.seats[0] == 0:
                self.seen.games_finished += 1
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
                # A shed move's resend is part of the same turn: no second think time.
                self._later(0.0 if self.first_try else self.clock.think(self.rnd), frame, move_id)
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
                sent_at, tally = self.clock.sent()
                self.inflight = (move_id, sent_at, tally)
                if self.first_try is None:
                    self.first_try = sent_at
                if len(self.seen.move_sizes) < 2000:
                    self.seen.move_sizes.append(len(text))
            assert self.ws is not None
            try:
                await self.ws.send_str(text)
            except ConnectionError as error:
                self.seen.errors.append(repr(error))

        asyncio.get_running_loop().create_task(send())


async def rest(session: aiohttp.ClientSession, url: str, body: dict[str, Any]) -> dict[str, Any]:
    async with session.post(url, json=body) as answer:
        data = await answer.json()
        if answer.status >= 400:
            raise RuntimeError(f"{url}: {data}")
        return data


async def platform_room(
    phase: Phase, session: aiohttp.ClientSession, clock: Clock, rnd: random.Random
) -> list[PlatformPlayer]:
    """Create a room, fill its seats with one connection each, start the game."""
    body = {"game": phase.game, "seats": [{"kind": "human"}] * phase.seats, "nickname": "load"}
    tickets = [await rest(session, phase.url + "/api/rooms", body)]
    code = tickets[0]["code"]
    for _ in range(phase.seats - 1):
        tickets.append(await rest(session, f"{phase.url}/api/rooms/{code}/join", {"nickname": "load"}))
    players = [PlatformPlayer(phase, ticket, clock, rnd) for ticket in tickets]
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
    """One connection of an echo or floor room: rooms take turns as the platform's do, one move
    in flight per room, every connection of the room getting each answer."""

    def __init__(self, phase: Phase, room: EchoRoom, seat: int, clock: Clock, rnd: random.Random):
        self.phase, self.room, self.seat, self.clock, self.rnd = phase, room, seat, clock, rnd
        self.sent_at = 0.0
        self.sent_text = ""
        self.tally: Tally | None = None
        self.ws: aiohttp.ClientWebSocketResponse | None = None

    async def open(self, session: aiohttp.ClientSession, name: str) -> None:
        self.ws = await session.ws_connect(
            f"{self.phase.url}?reply={self.phase.reply_size}&room={name}", max_msg_size=0
        )

    async def read(self) -> None:
        assert self.ws is not None
        async for frame in self.ws:
            # The answer begins with the frame sent (both servers pad it): the answer to the
            # other seat's move, read after this seat has moved, is not taken for this one's.
            if frame.type == aiohttp.WSMsgType.TEXT and self.sent_at and frame.data.startswith(self.sent_text):
                self.clock.answered(self.sent_at, self.tally, self.sent_at)
                self.sent_at = 0.0
                self.room.next_turn()

    def move(self) -> None:
        self.room.pending = True  # this room's one move is on its way (thinking or in flight)

        async def send() -> None:
            delay = self.clock.think(self.rnd)
            if delay:
                await asyncio.sleep(delay)
            if not self.clock.open():
                self.room.pending = False
                return
            assert self.ws is not None
            self.room.moves += 1
            self.sent_text = self.room.payload(self.room.moves)
            self.sent_at, self.tally = self.clock.sent()
            await self.ws.send_str(self.sent_text)

        asyncio.get_running_loop().create_task(send())


class EchoRoom:
    def __init__(self, phase: Phase) -> None:
        self.players: list[EchoPlayer] = []
        self.turn = 0
        self.moves = 0
        self.move_size = phase.move_size
        self.pending = False  # a move is thinking or in flight: the room plays on by itself

    def payload(self, number: int) -> str:
        """A move frame as long as the platform's, numbered."""
        frame = {"move": {"seat": self.turn, "move": {"type": "x"}, "client_move_id": f"m{number}"}}
        return json.dumps(frame).ljust(self.move_size)

    def next_turn(self) -> None:
        self.turn = (self.turn + 1) % len(self.players)
        self.players[self.turn].move()


async def echo_room(
    phase: Phase, session: aiohttp.ClientSession, name: str, clock: Clock, rnd: random.Random
) -> EchoRoom:
    room = EchoRoom(phase)
    room.players = [EchoPlayer(phase, room, seat, clock, rnd) for seat in range(phase.seats)]
    for player in room.players:
        await player.open(session, name)
        asyncio.get_running_loop().create_task(player.read())
    return room


async def run_clients(phase: Phase, ready: Any, go: Any, results: Any) -> None:
    """Set up this process's rooms, then play the steps the coordinator sends (a `Step`, or None
    to stop) without a pause between them: each step's pace holds from its arrival on, so the
    time before its window lets the servers settle at it. One result per step, then `Seen`."""
    clock = Clock()
    rnd = random.Random(phase.index)
    limit = asyncio.Semaphore(SETUP_CONCURRENCY)
    # One session, no connection cap: the default connector allows 100 connections.
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as session:

        async def one(i: int) -> Any:
            async with limit:
                if phase.kind == "platform":
                    return await platform_room(phase, session, clock, rnd)
                return await echo_room(phase, session, f"p{phase.index}-r{i}", clock, rnd)

        try:
            async with asyncio.timeout(phase.setup_timeout):
                rooms = await asyncio.gather(*(one(i) for i in range(phase.rooms)))
        except Exception as error:  # report rather than hang the coordinator
            ready.put((phase.index, f"setup failed: {error!r}"))
            return
        ready.put((phase.index, "ready"))
        loop = asyncio.get_running_loop()
        while (step := await loop.run_in_executor(None, go.get)) is not None:
            clock.think_ms = step.think_ms
            if not clock.sending:
                clock.sending = True
                for room in rooms:
                    if phase.kind == "platform":
                        for player in room:
                            player.react()
                    elif not room.pending:  # a move still thinking since the hold goes on by itself
                        room.players[room.turn].move()
            await asyncio.sleep(max(0.0, step.start_at - time.time()))
            tally = Tally()
            cpu_before = time.process_time()
            clock.measure(tally, step.seconds)
            await asyncio.sleep(step.seconds)
            cpu_used = time.process_time() - cpu_before
            if step.hold_after:
                clock.sending = False
            await asyncio.sleep(phase.drain_s)
            results.put(
                {
                    "index": phase.index,
                    "latencies": tally.latencies,
                    "waits": tally.waits,
                    "sent": tally.sent,
                    "sent_refused": tally.sent_refused,
                    "answered": tally.answered,
                    "refused": dict(tally.refused),
                    "cpu_s": cpu_used,
                    "move_sizes": clock.seen.move_sizes[:200],
                    "update_sizes": clock.seen.update_sizes[:200],
                }
            )
        clock.sending = False
        seen = clock.seen
        results.put(
            {
                "index": phase.index,
                "move_sizes": seen.move_sizes,
                "update_sizes": seen.update_sizes,
                "games_finished": seen.games_finished,
                "errors": seen.errors[:5],
            }
        )


def client_process(phase: Phase, ready: Any, go: Any, results: Any) -> None:
    asyncio.run(run_clients(phase, ready, go, results))


# -- the coordinator ---------------------------------------------------------------------------------
@dataclass
class Measured:
    label: str
    connections: int
    moves_per_s: float  # moves answered in the window, per second
    p50_ms: float
    # Moves sent in the window, from the send to the answering update; a move still unanswered
    # at the end of the drain counts as endless (so a p99 is never flattered by leaving it out).
    p99_ms: float
    kib_per_connection: float
    server_cpu: dict[str, float]  # process -> share of one core during the window
    stage_ms: dict[str, float]  # the gateway's mean time per move in each stage (family, store, total)
    client_cpu: float  # all client processes together, share of one core
    machine_busy: float  # share of every core
    moves: int
    refused: dict[str, int]
    think_ms: int = 0
    seconds: float = 0.0  # the window's length
    # The same moves timed from the turn's first try: a shed move's pause and resend included.
    wait_p99_ms: float = 0.0
    sent_per_s: float = 0.0  # moves sent in the window per second, shed ones and resends included
    unanswered: int = 0
    move_size: int = 0
    update_size: int = 0
    games_finished: int = 0


class Fleet:
    """One phase's client processes: their rooms set up once, then measured step by step
    (`step`), playing on between steps; `close` ends them and returns what they saw."""

    def __init__(
        self,
        phase: Phase,
        procs: int,
        server_pids: dict[str, int],
        memory_pid: int,
        connections: int,
        metrics_url: str = "",
        label: str = "",
    ) -> None:
        self.phase, self.procs, self.server_pids = phase, procs, server_pids
        self.label = label or phase.kind
        self.memory_pid, self.connections, self.metrics_url = memory_pid, connections, metrics_url
        self.workers: list[Any] = []
        self.kib_per_connection = 0.0
        self.move_sizes: list[int] = []  # frames seen so far (the last step's report)
        self.update_sizes: list[int] = []

    def __enter__(self) -> Fleet:
        ctx = mp.get_context("spawn")
        self.ready, self.results = ctx.Queue(), ctx.Queue()
        self.go = [ctx.Queue() for _ in range(self.procs)]
        phase, procs = self.phase, self.procs
        rooms = [phase.rooms // procs + (1 if i < phase.rooms % procs else 0) for i in range(procs)]
        rss_before = rss_kib(self.memory_pid)
        for i in range(procs):
            part = Phase(**{**phase.__dict__, "rooms": rooms[i], "index": i})
            worker = ctx.Process(target=client_process, args=(part, self.ready, self.go[i], self.results), daemon=True)
            worker.start()
            self.workers.append(worker)
        try:
            for _ in range(procs):
                index, status = self.ready.get(timeout=phase.setup_timeout + 30)
                if status != "ready":
                    raise RuntimeError(f"client process {index}: {status}")
            time.sleep(1.0)  # let the setup's last updates settle before reading memory
        except BaseException:
            self._end()
            raise
        self.kib_per_connection = (rss_kib(self.memory_pid) - rss_before) / self.connections
        return self

    def __exit__(self, *exc: object) -> None:
        self._end()

    def step(self, think_ms: int, seconds: float, settle: float, hold_after: bool = False) -> Measured:
        """Play at `think_ms` from now on; measure the window that opens `settle` seconds later
        (and with `hold_after`, stop moving when it closes, until the next step)."""
        start_at = time.time() + settle
        for queue in self.go:
            queue.put(Step(think_ms, start_at, seconds, hold_after))
        time.sleep(max(0.0, start_at - time.time()))
        pids, metrics_url, game = self.server_pids, self.metrics_url, self.phase.game
        cpu_before = {name: cpu_seconds(pid) for name, pid in pids.items()}
        busy_before = machine_busy()
        stages_before = move_stages(metrics_url, game) if metrics_url else {}
        time.sleep(seconds)
        cpu_after = {name: cpu_seconds(pid) for name, pid in pids.items()}
        busy_after = machine_busy()
        stages_after = move_stages(metrics_url, game) if metrics_url else {}
        reports = [self.results.get(timeout=self.phase.drain_s + 60) for _ in range(self.procs)]
        latencies = [x for r in reports for x in r["latencies"]]
        waits = [x for r in reports for x in r["waits"]]
        unanswered = sum(r["sent"] - r["sent_refused"] for r in reports) - len(latencies)
        refused: Counter[str] = Counter()
        for report in reports:
            refused.update(report["refused"])
        self.move_sizes = [size for r in reports for size in r["move_sizes"]]
        self.update_sizes = [size for r in reports for size in r["update_sizes"]]
        return Measured(
            label=self.label,
            connections=self.connections,
            moves_per_s=sum(r["answered"] for r in reports) / seconds,
            p50_ms=pct(latencies, 0.5, unanswered),
            p99_ms=pct(latencies, 0.99, unanswered),
            kib_per_connection=self.kib_per_connection,
            server_cpu={name: (cpu_after[name] - cpu_before[name]) / seconds for name in pids},
            stage_ms={
                stage: (total - stages_before.get(stage, (0.0, 0.0))[0])
                / max(1.0, count - stages_before.get(stage, (0.0, 0.0))[1])
                * 1000
                for stage, (total, count) in stages_after.items()
            },
            client_cpu=sum(r["cpu_s"] for r in reports) / seconds,
            machine_busy=(busy_after[0] - busy_before[0]) / max(1, busy_after[1] - busy_before[1]),
            moves=sum(r["answered"] for r in reports),
            refused=dict(refused),
            think_ms=think_ms,
            seconds=seconds,
            wait_p99_ms=pct(waits, 0.99, unanswered),
            sent_per_s=sum(r["sent"] for r in reports) / seconds,
            unanswered=unanswered,
        )

    def close(self) -> Seen:
        """Stop the clients; the frame sizes, games and errors they saw."""
        for queue in self.go:
            queue.put(None)
        reports = [self.results.get(timeout=60) for _ in range(self.procs)]
        self._end()
        for report in reports:
            if report["errors"]:
                print(f"  client {report['index']} errors: {report['errors']}", file=sys.stderr)
        return Seen(
            move_sizes=[s for r in reports for s in r["move_sizes"]],
            update_sizes=[s for r in reports for s in r["update_sizes"]],
            games_finished=sum(r["games_finished"] for r in reports),
            errors=[e for r in reports for e in r["errors"]],
        )

    def _end(self) -> None:
        for worker in self.workers:
            worker.join(timeout=10)
            if worker.is_alive():
                worker.terminate()
        self.workers = []


def median_size(sizes: list[int]) -> int:
    return int(statistics.median(sizes)) if sizes else 0


def warm_up(base: str, game: str, seats: int) -> None:
    """One room through REST first, so the gateway's memory baseline has its lazy imports."""
    import urllib.request

    body = json.dumps({"game": game, "seats": [{"kind": "human"}] * seats, "nickname": "warm"}).encode()
    request = urllib.request.Request(base + "/api/rooms", body, {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        answer.read()


def platform_stack(
    args: argparse.Namespace, step: Path, env: dict[str, str] | None = None
) -> tuple[Stack, dict[str, int], str]:
    """The stack started (no svc-ai: no CPU seats here) and warmed up, with `env` set for its
    processes; its gateway's and family service's pids, and the gateway's metrics URL."""
    stack = Stack.on_free_ports(
        f"sqlite:///{step}/rooms.sqlite3",
        log_dir=step / "logs",
        # The per-connection rate limit protects players from floods; a benchmark is one.
        extra_env={**UNLIMITED, **(env or {})},
    )
    try:
        stack.start(services=tuple(name for name in SERVICES if name != "ai"))
        warm_up(stack.base_url, args.game, args.seats)
    except BaseException:
        stack.stop()
        raise
    family = FAMILY_OF.get(args.game, "boards")
    pids = {"gateway": stack.processes["gateway"].pid, f"svc-{family}": stack.processes[family].pid}
    return stack, pids, f"http://127.0.0.1:{stack.metrics_ports['gateway']}/metrics"


def beside_echo(
    phase: Phase,
    procs: int,
    server_pids: dict[str, int],
    memory_pid: int,
    connections: int,
    metrics_url: str,
    think_ms: int,
    seconds: float,
) -> tuple[Measured, Measured, Seen]:
    """One window of `phase` against the platform at `phase.url`, then the same connections in
    rooms of the same size against a bare echo server started here; both measured, and what the
    platform's clients saw (their errors in particular)."""
    with Fleet(phase, procs, server_pids, memory_pid, connections, metrics_url) as fleet:
        platform = fleet.step(think_ms, seconds, settle=0.5)
        seen = fleet.close()
    platform.move_size, platform.update_size = median_size(seen.move_sizes), median_size(seen.update_sizes)
    platform.games_finished = seen.games_finished
    echo_port = free_port()
    echo = subprocess.Popen(
        [sys.executable, str(ROOT / "bench" / "echo_server.py"), str(echo_port)], stdout=subprocess.PIPE
    )
    try:
        echo.stdout.readline()  # type: ignore[union-attr]
        echo_phase = Phase(
            "echo",
            f"http://127.0.0.1:{echo_port}/echo",
            phase.game,
            phase.seats,
            phase.rooms,
            phase.setup_timeout,
            move_size=platform.move_size,
            reply_size=platform.update_size,
        )
        with Fleet(echo_phase, procs, {"echo": echo.pid}, echo.pid, connections) as fleet:
            baseline = fleet.step(think_ms, seconds, settle=0.5)
            fleet.close()
    finally:
        echo.terminate()
        echo.wait(10)
    return platform, baseline, seen


def one_step(args: argparse.Namespace, connections: int, folder: Path) -> tuple[Measured, Measured]:
    rooms = max(1, connections // args.seats)
    connections = rooms * args.seats
    stack, server_pids, metrics_url = platform_stack(args, folder / f"c{connections}")
    try:
        phase = Phase("platform", stack.base_url, args.game, args.seats, rooms, args.setup_timeout)
        platform, baseline, _ = beside_echo(
            phase,
            args.client_procs,
            server_pids,
            server_pids["gateway"],
            connections,
            metrics_url,
            args.think_ms,
            args.seconds,
        )
    finally:
        stack.stop()
    return platform, baseline


# -- the throughput sweep ------------------------------------------------------------------------------
@dataclass
class Sweep:
    """One server's sweep at one connection count, and its saturation step."""

    label: str
    steps: list[Measured]
    saturation: Measured | None
    p99_ms: float  # the bound the peak is taken under

    def passed(self, measured: Measured) -> bool:
        return measured.wait_p99_ms < self.p99_ms

    def peak(self) -> Measured | None:
        """The step with the most moves per second among those under the p99 bound."""
        under = [m for m in self.steps if self.passed(m)]
        return max(under, key=lambda m: m.moves_per_s) if under else None

    def top(self) -> float:
        """The most moves per second of any step, whatever its p99."""
        return max((m.moves_per_s for m in self.steps), default=0.0)


def think_for(rate: float, rooms: int) -> int:
    """The mean think time (ms) at which `rooms` rooms, one move in flight each, offer `rate`
    moves per second if answers took no time."""
    return max(0, round(rooms * 1000 / rate))


class Ladder:
    """One server's offered loads: up by `--sweep-factor` from `--sweep-from` moves/s until
    `--misses` steps in a row have their p99 (resends included) at `--p99-ms` or over (one alone
    is taken for the machine's noise), then `--refine` times the geometric middle between the
    step under the bound with the most moves/s and the next offered load over it."""

    def __init__(self, label: str, rooms: int, args: argparse.Namespace) -> None:
        self.result = Sweep(label, [], None, args.p99_ms)
        self.rooms, self.args = rooms, args
        self.rates: dict[float, Measured] = {}  # offered moves/s -> its step
        self.rate, self.missed, self.refined = args.sweep_from, 0, 0

    def next_rate(self) -> float | None:
        """The offered load of the next step; None when the ladder is done."""
        args, result, rates = self.args, self.result, self.rates
        if self.missed < args.misses and think_for(self.rate, self.rooms) > 0:
            return self.rate
        if self.refined >= args.refine:
            return None
        under = [r for r, m in rates.items() if result.passed(m)]
        if not under:
            return None
        best = max(under, key=lambda r: rates[r].moves_per_s)
        over = [r for r, m in rates.items() if not result.passed(m) and r > best]
        return math.sqrt(best * min(over)) if over else None

    def record(self, rate: float, measured: Measured) -> None:
        climbing = self.missed < self.args.misses and think_for(self.rate, self.rooms) > 0
        self.rates[rate] = measured
        self.result.steps.append(measured)
        if climbing:
            self.missed = 0 if self.result.passed(measured) else self.missed + 1
            self.rate *= self.args.sweep_factor
        else:
            self.refined += 1
        print(
            f"  {self.result.label}: think {measured.think_ms} ms -> {measured.moves_per_s:.0f} moves/s, "
            f"p99 {measured.p99_ms:.1f} ms (resends included {measured.wait_p99_ms:.1f}), "
            f"refused {measured.refused or 'none'}",
            file=sys.stderr,
            flush=True,
        )


def sweep_in_turn(fleets: dict[str, Fleet], ladders: dict[str, Ladder], args: argparse.Namespace) -> None:
    """Every server's ladder, a step of each in turn (the server that goes first changing every
    round), each server's clients still while another's step runs; then each one's step with no
    think time (`--saturation-seconds`). The machine's own swings, minutes long on a shared
    host, then fall on every server alike instead of on whichever happened to run during them."""
    order = list(ladders)
    while True:
        ran = False
        for label in order:
            ladder = ladders[label]
            rate = ladder.next_rate()
            if rate is None:
                continue
            ladder.record(rate, fleets[label].step(think_for(rate, ladder.rooms), args.seconds, args.settle, True))
            ran = True
        if not ran:
            break
        order.reverse()
    if args.saturation_seconds:
        for label in order:
            ladders[label].result.saturation = fleets[label].step(0, args.saturation_seconds, args.settle, True)


def variants(args: argparse.Namespace) -> dict[str, dict[str, str]]:
    """The platform as it is, and each `--variant NAME:VAR=VALUE,...` beside it: label -> env."""
    result: dict[str, dict[str, str]] = {"platform": {}}
    for text in args.variant:
        name, _, settings = text.partition(":")
        pairs = [pair.partition("=") for pair in settings.split(",") if pair.strip()]
        if not name or not pairs or any(not eq for _, eq, _ in pairs):
            raise SystemExit(f"--variant {text!r}: want NAME:VAR=VALUE[,VAR=VALUE]")
        result[f"platform {name}"] = {key.strip(): value for key, _, value in pairs}
    return result


def throughput_step(args: argparse.Namespace, connections: int, folder: Path) -> tuple[list[Sweep], Sweep, str]:
    """The platform's sweep (and each variant's) and the floor server's, a step of each in turn
    (`sweep_in_turn`), the floor's sizes those of the platform's moves in its first step."""
    from bench.floor_server import capture, describe
    from bench.move_floor import start_and_wait

    rooms = max(1, connections // args.seats)
    connections = rooms * args.seats
    step = folder / f"sweep-c{connections}"
    envs = variants(args)
    ladders = {label: Ladder(label, rooms, args) for label in [*envs, "floor"]}
    fleets: dict[str, Fleet] = {}
    with contextlib.ExitStack() as running:
        for n, (label, env) in enumerate(envs.items()):
            stack, server_pids, metrics_url = platform_stack(args, step / str(n), env)
            running.callback(stack.stop)
            if label == "platform":
                main_stack = stack
            phase = Phase("platform", stack.base_url, args.game, args.seats, rooms, args.setup_timeout, args.drain)
            fleets[label] = running.enter_context(
                Fleet(phase, args.client_procs, server_pids, server_pids["gateway"], connections, metrics_url, label)
            )
        # The platform's first step, then the floor server with the sizes its moves had.
        platform, first = fleets["platform"], ladders["platform"]
        first.record(first.rate, platform.step(think_for(first.rate, rooms), args.seconds, args.settle, True))
        move_size, update_size = median_size(platform.move_sizes), median_size(platform.update_sizes)
        family = FAMILY_OF.get(args.game, "boards")
        sizes = capture(step / "0" / "rooms.sqlite3", f"127.0.0.1:{main_stack.ports[family]}")
        sizes_file, reply_file = step / "floor-sizes.json", step / "apply-reply.bin"
        sizes_file.write_text(sizes.to_json())
        reply_file.write_bytes(sizes.apply_reply)
        grpc_port, floor_port = free_port(), free_port()
        server = str(ROOT / "bench" / "floor_server.py")
        children = []
        for command in (
            [sys.executable, server, "noop", str(grpc_port), str(reply_file)],
            [
                *(sys.executable, server, "serve", str(floor_port)),
                *("--grpc", f"127.0.0.1:{grpc_port}", "--store", str(step / "floor.sqlite3")),
                *("--sizes", str(sizes_file)),
            ],
        ):
            child = start_and_wait(command)
            running.callback(child.wait, 10)
            running.callback(child.terminate)
            children.append(child)
        noop, floor_server = children
        floor_phase = Phase(
            "floor",
            f"http://127.0.0.1:{floor_port}/play",
            args.game,
            args.seats,
            rooms,
            args.setup_timeout,
            args.drain,
            move_size=move_size,
            reply_size=update_size,
        )
        pids = {"floor": floor_server.pid, "gRPC no-op": noop.pid}
        fleets["floor"] = running.enter_context(
            Fleet(floor_phase, args.client_procs, pids, floor_server.pid, connections)
        )
        sweep_in_turn(fleets, ladders, args)
        seen = {label: fleet.close() for label, fleet in fleets.items()}
    for label in envs:
        move_size, update_size = median_size(seen[label].move_sizes), median_size(seen[label].update_sizes)
        result = ladders[label].result
        for measured in [*result.steps, result.saturation]:
            if measured is not None:
                measured.move_size, measured.update_size = move_size, update_size
    move_size, update_size = median_size(seen["platform"].move_sizes), median_size(seen["platform"].update_sizes)
    return (
        [ladders[label].result for label in envs],
        ladders["floor"].result,
        f"move frame {move_size} B, update frame {update_size} B, {describe(sizes)}",
    )


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


def ms(value: float) -> str:
    return "∞" if value == float("inf") else f"{value:.1f}"


def cpu_cells(measured: Measured) -> str:
    return ", ".join(f"{name} {share:.2f}" for name, share in measured.server_cpu.items())


def per_move(measured: Measured) -> str:
    return ", ".join(
        f"{name} {share / max(measured.moves_per_s, 1e-9) * 1000:.2f} ms" for name, share in measured.server_cpu.items()
    )


def report_sweep(results: list[tuple[int, list[Sweep], Sweep, str]], args: argparse.Namespace) -> None:
    print(f"\n## Throughput at p99 < {args.p99_ms:g} ms: {args.game}, {args.seats} players per room")
    print(
        f"{args.seconds:g} s windows, each after {args.settle:g} s at its pace; {args.client_procs} client processes, "
        f"{os.cpu_count()} cores, loopback. p99 counts a move unanswered {args.drain:g} s after the window as endless; "
        "'resends included' times a turn from its first try.\n"
    )
    for connections, platforms, floor, sizes in results:
        rooms = connections // args.seats
        print(f"### {connections:,} connections ({sizes})\n")
        print(
            "| server | think ms | offered moves/s | moves/s | sent/s | p50 ms | p99 ms | p99 resends included ms "
            "| shed /s | server CPU (cores) | clients CPU | machine busy |"
        )
        print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|")
        for result in (*platforms, floor):
            for m in [*result.steps, *([result.saturation] if result.saturation else [])]:
                offered = f"{rooms * 1000 / m.think_ms:.0f}" if m.think_ms else "∞ (no think time)"
                mark = "**" if m is result.peak() else ""
                print(
                    f"| {result.label} | {m.think_ms} | {offered} | {mark}{m.moves_per_s:.0f}{mark} | {m.sent_per_s:.0f} "
                    f"| {ms(m.p50_ms)} | {ms(m.p99_ms)} | {ms(m.wait_p99_ms)} "
                    f"| {m.refused.get('overloaded', 0) / m.seconds:.0f} | {cpu_cells(m)} | {m.client_cpu:.2f} "
                    f"| {m.machine_busy:.0%} |"
                )
        for platform in platforms:
            platform_peak, floor_peak = platform.peak(), floor.peak()
            print()
            if platform_peak is None or floor_peak is None:
                print(f"No peak for {platform.label}: a server missed the p99 bound at the lowest offered load.")
                continue
            ratio = platform_peak.moves_per_s / floor_peak.moves_per_s
            print(
                f"Peak at p99 < {args.p99_ms:g} ms: {platform.label} **{platform_peak.moves_per_s:.0f} moves/s**, floor "
                f"**{floor_peak.moves_per_s:.0f} moves/s**; {platform.label} ÷ floor **{ratio:.2f}×** (goal ≥ {GOAL_RATIO}×: "
                f"{'met' if ratio >= GOAL_RATIO else 'not met'})."
            )
            print(
                f"CPU per move at the peak: {platform.label} {per_move(platform_peak)}; floor {per_move(floor_peak)}. "
                "The gateway's mean time per move in the lobby's stages there: "
                + ", ".join(f"{stage} {value:.1f} ms" for stage, value in sorted(platform_peak.stage_ms.items()))
                + "."
            )
            sat = platform.saturation
            if sat is not None:
                share = sat.moves_per_s / platform_peak.moves_per_s
                top = platform.top()
                print(
                    f"\nPast saturation (no think time, {args.saturation_seconds:g} s): {platform.label} answered "
                    f"**{sat.moves_per_s:.0f} moves/s** = **{share:.0%}** of its peak at p99 < {args.p99_ms:g} ms "
                    f"({sat.moves_per_s / max(top, 1e-9):.0%} of the most any sweep step reached, {top:.0f}) "
                    f"(goal ≥ {GOAL_SATURATION:.0%}: {'met' if share >= GOAL_SATURATION else 'not met'}), "
                    f"while {sat.sent_per_s:.0f} moves/s were sent ({sat.sent_per_s / platform_peak.moves_per_s:.1f}× "
                    f"the peak) and {sat.refused.get('overloaded', 0) / args.saturation_seconds:.0f}/s refused "
                    f"`overloaded`; p50 {ms(sat.p50_ms)} ms, p99 {ms(sat.p99_ms)} ms from an accepted send to its update "
                    f"(a turn's wait, pauses and resends included: p99 {ms(sat.wait_p99_ms)} ms); "
                    f"CPU per move {per_move(sat)}."
                )
        if floor.saturation is not None:
            sat = floor.saturation
            print(
                f"The floor server, which does not shed, at no think time: {sat.moves_per_s:.0f} moves/s, "
                f"p50 {ms(sat.p50_ms)} ms, p99 {ms(sat.p99_ms)} ms."
            )
        print()


def report_ai(rows: list[dict[str, Any]], args: argparse.Namespace) -> None:
    print(f"\n## svc-ai think time ({args.ai_positions} positions per game, budget {args.ai_budget_ms} ms)\n")
    print("| game | level | mean ms per move | max ms | svc-ai CPU ms per move |")
    print("|---|---|---|---|---|")
    for row in rows:
        print(f"| {row['game']} | {row['level']} | {row['mean_ms']:.1f} | {row['max_ms']:.0f} | {row['cpu_ms']:.1f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--connections", default="200,500,1000", help="comma-separated connection counts")
    parser.add_argument("--seconds", type=float, help="measured window per phase or step (default 15, --sweep 10)")
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
    sweeping = parser.add_argument_group("throughput sweep (--sweep): the platform beside the floor server")
    sweeping.add_argument("--sweep", action="store_true", help="sweep the offered load instead (no svc-ai part)")
    sweeping.add_argument("--p99-ms", type=float, default=50, help="the p99 bound the peak is taken under")
    sweeping.add_argument("--sweep-from", type=float, default=100, help="offered moves/s of the first step")
    sweeping.add_argument("--sweep-factor", type=float, default=1.5, help="offered load × this per step")
    sweeping.add_argument("--misses", type=int, default=2, help="steps over the bound in a row that end the ladder")
    sweeping.add_argument("--refine", type=int, default=2, help="steps between the best under the bound and next over")
    sweeping.add_argument("--settle", type=float, default=2, help="seconds at a step's pace before its window")
    sweeping.add_argument("--drain", type=float, default=1, help="seconds after a window for its moves' answers")
    sweeping.add_argument(
        "--variant",
        action="append",
        default=[],
        help="NAME:VAR=VALUE[,VAR=VALUE]: a further platform stack with these settings, swept in turn with the others",
    )
    sweeping.add_argument("--saturation-seconds", type=float, default=20, help="window at no think time (0: skip)")
    args = parser.parse_args()
    # Stopped by a signal, still stop the stacks and servers it started (their `finally`s).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    if args.seconds is None:
        args.seconds = 10 if args.sweep else 15
    counts = [int(c) for c in args.connections.split(",") if c.strip()]
    if max(counts) > 5000:
        raise SystemExit("at most 5000 connections: this runs on loopback beside everything else")
    folder = Path(tempfile.mkdtemp(prefix="load-", dir=args.store_dir))
    print(f"logs and stores in {folder}", file=sys.stderr)
    if args.sweep:
        results = []
        for count in counts:
            print(f"{count} connections, sweep ...", file=sys.stderr, flush=True)
            try:
                results.append((count // args.seats * args.seats, *throughput_step(args, count, folder)))
            except Exception as error:  # keep the counts already measured
                print(f"{count} connections failed: {error!r}", file=sys.stderr, flush=True)
        report_sweep(results, args)
        return
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
