"""The example bot (examples/bot), run as the guide says (`python -m examples.bot ...`), against
the running processes: bots against each other, a refusal it cannot get past, and the gateway
dying under it mid-game."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from devstack import Stack

ROOT = Path(__file__).resolve().parents[2]


def bot(stack: Stack, *args: str) -> subprocess.Popen[str]:
    command = [sys.executable, "-m", "examples.bot", "--server", f"127.0.0.1:{stack.ports['play']}", *args]
    return subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def finish(process: subprocess.Popen[str], timeout: float = 90) -> tuple[str, str]:
    try:
        out, err = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        out, err = process.communicate()
        raise AssertionError(f"bot did not finish:\n{out}\n{err}") from None
    assert process.returncode == 0, f"exit {process.returncode}:\n{out}\n{err}"
    return out, err


def read_code(process: subprocess.Popen[str]) -> str:
    assert process.stdout is not None
    line = process.stdout.readline()
    found = re.match(r"room ([2-9A-Z]{5}) ", line)
    assert found, line
    return found.group(1)


def read_err_until(process: subprocess.Popen[str], needle: str) -> str:
    """The bot's log lines up to and including the first that holds `needle` (its process must
    not have ended before: the test's own timeout bounds the wait)."""
    assert process.stderr is not None
    lines = []
    for line in process.stderr:
        lines.append(line)
        if needle in line:
            return "".join(lines)
    raise AssertionError(f"the bot ended before logging {needle!r}:\n{''.join(lines)[-3000:]}")


def placings(out: str) -> dict[str, int]:
    """Name -> placing, from the bot's last line."""
    return {name: int(rank) for rank, name in re.findall(r"(\d+)\. (.+?) \(seat \d+", out.splitlines()[-1])}


def test_three_bots_play_dice_poker_to_the_end(stack) -> None:
    # Dice poker keeps dice as lists in its moves ({"type": "roll", "keep": [0, 2]}), which
    # travel as Struct lists of doubles: the bots must send back what the server accepts.
    host = bot(stack, "--create", "dice-poker", "--players", "3", "--name", "Host", "--delay", "0", "--seed", "1")
    code = read_code(host)
    guests = [
        bot(stack, "--code", code.lower(), "--name", name, "--delay", "0", "--level", level)
        for name, level in (("Bea", "first"), ("Cy", "random"))
    ]
    outputs = [finish(p)[0] for p in (host, *guests)]
    for out in outputs:
        assert f"game over in room {code} (dice-poker)" in out
    # All three saw the same ending.
    assert placings(outputs[0]) == placings(outputs[1]) == placings(outputs[2])
    assert sorted(placings(outputs[0])) == ["Bea", "Cy", "Host"]
    # Each bot reports its own seat: the host's first, the guests' in the order they joined.
    assert "the bot's seat 0 placed" in outputs[0]
    joined = [int(re.search(r"joined room \w+ \(dice-poker\) at seat (\d)", out).group(1)) for out in outputs[1:]]  # type: ignore[union-attr]
    assert sorted(joined) == [1, 2]
    for seat, out in zip(joined, outputs[1:], strict=True):
        assert f"the bot's seat {seat} placed" in out


def test_bots_over_the_rate_limit_resend_and_finish(tmp_path) -> None:
    """Bots that move at once outpace a tight message rate: every move the gateway drops as
    `rate_limited` is sent again with its id, so the game still reaches its end (a bot that
    dropped such a move left its table waiting on its seat for good)."""
    stack = Stack.on_free_ports(
        f"sqlite:///{tmp_path}/rooms.sqlite3",
        extra_env={"GAMEROOM_RATE_PER_S": "8", "GAMEROOM_RATE_BURST": "4"},
        log_dir=tmp_path / "logs",
    )
    stack.start()
    try:
        host = bot(stack, "--create", "dice-poker", "--players", "2", "--name", "Host", "--delay", "0", "-v")
        code = read_code(host)
        guest = bot(stack, "--code", code, "--name", "Bea", "--delay", "0", "--level", "first", "-v")
        (host_out, host_err), (guest_out, guest_err) = finish(host, timeout=150), finish(guest, timeout=150)
        assert set(placings(host_out)) == {"Host", "Bea"} == set(placings(guest_out))
        # The limit did bite: moves were refused and sent again.
        assert "refused: rate_limited" in host_err + guest_err, host_err[-2000:]
    finally:
        stack.stop()


def test_a_bot_against_a_cpu_seat(stack) -> None:
    out, err = finish(bot(stack, "--create", "four-in-a-row", "--players", "1", "--cpus", "1", "--delay", "0"))
    assert "every seat is taken: starting the game" in err
    assert set(placings(out)) == {"Robo", "CPU (easy)"}


def test_an_unknown_room_or_a_full_one_ends_the_bot_with_the_refusal(stack) -> None:
    unknown = bot(stack, "--code", "ZZZZZ")
    out, err = unknown.communicate(timeout=30)
    assert unknown.returncode == 1 and "unknown_room" in err
    host = bot(stack, "--create", "four-in-a-row", "--players", "1", "--cpus", "1", "--delay", "5")
    code = read_code(host)
    full = bot(stack, "--code", code)
    out, err = full.communicate(timeout=30)
    assert full.returncode == 1 and "no open seat" in err
    host.kill()
    host.communicate()


def test_the_bot_reconnects_when_the_gateway_dies_mid_game(tmp_path) -> None:
    stack = Stack.on_free_ports(
        f"sqlite:///{tmp_path}/rooms.sqlite3",
        extra_env={"GAMEROOM_CPU_DELAY_MS": "20", "GAMEROOM_AI_BUDGET_MS": "100"},
        log_dir=tmp_path / "logs",
    )
    stack.start()
    try:
        player = bot(
            stack,
            "--create",
            "dice-poker",
            "--players",
            "1",
            "--cpus",
            "1",
            "--cpu-level",
            "random",
            "--delay",
            "0.1",
            "-v",
        )
        code = read_code(player)
        # Mid-game: the bot has played (dice poker is about 100 moves, a tenth of a second each).
        before = read_err_until(player, "seat 0 plays")
        assert player.poll() is None
        stack.kill("gateway")
        # The bot saw the gateway go before it comes back (else there is no reconnect to see).
        lost = read_err_until(player, "connection lost")
        stack.start_service("gateway")
        out, err = finish(player)
        err = before + lost + err
        assert "connection lost" in err and "reconnecting" in err
        assert f"game over in room {code} (dice-poker)" in out
        assert "seat 0 placed" in out
    finally:
        stack.stop()
