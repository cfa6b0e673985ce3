"""Table stakes, shared by `poker` and `blackjack-duel`: stacks, the button, a forced bet that
doubles with game time (blinds, ante), the betting round's order, busting out, the pause after
a showdown and the places of a table that plays until one player has every coin.

A game's state keeps the keys of `StakesTable`, the forced bet's start time under a key of the
game's own name (`level_started`, `set_level_started`), and what it bets on, and how. Pots with
all-ins are in `pots.py`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Callable, TypeVar, cast

from rulekit import (
    BaseEngine,
    BaseView,
    CommonState,
    Deadline,
    Event,
    MoveClock,
    Option,
    Result,
    Rng,
    event,
    new_rng_state,
)
from rulekit.clock import TURN_STARTED
from rulekit.contract import SCHEMA_VERSION

from .cards import Card, build_decks

MOVE_SECONDS = 15
LEVEL_MS = 90_000  # the forced bet doubles every 90 s of game time
SHOWDOWN_MS = 5_000  # shown cards stay on the table this long
FRIENDLY_STACK = 1000
STAKES = (0, 1000, 5000, 25000)
# The host setting of every table-stakes game: the stake, which is also the starting stack.
STAKE_OPTION = Option("stake", "choice", 0, "option.stake", choices=STAKES)
CLOCK = MoveClock(fixed_s=MOVE_SECONDS)
CPU_LEVELS = ("random", "easy", "strong")


class StakesTable(CommonState):
    """The table-stakes keys every seat sees (the state less the deck, the cards and the seed);
    rulekit's keys beside them (`seats` is read here, a view's public part shows
    `turn_started_ms`)."""

    phase: str  # "play", "over"
    stacks: list[int]
    level: int  # how often the forced bet has doubled
    button: int
    out: list[list[int] | None]  # [deal number, stack at its start] once a seat has no coins
    pause_until_ms: int | None  # while the shown cards of the last showdown stay on the table
    dealt: list[bool]  # the seats dealt in this deal
    start_stacks: list[int]
    folded: list[bool]
    acted: list[bool]  # acted in this betting round
    turn: int | None


# A table-stakes game's state and view: `class Poker(StakesEngine[PokerState, PokerView])`.
StakesStateT = TypeVar("StakesStateT", bound=StakesTable)
StakesViewT = TypeVar("StakesViewT", bound=BaseView)


def starting_stack(options: Mapping[str, Any]) -> int:
    """The stake is also the starting stack; a friendly table (stake 0) plays on 1,000."""
    return int(options.get("stake") or 0) or FRIENDLY_STACK


def next_in(seats: int, seat: int, allowed: list[bool]) -> int:
    """The next seat after `seat` (seat numbers upwards) with `allowed` true."""
    for step in range(1, seats + 1):
        other = (seat + step) % seats
        if allowed[other]:
            return other
    raise ValueError("no seat allowed")


def seat_order(seats: int, first: int, allowed: list[bool]) -> list[int]:
    """Every `allowed` seat once, from `first` onwards (seat numbers upwards)."""
    order = [first]
    while len(order) < sum(allowed):
        order.append(next_in(seats, order[-1], allowed))
    return order


def left_of_button(state: StakesTable) -> list[int]:
    """Every seat from the button's left round to the button: who gets a split pot's odd chips first."""
    seats = state["seats"]
    return [(state["button"] + step) % seats for step in range(1, seats + 1)]


def contenders(state: StakesTable) -> list[int]:
    """The seats dealt in this deal that have not folded."""
    return [s for s in range(state["seats"]) if state["dealt"][s] and not state["folded"][s]]


def next_bettor(
    state: StakesTable, after: int, can_bet: Callable[[int], bool], owes: Callable[[int], bool]
) -> int | None:
    """Who bets next after `after`: a seat that can bet and has not acted or still owes; None
    when the betting round is over (also when one seat alone can bet and owes nothing)."""
    seats = state["seats"]
    waiting = [s for s in range(seats) if can_bet(s) and (not state["acted"][s] or owes(s))]
    bettors = [s for s in range(seats) if can_bet(s)]
    if len(bettors) == 1 and not owes(bettors[0]):
        return None  # alone with coins and nothing to pay: nothing to decide
    if not waiting:
        return None
    return next_in(seats, after, [s in waiting for s in range(seats)])


class StakesEngine(BaseEngine[StakesStateT, StakesViewT]):
    """What a table-stakes engine does alike: the deal's start (forced bet level, button,
    fresh deck), whose move, the deadline after a showdown, busting out, views and places.

    A game writes its complete state in `initial_state` (a deal's keys empty, then filled by
    the first deal before `initial_state` returns), the accessors of its forced bet's clock,
    `public_extra` (what its view adds to the state's public keys) and `private_part` (what a
    seat alone sees)."""

    # State keys no view shows as they are; keys the view adds (left out by `determinize`).
    SECRET: frozenset[str] = frozenset()
    DERIVED: tuple[str, ...] = ()

    # -- the forced bet's clock: a state key of the game's own name ---------------------------
    def level_started(self, state: StakesStateT) -> int | None:
        """When the forced bet's clock started (None until a time is known)."""
        raise NotImplementedError

    def set_level_started(self, state: StakesStateT, started: int | None) -> None:
        raise NotImplementedError

    def start_clock(self, state: StakesStateT, now_ms: int) -> None:
        self.set_level_started(state, now_ms or None)

    def level_up(self, state: StakesStateT, now_ms: int) -> int | None:
        """The forced bet's new level when game time has doubled it since the last deal
        (its clock starts with the first deal that knows the time), else None."""
        if self.level_started(state) is None and now_ms:
            self.set_level_started(state, now_ms)
        started = self.level_started(state)
        if started is None or not now_ms:
            return None
        level = max(state["level"], (now_ms - started) // LEVEL_MS)
        if level == state["level"]:
            return None
        state["level"] = level
        return level

    def new_deal(self, state: StakesStateT, number: int, rng: Rng, first: bool) -> tuple[list[bool], list[Card]]:
        """Who is dealt in (every seat with coins) and the deal's shuffled deck; the button
        moves on to the next seat with coins except on the first deal."""
        alive = [stack > 0 for stack in state["stacks"]]
        if not first:
            state["button"] = next_in(state["seats"], state["button"], alive)
        deck = build_decks("french52", 1, first=number)
        rng.shuffle(deck)
        return alive, deck

    def level_up_at_ms(self, state: StakesStateT) -> int | None:
        started = self.level_started(state)
        return None if started is None else started + (state["level"] + 1) * LEVEL_MS

    def showdown_pause(self, state: StakesStateT, now_ms: int, shown: bool) -> int | None:
        """When the shown cards leave the table (None without a showdown or a known time);
        the next first player's clock waits for it."""
        until = now_ms + SHOWDOWN_MS if shown and now_ms else None
        if until is not None:
            state["pause_until_ms"] = until
        return until

    def bust_out(self, state: StakesStateT, number: int) -> list[Event]:
        """Seats left without coins in deal `number` are out; when one seat has every coin the
        table is won and the game over."""
        events: list[Event] = []
        seats = state["seats"]
        for seat in range(seats):
            if state["dealt"][seat] and state["stacks"][seat] == 0:
                state["out"][seat] = [number, state["start_stacks"][seat]]
                events.append(event("busted", seat=seat))
        alive = [s for s in range(seats) if state["stacks"][s] > 0]
        if len(alive) == 1:
            state["phase"] = "over"
            events += [event("table_won", seat=alive[0], coins=state["stacks"][alive[0]]), event("game_over")]
        return events

    def to_move(self, state: StakesStateT) -> frozenset[int]:
        turn = state["turn"]
        return frozenset((turn,)) if state["phase"] == "play" and turn is not None else frozenset()

    def deadline(self, state: StakesStateT) -> Deadline | None:
        found = super().deadline(state)
        table: StakesTable = state  # (mypy types `get` on the table, not on a type variable)
        pause = table["pause_until_ms"]
        if found is not None and pause and pause > (table.get(TURN_STARTED) or 0):
            # The first player's seconds start once the shown cards have been on the table.
            found["at_ms"] = pause + MOVE_SECONDS * 1000
        return found

    # -- views -----------------------------------------------------------------------------
    def public_extra(self, state: StakesStateT) -> Mapping[str, Any]:
        """What the game's view adds to the state's public keys (the keys of `DERIVED`)."""
        raise NotImplementedError

    def private_part(self, state: StakesStateT, seat: int) -> Mapping[str, Any]:
        """What only `seat` sees."""
        raise NotImplementedError

    def view(self, state: StakesStateT, seat: int | None) -> StakesViewT:
        view = self.base_view(state, seat)
        public = {key: copy_data(value) for key, value in state.items() if key not in self.SECRET}
        public.update(self.public_extra(state))
        view["public"] = public
        if seat is not None:
            view["private"] = self.private_part(state, seat)
        # The public part is every state key but the secret ones, so it is built key by key
        # and cast to the game's view here (the key tests check it against seeded games).
        return cast(StakesViewT, view)

    def determinized_public(
        self, view: Mapping[str, Any], number: int, known: set[Card], seed: bytes
    ) -> tuple[StakesStateT, list[Card]]:
        """The state's public part back from a view, and the cards of deal `number` that the
        view does not show, in an order drawn from `seed`. The game puts the cards back into
        its secret keys; until then the state lacks them, which is why it is cast here."""
        state = {key: copy_data(value) for key, value in view["public"].items() if key not in self.DERIVED}
        state.update(schema=SCHEMA_VERSION, game=view["game"], seats=view["seats"], options=copy_data(view["options"]))
        pool = [card for card in build_decks("french52", 1, first=number) if card not in known]
        Rng(new_rng_state(seed + b":determinize")).shuffle(pool)
        state["rng"] = new_rng_state(seed)
        return cast(StakesStateT, state), pool

    def result(self, state: StakesStateT) -> Result | None:
        if state["phase"] != "over":
            return None
        # Winner first, then by the deal a seat went out in (later is better), then its stack then.
        keys = [(1 << 30, 0) if out is None else (out[0], out[1]) for out in state["out"]]
        placings = [1 + sum(1 for other in keys if other > key) for key in keys]
        return {"placings": placings, "scores": list(state["stacks"])}


def copy_data(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: copy_data(v) for k, v in value.items()}
    if isinstance(value, list):
        return [copy_data(v) for v in value]
    return value
