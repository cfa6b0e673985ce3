"""Card games over the real WebSocket: no frame carries what its receiver may not see.

Each title plays one whole game, every seat on a socket of its own and a spectator watching
(tests/support/frame_scan.py). Afterwards the room's replay gives the true state at every
version, and every frame is judged against it: each view received is the engine's own view
of that version, and no value in any frame (views, events, room) is another hand's card or a
card of the draw pile. Sea Battle has its own scan (test_sea_battle_frames.py)."""

from __future__ import annotations

from typing import Any

import pytest
from svc_cards.blackjack.rules import hidden_from as blackjack_hidden_from
from svc_cards.core import hidden_from as table_hidden_from
from svc_cards.core.tricks import trick_hidden_from
from svc_cards.penalty_tricks.rules import hidden_from as penalty_hidden_from
from svc_cards.poker.rules import hidden_from as poker_hidden_from
from svc_cards.registry import REGISTRY
from svc_cards.stock_pile.rules import hidden_from as stock_pile_hidden_from
from svc_cards.thirty_one.rules import hidden_from as thirty_one_hidden_from

from tests.support.frame_scan import Scan, judge_frames, play_over_sockets, states_by_version

# (game, seats, options, hidden_from): small tables and short deals keep a game to seconds.
TITLES: list[tuple[str, int, dict[str, Any], Any]] = [
    ("last-card", 3, {"start_cards": 5}, table_hidden_from),
    ("mau-mau", 2, {}, table_hidden_from),
    ("hau-hau", 2, {}, table_hidden_from),
    ("crazy-eights", 3, {}, table_hidden_from),
    ("number-rows", 3, {"start_cards": 6}, table_hidden_from),
    ("thirty-one", 3, {}, thirty_one_hidden_from),
    ("oh-hell", 3, {"length": "quick"}, trick_hidden_from),
    ("penalty-tricks", 3, {"cycles": 1}, penalty_hidden_from),
    ("poker", 3, {}, poker_hidden_from),
    ("stock-pile", 3, {"stock_size": "short"}, stock_pile_hidden_from),
    ("blackjack", 3, {"rounds": 5}, blackjack_hidden_from),
]
# Titles judged the same way (views and secrets, every frame) in a file of their own: the
# blackjack duel's ante doubles on game time, so at this stack's real-time clock a random
# table runs to thousands of moves; its scan plays on a tenfold clock instead.
# Femton's fifteen rounds of random play run to tens of thousands of moves: its own scan
# judges the first 300 moves, buy windows and all, every frame checked for secret cards.
OWN_SCAN = {"blackjack-duel": "test_blackjack_duel_frames.py", "contract-rummy": "test_contract_rummy_frames.py"}


@pytest.mark.parametrize(("game", "seats", "options", "hidden_from"), TITLES, ids=[t[0] for t in TITLES])
async def test_no_frame_carries_another_seats_cards(stack, game, seats, options, hidden_from) -> None:
    engine = REGISTRY.get(game)
    players, spectator, replay = await play_over_sockets(
        stack, engine, seats, options, seed=7, prefer=lambda move: move.get("type") == "play"
    )
    states = states_by_version(engine, replay, seats)
    scan = Scan()
    for client in [*players, spectator]:
        judge_frames(engine, states, client, hidden_from, scan)
    # The scan judged the whole game for everyone, and there were secrets to keep all along.
    assert len(scan.by_seat) == seats + 1
    assert scan.views >= len(replay["moves"]) * seats
    assert scan.secrets_seen > scan.frames


def _every_title() -> list[Any]:
    from svc_boards.registry import REGISTRY as BOARDS
    from svc_dice.registry import REGISTRY as DICE
    from svc_words.registry import REGISTRY as WORDS

    scanned = {title[0] for title in TITLES} | set(OWN_SCAN)  # already judged, secrets too
    return [e for registry in (REGISTRY, BOARDS, DICE, WORDS) for e in registry if e.meta.id not in scanned]


@pytest.mark.parametrize("engine", _every_title(), ids=lambda engine: engine.meta.id)
async def test_every_title_plays_to_the_end_over_sockets_with_the_engines_views(stack, engine) -> None:
    """Every other registered title, at its smallest table: each frame's view is the engine's view of
    that version (nothing added, nothing stale, the spectator's too), and the room's replay
    ends in the result the room announced."""
    seats = engine.meta.min_seats
    players, spectator, replay = await play_over_sockets(stack, engine, seats, seed=11)
    states = states_by_version(engine, replay, seats)
    scan = Scan()
    for client in [*players, spectator]:
        judge_frames(engine, states, client, lambda state, seat: (), scan)
    assert scan.views >= len(replay["moves"]) * seats
