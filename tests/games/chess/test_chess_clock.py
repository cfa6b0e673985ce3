"""Chess on a clock, as players expect it: a time bank per side with an increment (relaxed
30 min + 20 s, normal 10 min + 5 s, fast 3 min + 2 s). When the side to move runs out it
loses on time, or the game is drawn when the opponent cannot mate."""

from __future__ import annotations

from svc_boards.chess import ENGINE
from svc_boards.chess.rules import start_position

from rulekit import State
from tests.games.clock.support import deadline_seconds

WHITE = 0  # option white="seat1": seat index 0 plays White


def game(choice: str = "fast", now_ms: int = 1_000, fen: str | None = None) -> State:
    state = ENGINE.setup(2, {"white": "seat1", "move_clock": choice}, b"clock", now_ms)
    return start_position(state, fen) if fen else state


def move(state: State, uci: str, now_ms: int) -> tuple[State, list[dict]]:
    return ENGINE.apply(state, state["turn"], {"type": "move", "uci": uci}, now_ms)


def test_the_bank_per_choice() -> None:
    assert deadline_seconds(ENGINE, 2, {"white": "seat1"}) == {
        "off": None,
        "relaxed": 30 * 60,
        "normal": 10 * 60,
        "fast": 3 * 60,
    }
    assert ENGINE.meta.to_json()["clock"]["increment"] == {"relaxed": 20, "normal": 5, "fast": 2}


def test_a_move_spends_its_time_and_earns_the_increment() -> None:
    state = game("fast", now_ms=1_000)
    assert state["bank_ms"] == [180_000, 180_000]
    state, _ = move(state, "e2e4", 11_000)  # White thought for 10 s
    assert state["bank_ms"] == [172_000, 180_000]
    assert ENGINE.deadline(state) == {"at_ms": 11_000 + 180_000, "seat": 1, "seats": [1]}
    state, _ = move(state, "e7e5", 71_000)  # Black for a minute
    assert state["bank_ms"] == [172_000, 122_000]
    assert ENGINE.deadline(state)["at_ms"] == 71_000 + 172_000


def test_running_out_loses_on_time() -> None:
    state, _ = move(game("fast", now_ms=1_000), "e2e4", 2_000)
    at = ENGINE.deadline(state)["at_ms"]
    after, events = ENGINE.apply_timeout(state, at)
    assert events == [{"code": "timed_out", "seat": 1}, {"code": "lost_on_time", "seat": 1}]
    assert after["termination"] == "time" and after["winner"] == WHITE
    assert after["moves"] == ["e2e4"]  # the clock makes no chess move
    assert ENGINE.result(after) == {"placings": [1, 2], "scores": [1, 0]}
    assert ENGINE.to_move(after) == frozenset() and ENGINE.deadline(after) is None


def test_running_out_against_a_bare_king_is_a_draw() -> None:
    # White (to move) has king and rook, Black only the king: Black cannot mate.
    state = game("fast", fen="4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
    after, events = ENGINE.apply_timeout(state, 1_000 + 180_000)
    assert after["termination"] == "time_draw" and after["winner"] is None
    assert events[-1]["code"] == "draw" and events[-1]["reason"] == "time_draw"
    assert ENGINE.result(after) == {"placings": [1, 1], "scores": [0.5, 0.5]}
    # The other way round the bare king's side loses: the rook can mate.
    state = game("fast", fen="4k3/8/8/8/8/8/8/R3K3 b - - 0 1")
    after, _ = ENGINE.apply_timeout(state, 1_000 + 180_000)
    assert after["termination"] == "time" and after["winner"] == WHITE


def test_a_move_after_the_flag_fell_does_not_count() -> None:
    state = game("fast", now_ms=1_000)
    after, events = move(state, "e2e4", 1_000 + 180_000)
    assert after["termination"] == "time" and after["winner"] == 1 and after["moves"] == []
    assert events == [{"code": "lost_on_time", "seat": WHITE}]


def test_no_clock_when_off_or_without_a_start_time() -> None:
    off = game("off")
    assert off["bank_ms"] is None and ENGINE.deadline(off) is None
    unknown = game("normal", now_ms=0)
    assert ENGINE.deadline(unknown) is None
    # The first move after a setup without a time charges nothing, and starts the clock.
    state, _ = move(unknown, "d2d4", 500_000)
    assert state["bank_ms"] == [600_000 + 5_000, 600_000]
    assert ENGINE.deadline(state)["at_ms"] == 500_000 + 600_000
