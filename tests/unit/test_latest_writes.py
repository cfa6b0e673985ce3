"""The kept copy of each room's last write (lobby/latest.py): taken once, a snapshot, young
enough or not at all, and bounded."""

from __future__ import annotations

from lobby.latest import LatestWrites


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_copy_is_taken_once() -> None:
    latest = LatestWrites(clock=Clock())
    latest.remember("ABCDE", {"code": "ABCDE", "version": 4}, 7)
    assert latest.take("ABCDE") == ({"code": "ABCDE", "version": 4}, 7)
    assert latest.take("ABCDE") is None  # a move that fails leaves nothing behind
    assert latest.take("FGHJK") is None


def test_a_copy_is_a_snapshot_of_what_was_written() -> None:
    latest = LatestWrites(clock=Clock())
    document = {"code": "ABCDE", "views": {"0": "{}"}, "to_move": [0]}
    latest.remember("ABCDE", document, 2)
    document["views"]["0"] = "changed after the write"
    document["to_move"].append(1)
    taken, _ = latest.take("ABCDE")
    assert taken == {"code": "ABCDE", "views": {"0": "{}"}, "to_move": [0]}
    taken["to_move"].append(5)  # the taker's own: nothing kept changes with it
    latest.remember("ABCDE", {"code": "ABCDE"}, 3)
    assert latest.take("ABCDE") == ({"code": "ABCDE"}, 3)


def test_an_old_copy_is_never_used() -> None:
    clock = Clock()
    latest = LatestWrites(keep_s=30, clock=clock)
    latest.remember("ABCDE", {"n": 1}, 1)
    clock.now += 29.9
    assert latest.take("ABCDE") == ({"n": 1}, 1)
    latest.remember("ABCDE", {"n": 2}, 2)
    clock.now += 30.1
    assert latest.take("ABCDE") is None
    assert len(latest) == 0


def test_the_oldest_copies_make_way_and_a_new_write_makes_a_copy_young() -> None:
    clock = Clock()
    latest = LatestWrites(most=3, clock=clock)
    for n, code in enumerate(["AAAAA", "BBBBB", "CCCCC"]):
        latest.remember(code, {"n": n}, n)
    latest.remember("AAAAA", {"n": 9}, 9)  # written again: now the youngest
    latest.remember("DDDDD", {"n": 4}, 4)  # one too many: BBBBB, the oldest, goes
    assert len(latest) == 3
    assert latest.take("BBBBB") is None
    assert latest.take("AAAAA") == ({"n": 9}, 9)
    assert latest.take("CCCCC") == ({"n": 2}, 2)
    assert latest.take("DDDDD") == ({"n": 4}, 4)


def test_none_kept_when_the_operator_says_none() -> None:
    latest = LatestWrites(most=0, clock=Clock())
    latest.remember("ABCDE", {"n": 1}, 1)
    assert len(latest) == 0 and latest.take("ABCDE") is None


def test_a_forgotten_room_has_no_copy() -> None:
    latest = LatestWrites(clock=Clock())
    latest.remember("ABCDE", {"n": 1}, 1)
    latest.forget("ABCDE")
    latest.forget("ABCDE")  # twice is harmless
    assert latest.take("ABCDE") is None
