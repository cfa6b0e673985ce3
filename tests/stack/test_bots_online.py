"""The Python example bot online (`python -m examples.bot --online`, docs/play-api.md) against the
running processes: two bot accounts made over REST with a passkey each; a bot marks its account
a bot with the games it plays as it starts; one bot challenges the other, which declines a game
it does not play, and which, killed mid-game and started again
with its tickets file, takes its seat back and plays the game to its end (the Python bot and the
Node.js one, `node examples/node/online.mjs`)."""

from __future__ import annotations

import asyncio
import json
import shutil
import subprocess
import sys
from pathlib import Path

import aiohttp
import pytest

from tests.support.challenges import account, call

ROOT = Path(__file__).resolve().parents[2]


async def bot_account(session: aiohttp.ClientSession, base: str, nickname: str) -> tuple[str, str]:
    """An account marked a bot, and a bot token of it: (bot token, player id)."""
    token, player_id = await account(session, base, nickname)
    status, answer = await call(session, base, "PUT", "/api/players/me/bot", token, {"bot": True})
    assert status == 200, answer
    status, made = await call(session, base, "POST", "/api/players/me/bot-tokens", token, {"name": nickname})
    assert status == 201, made
    return made["token"], player_id


def online(stack, token: str, *args: str, language: str = "python") -> subprocess.Popen[str]:  # type: ignore[no-untyped-def]
    """The Python example bot online (or, with language "node", the Node.js one)."""
    if language == "node":
        node = shutil.which("node")
        assert node and (ROOT / "node_modules" / "@grpc" / "grpc-js").is_dir(), "node and node_modules (npm ci) needed"
        command = [node, "examples/node/online.mjs", "--token", token]
    else:
        command = [sys.executable, "-m", "examples.bot", "--online", "--token", token]
    command += ["--server", f"127.0.0.1:{stack.ports['play']}", *args]
    return subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


async def line_starting(process: subprocess.Popen[str], start: str, timeout: float = 60) -> str:
    """Read the bot's output up to the first line starting with `start`."""
    assert process.stdout is not None
    seen: list[str] = []
    async with asyncio.timeout(timeout):
        while True:
            line = await asyncio.to_thread(process.stdout.readline)
            if not line:
                raise AssertionError(f"the bot ended before {start!r}:\n{''.join(seen)}")
            seen.append(line)
            if line.startswith(start):
                return line.strip()


async def finish(process: subprocess.Popen[str], timeout: float = 120) -> str:
    try:
        out, err = await asyncio.to_thread(process.communicate, timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        out, err = process.communicate()
        raise AssertionError(f"the bot did not finish:\n{out}\n{err[-3000:]}") from None
    assert process.returncode == 0, f"exit {process.returncode}:\n{out}\n{err[-3000:]}"
    return out


def stop(process: subprocess.Popen[str]) -> str:
    """Kill the bot if it still runs; what it printed and was not read yet."""
    if process.poll() is None:
        process.kill()
    if process.stdout is None or process.stdout.closed:
        return ""
    return process.communicate()[0]


@pytest.mark.parametrize("language", ["python", "node"])
async def test_a_bot_started_online_is_listed_with_the_games_it_plays(stack, language: str) -> None:
    async with aiohttp.ClientSession() as session:
        person, robo_id = await account(session, stack.base_url, "Robo")  # not marked a bot over REST
        _, made = await call(session, stack.base_url, "POST", "/api/players/me/bot-tokens", person, {"name": "Robo"})
        bot = online(stack, made["token"], "--games", "reversi,four-in-a-row", "--quick-seats", language=language)
        try:
            async with asyncio.timeout(60):
                while True:  # until the bot's stream is open: the listing, asked again
                    _, listed = await call(session, stack.base_url, "GET", "/api/bots", person)
                    robo = [b for b in listed["bots"] if b["player_id"] == robo_id]
                    if robo and robo[0]["online"]:
                        break
                    assert bot.poll() is None, stop(bot)
                    await asyncio.sleep(0.05)
            _, me = await call(session, stack.base_url, "GET", "/api/players/me", person)
        finally:
            stop(bot)
    assert robo[0]["games"] == ["four-in-a-row", "reversi"]
    assert (me["player"]["bot"], me["player"]["quick_seats"]) == (True, True)


async def test_a_bot_declines_a_game_it_does_not_play(stack) -> None:
    async with aiohttp.ClientSession() as session:
        robo, robo_id = await bot_account(session, stack.base_url, "Robo")
        beep, _ = await bot_account(session, stack.base_url, "Beep")
        status, before = await call(session, stack.base_url, "GET", "/api/players/me/challenges", robo)
        assert status == 200 and before["challenges"] == []
    robo_bot = online(stack, robo, "--games", "four-in-a-row")
    beep_bot = online(stack, beep, "--challenge", robo_id, "--game", "dice-poker")
    try:
        assert (
            await line_starting(beep_bot, "challenge 1 of 1 sent") == f"challenge 1 of 1 sent to {robo_id} (dice-poker)"
        )
        assert await line_starting(beep_bot, "challenge 1 of 1 ") == "challenge 1 of 1 declined"
        async with aiohttp.ClientSession() as session:
            _, after = await call(session, stack.base_url, "GET", "/api/players/me/challenges", robo)
        assert after["challenges"] == []  # nothing open, no game made
    finally:
        robo_out = stop(robo_bot)
        stop(beep_bot)
    assert "accepted" not in robo_out and "game started" not in robo_out, robo_out


@pytest.mark.parametrize("language", ["python", "node"])
async def test_a_bot_killed_mid_game_takes_its_seat_back_from_its_tickets_file(stack, tmp_path, language: str) -> None:
    async with aiohttp.ClientSession() as session:
        robo, robo_id = await bot_account(session, stack.base_url, "Robo")
        beep, _ = await bot_account(session, stack.base_url, "Beep")
    tickets = tmp_path / "robo-tickets.json"
    # Slow moves, so the game is still on when Robo is killed.
    first = online(stack, robo, "--games", "four-in-a-row", "--tickets", str(tickets), language=language)
    beep_bot = online(stack, beep, "--challenge", robo_id, "--count", "1", "--delay", "0.4", "--quit-after", "1")
    second: subprocess.Popen[str] | None = None
    try:
        started = await line_starting(first, "game started in room ")
        code = started.split()[4]
        kept = json.loads(tickets.read_text())
        assert list(kept) == [code] and kept[code]["game"] == "four-in-a-row" and kept[code]["token"]
        first.kill()
        first.communicate()

        second = online(stack, robo, "--tickets", str(tickets), "--quit-after", "1", language=language)
        robo_out = await finish(second)
        beep_out = await finish(beep_bot)
    finally:
        for process in (first, beep_bot, second):
            if process is not None:
                stop(process)
    assert f"game started in room {code} (four-in-a-row)" in robo_out
    assert f"game over in room {code} (four-in-a-row): " in robo_out
    assert f"game over in room {code} (four-in-a-row): " in beep_out
    assert json.loads(tickets.read_text()) == {}  # a finished game's ticket is dropped
    async with aiohttp.ClientSession() as session, session.get(f"{stack.base_url}/api/rooms/{code}/games/1") as answer:
        record = await answer.json()
    # Beep challenged (seat 0), Robo was challenged (seat 1); both saw the same ending.
    assert record["names"] == ["Beep", "Robo"] and sorted(record["result"]["placings"]) in ([1, 2], [1, 1])
    if language == "node":
        placings = json.loads(robo_out.split(f"game over in room {code} (four-in-a-row): placings ")[1].splitlines()[0])
        assert placings == record["result"]["placings"]
        return
    assert (
        robo_out.strip().splitlines()[-1].split(": ", 1)[1].split(";")[0]
        == (beep_out.strip().splitlines()[-1].split(": ", 1)[1].split(";")[0])
    )


@pytest.mark.parametrize("language", ["python", "node"])
async def test_a_refused_token_ends_the_online_bot_with_its_code(stack, language: str) -> None:
    process = online(stack, "not-a-token", language=language)
    try:
        _, err = await asyncio.to_thread(process.communicate, timeout=60)
    finally:
        stop(process)
    said = err.strip().splitlines()[-1]
    assert process.returncode == 1 and said.startswith("bot: bad_token" if language == "python" else "bad_token"), err
