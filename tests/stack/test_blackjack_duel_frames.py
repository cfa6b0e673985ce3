"""The blackjack duel over the real WebSocket: every seat on a socket of its own and a spectator
watching, one whole table (tests/support/frame_scan.py). Every frame is judged against the
replayed game: each view is the engine's view of its version, and no value in any frame is a
secret of its receiver then (`hidden_from`). On top of that, explicitly: while the first
betting round runs, no frame to anyone carries any seat's hidden card, its owner's neither
("nobody knows it yet"); after the turn the owner's own view has it, nobody else's.

The platform's clock runs ten times as fast here (GAMEROOM_CLOCK_RATE, a test-only setting),
so the ante, which doubles every 90 s of game time, rises every 9 s and a table ends in a few
hundred moves; the seats double whenever they may and never fold by choice."""

from __future__ import annotations

from typing import Any

import pytest
from svc_cards.blackjack_duel import ENGINE
from svc_cards.blackjack_duel.rules import hidden_from

from devstack import Stack
from rulekit.playout import leaves
from tests.support.frame_scan import Scan, judge_frames, play_over_sockets, states_by_version

RATE = 10
PREFERRED = ("double", "call", "hit", "split")


@pytest.fixture(scope="module")
def fast_stack(tmp_path_factory: pytest.TempPathFactory):
    folder = tmp_path_factory.mktemp("duel-stack")
    running = Stack.on_free_ports(
        f"sqlite:///{folder}/rooms.sqlite3",
        extra_env={"GAMEROOM_CLOCK_RATE": str(RATE), "GAMEROOM_CPU_DELAY_MS": "20", "GAMEROOM_AI_BUDGET_MS": "100"},
        log_dir=folder / "logs",
    )
    running.start()
    yield running
    running.stop()


def _version(message: dict[str, Any]) -> int | None:
    update = message.get("update")
    return None if update is None else int(update["room"]["version"])


async def test_no_seat_ever_receives_a_hidden_card_before_its_owner_may_see_it(fast_stack) -> None:
    players, spectator, replay = await play_over_sockets(
        fast_stack, ENGINE, 3, seed=5, prefer=lambda move: move.get("type") in PREFERRED
    )
    states = states_by_version(ENGINE, replay, 3)
    scan = Scan()
    for client in [*players, spectator]:
        judge_frames(ENGINE, states, client, hidden_from, scan)
    assert len(scan.by_seat) == 4 and scan.views >= len(replay["moves"]) * 3
    first_round_frames = own_after_turn = 0
    for client in [*players, spectator]:
        version = None
        for message in client.received:
            version = _version(message) if "update" in message else version
            state = states.get(version) if version is not None else None
            if state is None or state["phase"] != "play":
                continue
            hidden = {hands[0][1] for hands in state["cards"] if hands}
            values = {v for v in leaves(message) if isinstance(v, str)}
            if state["stage"] == "bet1":
                assert not hidden & values, (client.seats, version)
                first_round_frames += 1
            elif client.seats:
                (seat,) = client.seats
                for item in message.get("update", {}).get("views", []):
                    if state["dealt"][seat] and state["cards"][seat][0][1] in str(item["view"]["private"]):
                        own_after_turn += 1
    assert first_round_frames > 10 and own_after_turn > 0
    rounds = {e["round"] for _, e in players[0].events.items() if e["code"] == "round_started"}
    assert len(rounds) >= 2 and sum(replay["result"]["scores"]) == 3000
