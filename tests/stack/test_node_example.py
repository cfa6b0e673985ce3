"""The Node.js example bot (examples/node, docs/play-api.md "Node.js") against the running
processes: `node --test examples/node/` with @grpc/grpc-js and @grpc/proto-loader as pinned in
package.json. Its tests list the games, play four in a row to the end against an easy CPU
(asserting the result), reconnect with the token mid-game, check the empty-Struct refusal, and that an online bot
started before its server waits for it."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_the_node_example_bot_plays_to_the_end(stack) -> None:
    node = shutil.which("node")
    if node is None or not (ROOT / "node_modules" / "@grpc" / "grpc-js").is_dir():
        pytest.fail("node and node_modules (npm ci, scripts/bootstrap.sh) are needed for the Node.js example")
    env = {**os.environ, "GAMEROOM_PLAY": f"127.0.0.1:{stack.ports['play']}"}
    done = subprocess.run(
        [node, "--test", "--test-reporter=tap", "examples/node/"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=240,
    )
    out = done.stdout + done.stderr
    assert done.returncode == 0, out
    # Every test of the file ran and passed (a file that found no server would fail, not skip).
    assert re.search(r"^# pass 4$", done.stdout, re.MULTILINE), out
    assert re.search(r"^# fail 0$", done.stdout, re.MULTILINE), out
