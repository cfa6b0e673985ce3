"""Stock Pile positions for tests: named cards moved into place, the deck conserved."""

from __future__ import annotations

from svc_cards.stock_pile import ENGINE
from svc_cards.stock_pile.declaration import whole_deck

from rulekit import State


def position(
    seats: int = 2,
    *,
    turn: int = 0,
    hands: dict[int, list[str]] | None = None,
    stocks: dict[int, list[str]] | None = None,
    discards: dict[int, list[list[str]]] | None = None,
    building: list[list[str]] | None = None,
    draw: list[str] | None = None,
    options: dict | None = None,
    seed: bytes = b"stock-pile-tests",
) -> State:
    """A set-up game with the named cards where they are asked for (a stock or a pile lists
    its cards bottom first, the last is the top; `draw` lists the next cards to draw, first
    drawn first). Displaced cards go to the bottom of the draw pile."""
    state = ENGINE.setup(seats, options or {}, seed)
    wanted: list[str] = []
    for group in (hands or {}).values():
        wanted += group
    for group in (stocks or {}).values():
        wanted += group
    for piles in (discards or {}).values():
        for pile in piles:
            wanted += pile
    for pile in building or []:
        wanted += pile
    wanted += draw or []
    assert len(set(wanted)) == len(wanted), "a card named twice"
    taken = set(wanted)
    displaced: list[str] = []

    def strip(cards: list[str]) -> list[str]:
        return [card for card in cards if card not in taken]

    for seat in range(seats):
        for zone, given in (("hands", hands), ("stocks", stocks)):
            kept = strip(state[zone][seat])
            if given and seat in given:
                displaced += kept
                kept = list(given[seat])
            state[zone][seat] = kept
        piles = [strip(pile) for pile in state["discards"][seat]]
        if discards and seat in discards:
            for pile in piles:
                displaced += pile
            piles = [list(pile) for pile in discards[seat]]
        state["discards"][seat] = piles
    piles = [strip(pile) for pile in state["building"]]
    if building is not None:
        for pile in piles:
            displaced += pile
        piles = [list(pile) for pile in building]
    state["building"] = piles
    state["set_aside"] = strip(state["set_aside"])
    state["draw_pile"] = displaced + strip(state["draw_pile"]) + list(reversed(draw or []))
    state["turn"] = turn
    assert whole_deck(state)
    return state
