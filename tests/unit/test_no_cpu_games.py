"""A game without computer players by design (Word Agents): the lobby refuses a CPU seat for
it, and a player who leaves keeps the seat, waiting for them (no CPU takes it over)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from svc_words.word_agents import ENGINE

from lobby.context import LobbyContext
from lobby.cpu_seats import CpuSeats
from lobby.room import Seat
from lobby.room_life import RoomLife
from rulekit import Refusal

META = ENGINE.meta.to_json()


def test_no_cpu_seat_for_a_game_without_computer_players() -> None:
    with pytest.raises(Refusal) as refused:
        RoomLife.seat_list(META, [{"kind": "human"}, {"kind": "cpu"}, {"kind": "human"}, {"kind": "human"}])
    assert refused.value.code == "bad_request"
    seats = RoomLife.seat_list(META, [{"kind": "human"}] * 3 + [{"kind": "empty"}])
    assert [seat.kind for seat in seats] == ["human", "human", "human", "empty"]


def test_a_player_who_leaves_keeps_the_seat() -> None:
    catalogue = SimpleNamespace(meta=lambda game: META)
    ctx = SimpleNamespace(engines=SimpleNamespace(catalogue=catalogue), now_ms=lambda: 5)
    ctx.takeover_level = lambda room: LobbyContext.takeover_level(ctx, room)  # type: ignore[arg-type]
    room = SimpleNamespace(
        game="word-agents", seats=[Seat(kind="human", holder="h", gone_ms=1, timeouts=2)], last_event=0
    )
    cpu = SimpleNamespace(ctx=ctx)
    events: list = []
    CpuSeats.hand_to_cpu(cpu, room, 0, "gone", events)  # type: ignore[arg-type]
    seat = room.seats[0]
    assert not seat.left and not seat.played_by_cpu and seat.level == "" and seat.holder == "h"
    assert seat.gone_ms is None and seat.timeouts == 0 and events == []
