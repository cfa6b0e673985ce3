"""rulekit.montecarlo: determinized Monte Carlo from a seat's view, on the card games."""

from __future__ import annotations

import dataclasses
import random
import time
from collections import Counter

import pytest
from svc_cards.core import card_census, full_decks
from svc_cards.hau_hau import ENGINE as HAU_HAU
from svc_cards.hau_hau import cpu as hau_hau_cpu
from svc_cards.registry import REGISTRY
from svc_cards.thirty_one import ENGINE as THIRTY_ONE
from svc_cards.thirty_one import cpu as thirty_one_cpu
from svc_cards.thirty_one.rules import hidden_from as thirty_one_hidden

from rulekit import Engine, State, stopping
from rulekit.montecarlo import MonteCarlo, greedy_level, lead_value, placing_value, playout, sampled_choice
from rulekit.players import Ask, Choice
from tests.games.card_core.cpu_cheater import cheating_move
from tests.games.card_core.cpu_views import hidden_cards_redealt, random_positions

CARD_GAMES = ("last-card", "mau-mau", "hau-hau", "crazy-eights", "number-rows", "thirty-one")
# Small caps keep the tests quick; no time cap, so the rollout cap alone decides.
ROLLOUTS = 24
NO_TIME_CAP_MS = 10**9


def search_of(game: str) -> MonteCarlo:
    module = {"thirty-one": thirty_one_cpu, "hau-hau": hau_hau_cpu}.get(game)
    if module is None:
        module = __import__(f"svc_cards.{game.replace('-', '_')}.cpu", fromlist=["MONTE_CARLO"])
    return dataclasses.replace(module.MONTE_CARLO, rollouts=ROLLOUTS, budget_ms=NO_TIME_CAP_MS)


def ask_for(engine: Engine, state: State, seat: int, seed: bytes = b"mc") -> Ask:
    return Ask(engine.meta.id, seat, engine.view(state, seat), "strong", seed, NO_TIME_CAP_MS)


def last_turn_after_a_knock() -> State:
    """Thirty-One, both seats swimming (one life), seat 1 knocked with 30 points, all three
    cards seen taken from the middle (so seat 0's view knows them): seat 0's move ends the
    deal and the game. Only H7 for SQ makes 31 and wins; every other move leaves seat 0 at
    21 or less, below 30, and loses."""
    state = THIRTY_ONE.setup(2, {}, b"mc-knock")
    hand, other, middle = ["SA.0", "SK.0", "H7.0"], ["CA.0", "CK.0", "C9.0"], ["SQ.0", "C8.0", "D9.0"]
    pool = [card for card in card_census(state) if card not in hand + other + middle]
    state.update(hands=[hand, other], middle=middle, draw_pile=pool, discard_pile=[])
    state.update(turn=0, starter=1, known=[[], list(other)], knocker=1, pushes=0, turns=1, lives=[1, 1])
    assert card_census(state) == full_decks(state)
    return state


def test_takes_the_only_move_that_wins_at_once() -> None:
    state = last_turn_after_a_knock()
    legal = THIRTY_ONE.legal_moves(state, 0)
    winning = {"type": "swap", "give": "H7.0", "take": "SQ.0"}
    assert winning in legal and len(legal) > 5
    # Every move ends the game: the winning one is worth 1, all others 0.
    for move in legal:
        after = THIRTY_ONE.apply(state, 0, move, 0)[0]
        assert placing_value(THIRTY_ONE.result(after), 0) == (1.0 if move == winning else 0.0)
    player = search_of("thirty-one").player(THIRTY_ONE)
    for seed in (b"a", b"b", b"c"):
        choice = player(ask_for(THIRTY_ONE, state, 0, seed))
        assert choice.move == winning
        assert choice.nodes == len(legal) * (ROLLOUTS // len(legal) or 1)


def test_deterministic_for_a_seed_and_a_rollout_cap() -> None:
    for game in CARD_GAMES:
        engine = REGISTRY.get(game)
        player = search_of(game).player(engine)
        for state, seat, _, index in random_positions(engine, b"mc-det", 2, 30, games=4):
            ask = ask_for(engine, state, seat, b"det-%d" % index)
            first: Choice = player(ask)
            assert player(ask) == first, (game, index)
            assert first.move in ask.view["legal_moves"]
            assert first.nodes <= max(ROLLOUTS, len(ask.view["legal_moves"]))


def test_the_rollout_cap_bounds_the_work() -> None:
    state = last_turn_after_a_knock()
    moves = len(THIRTY_ONE.legal_moves(state, 0))
    for cap in (1, moves, 3 * moves, 3 * moves + 1):
        search = dataclasses.replace(search_of("thirty-one"), rollouts=cap)
        nodes = search.player(THIRTY_ONE)(ask_for(THIRTY_ONE, state, 0)).nodes
        # Whole samples only: every move is tried on each sample.
        assert nodes == moves * max(1, cap // moves)


def test_the_time_budget_stops_a_large_cap() -> None:
    """With a huge rollout cap and a 1 ms budget the search stops after its first sample."""
    state = last_turn_after_a_knock()
    search = dataclasses.replace(search_of("thirty-one"), rollouts=10**9, budget_ms=1)
    choice = search.player(THIRTY_ONE)(ask_for(THIRTY_ONE, state, 0))
    assert choice.nodes < 10**9 and choice.move in THIRTY_ONE.legal_moves(state, 0)


def test_decides_from_the_seats_view_only() -> None:
    """Two states that look the same to the seat (the hidden cards dealt differently) give
    the same move for the same seed: the search sees only the view."""
    player = search_of("thirty-one").player(THIRTY_ONE)
    compared = 0
    for state, twin, seat in hidden_cards_redealt(THIRTY_ONE, b"mc-view", 12, thirty_one_hidden, games=12):
        assert twin != state and THIRTY_ONE.view(twin, seat) == THIRTY_ONE.view(state, seat)
        assert player(ask_for(THIRTY_ONE, twin, seat)) == player(ask_for(THIRTY_ONE, state, seat))
        compared += 1
    assert compared >= 8


def test_the_cheater_sees_what_the_view_does_not() -> None:
    """The test-only cheater searches the true state: given the same view but other hidden
    cards it may choose differently, where the view-only search cannot."""
    search = search_of("thirty-one")
    differs = 0
    for state, twin, seat in hidden_cards_redealt(THIRTY_ONE, b"mc-cheat", 12, thirty_one_hidden, games=12):
        seed = b"cheat"
        differs += cheating_move(THIRTY_ONE, search, state, seat, seed) != cheating_move(
            THIRTY_ONE, search, twin, seat, seed
        )
    assert differs > 0


@pytest.mark.parametrize("game", CARD_GAMES)
def test_samples_are_consistent_with_the_view(game: str) -> None:
    """determinize: the seat sees the sample exactly as it saw the real table, and the sample
    holds every card of the decks once."""
    engine = REGISTRY.get(game)
    checked = 0
    for seats in sorted({2, max(engine.meta.allowed_seat_counts()[:2])}):
        for state, seat, _, index in random_positions(engine, b"mc-sample", seats, 60, games=15):
            view = engine.view(state, seat)
            for sample_seed in (b"x%d" % index, b"y%d" % index):
                sample = engine.determinize(view, seat, sample_seed)
                assert engine.view(sample, seat) == view, (game, seats, index)
                assert card_census(sample) == full_decks(sample)
                checked += 1
    assert checked >= 20


def test_rock_paper_scissors_is_thrown_at_random() -> None:
    """Hau Hau's opening throw is never searched (a searched throw on sampled states could be
    read and beaten): every shape comes up about a third of the time."""
    state = HAU_HAU.setup(2, {}, b"mc-rps")
    player = hau_hau_cpu.monte_carlo
    throws = Counter(player(ask_for(HAU_HAU, state, 0, b"rps-%d" % n)).move["hand"] for n in range(600))
    assert set(throws) == {"rock", "paper", "scissors"}
    assert all(150 <= count <= 250 for count in throws.values()), throws


def test_values() -> None:
    assert placing_value({"placings": [1, 2]}, 0) == 1.0 and placing_value({"placings": [1, 2]}, 1) == 0.0
    assert placing_value({"placings": [1, 1, 3]}, 0) == 0.75
    assert lead_value([0, 0], 0, 2.0) == 0.5
    assert lead_value([-1, -5], 0, 2.0) > 0.8 > 0.2 > lead_value([-5, -1], 0, 2.0)


def test_sampled_choice_averages_over_samples() -> None:
    """Given a fixed list of states, the search scores a move by its mean over them: in the
    knock position the winning swap is worth 1 on every sample, so it is chosen."""
    state = last_turn_after_a_knock()
    legal = THIRTY_ONE.legal_moves(state, 0)
    choice = sampled_choice(THIRTY_ONE, 0, legal, lambda _: state, b"s", rollouts=len(legal) * 2, budget_ms=10**6)
    assert choice.move == {"type": "swap", "give": "H7.0", "take": "SQ.0"} and choice.nodes == 2 * len(legal)


SHEDDING_GAMES = ("last-card", "mau-mau", "crazy-eights")


def cpu_of(game: str):
    return __import__(f"svc_cards.{game.replace('-', '_')}.cpu", fromlist=["strong"])


@pytest.mark.parametrize("game", SHEDDING_GAMES)
def test_greedy_rollouts_follow_the_level_unless_they_explore(game: str) -> None:
    """epsilon 0 plays the level's move from the mover's view of the sample; epsilon 1 plays
    random legal moves, which differ from the level's somewhere along a game."""
    engine, cpu = REGISTRY.get(game), cpu_of(game)
    follows, explores = greedy_level(cpu.strong, game, 0.0), greedy_level(cpu.strong, game, 1.0)
    differs = 0
    for state, seat, _, index in random_positions(engine, b"mc-greedy", 2, 30, games=12):
        ask = Ask(game, seat, engine.view(state, seat), "rollout", b"g", 1)
        assert follows(engine, state, seat, random.Random(index)) == cpu.strong(ask).move
        explored = explores(engine, state, seat, random.Random(index))
        assert explored in engine.legal_moves(state, seat)
        differs += explored != cpu.strong(ask).move
    assert differs > 0


@pytest.mark.parametrize("game", SHEDDING_GAMES)
def test_shedding_rollouts_play_to_the_end(game: str) -> None:
    """The shedding games' rollouts are scored by who went out (a win 1, a loss 0), not by
    hand sizes at a horizon: from early positions the values are 0 or 1."""
    engine, search = REGISTRY.get(game), search_of(game)
    values = set()
    for state, seat, _, index in random_positions(engine, b"mc-end", 2, 10, games=8):
        values.add(playout(engine, state, seat, random.Random(index), search.policy, search.evaluate, state))
    assert values == {0.0, 1.0}


@pytest.mark.parametrize("game", SHEDDING_GAMES)
def test_shedding_search_keeps_its_time_budget(game: str) -> None:
    """With its own caps (the time cap the CPU contract allows) a move costs at most the
    budget plus the sample it finishes: under a tenth of a second of CPU on a free core, well
    under two budgets whatever the position."""
    engine, cpu = REGISTRY.get(game), cpu_of(game)
    budget_s = cpu.MONTE_CARLO.budget_ms / 1000
    player = cpu.MONTE_CARLO.player(engine)
    for state, seat, _, index in random_positions(engine, b"mc-budget", 2, 40, games=6):
        started = time.process_time()
        choice = player(ask_for(engine, state, seat, b"budget-%d" % index))
        assert time.process_time() - started < 2 * budget_s + 0.05
        assert choice.move in engine.legal_moves(state, seat)


def test_a_stop_asked_ends_the_search_with_whole_samples_only() -> None:
    """rulekit.stopping: a stop asked before the search gives the first legal move unsearched;
    a hard deadline already past leaves the first sample, whole."""
    state = last_turn_after_a_knock()
    legal = THIRTY_ONE.legal_moves(state, 0)
    stop = stopping.Stop()
    stop.set()
    with stopping.using(stop):
        stopped = sampled_choice(THIRTY_ONE, 0, legal, lambda _: state, b"s", rollouts=10**9, budget_ms=10**6)
    assert stopped.nodes == 0 and stopped.move == legal[0]
    late = stopping.Stop()
    late.deadline = time.perf_counter() - 1
    with stopping.using(late):
        first = sampled_choice(THIRTY_ONE, 0, legal, lambda _: state, b"s", rollouts=10**9, budget_ms=10**6)
    assert first.nodes == len(legal)
    assert first.move == {"type": "swap", "give": "H7.0", "take": "SQ.0"}
