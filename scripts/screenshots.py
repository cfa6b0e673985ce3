"""The README's two screenshots, taken from a real stack in headless Chromium.

    .venv/bin/python scripts/screenshots.py [--out docs/img]

Starts the platform on free ports with a throwaway SQLite store (devstack), seats a player
against CPUs over the play API, lets a few moves happen, and photographs the table as that
player sees it: a Crazy Eights table on a phone (360 × 640) and a chess game on a desktop
(1280 × 800). Needs Debian's chromium (`scripts/bootstrap.sh` installs it).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import aiohttp
from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from devstack import Stack  # noqa: E402
from tests.support.client import PlayClient  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
PHONE = {"width": 360, "height": 640}
DESKTOP = {"width": 1280, "height": 800}
# White's first moves in the desktop picture, played while they are legal.
OPENING = ["e2e4", "g1f3", "f1c4", "b1c3", "d2d3"]


async def crazy_eights(base: str) -> dict[str, Any]:
    """Anna's ticket at a started three-seat Crazy Eights table with two CPUs."""
    async with aiohttp.ClientSession() as session:
        seats = [{"kind": "human"}, {"kind": "cpu", "level": "strong"}, {"kind": "cpu", "level": "easy"}]
        anna = await PlayClient.create(session, base, "crazy-eights", seats, "Anna")
        await anna.connect()
        await anna.send({"start": {}})
        await anna.wait_until(lambda client: client.room.get("status") == "playing" and client.seats[0] in client.views)
        await anna.close()
        return anna.ticket


async def chess_game(base: str) -> dict[str, Any]:
    """Anna's ticket in a chess game against the easy CPU, a few moves in, Anna (White) to move."""
    async with aiohttp.ClientSession() as session:
        seats = [{"kind": "human"}, {"kind": "cpu", "level": "easy"}]
        anna = await PlayClient.create(session, base, "chess", seats, "Anna", options={"white": "seat1"})
        await anna.connect()
        await anna.send({"start": {}})

        def anna_to_move(client: PlayClient) -> bool:
            return client.room.get("status") == "playing" and 0 in client.views.get(0, {}).get("to_move", [])

        await anna.wait_until(anna_to_move)
        for uci in OPENING:
            legal = [move.get("uci") for move in anna.view(0).get("legal_moves", [])]
            if uci not in legal:
                continue
            await anna.move_at_a_persons_pace(0, {"type": "move", "uci": uci})
            await anna.wait_until(anna_to_move)
        await anna.close()
        return anna.ticket


def open_with_ticket(browser, base: str, ticket: dict[str, Any], viewport: dict[str, int]) -> Page:  # type: ignore[no-untyped-def]
    """A page of the room as the ticket's holder sees it (the client keeps tickets in storage)."""
    stored = {
        ticket["code"]: {
            "code": ticket["code"],
            "token": ticket["token"],
            "seats": ticket["seats"],
            "invite": "",
            "game": ticket["room"]["game"],
            "saved_at": int(time.time() * 1000),
        }
    }
    context = browser.new_context(viewport=viewport, locale="en-GB")
    context.add_init_script(f"window.localStorage.setItem('gameroom.tickets', {json.dumps(json.dumps(stored))});")
    page = context.new_page()
    page.goto(f"{base}/r/{ticket['code']}")
    return page


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "img")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("GAMEROOM_LIMITS_EXEMPT", "127.0.0.1,::1")
    with tempfile.TemporaryDirectory() as folder:
        stack = Stack.on_free_ports(
            f"sqlite:///{folder}/rooms.sqlite3",
            extra_env={"GAMEROOM_CPU_DELAY_MS": "20", "GAMEROOM_AI_BUDGET_MS": "200"},
        )
        stack.start()
        try:
            cards = asyncio.run(crazy_eights(stack.base_url))
            board = asyncio.run(chess_game(stack.base_url))
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
                page = open_with_ticket(browser, stack.base_url, cards, PHONE)
                page.locator("[data-testid=hand] .card-btn").first.wait_for(timeout=60_000)
                page.wait_for_load_state("networkidle")
                page.screenshot(path=str(args.out / "phone.png"))
                page = open_with_ticket(browser, stack.base_url, board, DESKTOP)
                page.get_by_test_id("chess-board").wait_for(timeout=60_000)
                page.locator("[data-testid=chess-moves] .ply").first.wait_for(timeout=60_000)
                page.wait_for_load_state("networkidle")
                page.screenshot(path=str(args.out / "desktop.png"))
                browser.close()
        finally:
            stack.stop()
    for name in ("phone.png", "desktop.png"):
        print(args.out / name, (args.out / name).stat().st_size, "bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
