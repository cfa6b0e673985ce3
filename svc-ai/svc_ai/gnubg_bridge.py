"""Runs inside GNU Backgammon's embedded Python (`gnubg -t -q -p gnubg_bridge.py`), not in
svc-ai: answers one position per line on standard input with the move GNU Backgammon chooses.

Request: {"board": [opponent's 25 counts, mover's 25 counts], "dice": [a, b],
"context": [cubeful, plies, deterministic, prune, noise]} (each side counted from its own
side, the bar last, as gnubg.board() gives them). Answer: a line starting with ANSWER and
then {"steps": [[from, to], ...]} (25 the bar, 0 borne off) or {"error": "..."}. A request
with "evaluate": true (and no dice) asks instead for the mover's cubeless chance to win with
the mover to roll: {"win": p}. gnubg prints its own chatter on the same stream; the driver
reads only the ANSWER lines.
"""

import json
import sys

import gnubg  # noqa: F401 - only inside GNU Backgammon

ANSWER = "@@gnubg@@ "


def setup() -> None:
    for command in ("set player 0 human", "set player 1 human", "set jacoby off", "new session"):
        gnubg.command(command)


def answer(request: dict) -> dict:
    opponent, mover = request["board"]
    if request.get("evaluate"):
        context = gnubg.evalcontext(*request["context"])
        # (win, win gammon, win backgammon, lose gammon, lose backgammon, equity), mover on roll.
        found = gnubg.evaluate((tuple(opponent), tuple(mover)), gnubg.cubeinfo(), context)
        return {"win": found[0]}
    a, b = request["dice"]
    gnubg.command(f"set dice {a} {b}")
    context = gnubg.evalcontext(*request["context"])
    board = (tuple(opponent), tuple(mover))
    found = gnubg.findbestmove(board, gnubg.cubeinfo(), context)
    pairs = [[found[i], found[i + 1]] for i in range(0, len(found), 2)]
    return {"steps": [pair for pair in pairs if pair[0] > 0]}


def main() -> None:
    setup()
    print(ANSWER + json.dumps({"ready": True}), flush=True)
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        try:
            reply = answer(json.loads(line))
        except Exception as error:  # every failure goes back as an answer, never a hang
            reply = {"error": repr(error)}
        sys.stdout.write(ANSWER + json.dumps(reply) + "\n")
        sys.stdout.flush()


main()
