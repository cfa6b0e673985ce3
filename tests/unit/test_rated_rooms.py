"""lobby/rated_rooms.py: a game past the day's rated meetings of its players is played unrated,
and the room says the limit it was past, so the result panel quotes the server's figure."""

from __future__ import annotations

import pytest
from gameroom import play_pb2
from google.protobuf import json_format

from lobby import rated_rooms
from lobby.delivery import room_info
from lobby.room import Room, Seat
from lobby.store.base import FinishedGame


class MeetingsSoFar:
    """The store questions asked before a game past the limit is left unrated."""

    def __init__(self, meetings: int) -> None:
        self.meetings = meetings

    async def deleted_players(self, player_ids: list[str]) -> set[str]:
        return set()

    async def rated_meetings(self, game: str, player_ids: list[str], since_ms: int) -> int:
        return self.meetings


def finished_between(players: list[str]) -> FinishedGame:
    return FinishedGame(
        code="ABCDE",
        number=4,
        game="four-in-a-row",
        options={},
        seed="00",
        names=["Anna", "Ben"],
        players=players,
        result={"placings": [1, 2]},
        started_ms=1_000,
        finished_ms=90_000_000,
    )


@pytest.mark.parametrize("limit", [3, 5])
async def test_a_game_past_the_limit_says_the_limit(monkeypatch: pytest.MonkeyPatch, limit: int) -> None:
    monkeypatch.setattr(rated_rooms, "RATED_MEETINGS_A_DAY", limit)
    room = Room(code="ABCDE", game="four-in-a-row", options={}, seats=[Seat("human"), Seat("human")], rated=True)
    finished = finished_between(["p-anna", "p-ben"])
    kept = await rated_rooms.rate_finished(MeetingsSoFar(limit), room, finished, teams=False)  # type: ignore[arg-type]
    assert kept.ratings == finished.ratings  # nothing to write
    # What every connection is sent, and what a gRPC client reads of the same room.
    sent = room_info(room, present={0, 1})["rating_result"]
    assert sent == {"unrated": "rated_repeat_limit", "limit": limit}
    over_grpc = json_format.ParseDict(room_info(room, present={0, 1}), play_pb2.RoomInfo())
    assert (over_grpc.rating_result.unrated, over_grpc.rating_result.limit) == ("rated_repeat_limit", limit)


def test_a_room_left_unrated_by_the_limit_says_the_limit_in_force() -> None:
    room = Room(code="ABCDE", game="four-in-a-row", options={}, seats=[Seat("human"), Seat("human")], rated=True)
    room.rating_result = {"unrated": "rated_repeat_limit"}  # as such rooms are stored
    assert room_info(room, present={0, 1})["rating_result"] == {
        "unrated": "rated_repeat_limit",
        "limit": rated_rooms.RATED_MEETINGS_A_DAY,
    }
    room.rating_result = {"unrated": "rated_alone"}  # other outcomes are told as they are
    assert room_info(room, present={0, 1})["rating_result"] == {"unrated": "rated_alone"}
