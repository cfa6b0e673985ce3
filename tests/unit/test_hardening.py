"""The pure parts of the hardening: the JSON nesting cap, the text check, the flood guard."""

from __future__ import annotations

import json

import pytest

from gateway.frames import MAX_JSON_DEPTH, json_depth, loads_bounded, value_depth
from gateway.limits import FloodGuard, FloodMeter
from lobby.text import clean_move, clean_text
from rulekit import Refusal


def test_json_depth_counts_brackets_outside_strings() -> None:
    assert json_depth("[" * 981 + "]" * 981) == 981
    nested = json.dumps({"a": [{"b": [1]}]})
    assert json_depth(nested) == 0  # too few brackets to need the scan
    text = json.dumps({"chat": {"text": "[" * 200 + '"\\\\' + "{" * 200}})
    assert json_depth(text) == 2  # brackets inside strings do not count
    assert loads_bounded(text)["chat"]["text"].startswith("[[[")


@pytest.mark.parametrize(
    "text",
    ["[" * (MAX_JSON_DEPTH + 1) + "]" * (MAX_JSON_DEPTH + 1), "[" * 5000, b"\xff", "not json"],
    ids=["one-too-deep", "unclosed", "not-utf8", "not-json"],
)
def test_loads_bounded_refuses(text) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(Refusal) as refused:
        loads_bounded(text)
    assert refused.value.code == "malformed_frame"


def test_loads_bounded_takes_the_cap_itself() -> None:
    text = "[" * MAX_JSON_DEPTH + "]" * MAX_JSON_DEPTH
    assert value_depth(loads_bounded(text)) == MAX_JSON_DEPTH


@pytest.mark.parametrize("text", ["tr\ud800oll", "\u202eevil", "a\u2066b", "bell\x07", "\x1b[31mred", "x" * 25])
def test_bad_nicknames(text: str) -> None:
    with pytest.raises(Refusal) as refused:
        clean_text(text, "nickname")
    assert refused.value.code == "bad_text"


def test_clean_text_keeps_nfc_and_single_spaces() -> None:
    assert clean_text("  Rene\u0301 \t de\nla  ", "nickname") == "Ren\u00e9 de la"
    assert clean_text("👩‍👩‍👧 family", "chat") == "👩‍👩‍👧 family"  # a joiner is no control
    assert clean_text(None, "nickname") == ""
    assert len(clean_text("x" * 500, "chat")) == 500
    with pytest.raises(Refusal):
        clean_text(7, "chat")


def test_typed_text_in_a_move_goes_through_the_same_check() -> None:
    """A word game's typed word or answer is cleaned like chat; the move type and numbers stay."""
    assert clean_move({"type": "set_word", "word": "  Stra\u00dfe \n"}) == {"type": "set_word", "word": "Stra\u00dfe"}
    assert clean_move({"type": "guess", "letter": "E", "column": 3}) == {"type": "guess", "letter": "E", "column": 3}
    for bad in ("\u202eevil", "bell\x07", "x" * 65):
        with pytest.raises(Refusal) as refused:
            clean_move({"type": "answer", "word": bad})
        assert refused.value.code == "bad_text"


def test_the_back_off_doubles_and_is_forgotten() -> None:
    now = [0.0]
    guard = FloodGuard(clock=lambda: now[0], max_backoff_s=8, forget_after_s=100)
    assert [guard.punish("t") for _ in range(5)] == [1, 2, 4, 8, 8]
    assert guard.retry_after("t") == 8 and guard.retry_after("other") == 0
    now[0] += 8
    assert guard.retry_after("t") == 0
    now[0] += 200
    assert guard.punish("t") == 1  # good behaviour for a while wipes the slate


def test_admit_counts_open_connections() -> None:
    guard = FloodGuard()
    assert [guard.admit("a", 2) for _ in range(3)] == [True, True, False]
    guard.release("a")
    assert guard.admit("a", 2)


def test_the_meter_closes_after_so_many_refusals_in_a_window() -> None:
    now = [0.0]
    meter = FloodMeter(close_after=3, window_s=10, clock=lambda: now[0])
    assert [meter.refused() for _ in range(4)] == [False, False, False, True]
    now[0] += 11
    assert not meter.refused()
    assert meter.notice_due() and not meter.notice_due()
    now[0] += 1
    assert meter.notice_due()
