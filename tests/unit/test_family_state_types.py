"""The state and view TypedDicts of the games on the family cores (each game's `state.py`) say
what the engines really write: at every step of seeded games, every key of the state, of a
view's public part and of a seat's private part is declared, every required key is there,
and every value has its declared type."""

from __future__ import annotations

import random
import types
from typing import Any, NotRequired, Union, get_args, get_origin, get_type_hints, is_typeddict

import pytest
from svc_cards.blackjack_duel.state import DuelState, DuelView
from svc_cards.contract_rummy.state import ContractRummyState, ContractRummyView
from svc_cards.crazy_eights.state import CrazyEightsState, CrazyEightsView
from svc_cards.hau_hau.state import HauHauState, HauHauView
from svc_cards.last_card.state import LastCardState, LastCardView
from svc_cards.mau_mau.state import MauMauState, MauMauView
from svc_cards.number_rows.state import NumberRowsState, NumberRowsView
from svc_cards.oh_hell.state import OhHellState, OhHellView
from svc_cards.penalty_tricks.state import PenaltyState, PenaltyView
from svc_cards.poker.state import PokerState, PokerView
from svc_cards.registry import REGISTRY as CARDS
from svc_cards.rummy.state import RummyState, RummyView
from svc_cards.stock_pile.state import StockPileState, StockPileView
from svc_cards.thirty_one.state import ThirtyOneState, ThirtyOneView
from svc_dice.goose.state import GooseState, GooseView
from svc_dice.registry import REGISTRY as DICE
from svc_dice.snakes_and_ladders.state import SnakesState, SnakesView

from rulekit.playout import instantiate

# Keys rulekit adds to every state; the card views show turn_started_ms in `public`, the
# open games (the whole state less the generator) all of them.
COMMON = {"schema", "game", "seats", "options", "rng", "turn_started_ms"}
TYPES = {
    "poker": (PokerState, PokerView),
    "blackjack-duel": (DuelState, DuelView),
    "oh-hell": (OhHellState, OhHellView),
    "penalty-tricks": (PenaltyState, PenaltyView),
    "last-card": (LastCardState, LastCardView),
    "mau-mau": (MauMauState, MauMauView),
    "crazy-eights": (CrazyEightsState, CrazyEightsView),
    "number-rows": (NumberRowsState, NumberRowsView),
    "rummy": (RummyState, RummyView),
    "thirty-one": (ThirtyOneState, ThirtyOneView),
    "hau-hau": (HauHauState, HauHauView),
    "stock-pile": (StockPileState, StockPileView),
    "contract-rummy": (ContractRummyState, ContractRummyView),
    "goose": (GooseState, GooseView),
    "snakes-and-ladders": (SnakesState, SnakesView),
}
STEPS = 120  # every phase of a deal; the playout tests play whole games


def conforms(value: Any, hint: Any, path: str, extra: frozenset[str] = frozenset()) -> None:
    """Raise AssertionError naming `path` where `value` is not of type `hint` (`extra`: keys a
    TypedDict's dict may hold besides its own)."""
    if hint is Any:
        return
    if hint is None or hint is type(None):
        assert value is None, path
        return
    if is_typeddict(hint):
        assert type(value) is dict, path
        fields = get_type_hints(hint, include_extras=True)
        required = {key for key, field in fields.items() if get_origin(field) is not NotRequired}
        assert required <= value.keys(), (path, "missing", sorted(required - value.keys()))
        assert value.keys() - extra <= fields.keys(), (path, "undeclared", sorted(value.keys() - extra - fields.keys()))
        for key, item in value.items():
            if key in fields:
                field = fields[key]
                conforms(item, get_args(field)[0] if get_origin(field) is NotRequired else field, f"{path}.{key}")
        return
    origin = get_origin(hint)
    if origin in (Union, types.UnionType):
        failures = []
        for option in get_args(hint):
            try:
                conforms(value, option, path)
                return
            except AssertionError as failure:
                failures.append(failure)
        raise AssertionError(path, value, hint, failures)
    if origin is list:
        assert type(value) is list, path
        for index, item in enumerate(value):
            conforms(item, get_args(hint)[0], f"{path}[{index}]")
        return
    if origin is dict:
        assert type(value) is dict, path
        return
    assert type(value) is hint, (path, value, hint)


@pytest.mark.parametrize("game", sorted(TYPES))
def test_the_state_and_view_types_say_what_the_engine_writes(game: str) -> None:
    engine = (CARDS if game in CARDS.ids() else DICE).get(game)
    state_type, view_type = TYPES[game]
    view_fields = get_type_hints(view_type, include_extras=True)
    public_type = view_fields["public"]
    private_type = get_args(view_fields["private"])[0] if "private" in view_fields else None
    for seats in engine.meta.allowed_seat_counts()[:1]:
        rnd = random.Random(f"types:{game}:{seats}")
        state = engine.setup(seats, {}, f"types:{game}:{seats}".encode(), 1000)
        for step in range(STEPS):
            conforms(state, state_type, f"{game}/{seats} step {step} state", frozenset(COMMON))
            for seat in [*range(seats), None]:
                view = engine.view(state, seat)
                where = f"{game}/{seats} step {step} view of {seat}"
                conforms(view["public"], public_type, f"{where} public", frozenset(COMMON - {"rng"}))
                if seat is None or private_type is None:
                    assert "private" not in view or not view["private"], where
                else:
                    conforms(view["private"], private_type, f"{where} private")
            to_move = sorted(engine.to_move(state))
            if engine.result(state) is not None or not to_move:
                break
            seat = rnd.choice(to_move)
            move = instantiate(rnd.choice(engine.legal_moves(state, seat)), rnd)
            state, _ = engine.apply(state, seat, move, 2000 + 1000 * step)
