"""The turn of a race game, shared by every title: roll, then move pieces with what the dice
gave, then roll again or pass the turn; finished players leave and the rest race on.

A title subclasses `RaceEngine` and says only what its rules say:
`track(state)`, `roll_dice`, `after_roll` (what the dice give: the amounts to move, penalties),
`piece_moves` (which pieces may move an amount), `move_piece` (the move with its captures and
bonuses), `roll_again` and `seat_done` / `game_done`; where amounts combine (two dice that add
up to an amount) `amounts` lists the combinations and `spend` takes their parts off. The base keeps the phases, the seat
order, the places and a bound on the game's length.

State keys (besides rulekit's): `board` (colours on the board), `colours` (per seat, the
colours it plays), `pieces` (per colour, each piece's progress; None for an unplayed colour),
`turn`, `phase` ("roll" or "move"), `pending` (amounts still to move this roll), `dice` (the
last roll), `sixes` (sixes in a row this turn), `tries` (rolls this turn without a piece out),
`last_moved` (the seat's last moved piece), `places`, `plies`, `over`.

Moves: {"type": "roll"} and {"type": "move", "piece": k, "pips": n}, where k counts the
seat's pieces colour by colour (piece k is colour `colours[k // PIECES]`, index k % PIECES).
"""

from __future__ import annotations

from typing import cast

from rulekit import BaseEngine, Event, Move, Result, Rng, clock_seat, event

from .pieces import lead
from .state import RaceState, RaceView
from .track import Track

PIECES = 4
ROLL: Move = {"type": "roll"}


def colour_of(state: RaceState, seat: int, piece: int) -> tuple[int, int]:
    """(colour, index within the colour) of the seat's piece number `piece`."""
    return state["colours"][seat][piece // PIECES], piece % PIECES


def progress_of(state: RaceState, seat: int, piece: int) -> int:
    colour, index = colour_of(state, seat, piece)
    return state["pieces"][colour][index]


def owner_of(state: RaceState, colour: int) -> int | None:
    for seat, colours in enumerate(state["colours"]):
        if colour in colours:
            return seat
    return None


def racing(state: RaceState) -> list[int]:
    return [seat for seat in range(state["seats"]) if state["places"][seat] is None]


class RaceEngine(BaseEngine[RaceState, RaceView]):
    """The shared turn machinery; see the module docstring for what a title writes."""

    # A bound on a game of pure chance: after this many plies it ends, placed by progress.
    ply_limit = 20_000

    # -- what a title writes ---------------------------------------------------------------
    def track(self, state: RaceState) -> Track:
        raise NotImplementedError

    def roll_dice(self, state: RaceState, seat: int, rng: Rng) -> list[int]:
        return [rng.die(6)]

    def after_roll(self, state: RaceState, seat: int, dice: list[int], events: list[Event]) -> list[int]:
        """The amounts the roll gives to move (state["sixes"] already counts this roll)."""
        return list(dice)

    def piece_moves(self, state: RaceState, seat: int, pips: int) -> list[int]:
        """The seat's pieces that may move `pips` now."""
        raise NotImplementedError

    def move_piece(self, state: RaceState, seat: int, piece: int, pips: int, events: list[Event]) -> None:
        """Carry out a legal piece move (captures, bonuses appended to state["pending"])."""
        raise NotImplementedError

    def amounts(self, state: RaceState, seat: int) -> list[int]:
        """The amounts a piece may move now: by default each amount still pending. A title may
        add combinations (Parchís: two dice that add up to 5 bring a piece out)."""
        return sorted(set(state["pending"]), reverse=True)

    def spend(self, state: RaceState, pips: int) -> None:
        """Take a moved amount off what is pending (a title that adds combinations in `amounts`
        takes their parts off here)."""
        state["pending"].remove(pips)

    def no_move(self, state: RaceState, seat: int, events: list[Event]) -> bool:
        """Nothing the roll gave can be moved: True to roll again, False to pass the turn."""
        return self.roll_again(state, seat)

    def roll_again(self, state: RaceState, seat: int) -> bool:
        """The roll is used up: True when the same seat rolls again."""
        return False

    def seat_done(self, state: RaceState, seat: int) -> bool:
        raise NotImplementedError

    def game_done(self, state: RaceState) -> bool:
        """Finished players leave and the rest play on, by default until one is left."""
        return len(racing(state)) <= 1

    # -- the turn --------------------------------------------------------------------------
    def new_race(self, seats: int, board: int, colours: list[list[int]]) -> RaceState:
        pieces: list[list[int] | None] = [None] * board
        for seat_colours in colours:
            for colour in seat_colours:
                pieces[colour] = [-1] * PIECES
        return {
            "board": board,
            "colours": colours,
            "pieces": cast(list[list[int]], pieces),  # None for a colour nobody plays
            "turn": 0,
            "phase": "roll",
            "pending": [],
            "dice": None,
            "sixes": 0,
            "tries": 0,
            "last_moved": None,
            "places": [None] * seats,
            "plies": 0,
            "over": False,
        }

    def to_move(self, state: RaceState) -> frozenset[int]:
        return frozenset() if state["over"] else frozenset((state["turn"],))

    def legal_moves(self, state: RaceState, seat: int) -> list[Move]:
        if state["over"] or seat != state["turn"]:
            return []
        if state["phase"] == "roll":
            return [dict(ROLL)]
        moves: list[Move] = []
        for pips in self.amounts(state, seat):
            moves += [{"type": "move", "piece": piece, "pips": pips} for piece in self.piece_moves(state, seat, pips)]
        return moves

    def play(self, state: RaceState, seat: int, move: Move, now_ms: int, rng: Rng) -> list[Event]:
        state["plies"] += 1
        events: list[Event] = []
        if move["type"] == "roll":
            dice = self.roll_dice(state, seat, rng)
            state["dice"] = dice
            state["sixes"] = state["sixes"] + 1 if 6 in dice else 0
            events.append(event("rolled", seat=seat, dice=dice))
            state["pending"] = self.after_roll(state, seat, dice, events)
            state["phase"] = "move"
            if state["turn"] == seat and state["phase"] == "move":
                self._settle(state, seat, events)
        else:
            pips = move["pips"]
            self.spend(state, pips)
            state["last_moved"] = move["piece"]
            self.move_piece(state, seat, move["piece"], pips, events)
            if not self._finish(state, seat, events):
                self._settle(state, seat, events)
        if not state["over"] and state["plies"] >= self.ply_limit:
            self._place_by_progress(state)
            events.append(event("ply_limit", plies=self.ply_limit))
        return events

    def _settle(self, state: RaceState, seat: int, events: list[Event]) -> None:
        """After a roll or a move: move on, roll again, or pass the turn."""
        if state["pending"] and any(self.piece_moves(state, seat, pips) for pips in self.amounts(state, seat)):
            return
        if state["pending"]:
            events.append(event("no_move", seat=seat, pips=list(state["pending"])))
            state["pending"] = []
            again = self.no_move(state, seat, events)
        else:
            again = self.roll_again(state, seat)
        if again:
            state["phase"] = "roll"
            events.append(event("roll_again", seat=seat))
        else:
            self.pass_turn(state, seat, events)

    def pass_turn(self, state: RaceState, seat: int, events: list[Event]) -> None:
        left = racing(state)
        current = seat
        while True:
            current = (current + 1) % state["seats"]
            if current in left:
                break
        state.update({"turn": current, "phase": "roll", "pending": [], "sixes": 0, "tries": 0, "last_moved": None})

    def _finish(self, state: RaceState, seat: int, events: list[Event]) -> bool:
        """Places a seat that has just finished; True when its turn (or the game) is over."""
        if state["places"][seat] is not None or not self.seat_done(state, seat):
            return False
        place = sum(p is not None for p in state["places"]) + 1
        state["places"][seat] = place
        events.append(event("finished", seat=seat, place=place))
        if self.game_done(state):
            self._place_by_progress(state)
            events.append(event("game_over"))
        else:
            self.pass_turn(state, seat, events)
        return True

    def _place_by_progress(self, state: RaceState) -> None:
        """Whoever is still racing follows the finishers, nearer the goal placing better."""
        track = self.track(state)
        left = racing(state)
        placed = sum(p is not None for p in state["places"])

        def still_to_go(seat: int) -> int:
            return min(lead(track, state["pieces"][colour]) for colour in state["colours"][seat])

        for seat in left:
            ahead = sum(still_to_go(other) < still_to_go(seat) for other in left)
            state["places"][seat] = placed + ahead + 1
        state["over"] = True
        state["phase"] = "over"
        state["pending"] = []

    # -- the rest of the contract ------------------------------------------------------------
    def copy_state(self, state: RaceState) -> RaceState:
        copied = state.copy()
        copied["pieces"] = [None if p is None else list(p) for p in state["pieces"]]
        copied["colours"] = [list(c) for c in state["colours"]]
        copied["places"] = list(state["places"])
        copied["pending"] = list(state["pending"])
        copied["dice"] = None if state["dice"] is None else list(state["dice"])
        copied["options"] = dict(state["options"])
        copied["rng"] = state["rng"].copy()
        return copied

    def view(self, state: RaceState, seat: int | None) -> RaceView:
        return {**self.common_view(state, seat), "public": self.open_state(state)}

    def result(self, state: RaceState) -> Result | None:
        if not state["over"]:
            return None
        track = self.track(state)
        scores = [
            sum(track.in_lane(p) for colour in state["colours"][seat] for p in state["pieces"][colour])
            for seat in range(state["seats"])
        ]
        return {"placings": list(state["places"]), "scores": scores}

    def check_timeout_seat(self, state: RaceState, seat: int | None) -> None:
        clock_seat(seat, () if state["over"] else (state["turn"],))
