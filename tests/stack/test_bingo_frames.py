"""Bingo over the real WebSocket: two seats on sockets of their own and a spectator, a whole
game. Afterwards the room's replay gives the true state of every version; each view received
is exactly the engine's view of that version, and no frame any of them receives carries the
generator or the order of the balls still to come (four of them in a row anywhere)."""

from __future__ import annotations

from svc_dice.bingo import ENGINE

from rulekit import State
from tests.games.bingo.test_hidden import carries_run, still_to_come
from tests.support.frame_scan import Scan, judge_frames, play_over_sockets, states_by_version


def seed_while_playing(state: State, seat: int | None) -> list[str]:
    return [state["rng"]["seed"]] if ENGINE.result(state) is None else []


async def test_no_frame_carries_the_balls_to_come(stack) -> None:
    players, spectator, replay = await play_over_sockets(stack, ENGINE, 2, {"pattern": "full_card"}, seed=5)
    states = states_by_version(ENGINE, replay, 2)
    scan = Scan()
    for client in [*players, spectator]:
        # The seed is the one thing that would predict the drum: hidden from everyone until the
        # game is over (then the room reveals it, so the deal can be audited).
        judge_frames(ENGINE, states, client, seed_while_playing, scan)
    futures = {v: still_to_come(state) for v, state in states.items() if ENGINE.result(state) is None}
    judged = 0
    for client in [*players, spectator]:
        version = None
        for frame in client.received:
            if "update" in frame:
                version = int(frame["update"]["room"]["version"])
            future = futures.get(version) if version is not None else None
            if future is None or len(future) < 4:
                continue
            assert not carries_run(frame, future), (version, frame)
            judged += 1
    assert len(scan.by_seat) == 3 and judged > 3 * 10
