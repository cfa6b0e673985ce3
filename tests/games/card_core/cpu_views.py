"""What the card games' CPU tests share: asking a level for its move from a seat's view, seeded
random mid-game positions, and positions that differ from a real one only in the cards that
seat cannot see."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterable, Iterator
from types import ModuleType

from svc_ai.players import choose

from rulekit import Engine, State
from rulekit.players import Ask, Choice, Player


def cpu_move(engine: Engine, state: State, level: str | Player = "strong", seat: int | None = None) -> dict:
    """The move CPU `level` (a level name svc-ai serves, or a player function such as the
    rule-based `strong` of a cpu.py) picks for `seat` (default: the seat whose turn it is)
    from that seat's view alone."""
    seat = state["turn"] if seat is None else seat
    return ask_player(engine, state, seat, level, b"cpu").move


def ask_player(
    engine: Engine, state: State, seat: int, level: str | Player, seed: bytes, budget_ms: int = 1000
) -> Choice:
    """Ask a level by name (through svc-ai's table) or a player function directly."""
    name = level if isinstance(level, str) else "strong"
    ask = Ask(engine.meta.id, seat, engine.view(state, seat), name, seed, budget_ms)
    return choose(ask) if isinstance(level, str) else level(ask)


def untimed(level: str, cpu: ModuleType, engine: Engine) -> str | Player:
    """`level` as a test asks it: "monte_carlo" (every card game's Monte Carlo player, a level
    or not) and any level that is that player come with the time cap lifted, so the rollout
    cap alone decides and the answer does not depend on how loaded the machine is."""
    if level == "monte_carlo" or cpu.LEVELS.get(level) is cpu.monte_carlo:
        return dataclasses.replace(cpu.MONTE_CARLO, budget_ms=10**9).player(engine)
    return level


def random_positions(
    engine: Engine, seed: bytes, seats: int, moves_below: int, games: int = 40
) -> Iterator[tuple[State, int, random.Random, int]]:
    """(state, a seat to move (the first), the walk's generator, index) for `games` seeded
    games, each played some random number (below `moves_below`) of random legal moves in;
    games already over are skipped. Game `index` is set up from b"<seed>-<index>" and walked with
    random.Random(index), so every run checks the same positions."""
    for index in range(games):
        rnd = random.Random(index)
        state = engine.setup(seats, {}, b"%s-%d" % (seed, index))
        for _ in range(rnd.randrange(moves_below)):
            if engine.result(state) is not None:
                break
            to_move = sorted(engine.to_move(state))
            # Simultaneous phases (Hau Hau's throws): any seat that is to move.
            seat = to_move[0] if len(to_move) == 1 else rnd.choice(to_move)
            state, _ = engine.apply(state, seat, rnd.choice(engine.legal_moves(state, seat)), 0)
        if engine.result(state) is not None:
            continue
        yield state, min(engine.to_move(state)), rnd, index


def hidden_cards_redealt(
    engine: Engine,
    seed: bytes,
    moves_below: int,
    hidden_from: Callable[[State, int], Iterable[str]],
    games: int = 40,
) -> Iterator[tuple[State, State, int]]:
    """(state, twin, seat) for the two-seat `random_positions`: `twin` is `state` with every
    card hidden from `seat`, the seat to move, dealt differently among the other hands and
    the draw pile."""
    for state, seat, rnd, _ in random_positions(engine, seed, 2, moves_below, games):
        hidden = sorted(hidden_from(state, seat))
        swap = dict(zip(hidden, rnd.sample(hidden, len(hidden)), strict=True))
        twin = dict(state, hands=[[swap.get(c, c) for c in hand] for hand in state["hands"]])
        twin["draw_pile"] = [swap[c] for c in state["draw_pile"]]
        yield state, twin, seat
