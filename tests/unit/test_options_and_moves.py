"""Option schemas and legal-move templates."""

from __future__ import annotations

import random

import pytest

from rulekit import Option, Refusal, move_matches, resolve_options
from rulekit.playout import instantiate

SCHEMA = (
    Option("cards", "int", 7, "option.cards", minimum=5, maximum=10),
    Option("stacking", "bool", False, "option.stacking"),
    Option("deck", "choice", 32, "option.deck", choices=(32, 52)),
)


def test_defaults_fill_in() -> None:
    assert resolve_options(SCHEMA, {}) == {"cards": 7, "stacking": False, "deck": 32}
    assert resolve_options(SCHEMA, {"cards": 10.0, "deck": 52}) == {"cards": 10, "stacking": False, "deck": 52}


@pytest.mark.parametrize(
    "given",
    [{"cards": 4}, {"cards": 11}, {"cards": "7"}, {"cards": True}, {"stacking": 1}, {"deck": 36}, {"colour": "red"}],
)
def test_bad_options_are_refused(given) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(Refusal) as refused:
        resolve_options(SCHEMA, given)
    assert refused.value.code == "bad_option"


def test_schema_json_names_bounds() -> None:
    assert SCHEMA[0].to_json() == {
        "key": "cards",
        "kind": "int",
        "default": 7,
        "label": "option.cards",
        "min": 5,
        "max": 10,
    }
    assert SCHEMA[2].to_json()["choices"] == [32, 52]


def test_templates_match_only_within_bounds() -> None:
    raise_template = {"type": "raise", "range": {"amount": [40, 200, 10]}}
    assert move_matches(raise_template, {"type": "raise", "amount": 40})
    assert move_matches(raise_template, {"type": "raise", "amount": 200})
    assert not move_matches(raise_template, {"type": "raise", "amount": 45})
    assert not move_matches(raise_template, {"type": "raise", "amount": 210})
    assert not move_matches(raise_template, {"type": "raise", "amount": 50.5})
    assert not move_matches(raise_template, {"type": "raise", "amount": 50, "extra": 1})
    assert not move_matches(raise_template, {"type": "call", "amount": 50})
    word = {"type": "answer", "text": {"word": 5}}
    assert move_matches(word, {"type": "answer", "word": "Köln"})
    assert not move_matches(word, {"type": "answer", "word": "Berlin"})
    assert move_matches({"type": "drop", "column": 3}, {"type": "drop", "column": 3})
    assert not move_matches({"type": "drop", "column": 3}, {"type": "drop", "column": 3.5})


def test_instantiated_templates_match() -> None:
    rnd = random.Random(1)
    template = {"type": "raise", "range": {"amount": [20, 100, 20]}, "text": {"note": 3}}
    for _ in range(100):
        assert move_matches(template, instantiate(template, rnd))
