"""Benchmark: a move's latency beside its floor, both measured in one run.

The platform: sequential four-in-a-row moves through the real stack (devstack: gateway and
lobby, svc-boards over gRPC, the SQLite store in a temporary folder), one WebSocket client
holding both seats (bench/move_roundtrip.py's PassAndPlay); a move's latency runs from sending
its frame to the arrival of the update that answers it (the client's own JSON is outside both
this and the echo's timing).

The floor: what a move cannot do without, each part measured in the same run with the sizes
and contents the platform run just produced (its last warm-up move, taken mid-game):

- WebSocket: a bare aiohttp echo (bench/echo_server.py, a process of its own) sent the real
  move frame and answering with a frame of the real update's size;
- gRPC: a grpc.aio unary call, with the lobby's channel options, timeout and wait_for_ready,
  to a no-op generic handler in a process of its own, carrying the serialised ApplyRequest of
  the real state and move and answering with the serialised StepReply svc-boards gave for it;
- SQLite: one durable commit (WAL, synchronous=FULL, BEGIN IMMEDIATE, a fresh file in a
  temporary folder) of the store's move write: the room row UPDATE, the move's events, its
  answer and the move, with the rows the platform wrote; run on the calling thread (the
  store's hop to a worker thread is not floor);
- JSON: decoding and encoding the real state and every view (the seats' and the spectator's)
  once each, with the standard library's json as the engines use it (rulekit.to_json).

The floor's p50 is the sum of the parts' p50s, its p90 and p99 the sums of the parts' p90s and
p99s: an upper-bound-ish convention (the parts' slow tails rarely meet in one move), so the p99
goal is, if anything, easier to meet. For reference the table also shows the same percentiles
of sampled sums (one random sample of each part per draw, a fixed seed), which is what the
floor's tail would be if the parts were independent.

The measurements are interleaved in short rounds (platform moves, then each floor part, then
the platform again, ...) so the drift of a shared machine falls on both: on the development VM
an fsync took either about 0.15 ms or about 4 ms, switching every few hundred commits. Two
diagnostics, not part of the floor: svc-boards' Apply called directly with the same request
(engine + protobuf + gRPC, last row of the table), and, in means, where the platform's excess
goes: the lobby's own stages from the gateway's gameroom_move_seconds histogram over the
measured moves beside the floor parts' means.

The platform's processes run on the loop GAMEROOM_LOOP names (servicekit/eventloop.py: uvloop
unless set to asyncio); the floor's echo and no-op servers on asyncio's own loop, as the floor
was first measured, or on the loop --floor-loop names (the platform's loop, for a floor on
the same footing).

    nice -n 5 .venv/bin/python bench/move_floor.py [--moves 25] [--rounds 200] [--floor-loop uvloop]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

GOAL_P50 = 1.3  # platform p50 ÷ floor p50, at most
GOAL_P99 = 1.5  # platform p99 ÷ floor p99, at most
QUANTILES = (0.5, 0.9, 0.99)
FLOOR_METHOD = "/floor.Floor/Call"
DRAWS = 20_000  # sampled sums of the floor parts
STALL_S = 60.0  # a round (or the set-up) taking longer than this fails the run


# -- pure helpers (tests/unit/test_move_floor.py) -------------------------------------------------
def percentile(samples: Sequence[float], q: float) -> float:
    """The nearest-rank percentile the other benchmarks print (bench/move_roundtrip.py's pct):
    the sample at index int(q·n) of the sorted samples, in the samples' own unit."""
    if not samples:
        raise ValueError("no samples")
    if not 0 <= q <= 1:
        raise ValueError(f"quantile {q} is not in [0, 1]")
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def floor_by_sum(parts: Mapping[str, Sequence[float]], q: float) -> float:
    """The floor at quantile q: the sum of each part's own q-percentile."""
    return sum(percentile(samples, q) for samples in parts.values())


def floor_by_draws(parts: Mapping[str, Sequence[float]], draws: int, rng: random.Random) -> list[float]:
    """Sampled floors: each draw adds one sample of every part, picked at random."""
    series = [list(samples) for samples in parts.values()]
    return [sum(rng.choice(samples) for samples in series) for _ in range(draws)]


def ratio(platform: float, floor: float) -> float:
    return platform / floor if floor > 0 else float("inf")


def stage_means(
    before: Mapping[str, tuple[float, float]], after: Mapping[str, tuple[float, float]]
) -> dict[str, float]:
    """Seconds per move of each histogram stage between two scrapes ((sum, count) per stage)."""
    out = {}
    for stage, (total, count) in after.items():
        earlier_total, earlier_count = before.get(stage, (0.0, 0.0))
        if count > earlier_count:
            out[stage] = (total - earlier_total) / (count - earlier_count)
    return out


# -- the platform -----------------------------------------------------------------------------------
def _player_class() -> type:
    # Imported when run, so that the helpers' unit test needs no stack modules.
    from bench.move_roundtrip import PassAndPlay

    class MeasuredPlayer(PassAndPlay):
        """PassAndPlay, timed from the send to the arrival of the answering frame (the
        client's JSON encode and decode outside), keeping the frames it sent and got."""

        sent_frame = ""
        answer_frame = ""
        arrived = 0.0

        async def _until(self, want):  # type: ignore[no-untyped-def]
            while True:
                frame = await self.ws.receive()
                arrived = time.perf_counter()
                message = json.loads(frame.data)
                if want(message):
                    self.arrived, self.answer_frame = arrived, frame.data
                    self.reply_sizes.append(len(frame.data))
                    return message

        async def move(self) -> float:
            from bench.move_roundtrip import _ids

            if self.update["room"]["status"] == "finished":
                await self.ws.send_str(json.dumps({"rematch": {}}))
                self.update = (
                    await self._until(lambda m: "update" in m and m["update"]["room"]["status"] == "playing")
                )["update"]
            room = self.update["room"]
            views = {v["seat"]: v["view"] for v in self.update["views"]}
            seat = views[0]["to_move"][0]
            move_id = f"b{next(_ids)}"
            # Middle columns first, as move_roundtrip does, so games last a while.
            move = min(views[seat]["legal_moves"], key=lambda m: abs(m["column"] - 3) + (next(_ids) % 3))
            frame = json.dumps(
                {"move": {"seat": seat, "move": move, "client_move_id": move_id, "version": room["version"]}}
            )
            started = time.perf_counter()
            await self.ws.send_str(frame)
            message = await self._until(
                lambda m: ("update" in m and m["update"]["client_move_id"] == move_id) or "refused" in m
            )
            if "refused" in message:
                raise RuntimeError(message)
            self.update, self.sent_frame = message["update"], frame
            return self.arrived - started

    return MeasuredPlayer


# -- what the platform wrote and sent, to size the floor ------------------------------------------
@dataclass
class Capture:
    move_frame: str
    update_size: int
    room_code: str
    room_row: str  # the rooms.data the store wrote
    events: list[tuple[int, str | None, str]]  # (number, visible_to, event) of the move
    answer: str
    move_row: tuple[int, int, int, str, int]  # (game_number, version, seat, move, at_ms)
    state_json: str
    view_jsons: list[str]  # every seat's view, then the spectator's
    apply_request: bytes  # ApplyRequest of the room's state and a legal move
    apply_reply: bytes  # svc-boards' StepReply to it


def read_store(path: Path, code: str, move_id: str, event_numbers: list[int]) -> dict[str, Any]:
    """The rows the store wrote for a room's last move (read-only; the gateway keeps writing)."""
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        room_row = db.execute("SELECT data FROM rooms WHERE code = ?", (code,)).fetchone()[0]
        events = [
            db.execute(
                "SELECT number, visible_to, event FROM events WHERE code = ? AND number = ?", (code, n)
            ).fetchone()
            for n in event_numbers
        ]
        answer = db.execute(
            "SELECT answer FROM move_answers WHERE code = ? AND key LIKE ?", (code, f"%:{move_id}")
        ).fetchone()[0]
        move_row = db.execute(
            "SELECT game_number, version, seat, move, at_ms FROM moves WHERE code = ?"
            " ORDER BY game_number DESC, version DESC LIMIT 1",
            (code,),
        ).fetchone()
    finally:
        db.close()
    return {"room_row": room_row, "events": events, "answer": answer, "move_row": tuple(move_row)}


async def capture(player: Any, store_path: Path, boards_port: int) -> Capture:
    """The sizes and contents of a real mid-game move: its frames, the rows written for it, and
    svc-boards' answer to the next move asked directly."""
    from gameroom import engine_pb2, engine_pb2_grpc

    from lobby.engines import channel

    # A move after which the game goes on, so the next one can be asked of svc-boards.
    while True:
        await player.move()
        if player.update["room"]["status"] == "playing":
            break
    update = player.update
    move_id = json.loads(player.sent_frame)["move"]["client_move_id"]
    rows = read_store(store_path, player.ticket["code"], move_id, [e["number"] for e in update["events"]])
    room = json.loads(rows["room_row"])
    views = {v["seat"]: v["view"] for v in update["views"]}
    seat = views[0]["to_move"][0]
    request = engine_pb2.ApplyRequest(
        game=room["game"],
        state_json=room["state_json"],
        seat=seat,
        move_json=json.dumps(views[seat]["legal_moves"][0]),
        now_ms=int(time.time() * 1000),
    )
    async with channel(f"127.0.0.1:{boards_port}") as boards:
        reply = await engine_pb2_grpc.FamilyEngineStub(boards).Apply(request, timeout=10)
    if reply.HasField("refusal") and reply.refusal.code:
        raise RuntimeError(f"svc-boards refused the captured move: {reply.refusal}")
    return Capture(
        move_frame=player.sent_frame,
        update_size=len(player.answer_frame),
        room_code=room["code"],
        room_row=rows["room_row"],
        events=rows["events"],
        answer=rows["answer"],
        move_row=rows["move_row"],
        state_json=room["state_json"],
        view_jsons=[room["views"][k] for k in sorted(room["views"], key=int)] + [room["spectator_view"]],
        apply_request=request.SerializeToString(),
        apply_reply=reply.SerializeToString(),
    )


# -- the floor parts ---------------------------------------------------------------------------------
async def ws_echo(ws: aiohttp.ClientWebSocketResponse, frame: str, count: int) -> list[float]:
    samples = []
    for _ in range(count):
        started = time.perf_counter()
        await ws.send_str(frame)
        await ws.receive()
        samples.append(time.perf_counter() - started)
    return samples


async def grpc_calls(call: Any, request: bytes, count: int) -> list[float]:
    samples = []
    for _ in range(count):
        started = time.perf_counter()
        # As the lobby calls svc-boards (lobby/engines.py).
        await call(request, timeout=10, wait_for_ready=True)
        samples.append(time.perf_counter() - started)
    return samples


def last_cpu(pid: int) -> int:
    """The CPU the process's main thread last ran on (field 39 of /proc/PID/stat)."""
    stat = Path(f"/proc/{pid}/stat").read_text()
    return int(stat.rpartition(")")[2].split()[36])


class DurableCommit:
    """The store's move write (lobby/store/sqlite.py save_room) on a fresh file of its own."""

    def __init__(self, folder: Path, seen: Capture) -> None:
        self.seen = seen
        self.db = sqlite3.connect(folder / "floor.sqlite3", isolation_level=None)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.executescript(
            """
            CREATE TABLE rooms (code TEXT PRIMARY KEY, revision INTEGER NOT NULL, data TEXT NOT NULL,
                                status TEXT NOT NULL DEFAULT 'waiting', updated_ms INTEGER NOT NULL DEFAULT 0);
            CREATE TABLE events (code TEXT NOT NULL, number INTEGER NOT NULL, visible_to TEXT,
                                 event TEXT NOT NULL, PRIMARY KEY (code, number));
            CREATE TABLE move_answers (code TEXT NOT NULL, key TEXT NOT NULL, answer TEXT NOT NULL,
                                       PRIMARY KEY (code, key));
            CREATE TABLE moves (code TEXT NOT NULL, game_number INTEGER NOT NULL, version INTEGER NOT NULL,
                                seat INTEGER NOT NULL, move TEXT NOT NULL, at_ms INTEGER NOT NULL,
                                PRIMARY KEY (code, game_number, version));
            """
        )
        self.db.execute(
            "INSERT INTO rooms (code, revision, data, status) VALUES (?, 1, ?, 'playing')",
            (seen.room_code, seen.room_row),
        )
        self.revision = 1
        self.step = 0

    def commit(self) -> float:
        seen, code = self.seen, self.seen.room_code
        self.step += 1
        game_number, _, seat, move, at_ms = seen.move_row
        started = time.perf_counter()
        db = self.db
        db.execute("BEGIN IMMEDIATE")
        db.execute(
            "UPDATE rooms SET data = ?, revision = revision + 1, status = ?, updated_ms = ? WHERE code = ? AND revision = ?",
            (seen.room_row, "playing", at_ms, code, self.revision),
        )
        db.execute(
            "INSERT OR IGNORE INTO move_answers (code, key, answer) VALUES (?, ?, ?)",
            (code, f"floor:{self.step}", seen.answer),
        )
        db.executemany(
            "INSERT INTO events (code, number, visible_to, event) VALUES (?, ?, ?, ?)",
            [(code, self.step * 16 + i, visible_to, event) for i, (_, visible_to, event) in enumerate(seen.events)],
        )
        db.execute(
            "INSERT INTO moves (code, game_number, version, seat, move, at_ms) VALUES (?, ?, ?, ?, ?, ?)",
            (code, game_number, self.step, seat, move, at_ms),
        )
        db.execute("COMMIT")
        elapsed = time.perf_counter() - started
        self.revision += 1
        return elapsed

    def close(self) -> None:
        self.db.close()


def json_once(state_json: str, view_jsons: list[str]) -> float:
    from rulekit import to_json

    started = time.perf_counter()
    to_json(json.loads(state_json))
    for view in view_jsons:
        to_json(json.loads(view))
    return time.perf_counter() - started


# -- the no-op gRPC server (a process of its own) ---------------------------------------------------
async def serve_noop(port: int, reply_file: Path) -> None:
    import grpc

    from servicekit.grpc_server import server_options

    reply = reply_file.read_bytes()

    async def call(request: bytes, context: Any) -> bytes:
        return reply

    server = grpc.aio.server(options=server_options())
    handler = grpc.unary_unary_rpc_method_handler(call)  # no (de)serializers: bytes in, bytes out
    server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler("floor.Floor", {"Call": handler}),))
    server.add_insecure_port(f"127.0.0.1:{port}")
    await server.start()
    print("grpc ready", flush=True)
    await server.wait_for_termination()


def start_and_wait(argv: list[str]) -> subprocess.Popen[bytes]:
    process = subprocess.Popen(argv, stdout=subprocess.PIPE)
    if not process.stdout.readline():  # type: ignore[union-attr]
        raise RuntimeError(f"{argv} exited with {process.wait()}")
    return process


# -- the run ---------------------------------------------------------------------------------------
def row(name: str, samples: Sequence[float]) -> str:
    cells = " | ".join(f"{percentile(samples, q) * 1000:.3f}" for q in QUANTILES)
    return f"| {name} | {cells} | {len(samples):,} |"


async def run(args: argparse.Namespace) -> None:
    import grpc
    from gameroom import engine_pb2

    from bench.load import move_stages
    from bench.unlimited import UNLIMITED
    from devstack import Stack, free_port
    from lobby.engines import channel

    folder = Path(tempfile.mkdtemp(prefix="bench-floor-"))
    store_path = folder / "rooms.sqlite3"
    # The per-connection rate limit protects players from floods; a benchmark is one.
    stack = Stack.on_free_ports(
        f"sqlite:///{store_path}",
        log_dir=folder / "logs",
        extra_env=UNLIMITED,
    )
    echo_port, grpc_port = free_port(), free_port()
    children: list[subprocess.Popen[bytes]] = []
    started_at = time.monotonic()
    platform: list[float] = []
    parts: dict[str, list[float]] = {"ws": [], "grpc": [], "sqlite": [], "json": []}
    apply_direct: list[float] = []
    # Diagnostic: the same commit with this process held on one CPU at a time. A thread that
    # sleeps in fdatasync wakes sooner on the CPU that takes the disk's interrupts; which CPU
    # the unpinned floor and the platform's gateway land on is up to the scheduler.
    cpus = sorted(os.sched_getaffinity(0))
    pinned: dict[int, list[float]] = {cpu: [] for cpu in cpus}
    gateway_cpus: list[int] = []  # the CPU the gateway's loop thread last ran on, once a round
    try:
        children.append(
            start_and_wait([sys.executable, str(ROOT / "bench" / "echo_server.py"), str(echo_port), args.floor_loop])
        )
        stack.start()
        # A stack that stops answering fails the run instead of hanging it; the watchdog is set
        # again before every round (a timer outside the timed calls).
        async with aiohttp.ClientSession() as session, asyncio.timeout(STALL_S) as watchdog:
            player = _player_class()(session, stack.base_url)
            await player.open()
            for _ in range(args.warmup):
                await player.move()
            watchdog.reschedule(asyncio.get_running_loop().time() + STALL_S)
            seen = await capture(player, store_path, stack.ports["boards"])
            reply_file = folder / "apply_reply.bin"
            reply_file.write_bytes(seen.apply_reply)
            children.append(
                start_and_wait(
                    [
                        sys.executable,
                        __file__,
                        "--grpc-server",
                        str(grpc_port),
                        str(reply_file),
                        "--floor-loop",
                        args.floor_loop,
                    ]
                )
            )
            commits = DurableCommit(folder, seen)
            metrics_url = f"http://127.0.0.1:{stack.metrics_ports['gateway']}/metrics"
            async with (
                session.ws_connect(f"http://127.0.0.1:{echo_port}/echo?reply={seen.update_size}") as echo,
                channel(f"127.0.0.1:{grpc_port}") as floor_channel,
                channel(f"127.0.0.1:{stack.ports['boards']}") as boards_channel,
            ):
                noop = floor_channel.unary_unary(FLOOR_METHOD)  # no (de)serializers: bytes
                boards_apply = boards_channel.unary_unary(
                    "/gameroom.engine.FamilyEngine/Apply",
                    request_serializer=None,
                    response_deserializer=engine_pb2.StepReply.FromString,
                )

                async def one_round(count: int, keep: bool) -> None:
                    watchdog.reschedule(asyncio.get_running_loop().time() + STALL_S)
                    moves = [await player.move() for _ in range(count)]
                    gateway_cpu = last_cpu(stack.processes["gateway"].pid)
                    echoes = await ws_echo(echo, seen.move_frame, count)
                    calls = await grpc_calls(noop, seen.apply_request, count)
                    writes = [commits.commit() for _ in range(count)]
                    encodes = [json_once(seen.state_json, seen.view_jsons) for _ in range(count)]
                    direct = await grpc_calls(boards_apply, seen.apply_request, count)
                    on_cpu = {}
                    for cpu in cpus:
                        os.sched_setaffinity(0, {cpu})
                        on_cpu[cpu] = [commits.commit() for _ in range(count)]
                    os.sched_setaffinity(0, cpus)
                    if keep:
                        gateway_cpus.append(gateway_cpu)
                        for cpu, samples in on_cpu.items():
                            pinned[cpu].extend(samples)
                        platform.extend(moves)
                        for name, samples in zip(parts, (echoes, calls, writes, encodes), strict=True):
                            parts[name].extend(samples)
                        apply_direct.extend(direct)

                await one_round(args.warmup, keep=False)
                stages_before = move_stages(metrics_url, "four-in-a-row")
                measured_from = time.monotonic()
                for number in range(args.rounds):
                    await one_round(args.moves, keep=True)
                    if (number + 1) % 20 == 0 or number + 1 == args.rounds:
                        print(
                            f"round {number + 1}/{args.rounds}: platform p50 so far "
                            f"{percentile(platform, 0.5) * 1000:.2f} ms",
                            file=sys.stderr,
                            flush=True,
                        )
                measured_s = time.monotonic() - measured_from
                stages_after = move_stages(metrics_url, "four-in-a-row")
            commits.close()
    except grpc.aio.AioRpcError as error:
        raise SystemExit(f"a gRPC call failed: {error.code()} {error.details()}") from None
    except TimeoutError:
        raise SystemExit(f"no progress for {STALL_S:.0f} s; the services' logs are in {folder / 'logs'}") from None
    finally:
        stack.stop()
        for child in children:
            child.terminate()
            child.wait(10)

    report(
        args,
        seen,
        platform,
        parts,
        apply_direct,
        pinned,
        gateway_cpus,
        stages_before,
        stages_after,
        measured_s,
        time.monotonic() - started_at,
    )


def report(
    args: argparse.Namespace,
    seen: Capture,
    platform: list[float],
    parts: dict[str, list[float]],
    apply_direct: list[float],
    pinned: dict[int, list[float]],
    gateway_cpus: list[int],
    stages_before: dict[str, tuple[float, float]],
    stages_after: dict[str, tuple[float, float]],
    measured_s: float,
    total_s: float,
) -> None:
    floor = [floor_by_sum(parts, q) for q in QUANTILES]
    sampled = floor_by_draws(parts, DRAWS, random.Random(0))
    plat = [percentile(platform, q) for q in QUANTILES]
    event_bytes = sum(len(e[2]) + len(e[1] or "") for e in seen.events)
    print(
        f"\nFour-in-a-row, {args.rounds} rounds × {args.moves} sequential moves, each round the platform's "
        f"moves then {args.moves} samples of every floor part; {measured_s:.0f} s measured, {total_s:.0f} s in all.\n"
        f"Event loops: the platform's processes {os.environ.get('GAMEROOM_LOOP', 'uvloop')} (GAMEROOM_LOOP), "
        f"the floor's echo and no-op gRPC servers {args.floor_loop} (--floor-loop).\n"
        f"Sizes from the platform run: move frame {len(seen.move_frame):,} B, update frame {seen.update_size:,} B, "
        f"ApplyRequest {len(seen.apply_request):,} B, StepReply {len(seen.apply_reply):,} B, room row "
        f"{len(seen.room_row):,} B, {len(seen.events)} event(s) {event_bytes:,} B, answer {len(seen.answer)} B, "
        f"move {len(seen.move_row[3])} B, state {len(seen.state_json):,} B, {len(seen.view_jsons)} views "
        f"{sum(map(len, seen.view_jsons)):,} B.\n"
    )
    print("| path | p50 ms | p90 ms | p99 ms | samples |")
    print("|---|---:|---:|---:|---:|")
    print(row("**platform move**: WebSocket → gateway → lobby → gRPC svc-boards → SQLite → update", platform))
    print(row("floor: bare aiohttp WebSocket echo (move frame in, update-sized frame out)", parts["ws"]))
    print(row("floor: bare grpc.aio unary call to a no-op, Apply's request and reply bytes", parts["grpc"]))
    print(row("floor: one durable SQLite commit (WAL, FULL): room row, events, answer, move", parts["sqlite"]))
    print(row("floor: JSON decode + encode of the state and every view", parts["json"]))
    print("| **floor** (sum of the parts' percentiles) | " + " | ".join(f"{f * 1000:.3f}" for f in floor) + " | |")
    print(row("floor, sampled sums (for reference: parts drawn independently)", sampled))
    print(
        "| **platform ÷ floor** | "
        + " | ".join(f"{ratio(p, f):.2f}×" for p, f in zip(plat, floor, strict=True))
        + " | |"
    )
    print(row("diagnostic, not floor: svc-boards' Apply called directly (engine + protobuf + gRPC)", apply_direct))
    for cpu, samples in pinned.items():
        print(row(f"diagnostic, not floor: the floor's durable commit with this process held on CPU {cpu}", samples))
    if gateway_cpus:
        print(
            "\nThe gateway's loop thread (where a lone move's commit runs), seen after each round's moves: "
            + ", ".join(
                f"CPU {cpu} {gateway_cpus.count(cpu) / len(gateway_cpus):.0%}" for cpu in sorted(set(gateway_cpus))
            )
            + "."
        )
    p50_ratio, p99_ratio = ratio(plat[0], floor[0]), ratio(plat[2], floor[2])
    print(
        f"\np50 ratio {p50_ratio:.2f}× against the goal ≤ {GOAL_P50}×: {'met' if p50_ratio <= GOAL_P50 else 'not met'}; "
        f"p99 ratio {p99_ratio:.2f}× against the goal ≤ {GOAL_P99}×: {'met' if p99_ratio <= GOAL_P99 else 'not met'}."
    )
    means = stage_means(stages_before, stages_after)
    if not {"family", "store", "total"} <= means.keys():
        print("(the gateway's gameroom_move_seconds had no moves to show)")
        return
    mean = {name: statistics.fmean(samples) for name, samples in parts.items()}
    client = statistics.fmean(platform)
    lobby_rest = means["total"] - means["family"] - means["store"]
    print(
        "\nWhere the excess goes, in means (the lobby's stages from the gateway's gameroom_move_seconds over the "
        "measured moves; means, so beside the floor parts' means, not the medians above):\n"
    )
    print("| stage | platform mean ms | floor part mean ms | excess ms |")
    print("|---|---:|---:|---:|")
    for name, platform_ms, floor_ms in (
        ("gRPC Apply to svc-boards, engine included (lobby's 'family')", means["family"], mean["grpc"]),
        (
            "the same Apply called directly by this client (diagnostic row above)",
            statistics.fmean(apply_direct),
            mean["grpc"],
        ),
        ("store commit, worker-thread hop included ('store')", means["store"], mean["sqlite"]),
        ("rest of the lobby: room read, checks, JSON, fan-out ('total' − the two)", lobby_rest, mean["json"]),
        ("gateway + WebSocket (client's mean − the lobby's 'total')", client - means["total"], mean["ws"]),
        ("whole move", client, sum(mean.values())),
    ):
        print(f"| {name} | {platform_ms * 1000:.3f} | {floor_ms * 1000:.3f} | {(platform_ms - floor_ms) * 1000:+.3f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument(
        "--moves", type=int, default=25, help="platform moves (and samples of each floor part) per round"
    )
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--warmup", type=int, default=30, help="unmeasured moves and samples before the rounds")
    parser.add_argument(
        "--floor-loop",
        choices=("asyncio", "uvloop"),
        default="asyncio",
        help="the event loop of the floor's echo and no-op gRPC servers",
    )
    parser.add_argument("--grpc-server", nargs=2, metavar=("PORT", "REPLY_FILE"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.grpc_server:
        from servicekit.eventloop import LOOPS

        with asyncio.Runner(loop_factory=LOOPS[args.floor_loop]) as runner:
            runner.run(serve_noop(int(args.grpc_server[0]), Path(args.grpc_server[1])))
        return
    asyncio.run(run(args))


if __name__ == "__main__":
    main()
