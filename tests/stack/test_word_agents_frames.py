"""Word Agents over the real WebSocket: the key never reaches a non-chief or the spectator.

Five seats on sockets of their own and a spectator play one whole game of seeded random legal
moves (clues of random letters through the lobby's text check, random votes;
tests/support/frame_scan.py). The room's replay gives the true state at every version: every
view received is the engine's own (chat channels included), and no frame anyone but the two
chiefs received before the game was over carries the key."""

from __future__ import annotations

from svc_words.word_agents import ENGINE
from svc_words.word_agents.declaration import hidden_from

from tests.support.frame_scan import Scan, judge_frames, play_over_sockets, states_by_version


async def test_the_key_reaches_only_the_chiefs(stack) -> None:
    players, spectator, replay = await play_over_sockets(
        stack, ENGINE, 5, {"language": "en"}, seed=5, prefer=lambda move: move["type"] != "end_guessing"
    )
    states = states_by_version(ENGINE, replay, 5)
    scan = Scan()
    for client in [*players, spectator]:
        judge_frames(ENGINE, states, client, hidden_from, scan)
    assert len(scan.by_seat) == 6
    assert scan.views >= len(replay["moves"]) * 5
    kinds = [move["move"].get("type") for move in replay["moves"]]
    assert kinds[:2] == ["appoint", "appoint"] and "clue" in kinds and "vote" in kinds
    final = states[max(states)]
    chiefs = set(final["chiefs"])
    # The check bites: the three other players and the spectator each had the key kept from
    # them in their frames (how many frames each gets depends on how updates coalesce).
    kept_from = {name for name, count in scan.secrets_by_seat.items() if count}
    others = {f"seats {client.seats}" for client in players if not set(client.seats) & chiefs}
    assert len(others) == 3 and others | {"spectator"} <= kept_from, (others, scan)
    for client in players:
        for seat in client.seats:
            views = [item["view"] for m in client.received for item in m.get("update", {}).get("views", [])]
            assert any("private" in view for view in views) == (seat in chiefs)
            assert all(view["chat"]["read"] == ["room", f"team:{seat % 2}"] for view in views)
