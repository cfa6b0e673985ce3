"""The family services' JSON (servicekit.family.json_text): the text rulekit.to_json writes, by
orjson where orjson writes the same, over every registered game's seeded random playouts (the
state, every seat's and the spectator's view, the events and the result of each of the first 150
steps), and the standard library's for what orjson would write otherwise."""

from __future__ import annotations

import json
from typing import Any

import pytest
from svc_boards.registry import REGISTRY as BOARDS
from svc_cards.registry import REGISTRY as CARDS
from svc_dice.registry import REGISTRY as DICE
from svc_words.registry import REGISTRY as WORDS

from rulekit import Engine, State, to_json
from rulekit.playout import random_playout
from servicekit.family import json_text

ENGINES = [engine for registry in (CARDS, BOARDS, DICE, WORDS) for engine in registry]
SEEDS = [b"family-json-1", b"family-json-2"]
STEPS = 150  # of each playout (a long game, contract rummy's, would take minutes to the end)


class _Enough(Exception):
    pass


def _same(data: Any) -> None:
    assert json_text(data) == to_json(data)


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.meta.id)
def test_same_text_as_rulekit_over_random_playouts(engine: Engine) -> None:
    seat_counts = sorted({engine.meta.min_seats, engine.meta.max_seats})
    for seats in seat_counts:
        for seed in SEEDS:
            steps = 0

            def check(before: State, after: State, seat: int, move: Any, events: list[Any]) -> None:
                nonlocal steps
                steps += 1
                if steps > STEPS:
                    raise _Enough
                _same(after)
                for viewer in [*range(after["seats"]), None]:
                    _same(engine.view(after, viewer))
                for item in events:
                    _same(item)
                result = engine.result(after)
                if result is not None:
                    _same(result)

            try:
                random_playout(engine, seats, None, seed, check=check, scan_views=False, contract_checks=False)
            except _Enough:
                pass
            except AssertionError as failure:
                raise AssertionError(f"{engine.meta.id}, {seats} seats, seed {seed.hex()}: {failure}") from None


@pytest.mark.parametrize(
    "data",
    [
        {"b": 1, "a": [1, 2.5, None, True], "c": {"z": "x", "y": ""}},
        {"name": "Zoë", "word": "straße"},  # past ASCII: escaped, as json escapes it
        {"\u00e9": 1, "e": 2},  # a key past ASCII, sorted as Python sorts it
        {2: "b", 10: "a"},  # keys that are not strings: json sorts them as numbers
        {"big": 2**70, "small": -(2**70)},  # past 64 bits
        {"controls": '\x00\x1f\t\n\r\b\f"\\/\x7f'},  # DEL: escaped by json, not by orjson
        {"deep": json.loads("[" * 300 + "]" * 300)},  # past orjson's nesting
    ],
)
def test_same_text_where_orjson_would_differ(data: Any) -> None:
    _same(data)


def test_floats_in_exponent_form_read_back_alike() -> None:
    """The one difference left, of form only: orjson writes 1e16, json 1e+16."""
    data = {"x": [1e16, 1e-7, 0.1, -0.0, 123.456]}
    assert json.loads(json_text(data)) == json.loads(to_json(data)) == data
