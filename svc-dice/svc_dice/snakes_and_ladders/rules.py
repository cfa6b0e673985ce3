"""Snakes and Ladders (Leiterspiel): one die, a hundred squares, up the ladders, down the snakes.

House rules (house-rules-de-en-es.txt, "Snakes and Ladders"). Decisions where the text is
silent, also written on the rules page:
- The board is the classic one (nine ladders, ten snakes; LADDERS and SNAKES below).
- Everyone starts off the board (square 0); any number of tokens may share a square.
- Square 100 needs no exact roll: a roll that would pass it stops on it.
- "At most three in a row": a turn has at most three rolls. A six earns another roll, except
  on the turn's third roll; the third six still moves, then the turn passes.
- The game ends when someone reaches 100. The others are placed by their squares (further
  along is better; equal squares share a place).
- A game that has not ended after ROUND_LIMIT rounds (it practically never happens, but a
  game of pure chance has no other bound) ends there, placed by squares.
"""

from __future__ import annotations

from typing import Any

from rulekit import Event, GameMeta, Move, MoveClock, Result, Rng, event, placings_from_scores

from ..race.roll_race import RollRace, new_round
from .state import SnakesState, SnakesView

GOAL = 100
FACES = 6
ROLLS_PER_TURN = 3
MAX_SEATS = 6
ROUND_LIMIT = 300
# The classic board: foot of the ladder -> its top, head of the snake -> its tail.
LADDERS = {1: 38, 4: 14, 9: 31, 21: 42, 28: 84, 36: 44, 51: 67, 71: 91, 80: 100}
SNAKES = {16: 6, 47: 26, 49: 11, 56: 53, 62: 19, 64: 60, 87: 24, 93: 73, 95: 75, 98: 78}

META = GameMeta(
    id="snakes-and-ladders",
    family="dice",
    min_seats=2,
    max_seats=MAX_SEATS,
    chance=True,
    hidden_information=False,
    simultaneous=False,
    longest_game=ROUND_LIMIT * MAX_SEATS * ROLLS_PER_TURN + 1,
    cpu_levels=("random", "easy", "strong"),
    # Rolling is all there is to do: a few seconds are plenty.
    clock=MoveClock(relaxed_s=30, normal_s=15, fast_s=8),
    turn_based=True,
)


def land(square: int, pips: int) -> tuple[int, int]:
    """Where a token on `square` lands after `pips`: the square reached (stopping on 100),
    then where a ladder or snake there takes it."""
    reached = min(square + pips, GOAL)
    return reached, LADDERS.get(reached, SNAKES.get(reached, reached))


class SnakesAndLadders(RollRace[SnakesState, SnakesView]):
    meta = META
    per_seat = ("squares",)

    def initial_state(self, seats: int, options: dict[str, Any], rng: Rng) -> SnakesState:
        return {"turn": 0, "round": 1, "squares": [0] * seats, "rolls": 0, "last_roll": None, "over": False}

    def play(self, state: SnakesState, seat: int, move: Move, now_ms: int, rng: Rng) -> list[Event]:
        pips = rng.die(FACES)
        start = state["squares"][seat]
        reached, square = land(start, pips)
        state["squares"][seat] = square
        state["rolls"] += 1
        state["last_roll"] = {"seat": seat, "pips": pips}
        events = [event("rolled", seat=seat, pips=pips, start=start, square=reached)]
        if square > reached:
            events.append(event("climbed", seat=seat, start=reached, square=square))
        elif square < reached:
            events.append(event("slid", seat=seat, start=reached, square=square))
        if square == GOAL:
            state["over"] = True
            events.append(event("reached_goal", seat=seat))
            return events
        if pips == FACES and state["rolls"] < ROLLS_PER_TURN:
            events.append(event("roll_again", seat=seat))
            return events
        following = (seat + 1) % state["seats"]
        state["turn"] = following
        state["rolls"] = 0
        if following == 0:
            events += new_round(state, ROUND_LIMIT)
        return events

    def view(self, state: SnakesState, seat: int | None) -> SnakesView:
        return {**self.common_view(state, seat), "public": self.open_state(state)}

    def result(self, state: SnakesState) -> Result | None:
        if not state["over"]:
            return None
        scores = list(state["squares"])
        return {"placings": placings_from_scores(scores), "scores": scores}


ENGINE = SnakesAndLadders()
