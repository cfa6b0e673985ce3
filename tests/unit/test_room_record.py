"""The typed room (lobby/room.py) reads what the stores hold and writes it back unchanged."""

from __future__ import annotations

import json

from lobby.room import Deadline, Room, Seat, TicketEntry

# A staked Hau Hau room in the middle of its second game, as the lobby stored it before the
# room was a typed record (key order included: `stake` came before `choice_version`, a seat
# a CPU took over has `left_ms`, an absent one `gone_ms`).
STORED = {
    "code": "K7QM2",
    "game": "hau-hau",
    "options": {"stake": 1000, "target": 5},
    "seats": [
        {"kind": "human", "level": "", "name": "Anna", "holder": "ka", "left": False, "gone_ms": 1700000000500},
        {"kind": "human", "level": "strong", "name": "Ben", "holder": "kb", "left": True, "left_ms": 1700000000900},
    ],
    "status": "playing",
    "host": "ka",
    "tickets": {
        "ka": {"seats": [0], "name": "Anna", "player": "p-anna"},
        "kb": {"seats": [1], "name": "Ben", "player": "p-ben"},
        "kc": {"seats": [], "name": "Cleo", "player": ""},
    },
    "version": 7,
    "last_event": 19,
    "state_json": '{"schema": 1}',
    "views": {"0": '{"legal_moves": []}', "1": '{"legal_moves": [{"type": "throw"}]}'},
    "spectator_view": "{}",
    "to_move": [1],
    "result": None,
    "deadline": {"at_ms": 1700000010000, "seat": 1},
    "rematch": [],
    "games_played": 1,
    "game_number": 2,
    "seed": "ab" * 32,
    "started_ms": 1700000000000,
    "created_ms": 1699999990000,
    "updated_ms": 1700000001000,
    "stake": {"table": "K7QM2:2:0123456789abcdef", "amount": 1000, "players": ["p-anna", "p-ben"]},
    "choice_version": {"0": 6, "1": 7},
}


def test_a_stored_room_is_written_back_byte_for_byte() -> None:
    room = Room.from_json(json.loads(json.dumps(STORED)))
    assert json.dumps(room.to_json()) == json.dumps(STORED)


def test_a_deadline_names_its_seats_only_when_seat_does_not_say_them() -> None:
    assert Deadline(5, None, []).to_json() == {"at_ms": 5, "seat": None}
    both = Deadline(5, 0, [0, 1])
    assert both.to_json() == {"at_ms": 5, "seat": 0, "seats": [0, 1]}
    assert Deadline.from_json(both.to_json()) == both


def test_the_record_is_typed() -> None:
    room = Room.from_json(STORED)
    assert room.seats[0] == Seat("human", "", "Anna", "ka", gone_ms=1700000000500)
    assert room.seats[1].played_by_cpu and not room.seats[0].played_by_cpu
    assert room.tickets["ka"] == TicketEntry([0], "Anna", "p-anna")
    assert room.deadline == Deadline(1700000010000, 1, [1])
    assert room.cpu_seats_to_move() == [1]
    assert room.seats_held_by("kc") == [] and room.player_of("kb") == "p-ben" and room.player_of(None) == ""


def test_other_replicas_get_no_state_and_no_seed() -> None:
    public = Room.from_json(STORED).to_json(server_side=False)
    assert "state_json" not in public and "seed" not in public
    # ...and read it as a room all the same.
    assert Room.from_json(public).seed == "" and Room.from_json(public).views == STORED["views"]


def test_keys_this_code_does_not_know_are_kept() -> None:
    newer = {**STORED, "seats": [{**STORED["seats"][0], "badge": "gold"}, STORED["seats"][1]], "theme": "night"}
    written = Room.from_json(newer).to_json()
    assert written["theme"] == "night" and written["seats"][0]["badge"] == "gold"


def test_a_new_room_has_the_keys_older_code_reads() -> None:
    room = Room(code="ABCDE", game="four-in-a-row", options={}, seats=[Seat("human"), Seat("cpu", "easy")])
    written = room.to_json()
    assert list(written) == list(STORED)[:-2]  # no stake, no choice_version before the first game
    assert written["seats"][1] == {"kind": "cpu", "level": "easy", "name": "", "holder": None, "left": False}
    room.renumber_tickets()
    room.tickets["k"] = TicketEntry([], "Anna")
    room.seats[0].holder = "k"
    room.renumber_tickets()
    assert room.tickets["k"].seats == [0]
