"""Building card positions for rule tests: move named cards into place, conserving the decks."""

from __future__ import annotations

from svc_cards.core import card_census, full_decks

from rulekit import Engine, Event, Move, State


def arrange(
    state: State,
    hands: dict[int, list[str]] | None = None,
    top: str | None = None,
    draw: list[str] | None = None,
    **fields: object,
) -> State:
    """Give the seats in `hands` exactly those cards, put `top` on the discard pile and the
    `draw` cards on top of the draw pile (drawn in the order listed); every card moved is
    taken from wherever it was, and displaced cards go under the draw pile. Other state
    keys are set from `fields`. The card census is unchanged."""
    wanted = [card for cards in (hands or {}).values() for card in cards] + ([top] if top else []) + (draw or [])
    assert len(set(wanted)) == len(wanted), "a card named twice"
    taken = set(wanted)
    displaced: list[str] = []
    for seat in range(len(state["hands"])):
        keep = [card for card in state["hands"][seat] if card not in taken]
        if hands and seat in hands:
            displaced += keep
            keep = list(hands[seat])
        state["hands"][seat] = keep
    discard = [card for card in state["discard_pile"] if card not in taken]
    if top:
        discard.append(top)
    state["discard_pile"] = discard
    pile = [card for card in state["draw_pile"] if card not in taken]
    state["draw_pile"] = displaced + pile + list(reversed(draw or []))
    state.update(fields)
    assert card_census(state) == full_decks(state)
    return state


def step(engine: Engine, state: State, move: Move, seat: int | None = None) -> tuple[State, list[Event]]:
    """Apply `move` for `seat` (default: the only seat to move)."""
    if seat is None:
        (seat,) = engine.to_move(state)
    return engine.apply(state, seat, move, 1000)


def codes(events: list[Event]) -> list[str]:
    return [e["code"] for e in events]
