"""Benchmark: what the deleted-player guards cost the store's write of a game's end.

A game that ends after a seat's player deleted the account stores that seat as a deleted
player's, rates nobody deleted and pays their share to the mint. The guards run on every
finished game's write: on SQLite the finished-game insert looks the seats' players up
(lobby/store/games.py `without_deleted`); on PostgreSQL migration 22's triggers do (a row lock
on the seats' players before `finished_games`, a look-up before each `player_placings` and new
`ratings` row); on both a payout locks and looks up the wallets' players (lobby/store/ledger.py).

A game's end here is a staked, rated two-seat four-in-a-row table's: `save_room` with its last
move, the answer and a FinishedGame (both players' ids, placings, both players' first rating:
new `ratings` rows), then the escrow's settle (`ledger_transfer` paying the winner), each
timed on its own, one game's end after the other. Set-up (players, the room, the wallets'
top-ups, the stakes) is not timed. Each store first gets `--players` players who play no game
(a look-up of the seats' players must stay an index look-up on a table of some size), then
`--rooms` game ends a round, after 20 of warm-up, in a fresh process per set-up and round, the
set-ups' order turned each round:
  - SQLite: the code of now, and the code of 4fec4311 (before the guards; `git archive` into a
    temporary folder, imported first in that process); a database file each.
  - PostgreSQL (`--postgres`): now; now with migration 22's three triggers disabled
    (ALTER TABLE ... DISABLE TRIGGER: the ledger's look-up still runs); the code of 4fec4311
    on a schema it migrated (no trigger, no ledger look-up). A fresh schema each, dropped after.
Printed: p50 and p99 ms of each write, the median of the rounds' figures, and now ÷ baseline.
A commit's wait for the disk is most of a write and, on a shared machine, the noisiest part:
`--postgres '...?synchronous_commit=off'` (a server setting of the bench's connections) leaves
the work the guards add.

    .venv/bin/python bench/game_end.py [--rooms 500] [--rounds 5] [--players 5000] [--only sqlite|postgres]
        [--postgres postgresql://postgres@127.0.0.1:5432/test] [--before 4fec4311]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
ROOM_FILE = ROOT / "bench" / "data" / "four-in-a-row-room.json"
WARM_UP = 20
STAKE = 10
TRIGGERS = (  # migration 22's (lobby/store/postgres_schema.py): (table, trigger)
    ("finished_games", "finished_games_without_deleted"),
    ("player_placings", "player_placings_skip_deleted"),
    ("ratings", "ratings_skip_deleted"),
)
WRITES = ("finished game", "settle", "both")


def pct(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


# -- one set-up's round, in a process of its own (the code it imports is the set-up's) ----------
async def game_ends(url: str, rooms: int, tag: str, others: int = 0) -> dict[str, list[float]]:
    """`others` players who play no game here, then `rooms` game ends written one after the
    other: the seconds of each write."""
    from lobby.store import (
        EscrowChange,
        FinishedGame,
        MoveRecord,
        Player,
        Posting,
        RatedPlayer,
        StoredEvent,
        Transfer,
        make_store,
    )

    room_doc = json.loads(ROOM_FILE.read_text())
    store = make_store(url)
    await store.open()
    try:
        for n in range(others):
            await store.create_player(Player(f"{tag}-{n}", "other", 1_000), f"hash:{tag}-{n}")
        tables = []
        for n in range(rooms + WARM_UP if rooms else 0):  # set-up, untimed
            players = [f"{tag}-{n}-{seat}" for seat in range(2)]
            for player in players:
                await store.create_player(Player(player, player, 1_000), f"hash:{player}")
                await store.ledger_daily_top_up(f"top-up:{player}", f"wallet:{player}", 1000, 1_000)
            code = f"{tag}-{n}"
            room = {**room_doc, "code": code, "status": "playing", "version": 7, "last_event": 7, "updated_ms": 1_000}
            assert await store.insert_room(room)
            loaded = await store.load_room(code)
            assert loaded is not None
            table = f"{code}:1"
            stakes = (*(Posting(f"wallet:{p}", -STAKE) for p in players), Posting(f"escrow:{table}", 2 * STAKE))
            await store.ledger_transfer(
                Transfer(f"escrow:{table}", "escrow", stakes, 1_000, {"table": table}),
                EscrowChange(table, "open", STAKE, tuple(players)),
            )
            tables.append((room, loaded[1], players, table))
        times: dict[str, list[float]] = {write: [] for write in WRITES}
        for n, (room, revision, players, table) in enumerate(tables):
            finished_room = {**room, "status": "finished", "version": 8, "last_event": 8, "updated_ms": 2_000}
            move = MoveRecord(0, {"type": "drop", "column": 3}, 8, 2_000)
            finished = FinishedGame(
                room["code"],
                1,
                "four-in-a-row",
                {},
                "00" * 16,
                ["Anna", "Ben"],
                players,
                {"placings": [1, 2]},
                1_000,
                2_000,
                [move],
                ratings=(RatedPlayer(players[0], 27.6, 7.2, 1, 3.5), RatedPlayer(players[1], 22.4, 7.2, 1, -1.8)),
            )
            event = StoredEvent(8, {"code": "finished", "placings": [1, 2]}, None)
            answer = (f"k:{uuid.uuid4().hex}", {"accepted": True, "version": 8})
            pot = (Posting(f"escrow:{table}", -2 * STAKE), Posting(f"wallet:{players[0]}", 2 * STAKE))
            settle = Transfer(f"close:{table}", "settle", pot, 2_000, {"table": table})
            started = time.perf_counter()
            assert await store.save_room(finished_room, revision, [event], answer, [move], finished)
            saved = time.perf_counter()
            _, written = await store.ledger_transfer(settle, EscrowChange(table, "settled"))
            assert written
            settled = time.perf_counter()
            if n >= WARM_UP:
                times["finished game"].append(saved - started)
                times["settle"].append(settled - saved)
                times["both"].append(settled - started)
        return times
    finally:
        await store.close()


def worker(spec: dict[str, Any]) -> None:
    sys.path.insert(0, spec["code"])  # before the installed project: the set-up's code
    import lobby

    assert Path(lobby.__file__).resolve().is_relative_to(Path(spec["code"]).resolve()), lobby.__file__
    times = asyncio.run(game_ends(spec["url"], spec["rooms"], spec["tag"], spec["others"]))
    print(json.dumps(times))


# -- the driver -------------------------------------------------------------------------------------
def with_schema(url: str, schema: str) -> str:
    return f"{url}{'&' if '?' in url else '?'}schema={schema}"


def run_round(code: Path, url: str, rooms: int, tag: str, others: int = 0) -> dict[str, list[float]]:
    spec = {"code": str(code), "url": url, "rooms": rooms, "tag": tag, "others": others}
    # `-P`: the script's folder is not put first on the path, so the set-up's code is what is imported.
    out = subprocess.run(
        [sys.executable, "-P", __file__, "--worker", json.dumps(spec)], check=True, capture_output=True, text=True
    )
    return json.loads(out.stdout.splitlines()[-1])


async def pg_admin(url: str, statements: list[str]) -> None:
    import asyncpg

    connection = await asyncpg.connect(url)
    try:
        for statement in statements:
            await connection.execute(statement)
    finally:
        await connection.close()


def export(commit: str, folder: Path) -> Path:
    """The project's code at `commit`, in `folder`."""
    folder.mkdir()
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit], check=True, capture_output=True)
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive.stdout, check=True)
    return folder


def table_rows(setups: dict[str, list[dict[str, list[float]]]], ratios: list[tuple[str, str]]) -> None:
    """A row per set-up (the median of its rounds' p50 and p99), then a row per (set-up, baseline)."""
    print("| set-up | " + " | ".join(f"{w} p50 ms | {w} p99 ms" for w in WRITES) + " |")
    print("|---|" + "---:|---:|" * len(WRITES))
    medians: dict[str, dict[str, tuple[float, float]]] = {}
    for name, rounds in setups.items():
        medians[name] = {
            w: (statistics.median(pct(r[w], 0.5) for r in rounds), statistics.median(pct(r[w], 0.99) for r in rounds))
            for w in WRITES
        }
        cells = " | ".join(f"{p50:.2f} | {p99:.2f}" for p50, p99 in medians[name].values())
        print(f"| {name} | {cells} |")
    for name, baseline in ratios:
        cells = " | ".join(
            f"{medians[name][w][0] / medians[baseline][w][0]:.2f}× | {medians[name][w][1] / medians[baseline][w][1]:.2f}×"
            for w in WRITES
        )
        print(f"| {name} ÷ {baseline} | {cells} |")
    for name, baseline in ratios:
        # Each round's set-ups ran one after the other: their ratio holds when a shared
        # machine's load (or its disk's) changes from one round to the next.
        cells = " | ".join(
            " | ".join(
                f"{statistics.median(pct(a[w], q) / pct(b[w], q) for a, b in zip(setups[name], setups[baseline], strict=True)):.2f}×"
                for q in (0.5, 0.99)
            )
            for w in WRITES
        )
        print(f"| {name} ÷ {baseline}, median of each round's ratio | {cells} |")
    print("\neach round's p50 ms of the finished game's write:")
    for name, rounds in setups.items():
        figures = " / ".join(f"{pct(r['finished game'], 0.5):.2f}" for r in rounds)
        print(f"  {name}: {figures}")


async def main(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory(prefix="bench-game-end-") as temporary:
        folder = Path(temporary)
        before = export(args.before, folder / "before")
        if args.only in ("", "sqlite"):
            codes = {"now": ROOT, args.before: before}
            files = {name: f"sqlite:///{folder}/{'now' if name == 'now' else 'before'}.sqlite3" for name in codes}
            for name, code in codes.items():
                run_round(code, files[name], 0, "other", args.players)
            results: dict[str, list[dict[str, list[float]]]] = {name: [] for name in codes}
            for round_number in range(args.rounds):
                names = list(codes) if round_number % 2 == 0 else list(codes)[::-1]
                for name in names:
                    results[name].append(run_round(codes[name], files[name], args.rooms, f"r{round_number}"))
            print(
                f"\nA game's end over SQLite (synchronous=FULL): {args.rooms} each a round, median of {args.rounds} rounds.\n"
            )
            table_rows(results, [("now", args.before)])
        if args.only in ("", "postgres"):
            schemas = {name: f"bench_{uuid.uuid4().hex[:8]}" for name in ("now", "triggers disabled", args.before)}
            codes = {"now": ROOT, "triggers disabled": ROOT, args.before: before}
            try:
                # Each schema migrated by its set-up's code and filled, and the triggers off in the one.
                for name, code in codes.items():
                    run_round(code, with_schema(args.postgres, schemas[name]), 0, "other", args.players)
                off = schemas["triggers disabled"]
                await pg_admin(args.postgres, [f"ALTER TABLE {off}.{t} DISABLE TRIGGER {name}" for t, name in TRIGGERS])
                results = {name: [] for name in codes}
                for round_number in range(args.rounds):
                    turn = round_number % len(codes)
                    names = list(codes)[turn:] + list(codes)[:turn]
                    for name in names:
                        url = with_schema(args.postgres, schemas[name])
                        results[name].append(run_round(codes[name], url, args.rooms, f"r{round_number}"))
            finally:
                await pg_admin(args.postgres, [f"DROP SCHEMA IF EXISTS {s} CASCADE" for s in schemas.values()])
            print(f"\nA game's end over PostgreSQL: {args.rooms} each a round, median of {args.rounds} rounds.\n")
            table_rows(results, [("now", "triggers disabled"), ("now", args.before)])


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rooms", type=int, default=500, help="game ends a set-up writes a round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--players", type=int, default=5000, help="players in the store before the first round")
    parser.add_argument("--only", choices=("sqlite", "postgres"), default="")
    parser.add_argument("--postgres", default="postgresql://postgres@127.0.0.1:5432/test")
    parser.add_argument("--before", default="4fec4311", help="the commit before the guards")
    parser.add_argument("--worker", default="", help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.worker:
        worker(json.loads(arguments.worker))
    else:
        asyncio.run(main(arguments))
