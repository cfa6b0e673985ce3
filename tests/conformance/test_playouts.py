"""Every registered game at every seat count: its budget's seeded random games through the
playout harness (rulekit.playout: the contract at every step, JSON round trip, state left
alone, same seed same game), with the game's own invariants (`check`, `finished`) and the scan
of every view and delivered event for its secrets (`hidden_from`); then each declared variant's
games. A failure names the seed that replays it."""

from __future__ import annotations

import pytest

from rulekit.declaration import GameDeclaration, Variant
from rulekit.playout import random_choice, run_playouts
from tests import budget

from .cases import DECLARATIONS, case_id, seat_cases

VARIANTS = [(d, v) for d in DECLARATIONS for v in d.variants]


@pytest.mark.parametrize("block", range(budget.BLOCKS))
@pytest.mark.parametrize(("declaration", "seats"), seat_cases(), ids=case_id)
def test_seeded_random_games(declaration: GameDeclaration, seats: int, block: int) -> None:
    tally = budget.playouts(
        declaration.engine,
        seats=seats,
        block=block,
        blocks=budget.BLOCKS,
        check=declaration.check,
        hidden_from=declaration.hidden_from,
        after_game=declaration.finished,
        policy=declaration.policy,
    )
    assert tally.games == tally.planned > 0


@pytest.mark.parametrize(
    ("declaration", "variant"), VARIANTS, ids=lambda c: c.label if isinstance(c, Variant) else c.id
)
def test_declared_variants(declaration: GameDeclaration, variant: Variant) -> None:
    counts = variant.seats or declaration.engine.meta.allowed_seat_counts()
    policy = variant.policy or declaration.policy
    if variant.every_check:
        run_playouts(
            declaration.engine,
            budget.extra(variant.games),
            seat_counts=counts,
            options=variant.options,
            label=variant.label,
            hidden_from=declaration.hidden_from,
            check=declaration.check,
            after_game=declaration.finished,
            keep=False,
            choose=policy(0) if policy is not None else random_choice,
        )
        return
    for seats in counts:
        tally = budget.playouts(
            declaration.engine,
            seats=seats,
            count=budget.extra(variant.games),
            options=variant.options,
            label=variant.label,
            check=declaration.check,
            hidden_from=declaration.hidden_from,
            after_game=declaration.finished,
            policy=policy,
        )
        assert tally.games == tally.planned > 0


def test_every_game_declares_what_it_hides() -> None:
    """A game with hidden information names its secrets, so the scan has something to look for."""
    for declaration in DECLARATIONS:
        if declaration.engine.meta.hidden_information:
            assert declaration.hidden_from is not None, declaration.id
