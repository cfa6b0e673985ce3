"""Closes a plan of staked tables, many at once and each several times, as replicas settling
games would: `python ledger_worker.py STORE_URL PLAN_JSON [HOLD]`. Prints one line per closed table.
The ledger test kills it with SIGKILL halfway and runs it again; HOLD tables at the end of
the plan are never started, so the kill lands with work left whatever the machine's speed."""

from __future__ import annotations

import asyncio
import json
import sys

from lobby.ledger import Ledger
from lobby.store import make_store


async def main(url: str, plan_path: str, hold: int) -> None:
    with open(plan_path) as plan_file:
        plan = json.load(plan_file)
    store = make_store(url)
    await store.open()
    ledger = Ledger(store)
    gate = asyncio.Semaphore(8)
    never = asyncio.Event()
    held = {entry["table"] for entry in plan["tables"][len(plan["tables"]) - hold :]} if hold else set()

    async def close(entry: dict) -> None:
        if entry["table"] in held:
            await never.wait()
        async with gate:
            calls = [
                ledger.settle(entry["table"], payouts=entry.get("payouts"), placings=entry.get("placings"))
                if action == "settle"
                else ledger.refund(entry["table"])
                for action in entry["calls"]
            ]
            closed = await asyncio.gather(*calls)
            # Settle and refund share one key: every call, of either kind, got the same transfer.
            assert len({transfer.key for transfer in closed}) == 1 and len({transfer.kind for transfer in closed}) == 1
            print(f"closed {entry['table']} {closed[0].kind}", flush=True)

    await asyncio.gather(*(close(entry) for entry in plan["tables"]))
    await store.close()
    print("done", flush=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 0))
