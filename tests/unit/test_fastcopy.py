"""The rule kit's copy of plain JSON data: equal, independent at every depth, types kept."""

from __future__ import annotations

import copy
import json
import random

import pytest

from rulekit import clone
from rulekit.fastcopy import copy_json


def nested(rnd: random.Random, depth: int = 0) -> object:
    """Random JSON-like data, containers up to four levels deep."""
    roll = rnd.randrange(10 if depth < 4 else 6)
    if roll == 0:
        return rnd.randrange(-1000, 1000)
    if roll == 1:
        return rnd.random()
    if roll == 2:
        return rnd.choice(["", "SQ.0", "e2e4", "ä"])
    if roll == 3:
        return rnd.choice([True, False])
    if roll in (4, 5):
        return None
    if roll in (6, 7):
        return [nested(rnd, depth + 1) for _ in range(rnd.randrange(4))]
    return {f"k{i}": nested(rnd, depth + 1) for i in range(rnd.randrange(4))}


def containers(data: object) -> list[object]:
    found: list[object] = []
    if isinstance(data, dict):
        found.append(data)
        for value in data.values():
            found += containers(value)
    elif isinstance(data, list):
        found.append(data)
        for value in data:
            found += containers(value)
    return found


@pytest.mark.parametrize("seed", range(200))
def test_copy_is_equal_and_shares_no_container(seed: int) -> None:
    data = {"root": nested(random.Random(seed))}
    copied = copy_json(data)
    assert copied == data
    assert json.dumps(copied, sort_keys=True) == json.dumps(data, sort_keys=True)
    originals = {id(c) for c in containers(data)}
    assert not originals & {id(c) for c in containers(copied)}, f"seed {seed}"


def test_changing_the_copy_at_any_depth_leaves_the_original() -> None:
    state = {"hands": [["SQ.0", "H7.0"], []], "sheet": {"0": {"ones": None}}, "rng": {"seed": "ab", "counter": 3}}
    before = copy.deepcopy(state)
    copied = clone(state)
    copied["hands"][0].append("D9.0")
    copied["hands"][1] = ["C2.0"]
    copied["sheet"]["0"]["ones"] = 3
    copied["rng"]["counter"] += 1
    assert state == before
    assert copied != before


def test_scalars_keep_their_types() -> None:
    data = [1, 1.0, True, False, None, "1", -0.0, 10**30]
    copied = copy_json(data)
    assert [type(value) for value in copied] == [type(value) for value in data]
    assert copied == data


def test_tuples_stay_tuples_with_copied_contents() -> None:
    inner = [1, 2]
    copied = copy_json({"pair": (inner, 3)})
    assert copied == {"pair": ([1, 2], 3)} and type(copied["pair"]) is tuple
    assert copied["pair"][0] is not inner


def test_anything_but_json_data_is_refused() -> None:
    with pytest.raises(TypeError):
        copy_json({"seen": {1, 2}})
    with pytest.raises(TypeError):
        copy_json([object()])
