"""The checks every step passes before the engine is asked (lobby/steps.py `check`), in their
one order: the seat is the ticket's, the game is in play, the seat (or the clock) is to move,
the step was chosen at the room's version. A stale step is refused as stale whatever the engine
would have said of it, since the engine is not asked."""

from __future__ import annotations

import pytest

from lobby.room import Deadline, Room, Seat, Ticket, TicketEntry
from lobby.step_kinds import ClockTimeout, CpuMove, Edit, PlayerMove
from lobby.steps import check
from rulekit import Refusal


class Connection:
    def __init__(self) -> None:
        self.ticket: Ticket | None = None
        self.sent: list[dict] = []

    def send(self, message: dict) -> None:
        self.sent.append(message)


def _room(**changes) -> Room:  # type: ignore[no-untyped-def]
    room = Room(
        code="K7QM2",
        game="dice-poker",
        options={},
        seats=[Seat("human", holder="ka", name="Anna"), Seat("cpu", level="easy")],
        status="playing",
        tickets={"ka": TicketEntry([0], "Anna")},
        version=6,
        to_move=[0],
        deadline=Deadline(1_000, 0, [0]),
        # Anna's choices last changed at version 5; the CPU's at 6.
        choice_version={"0": 5, "1": 6},
    )
    for key, value in changes.items():
        setattr(room, key, value)
    return room


def _anna(seat: int = 0, version: int = 6) -> PlayerMove:
    ticket = Ticket("K7QM2", "ka", [0], "Anna")
    return PlayerMove(Connection(), ticket, seat, {"type": "roll", "keep": []}, "m1", version)


def _refused(step, room: Room) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(Refusal) as refused:
        check(step, room)
    return refused.value.code


def test_a_move_at_a_version_whose_choices_still_hold_passes() -> None:
    check(_anna(version=5), _room())
    check(_anna(version=6), _room())


def test_in_their_order() -> None:
    # Each refusal names the first check that fails, whatever fails after it.
    assert _refused(_anna(seat=1, version=1), _room(status="finished", to_move=[])) == "bad_token"
    assert _refused(_anna(version=1), _room(status="finished", to_move=[])) == "game_over"
    assert _refused(_anna(version=1), _room(status="waiting", to_move=[])) == "not_started"
    assert _refused(_anna(version=1), _room(to_move=[1])) == "not_your_turn"
    assert _refused(_anna(version=4), _room()) == "stale_version"
    assert _refused(_anna(version=7), _room()) == "future_version"  # a version the room never had


def test_every_refusal_of_a_move_says_why() -> None:
    for step, room in (
        (_anna(version=1), _room(status="finished", to_move=[])),
        (_anna(version=1), _room(status="waiting", to_move=[])),
        (_anna(version=1), _room(to_move=[1])),
        (_anna(version=4), _room()),
        (_anna(version=7), _room()),
    ):
        with pytest.raises(Refusal) as refused:
            check(step, room)
        assert refused.value.detail, refused.value.code
    with pytest.raises(Refusal) as refused:
        check(_anna(version=9), _room())
    assert "9" in refused.value.detail and "6" in refused.value.detail


def test_a_cpu_move_only_at_the_version_it_was_chosen_at() -> None:
    check(CpuMove("K7QM2", 0, {"type": "roll", "keep": []}, 6), _room())
    assert _refused(CpuMove("K7QM2", 0, {"type": "roll", "keep": []}, 5), _room()) == "stale_version"
    assert _refused(CpuMove("K7QM2", 1, {"type": "roll", "keep": []}, 6), _room()) == "not_your_turn"


def test_a_clock_only_while_the_room_has_that_clock() -> None:
    check(ClockTimeout("K7QM2", 1_000), _room())
    assert _refused(ClockTimeout("K7QM2", 1_000), _room(deadline=Deadline(2_000, 0, [0]))) == "stale_version"
    assert _refused(ClockTimeout("K7QM2", 1_000), _room(deadline=None)) == "not_your_turn"
    assert _refused(ClockTimeout("K7QM2", 1_000), _room(status="finished")) == "game_over"


def test_an_edit_checks_what_it_changes_itself() -> None:
    async def change(room: Room) -> None:
        return None

    check(Edit("K7QM2", "settings", change), _room(status="waiting", to_move=[]))
