"""Liar's Dice over the real WebSocket: a player against the strong and the easy CPU, and a
spectator watching, for a whole game. Every frame either of them receives is checked: the
player sees only its own dice (its own `private` part and its own `rolled` events), the
spectator none, and before a round's cups are lifted no frame carries another cup of that
round (as its list of faces, read from the lifted cups afterwards)."""

from __future__ import annotations

from typing import Any

import aiohttp

from tests.support.client import PlayClient


def _int_lists(value: Any, skip: tuple[str, ...] = ("dice_count", "private", "range")) -> list[tuple[int, ...]]:
    """Every list of whole numbers inside a JSON value, but under the keys in `skip` (the dice
    counts, the seat's own dice, and a bid's quantities as [least, most, step]: with three dice
    left, [1, 5, 1] may well be a cup's faces too)."""
    found: list[tuple[int, ...]] = []
    if isinstance(value, dict):
        for key, item in value.items():
            if key not in skip:
                found += _int_lists(item, skip)
    elif isinstance(value, list):
        if value and all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            found.append(tuple(value))
        for item in value:
            found += _int_lists(item, skip)
    return found


def _events(frame: dict[str, Any]) -> list[dict[str, Any]]:
    return [item["event"] for item in frame.get("update", {}).get("events", [])]


def _views(frame: dict[str, Any]) -> list[dict[str, Any]]:
    return [item["view"] for item in frame.get("update", {}).get("views", [])]


def _scan(frames: list[dict[str, Any]], own: int | None) -> tuple[int, int]:
    """Checks every frame; returns the frames checked and the rounds whose cups were lifted."""
    # Each round's cups as lifted at its end, and the first frame that lifts them.
    lifted: dict[int, list[list[int]]] = {}
    lifted_at: dict[int, int] = {}
    for index, frame in enumerate(frames):
        for view in _views(frame):
            last = view["public"]["lifted"]
            if last is not None and last["round"] not in lifted:
                lifted[last["round"]] = last["cups"]
                lifted_at[last["round"]] = index
    checked = 0
    # The faces of the player's own cups so far (its `rolled` events): an earlier round's roll
    # of its own may show the same faces as another cup of a later round, and must.
    own_rolls: set[tuple[int, ...]] = set()
    for index, frame in enumerate(frames):
        for view in _views(frame):
            assert view["seat"] == own
            if own is None:
                assert "private" not in view
            else:
                assert set(view["private"]) == {"dice"}
                if view["public"]["winner"] is None:
                    assert len(view["private"]["dice"]) == view["public"]["dice_count"][own]
                else:  # the game is over: nobody rolls again, the cups stay empty
                    assert view["private"]["dice"] == []
            assert "cups" not in view["public"]
        for item in _events(frame):
            if item["code"] == "rolled":
                assert item["seat"] == own, item
                own_rolls.add(tuple(item["dice"]))
        # Before a round's cups are lifted, no other cup of that round appears anywhere.
        lists = set(_int_lists(frame))
        for round_no, cups in lifted.items():
            if index >= lifted_at[round_no]:
                continue
            mine = cups[own] if own is not None else None
            # A cup may roll the faces some cup of an earlier round showed when it was lifted,
            # or the faces the player itself rolled.
            shown = {tuple(c) for r, cs in lifted.items() if r < round_no and lifted_at[r] <= index for c in cs}
            for seat, cup in enumerate(cups):
                if seat != own and len(cup) >= 3 and cup != mine and tuple(cup) not in shown | own_rolls:
                    assert tuple(cup) not in lists, (round_no, seat, frame)
        checked += 1
    return checked, len(lifted)


def _my_move(view: dict[str, Any]) -> dict[str, Any]:
    """Anna's play: challenge a bid above her own dice plus a third of the rest, else raise
    by one on her most frequent face."""
    pub, own = view["public"], view["private"]["dice"]
    bid = pub["bid"]
    unseen = pub["total_dice"] - len(own)
    if bid is not None and bid["quantity"] > own.count(bid["face"]) + unseen // 3:
        return {"type": "challenge"}
    face = max(range(1, 7), key=lambda f: (own.count(f), f))
    quantity = 1 if bid is None else (bid["quantity"] if face > bid["face"] else bid["quantity"] + 1)
    if quantity > pub["total_dice"]:
        return {"type": "challenge"}
    return {"type": "bid", "quantity": quantity, "face": face}


async def test_no_frame_carries_another_cup_before_it_is_lifted(stack) -> None:
    async with aiohttp.ClientSession() as session:
        anna = await PlayClient.create(
            session,
            stack.base_url,
            "liars-dice",
            [{"kind": "human"}, {"kind": "cpu", "level": "strong"}, {"kind": "cpu", "level": "easy"}],
        )
        watcher = await PlayClient.join(session, stack.base_url, anna.code, "Cleo", spectator=True)
        await anna.connect()
        await watcher.connect()
        await anna.send({"start": {}})
        await anna.wait_until(lambda c: c.room["status"] == "playing" and c.views)
        moves = 0
        while anna.room["status"] != "finished" and moves < 300:
            view = anna.view()
            if 0 in view["to_move"]:
                await anna.move_at_a_persons_pace(0, _my_move(view))
                moves += 1
            else:
                await anna.inbox.get()
        await anna.wait_until(lambda c: c.room["status"] == "finished", timeout=60)
        await watcher.wait_until(lambda c: c.room["status"] == "finished", timeout=60)
        assert anna.view()["result"] is not None and moves > 0
        checked, rounds = _scan(anna.received, 0)
        assert checked > 10 and rounds >= 10
        checked, rounds = _scan(watcher.received, None)
        assert checked > 10 and rounds >= 10
        await anna.close()
        await watcher.close()


async def test_every_frame_is_the_engines_view_and_no_seat_gets_another_roll(stack) -> None:
    """Three seats on sockets of their own and a spectator; afterwards the room's replay gives
    the true state of every version. Each view received is exactly the engine's view of that
    version (which the playout tests scan for every other cup's dice), no frame carries a die
    of another cup (as the engine keeps it), and each `rolled` event reaches only its owner."""
    from svc_dice.liars_dice import ENGINE
    from svc_dice.liars_dice.declaration import hidden_from

    from tests.support.frame_scan import Scan, judge_frames, play_over_sockets, states_by_version

    players, spectator, replay = await play_over_sockets(stack, ENGINE, 3, seed=3)
    states = states_by_version(ENGINE, replay, 3)
    scan = Scan()
    for client in [*players, spectator]:
        judge_frames(ENGINE, states, client, hidden_from, scan)
        rolls = [e for frame in client.received for e in _events(frame) if e["code"] == "rolled"]
        assert all(e["seat"] in client.seats for e in rolls)
        assert bool(rolls) == bool(client.seats)
    assert len(scan.by_seat) == 4 and scan.secrets_seen > scan.frames
