"""Blackjack over the real WebSocket: three seats on sockets of their own and a spectator, a
whole game of five rounds. Afterwards the room's replay gives the true state of every version;
each view received is exactly the engine's view of that version, and no frame anyone receives
carries the shoe or the dealer's hidden card before it is turned (`hidden_from`). Then, round
by round, the hidden card is looked for in every frame: it first reaches a socket in the frame
of the version where it is turned, never before."""

from __future__ import annotations

from svc_cards.blackjack import ENGINE
from svc_cards.blackjack.rules import hidden_from

from rulekit.playout import leaves
from tests.support.frame_scan import Scan, judge_frames, play_over_sockets, states_by_version

SEATS = 3


async def test_no_frame_carries_the_hidden_card_before_it_is_turned(stack) -> None:
    players, spectator, replay = await play_over_sockets(stack, ENGINE, SEATS, {"rounds": 5, "chips": 1000}, seed=3)
    states = states_by_version(ENGINE, replay, SEATS)
    scan = Scan()
    for client in [*players, spectator]:
        judge_frames(ENGINE, states, client, hidden_from, scan)
    assert len(scan.by_seat) == SEATS + 1 and scan.secrets_seen > scan.frames

    # Each round's hidden card and the first version at which it is turned.
    holes: dict[str, int | None] = {}
    for version in sorted(states):
        state = states[version]
        if len(state["dealer"]) > 1:
            holes.setdefault(state["dealer"][1], None)
        last = state.get("last_round")
        if last and last["dealer"][1] in holes and holes[last["dealer"][1]] is None:
            holes[last["dealer"][1]] = version
    turned = {card: version for card, version in holes.items() if version is not None}
    assert len(turned) >= 3, holes
    for client in [*players, spectator]:
        version = None
        seen_at: dict[str, int] = {}
        for frame in client.received:
            if "update" in frame:
                version = int(frame["update"]["room"]["version"])
            if version is None:
                continue
            for leaf in leaves(frame):
                if leaf in turned and leaf not in seen_at:
                    seen_at[leaf] = version
        for card, first in seen_at.items():
            assert first >= turned[card], (card, first, turned[card])
        assert seen_at, "the turned cards reached no socket"
