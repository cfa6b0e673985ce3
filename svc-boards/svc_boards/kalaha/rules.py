"""Kalaha: six pits a side, sow anticlockwise, gather seeds in your store; most seeds wins.

House rules (house-rules-de-en-es.txt, "Kalaha"). Host setting `seeds`: seeds per pit at the
start, 3..6 (default 4). Decisions where the text is silent or brief, also written on the
rules page:
- Seat 0 moves first. Sowing puts one seed in each following pit, your own store included and
  the opposing store skipped; with 13 seeds or more the round passes the emptied pit too.
- Capture: if the last seed lands in an empty pit of your own, you take that seed and
  everything in the pit opposite into your store, as the text says, even when the opposite pit
  is empty (then just the one seed). No extra turn after a capture.
- The game ends as soon as one side's six pits are all empty after a move (even the mover's,
  even when the mover would go again). The seeds left on the other side go into the store of
  that side's owner. Most seeds in the store wins; equal stores are a draw.

State: `pits` is a list of 14 counts: 0..5 are seat 0's pits in sowing order, 6 its store,
7..12 seat 1's pits, 13 its store (so pit i faces pit 12 - i). `turn` is the seat to move,
`over` whether the game has ended. `last` is the pit sown last, `{"seat": s, "pit": k}` (None
before the first move), so a client can mark it after a reload.

Moves: `{"type": "sow", "pit": k}` with k = 0..5 the mover's own pit in sowing order (pit 5
is next to the mover's store; the board and the rules page call it k + 1). Events: `sowed`
(seat, pit, seeds), `extra_turn` (seat), `captured` (seat, pit, seeds), `swept` (seat, seeds),
`game_over` (scores).
"""

from __future__ import annotations

from typing import Any

from rulekit import (
    BaseEngine,
    Event,
    GameMeta,
    Move,
    MoveClock,
    Option,
    Result,
    Rng,
    clock_moves,
    event,
    placings_from_scores,
)

from .state import KalahaState, KalahaView

PITS = 6
STORE = (PITS, 2 * PITS + 1)  # the store of seat 0 and of seat 1
RING = 2 * PITS + 2
MAX_SEEDS = 6

META = GameMeta(
    id="kalaha",
    family="boards",
    min_seats=2,
    max_seats=2,
    chance=False,
    hidden_information=False,
    simultaneous=False,
    # A proven bound, far above real games: every move either adds to a store (at most 72
    # times) or moves seeds towards their side's store only (at most 72 * 6 steps in between).
    longest_game=(2 * PITS * MAX_SEEDS + 1) * (2 * PITS * MAX_SEEDS * PITS + 1),
    options=(Option("seeds", "int", 4, "option.seeds", minimum=3, maximum=MAX_SEEDS),),
    cpu_levels=("random", "easy", "medium", "strong"),
    clock=MoveClock(relaxed_s=45, normal_s=20, fast_s=10),
    turn_based=True,
)


def own_pits(seat: int) -> range:
    return range(seat * (PITS + 1), seat * (PITS + 1) + PITS)


def playable(pits: list[int], seat: int) -> list[int]:
    """The seat's non-empty pits, numbered 0..5."""
    base = seat * (PITS + 1)
    return [k for k in range(PITS) if pits[base + k]]


def sow(pits: list[int], seat: int, pit: int) -> tuple[list[Event], bool]:
    """Sow `seat`'s pit `pit` (0..5) in place. Returns the events and whether the game ended;
    the mover goes again exactly when an `extra_turn` event is among them."""
    start = seat * (PITS + 1) + pit
    seeds = pits[start]
    pits[start] = 0
    skip = STORE[1 - seat]
    pos = start
    left = seeds
    while left:
        pos = (pos + 1) % RING
        if pos == skip:
            continue
        pits[pos] += 1
        left -= 1
    events = [event("sowed", seat=seat, pit=pit, seeds=seeds)]
    extra = pos == STORE[seat]
    if not extra and pos in own_pits(seat) and pits[pos] == 1:
        opposite = 2 * PITS - pos
        taken = 1 + pits[opposite]
        pits[pos] = pits[opposite] = 0
        pits[STORE[seat]] += taken
        events.append(event("captured", seat=seat, pit=pos - seat * (PITS + 1), seeds=taken))
    if any(pits[i] for i in own_pits(0)) and any(pits[i] for i in own_pits(1)):
        if extra:
            events.append(event("extra_turn", seat=seat))
        return events, False
    for owner in (0, 1):
        rest = sum(pits[i] for i in own_pits(owner))
        if rest:
            for i in own_pits(owner):
                pits[i] = 0
            pits[STORE[owner]] += rest
            events.append(event("swept", seat=owner, seeds=rest))
    return events, True


class Kalaha(BaseEngine[KalahaState, KalahaView]):
    meta = META

    def initial_state(self, seats: int, options: dict[str, Any], rng: Rng) -> KalahaState:
        pits = [options["seeds"]] * RING
        pits[STORE[0]] = pits[STORE[1]] = 0
        return {"pits": pits, "turn": 0, "over": False, "last": None}

    def to_move(self, state: KalahaState) -> frozenset[int]:
        return frozenset() if state["over"] else frozenset((state["turn"],))

    def legal_moves(self, state: KalahaState, seat: int) -> list[Move]:
        if state["over"] or seat != state["turn"]:
            return []
        return [{"type": "sow", "pit": k} for k in playable(state["pits"], seat)]

    def quick_listed(self, state: KalahaState, seat: int, move: Move) -> bool:
        # A sow is listed when it names one of the mover's non-empty pits (`playable`).
        pit = move.get("pit")
        return (
            len(move) == 2
            and move["type"] == "sow"
            and type(pit) is int
            and 0 <= pit < PITS
            and not state["over"]
            and seat == state["turn"]
            and bool(state["pits"][seat * (PITS + 1) + pit])
        )

    def copy_state(self, state: KalahaState) -> KalahaState:
        # The pit list is the only mutable part a move changes (`last` is replaced whole): copy
        # it, share the rest.
        return {**state, "pits": list(state["pits"]), "rng": state["rng"].copy(), "options": dict(state["options"])}

    def successor(self, state: KalahaState, seat: int, move: Move) -> KalahaState:
        """The search's fast path: the same rule code as `play`, without validation."""
        new_state: KalahaState = {**state, "pits": list(state["pits"])}
        self.play(new_state, seat, move, 0, None)  # type: ignore[arg-type]  # kalaha draws nothing
        return new_state

    def play(self, state: KalahaState, seat: int, move: Move, now_ms: int, rng: Rng) -> list[Event]:
        events, over = sow(state["pits"], seat, move["pit"])
        state["last"] = {"seat": seat, "pit": move["pit"]}
        if over:
            state["over"] = True
            events.append(event("game_over", scores=self._scores(state)))
        elif events[-1]["code"] != "extra_turn":
            state["turn"] = 1 - seat
        return events

    @staticmethod
    def _scores(state: KalahaState) -> list[float]:
        return [state["pits"][STORE[0]], state["pits"][STORE[1]]]

    def view(self, state: KalahaState, seat: int | None) -> KalahaView:
        return {**self.common_view(state, seat), "public": self.open_state(state)}

    def timeout_move(self, state: KalahaState, seat: int | None) -> Move:
        """Out of time: the sowing that ends in the store (another turn) if there is one,
        else the one that brings the most seeds into the store (a capture); on a tie the
        pit nearest the store."""
        seat, legal = clock_moves(self, state, seat)
        store = STORE[state["turn"]]

        def gain(move: Move) -> tuple[bool, int, int]:
            child = self.successor(state, state["turn"], move)
            again = not child["over"] and child["turn"] == state["turn"]
            return again, child["pits"][store] - state["pits"][store], move["pit"]

        return max(legal, key=gain)

    def result(self, state: KalahaState) -> Result | None:
        if not state["over"]:
            return None
        scores = self._scores(state)
        return {"placings": placings_from_scores(scores), "scores": scores}


ENGINE = Kalaha()
