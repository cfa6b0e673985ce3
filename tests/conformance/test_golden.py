"""Every game at every seat count replays its golden playthrough exactly: the same events and
views after every recorded move, and the same result (tests/conformance/golden.py). After a
deliberate change of the rules, `--update-golden` (or scripts/golden.py) writes them again."""

from __future__ import annotations

import pytest

from rulekit.declaration import GameDeclaration

from . import golden
from .cases import case_id, seat_cases


@pytest.mark.parametrize(("declaration", "seats"), seat_cases(), ids=case_id)
def test_replays_its_golden_game(declaration: GameDeclaration, seats: int, request: pytest.FixtureRequest) -> None:
    engine = declaration.engine
    if request.config.getoption("--update-golden"):
        golden.write(engine, seats)
    target = golden.path(engine, seats)
    assert target.exists(), f"no golden game at {target}: run scripts/golden.py --games {engine.meta.id}"
    recorded = golden.load(engine, seats)
    assert recorded["steps"], "a golden game records at least one move"
    difference = golden.replay(engine, recorded)
    assert difference is None, f"{engine.meta.id} for {seats} no longer plays {target.name}: {difference}"


def test_a_changed_step_is_named() -> None:
    """The replay names the first step that differs, and where in it."""
    declaration, seats = seat_cases()[0]
    recorded = golden.load(declaration.engine, seats)
    step = recorded["steps"][1]
    step["views"][0]["__added__"] = 1
    assert golden.replay(declaration.engine, recorded) == (
        f"step 2 (seat {step['seat']}, {step['move']}): .views[0].__added__: missing (expected 1)"
    )
