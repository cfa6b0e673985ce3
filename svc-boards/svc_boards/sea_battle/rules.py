"""Sea Battle: place a fleet in secret, then take turns firing; a hit shoots again; sink all
five enemy ships first to win.

House rules (house-rules-de-en-es.txt, "Sea Battle"), 2 players. Decisions where the text is
silent, also written on the rules page:
- Placement is simultaneous and ship by ship in fleet order (carrier first), across ("h",
  rightwards from the cell) or down ("v"); `random` places the ships not yet placed at random
  (all of them again once the fleet is complete); `lift` takes the last ship back; `ready`
  locks the fleet. Lifting and shuffling are limited to CHANGES per player, so a game ends.
- Seat 0 fires first. A sunk ship is announced with its name and cells.
- Against OpenSpiel's `battleship` (tests/games/sea_battle/test_sea_battle_openspiel.py) the
  placements, legal shots, answers and winner coincide; by design ours places at once (it
  places in turn), lets a hit shoot again (its turn passes after every shot) and has no cap
  on shots (it stops at `num_shots`).

Only the server knows a fleet: `view` shows a seat its own fleet (`private`), everyone the
shots, hits and sunk ships (`public`), and both fleets only once the game is over.

Cells: the number (owner + 1) * 100 + row * 10 + col names a cell of seat `owner`'s waters
(rows and columns 0..9; the board shows columns A–J and rows 1–10). Keeping each seat's cells
apart from each other and from small numbers lets the hidden-information scan find them.

State: `phase` ("placing", "firing", "over"), `fleets` (per seat: ships in fleet order, each
{"name", "cells"}), `ready`, `changes` (lifts and shuffles used), `shots` and `hits` (per
seat: the cells it fired at / hit in the other seat's waters, in order), `turn` (the seat
firing), `last` (the last shot: {"seat", "row", "col", "result"}).

Moves: `place` (ship, row, col, dir), `random`, `lift`, `ready`, `fire` (row, col).
Events: `ship_placed`, `fleet_shuffled`, `ship_lifted` (private to the placing seat),
`fleet_ready` (seat), `battle_started`, `shot` (seat, row, col, result "miss" | "hit" |
"sunk", ship when sunk, cells when sunk), `goes_again` (seat), `game_over` (winner).
"""

from __future__ import annotations

from typing import Any

from rulekit import (
    BaseEngine,
    Event,
    GameMeta,
    Move,
    MoveClock,
    Result,
    Rng,
    clock_moves,
    event,
)
from rulekit.rng import new_rng_state

from .grid import FLEET, FLEET_CELLS, SIZE, cell, occupied, placements, ship_cells
from .sampling import sample_fleet
from .state import SeaBattlePublic, SeaBattleState, SeaBattleView, Ship
from .targeting import follow_up

CHANGES = 20

META = GameMeta(
    id="sea-battle",
    family="boards",
    min_seats=2,
    max_seats=2,
    chance=True,  # random placement draws from the generator
    hidden_information=True,
    simultaneous=True,
    # Per seat: at most 5 + CHANGES placements, CHANGES lifts or shuffles and one `ready`;
    # then at most 100 shots each.
    longest_game=2 * (5 + 2 * CHANGES + 1) + 2 * SIZE * SIZE,
    options=(),
    cpu_levels=("random", "easy", "strong"),
    clock=MoveClock(relaxed_s=45, normal_s=20, fast_s=10),
    turn_based=True,
)


def place_rest_at_random(fleet: list[Ship], owner: int, rng: Rng) -> None:
    """Place the ships not yet in `fleet`, in order, each at a uniformly chosen free position."""
    for name, size in FLEET[len(fleet) :]:
        options = placements(owner, size, occupied(fleet))
        row, col, direction, cells = options[rng.below(len(options))]
        fleet.append({"name": name, "cells": cells})


def sunk_ships(state: SeaBattleState, owner: int) -> list[Ship]:
    """The owner's ships every cell of which has been hit."""
    hits = set(state["hits"][1 - owner])
    return [ship for ship in state["fleets"][owner] if hits.issuperset(ship["cells"])]


class SeaBattle(BaseEngine[SeaBattleState, SeaBattleView]):
    meta = META

    def initial_state(self, seats: int, options: dict[str, Any], rng: Rng) -> SeaBattleState:
        return {
            "phase": "placing",
            "fleets": [[], []],
            "ready": [False, False],
            "changes": [0, 0],
            "shots": [[], []],
            "hits": [[], []],
            "turn": 0,
            "last": None,
        }

    def to_move(self, state: SeaBattleState) -> frozenset[int]:
        if state["phase"] == "placing":
            return frozenset(s for s in (0, 1) if not state["ready"][s])
        if state["phase"] == "firing":
            return frozenset((state["turn"],))
        return frozenset()

    def legal_moves(self, state: SeaBattleState, seat: int) -> list[Move]:
        if seat not in self.to_move(state):
            return []
        if state["phase"] == "firing":
            fired = set(state["shots"][seat])
            base = cell(1 - seat, 0, 0)
            return [
                {"type": "fire", "row": k // SIZE, "col": k % SIZE} for k in range(SIZE * SIZE) if base + k not in fired
            ]
        fleet = state["fleets"][seat]
        moves: list[Move] = []
        if len(fleet) < len(FLEET):
            name, size = FLEET[len(fleet)]
            moves += [
                {"type": "place", "ship": name, "row": r, "col": c, "dir": d}
                for r, c, d, _ in placements(seat, size, occupied(fleet))
            ]
        else:
            moves.append({"type": "ready"})
        if state["changes"][seat] < CHANGES:
            moves.append({"type": "random"})
            if fleet:
                moves.append({"type": "lift"})
        return moves

    def quick_listed(self, state: SeaBattleState, seat: int, move: Move) -> bool:
        # Listing every free cell or placement is most of a move's cost: check the one move.
        kind, phase = move.get("type"), state["phase"]
        if kind == "fire":
            row, col = move.get("row"), move.get("col")
            return (
                len(move) == 3
                and phase == "firing"
                and seat == state["turn"]
                and type(row) is int
                and type(col) is int
                and 0 <= row < SIZE
                and 0 <= col < SIZE
                and cell(1 - seat, row, col) not in state["shots"][seat]
            )
        if phase != "placing" or seat not in (0, 1) or state["ready"][seat]:
            return False
        fleet = state["fleets"][seat]
        if kind == "place":
            if len(move) != 5 or len(fleet) >= len(FLEET):
                return False
            name, size = FLEET[len(fleet)]
            row, col, direction = move.get("row"), move.get("col"), move.get("dir")
            if move.get("ship") != name or type(row) is not int or type(col) is not int or direction not in ("h", "v"):
                return False
            cells = ship_cells(seat, size, row, col, direction)
            return cells is not None and occupied(fleet).isdisjoint(cells)
        if len(move) != 1:
            return False
        if kind == "ready":
            return len(fleet) == len(FLEET)
        if kind == "random":
            return state["changes"][seat] < CHANGES
        return kind == "lift" and state["changes"][seat] < CHANGES and bool(fleet)

    def copy_state(self, state: SeaBattleState) -> SeaBattleState:
        # Everything a move changes, copied by hand (a deep copy costs most of a playout).
        return {
            **state,
            "fleets": [[{"name": s["name"], "cells": list(s["cells"])} for s in fleet] for fleet in state["fleets"]],
            "ready": list(state["ready"]),
            "changes": list(state["changes"]),
            "shots": [list(s) for s in state["shots"]],
            "hits": [list(h) for h in state["hits"]],
            "rng": state["rng"].copy(),
            "options": dict(state["options"]),
        }

    def play(self, state: SeaBattleState, seat: int, move: Move, now_ms: int, rng: Rng) -> list[Event]:
        kind = move["type"]
        if kind == "fire":
            return self._fire(state, seat, move["row"], move["col"])
        fleet = state["fleets"][seat]
        if kind == "place":
            size = dict(FLEET)[move["ship"]]
            cells = ship_cells(seat, size, move["row"], move["col"], move["dir"])
            assert cells is not None  # listed by legal_moves
            fleet.append({"name": move["ship"], "cells": cells})
            return [
                event(
                    "ship_placed", visible_to=[seat], seat=seat, **{k: move[k] for k in ("ship", "row", "col", "dir")}
                )
            ]
        if kind == "lift":
            state["changes"][seat] += 1
            ship = fleet.pop()
            return [event("ship_lifted", visible_to=[seat], seat=seat, ship=ship["name"])]
        if kind == "random":
            state["changes"][seat] += 1
            if len(fleet) == len(FLEET):
                fleet.clear()
            place_rest_at_random(fleet, seat, rng)
            return [event("fleet_shuffled", visible_to=[seat], seat=seat)]
        # ready
        state["ready"][seat] = True
        events = [event("fleet_ready", seat=seat)]
        if all(state["ready"]):
            state["phase"] = "firing"
            events.append(event("battle_started", seat=state["turn"]))
        return events

    def _fire(self, state: SeaBattleState, seat: int, row: int, col: int) -> list[Event]:
        target = 1 - seat
        shot = cell(target, row, col)
        state["shots"][seat].append(shot)
        ship = next((s for s in state["fleets"][target] if shot in s["cells"]), None)
        if ship is None:
            state["turn"] = target
            state["last"] = {"seat": seat, "row": row, "col": col, "result": "miss"}
            return [event("shot", seat=seat, row=row, col=col, result="miss")]
        state["hits"][seat].append(shot)
        hits = set(state["hits"][seat])
        if not hits.issuperset(ship["cells"]):
            state["last"] = {"seat": seat, "row": row, "col": col, "result": "hit"}
            return [event("shot", seat=seat, row=row, col=col, result="hit"), event("goes_again", seat=seat)]
        state["last"] = {"seat": seat, "row": row, "col": col, "result": "sunk"}
        events = [
            event("shot", seat=seat, row=row, col=col, result="sunk", ship=ship["name"], cells=list(ship["cells"]))
        ]
        if len(hits) == FLEET_CELLS:
            state["phase"] = "over"
            events.append(event("game_over", winner=seat))
        else:
            events.append(event("goes_again", seat=seat))
        return events

    def view(self, state: SeaBattleState, seat: int | None) -> SeaBattleView:
        over = state["phase"] == "over"
        public: SeaBattlePublic = {
            "phase": state["phase"],
            "ready": list(state["ready"]),
            "shots": [list(s) for s in state["shots"]],
            "hits": [list(h) for h in state["hits"]],
            "sunk": [sunk_ships(state, owner) for owner in (0, 1)],
            "turn": state["turn"],
            "last": state["last"],
            # The fleets reach a browser only once the game is over.
            "fleets": state["fleets"] if over else None,
        }
        view: SeaBattleView = {**self.common_view(state, seat), "public": public}
        if seat is not None:
            view["private"] = {"fleet": state["fleets"][seat], "changes_left": CHANGES - state["changes"][seat]}
        return view

    def determinize(self, view: SeaBattleView, seat: int, seed: bytes) -> SeaBattleState:
        """A full state the seat cannot tell from the real one: its own fleet, and an enemy
        fleet consistent with every shot (misses empty, sunk ships where announced, every other
        hit covered by a ship not yet sunk), sampled with a generator from `seed`."""
        pub = view["public"]
        rng = Rng(new_rng_state(seed + b":fleet"))
        enemy = 1 - seat
        state: SeaBattleState = {
            "game": view["game"],
            "seats": view["seats"],
            "options": dict(view["options"]),
            "phase": pub["phase"],
            "fleets": [[], []],
            "ready": list(pub["ready"]),
            "changes": [0, 0],
            "shots": [list(s) for s in pub["shots"]],
            "hits": [list(h) for h in pub["hits"]],
            "turn": pub["turn"],
            "last": pub["last"],
        }
        state["changes"][seat] = CHANGES - view["private"]["changes_left"]
        state["fleets"][seat] = [{**ship, "cells": list(ship["cells"])} for ship in view["private"]["fleet"]]
        if pub["fleets"] is not None:
            state["fleets"][enemy] = [{**ship, "cells": list(ship["cells"])} for ship in pub["fleets"][enemy]]
        elif pub["phase"] == "placing" and not pub["ready"][enemy]:
            state["fleets"][enemy] = []  # what the other seat has placed so far is unknown
        else:
            state["fleets"][enemy] = sample_fleet(enemy, pub["shots"][seat], pub["hits"][seat], pub["sunk"][enemy], rng)
        state["rng"] = new_rng_state(seed)
        return state

    def timeout_move(self, state: SeaBattleState, seat: int | None) -> Move:
        """Out of time: while placing, the rest of the fleet at random, then `ready`; while
        firing, next to a hit of a ship not yet sunk (along the line of two hits first), else
        the first free cell of a checkerboard, else the first free cell."""
        seat, legal = clock_moves(self, state, seat)
        if state["phase"] == "placing":
            return {"type": "ready"} if {"type": "ready"} in legal else {"type": "random"}
        return follow_up(1 - seat, state["shots"][seat], state["hits"][seat], sunk_ships(state, 1 - seat))

    def play_timeout(self, state: SeaBattleState, seat: int, now_ms: int) -> tuple[SeaBattleState, list[Event]]:
        """A placement runs out as a whole: the rest placed at random and the fleet locked."""
        if state["phase"] != "placing":
            return super().play_timeout(state, seat, now_ms)
        events: list[Event] = []
        if len(state["fleets"][seat]) < len(FLEET):
            if state["changes"][seat] < CHANGES:
                state, events = self.apply(state, seat, {"type": "random"}, now_ms)
            while len(state["fleets"][seat]) < len(FLEET):
                # Out of shuffles: the first free position of each remaining ship.
                state, more = self.apply(state, seat, self.legal_moves(state, seat)[0], now_ms)
                events += more
        state, more = self.apply(state, seat, {"type": "ready"}, now_ms)
        return state, events + more

    def result(self, state: SeaBattleState) -> Result | None:
        if state["phase"] != "over":
            return None
        sunk = [float(len(sunk_ships(state, 1 - s))) for s in (0, 1)]
        winner = 0 if sunk[0] == len(FLEET) else 1
        return {"placings": [1 if s == winner else 2 for s in (0, 1)], "scores": sunk}


ENGINE = SeaBattle()
