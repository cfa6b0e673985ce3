"""Determinized Monte Carlo search for games with hidden information or chance.

A seat sees only its view. For each sample the search asks the engine for a full state
consistent with that view (`engine.determinize(view, seat, seed)`, seeded from the ask's
seed, so a sample is the same on every run), then tries every legal move on it and plays
each out with a fast rollout policy to the end of the game, or until the game's `evaluate`
hook gives a value (the end of a deal or a round, or a horizon of so many moves scored by a
heuristic). A move's score is the seat's mean value over its rollouts (placings: 1 first,
0 last, ties share); the best mean wins. Every move is tried on the same samples with the
same rollout generator, so the comparison is between moves, not between deals. A game may
give a rule-based `prior` level: its move stands unless the search finds one better by more
than a `margin`.

The search stops after `rollouts` rollouts (a cap, so tests are deterministic) or when the
time budget is spent, whichever comes first, and counts only whole samples so every move has
been tried as often as every other: the first sample is always finished (unless a stop is
asked, rulekit.stopping), a later one cut short by the clock is dropped.

Only the public contract is used: `determinize`, `to_move`, `legal_moves`, `apply`,
`result`. `sampled_choice` takes the states to search from a function, so a test can give
it the true state (a cheating player that sees everything: the ceiling to measure against).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from . import stopping
from .contract import Engine, Move, Result, State
from .players import Ask, Choice, Player, legal_or_refuse
from .playout import instantiate

# A rollout policy: the move `seat` makes in a rollout (the state is a sample, never the truth).
Rollout = Callable[[Engine, State, int, random.Random], Move]
# The value for `seat` (in [0, 1], like a placing value) of a rollout state reached from the
# sample `root` in `moves` rollout moves, or None to play on. Called after every rollout
# move: keep it cheap.
Evaluate = Callable[[State, State, int, int], "float | None"]
Samples = Callable[[int], State]


def random_rollout(engine: Engine, state: State, seat: int, rnd: random.Random) -> Move:
    return instantiate(rnd.choice(engine.legal_moves(state, seat)), rnd)


def prefer(*types: str) -> Rollout:
    """A rollout policy: a random legal move of the first of `types` there is one of (say,
    play a card rather than draw), else any. Random play of a shedding game mostly draws,
    which makes rollouts long and their outcome luck."""

    def policy(engine: Engine, state: State, seat: int, rnd: random.Random) -> Move:
        legal = engine.legal_moves(state, seat)
        for kind in types:
            chosen = [move for move in legal if move["type"] == kind]
            if chosen:
                return instantiate(rnd.choice(chosen), rnd)
        return instantiate(rnd.choice(legal), rnd)

    return policy


def level_rollout(player: Player, game: str) -> Rollout:
    """A rollout policy that asks a (cheap, rule-based) level for its move from the sampled
    state's view of the mover: rollouts that play like a player, not at random."""

    def policy(engine: Engine, state: State, seat: int, rnd: random.Random) -> Move:
        ask = Ask(game, seat, engine.view(state, seat), "rollout", rnd.getrandbits(32).to_bytes(4, "big"), 1)
        return player(ask).move

    return policy


def greedy_level(player: Player, game: str, epsilon: float) -> Rollout:
    """A rollout policy: the level's move (from the mover's view of the sample), or with
    probability `epsilon` a random legal one, so that rollouts from one sample still differ
    and a move is not judged by one fixed line of play."""
    level = level_rollout(player, game)

    def policy(engine: Engine, state: State, seat: int, rnd: random.Random) -> Move:
        if rnd.random() < epsilon:
            return random_rollout(engine, state, seat, rnd)
        return level(engine, state, seat, rnd)

    return policy


def lead_value(scores: list[float], seat: int, scale: float, playing: list[int] | None = None) -> float:
    """A value in (0, 1) from scores per seat (higher better): the mean over the other seats
    still playing of a logistic curve of `seat`'s lead, `scale` wide (a lead of `scale` is
    worth about 0.73)."""
    others = [other for other in (range(len(scores)) if playing is None else playing) if other != seat]
    if not others:
        return 1.0
    return sum(1 / (1 + math.exp((scores[other] - scores[seat]) / scale)) for other in others) / len(others)


def horizon(depth: int, value: Callable[[State, int], float]) -> Evaluate:
    """An evaluation hook: rollouts stop after `depth` moves, scored by `value(state, seat)`."""

    def evaluate(root: State, state: State, seat: int, moves: int) -> float | None:
        return value(state, seat) if moves >= depth else None

    return evaluate


def placing_value(result: Result, seat: int) -> float:
    """1 for first, 0 for last, linear between; a tie shares the places it spans."""
    placings = result["placings"]
    if len(placings) < 2:
        return 1.0
    own = placings[seat]
    beaten = sum(1 for p in placings if p > own)
    tied = sum(1 for p in placings if p == own) - 1
    return (beaten + tied / 2) / (len(placings) - 1)


def playout(
    engine: Engine,
    state: State,
    seat: int,
    rnd: random.Random,
    policy: Rollout,
    evaluate: Evaluate | None,
    root: State,
) -> float:
    """Play `state` on with `policy` until the end, or until `evaluate` gives a value."""
    moves = 0
    while True:
        result = engine.result(state)
        if result is not None:
            return placing_value(result, seat)
        if evaluate is not None:
            value = evaluate(root, state, seat, moves)
            if value is not None:
                return value
        to_move = engine.to_move(state)
        mover = next(iter(to_move)) if len(to_move) == 1 else rnd.choice(sorted(to_move))
        state = engine.apply(state, mover, policy(engine, state, mover, rnd), 0)[0]
        moves += 1


def sampled_choice(
    engine: Engine,
    seat: int,
    legal: list[Move],
    samples: Samples,
    seed: bytes,
    *,
    rollouts: int,
    budget_ms: float,
    policy: Rollout = random_rollout,
    evaluate: Evaluate | None = None,
    default: Move | None = None,
    margin: float = 0.0,
) -> Choice:
    """The move of `legal` with the best mean value over the states `samples(i)` gives; or
    `default` (a rule-based level's move), unless the best beats it by more than `margin`."""
    if len(legal) == 1:
        return Choice(instantiate(legal[0], random.Random(seed)))
    rnd = random.Random(seed)
    # Templates (an amount, a word) get one concrete instance each for the whole search.
    moves = [instantiate(move, rnd) for move in legal]
    totals = [0.0] * len(moves)
    stop = stopping.current()
    deadline = time.perf_counter() + budget_ms / 1000
    if stop.deadline is not None:
        deadline = min(deadline, stop.deadline)
    done = sample = 0
    while done + len(moves) <= max(rollouts, len(moves)):
        state = samples(sample)
        rollout_seed = rnd.getrandbits(64)
        values = []
        for move in moves:
            if stop.is_set() or (sample and time.perf_counter() > deadline):
                break  # a sample cut short counts for no move: every move keeps as many samples
            after = engine.apply(state, seat, move, 0)[0]
            values.append(playout(engine, after, seat, random.Random(rollout_seed), policy, evaluate, state))
        else:
            for index, value in enumerate(values):
                totals[index] += value
            done += len(moves)
            sample += 1
        if stop.is_set() or time.perf_counter() > deadline:
            break
    if sample == 0:
        # Stopped before a single sample: the rule-based move, or the first legal one.
        return Choice(default if default is not None and default in moves else moves[0], done)
    # Ties keep the order of the legal moves: deterministic for a seed.
    best = max(range(len(moves)), key=lambda index: (totals[index], -index))
    if default is not None and default in moves:
        fallback = moves.index(default)
        if (totals[best] - totals[fallback]) / sample <= margin:
            best = fallback
    return Choice(moves[best], done)


@dataclass(frozen=True)
class MonteCarlo:
    """A game's Monte Carlo settings: the rollout cap, the time cap, its rollout policy and
    evaluation hook. `player(engine)` is the level; `choose` searches given states."""

    rollouts: int
    budget_ms: int
    policy: Rollout = random_rollout
    evaluate: Evaluate | None = None
    # Moves of these types are chosen uniformly, never searched: a simultaneous throw (rock,
    # paper, scissors) has no best answer, and any pattern in it could be read and beaten.
    random_types: frozenset[str] = frozenset()
    # A rule-based level whose move is kept unless the search finds one better by more than
    # `margin` (in mean value per sample): few samples are noisy, and the rules know things
    # short rollouts do not see (why a wild card is worth keeping).
    prior: Player | None = None
    margin: float = 0.0

    def choose(self, engine: Engine, ask: Ask, samples: Samples) -> Choice:
        """The move for `ask` (its view decides the legal moves and the prior's move), searched
        on the states `samples(i)` gives."""
        legal = legal_or_refuse(ask.view)
        if all(move["type"] in self.random_types for move in legal):
            rnd = random.Random(ask.seed)
            return Choice(instantiate(rnd.choice(legal), rnd))
        default = self.prior(ask).move if self.prior is not None else None
        return sampled_choice(
            engine,
            ask.seat,
            legal,
            samples,
            ask.seed,
            rollouts=self.rollouts,
            budget_ms=min(ask.budget_ms, self.budget_ms),
            policy=self.policy,
            evaluate=self.evaluate,
            default=default,
            margin=self.margin,
        )

    def player(self, engine: Engine) -> Player:
        """A level: determinized Monte Carlo from the ask's view, within the rollout cap and
        the smaller of the two time budgets (this one's and the ask's)."""

        def player(ask: Ask) -> Choice:
            def sample(index: int) -> State:
                return engine.determinize(ask.view, ask.seat, b"%s:mc:%d" % (ask.seed, index))

            return self.choose(engine, ask, sample)

        return player
