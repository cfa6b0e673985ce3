"""The kept copy of each room's last write (lobby/latest.py): taken once, a snapshot without the
views, young enough or not at all, and bounded."""

from __future__ import annotations

from lobby.latest import LatestWrites
from lobby.room import Room, Seat, choices_digest

CHOICES = {"0": 11, "1": 22}


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_copy_is_taken_once() -> None:
    latest = LatestWrites(clock=Clock())
    latest.remember("ABCDE", {"code": "ABCDE", "version": 4}, 7, CHOICES)
    assert latest.take("ABCDE") == ({"code": "ABCDE", "version": 4, "views": {}, "spectator_view": ""}, 7, CHOICES)
    assert latest.take("ABCDE") is None  # a move that fails leaves nothing behind
    assert latest.take("FGHJK") is None


def test_a_copy_is_a_snapshot_of_what_was_written_but_the_views() -> None:
    latest = LatestWrites(clock=Clock())
    document = {"code": "ABCDE", "views": {"0": "{}"}, "spectator_view": "{}", "to_move": [0], "seed": "ab"}
    choices = dict(CHOICES)
    latest.remember("ABCDE", document, 2, choices)
    document["to_move"].append(1)
    choices["0"] = 99
    taken, _, taken_choices = latest.take("ABCDE")
    # The move replaces the views without reading them; the keys stay where they were.
    assert list(taken) == ["code", "views", "spectator_view", "to_move", "seed"]
    assert taken == {"code": "ABCDE", "views": {}, "spectator_view": "", "to_move": [0], "seed": "ab"}
    assert taken_choices == CHOICES
    assert document["views"] == {"0": "{}"}  # the written document itself is left as it was
    taken["to_move"].append(5)  # the taker's own: nothing kept changes with it
    latest.remember("ABCDE", {"code": "ABCDE"}, 3, {})
    assert latest.take("ABCDE") == ({"code": "ABCDE", "views": {}, "spectator_view": ""}, 3, {})


def test_an_old_copy_is_never_used() -> None:
    clock = Clock()
    latest = LatestWrites(keep_s=30, clock=clock)
    latest.remember("ABCDE", {"n": 1}, 1, {})
    clock.now += 29.9
    assert latest.take("ABCDE")[:2] == ({"n": 1, "views": {}, "spectator_view": ""}, 1)
    latest.remember("ABCDE", {"n": 2}, 2, {})
    clock.now += 30.1
    assert latest.take("ABCDE") is None
    assert len(latest) == 0


def test_an_idle_rooms_copy_is_dropped_when_another_room_writes() -> None:
    clock = Clock()
    latest = LatestWrites(keep_s=30, clock=clock)
    latest.remember("AAAAA", {"n": 1}, 1, {})
    clock.now += 20
    latest.remember("BBBBB", {"n": 2}, 2, {})
    clock.now += 10.5
    latest.remember("CCCCC", {"n": 3}, 3, {})  # AAAAA is 30.5 s old now: of no use, not held
    assert len(latest) == 2
    assert latest.take("BBBBB")[1] == 2 and latest.take("CCCCC")[1] == 3


def test_the_oldest_copies_make_way_and_a_new_write_makes_a_copy_young() -> None:
    clock = Clock()
    latest = LatestWrites(most=3, clock=clock)
    for n, code in enumerate(["AAAAA", "BBBBB", "CCCCC"]):
        latest.remember(code, {"n": n}, n, {})
    latest.remember("AAAAA", {"n": 9}, 9, {})  # written again: now the youngest
    latest.remember("DDDDD", {"n": 4}, 4, {})  # one too many: BBBBB, the oldest, goes
    assert len(latest) == 3
    assert latest.take("BBBBB") is None
    assert latest.take("AAAAA")[1] == 9
    assert latest.take("CCCCC")[1] == 2
    assert latest.take("DDDDD")[1] == 4


def test_none_kept_when_the_operator_says_none() -> None:
    latest = LatestWrites(most=0, clock=Clock())
    assert not latest.keeps
    latest.remember("ABCDE", {"n": 1}, 1, {})
    assert len(latest) == 0 and latest.take("ABCDE") is None


def test_a_forgotten_room_has_no_copy() -> None:
    latest = LatestWrites(clock=Clock())
    latest.remember("ABCDE", {"n": 1}, 1, {})
    latest.forget("ABCDE")
    latest.forget("ABCDE")  # twice is harmless
    assert latest.take("ABCDE") is None


def test_a_choice_digest_tells_equal_legal_moves_from_others() -> None:
    drop = [{"type": "drop", "column": 3}, {"type": "drop", "column": 4}]
    same = [{"column": 3, "type": "drop"}, {"column": 4, "type": "drop"}]  # another key order
    assert choices_digest({"legal_moves": drop}) == choices_digest({"legal_moves": same, "board": [1]})
    assert choices_digest({"legal_moves": drop}) != choices_digest({"legal_moves": drop[:1]})
    assert choices_digest({"legal_moves": []}) != choices_digest({})


def test_a_rooms_choice_digests_come_from_its_views_until_set() -> None:
    room = Room(code="ABCDE", game="four-in-a-row", options={}, seats=[Seat(kind="human"), Seat(kind="human")])
    room.views = {"0": '{"legal_moves":[{"type":"drop","column":0}]}', "1": '{"legal_moves":[]}'}
    assert room.choice_digests() == {
        "0": choices_digest({"legal_moves": [{"type": "drop", "column": 0}]}),
        "1": choices_digest({"legal_moves": []}),
    }
    room.choices = CHOICES  # as a kept copy brings them: the views are not looked at
    assert room.choice_digests() == CHOICES
