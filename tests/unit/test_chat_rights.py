"""Who may post to and read which chat channel, from the views a room holds (lobby/delivery.py)."""

from __future__ import annotations

import json

from lobby.delivery import ChatRights
from lobby.room import Room, Seat


def _room(views: dict[int, dict] | None, spectator: dict | None = None) -> Room:
    room = Room(code="AB123", game="village-night", options={}, seats=[Seat("human") for _ in range(3)])
    if views is not None:
        room.views = {str(seat): json.dumps(view) for seat, view in views.items()}
        room.spectator_view = json.dumps(spectator or {"seat": None})
    return room


def test_before_a_game_everyone_talks_in_the_room() -> None:
    assert ChatRights(_room(None)).of([0]) == ({"room"}, {"room"})
    assert ChatRights(_room(None)).of([]) == ({"room"}, {"room"})


def test_a_view_without_chat_is_the_rooms_chat() -> None:
    rights = ChatRights(_room({0: {"seat": 0}, 1: {"seat": 1}}))
    assert rights.of([1]) == ({"room"}, {"room"})
    assert rights.of([]) == ({"room"}, {"room"})  # the spectators' view has no chat key either


def test_each_seat_by_its_own_view_and_several_seats_together() -> None:
    views = {
        0: {"chat": {"post": ["pack"], "read": ["room", "pack"]}},
        1: {"chat": {"post": [], "read": ["room"], "why": "dead"}},
        2: {"chat": {"post": ["team:1"], "read": ["team:1"]}},
    }
    rights = ChatRights(_room(views))
    assert rights.of([0]) == ({"pack"}, {"room", "pack"})
    assert rights.of([1]) == (set(), {"room"})
    assert rights.of([1, 2]) == ({"team:1"}, {"room", "team:1"})


def test_the_spectator_view_may_name_its_own_channels() -> None:
    rights = ChatRights(_room({0: {}}, spectator={"chat": {"post": [], "read": ["room"]}}))
    assert rights.of([]) == (set(), {"room"})


def test_a_malformed_chat_key_grants_only_named_strings() -> None:
    rights = ChatRights(_room({0: {"chat": {"post": [1, None, "room"], "read": "pack"}}}))
    post, read = rights.of([0])
    assert post == {"room"} and read == set()  # a string is not a list of channels
