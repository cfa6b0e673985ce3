"""The room's side of the seed every player helps to choose (lobby/shuffle.py): values kept by
ticket, one per game, refused when malformed, stale or second; at the start each seat takes
its holder's value or the server's, the chain is kept and a new commitment drawn; neither
server seed leaves the server side of the room document."""

from __future__ import annotations

import hashlib
import json

import pytest

from lobby.room import Room, Seat, TicketEntry
from lobby.shuffle import contribute, contributed_seats, deal_seed, new_shuffle
from rulekit import Refusal, fairness


def waiting_room() -> Room:
    seats = [
        Seat("human", name="Anna", holder="ka"),
        Seat("cpu", level="random"),
        Seat("human", name="Ben", holder="kb"),
    ]
    tickets = {"ka": TicketEntry([0], "Anna"), "kb": TicketEntry([2], "Ben"), "kc": TicketEntry([], "Cleo")}
    return Room("K7QM2", "crazy-eights", {}, seats, tickets=tickets, shuffle=new_shuffle())


def refusal_of(room: Room, key: str, value: object, commit: str) -> str:
    with pytest.raises(Refusal) as refused:
        contribute(room, key, value, commit)
    return refused.value.code


def test_values_are_one_per_ticket_and_game_and_the_seed_mixes_them_in_seat_order() -> None:
    room = waiting_room()
    commit = room.shuffle["commit"]
    assert commit == hashlib.sha256(bytes.fromhex(room.shuffle["server_seed"])).hexdigest()
    contribute(room, "kb", "AB" * 32, commit)
    before = json.dumps(room.to_json())
    assert refusal_of(room, "kb", "cd" * 32, commit) == "already_contributed"
    assert refusal_of(room, "ka", "cd" * 31, commit) == "bad_contribution"
    assert refusal_of(room, "ka", None, commit) == "bad_contribution"
    assert refusal_of(room, "ka", "cd" * 32, "00" * 32) == "stale_commit"
    assert refusal_of(room, "kc", "cd" * 32, commit) == "bad_token"  # a spectator
    assert json.dumps(room.to_json()) == before  # the refusals changed nothing
    assert contributed_seats(room) == [2]
    server_seed = bytes.fromhex(room.shuffle["server_seed"])
    seed = deal_seed(room)
    values = [fairness.server_value(server_seed, 0), fairness.server_value(server_seed, 1), b"\xab" * 32]
    assert seed == fairness.mix(server_seed, values)
    assert [c["from"] for c in room.fairness["contributions"]] == ["server", "server", "seat"]
    assert room.fairness["commit"] == commit
    # The next game is committed already, with no values yet.
    assert room.shuffle["commit"] != commit and room.shuffle["values"] == {}
    assert contributed_seats(room) == []


def test_a_seat_takes_its_holders_value_wherever_the_seats_moved() -> None:
    room = waiting_room()
    contribute(room, "ka", "01" * 32, room.shuffle["commit"])
    room.seats = room.seats[1:] + room.seats[:1]  # a rematch turns the table round
    deal_seed(room)
    assert room.fairness["contributions"][2] == {"seat": 2, "value": "01" * 32, "from": "seat"}


def test_neither_server_seed_leaves_the_server_side_of_the_room() -> None:
    room = waiting_room()
    contribute(room, "ka", "01" * 32, room.shuffle["commit"])
    deal_seed(room)
    secrets_ = [room.shuffle["server_seed"], room.fairness["server_seed"]]
    stored = json.dumps(room.to_json())
    assert all(s in stored for s in secrets_)
    assert Room.from_json(json.loads(stored)).to_json() == room.to_json()  # kept across a restart
    travelling = json.dumps(room.to_json(server_side=False))
    assert not any(s in travelling for s in secrets_)
    assert room.shuffle["commit"] in travelling and room.fairness["commit"] in travelling


def test_a_room_from_before_players_contributed_starts_with_the_servers_values() -> None:
    room = waiting_room()
    room.shuffle = None
    assert refusal_of(room, "ka", "01" * 32, "") == "stale_commit"
    seed = deal_seed(room)
    server_seed = bytes.fromhex(room.fairness["server_seed"])
    assert seed == fairness.mix(server_seed, [fairness.server_value(server_seed, i) for i in range(3)])
    assert room.shuffle is not None  # the next game is committed: its values count
    contribute(room, "ka", "01" * 32, room.shuffle["commit"])
    assert contributed_seats(room) == [0]
