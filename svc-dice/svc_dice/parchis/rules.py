"""Parchís: four pieces each from home once round a board of 68 squares and up the own final
corridor into the goal, 2–4 players, one die or two. Built on the race-track core
(svc_dice.race).

Rule text: parchis-es.txt. Decisions where the text is silent, also written on the rules page:
- The board: 68 squares, exits on squares 5, 22, 39 and 56, safe squares (the circles) on
  12, 17, 29, 34, 46, 51, 63 and 68. A piece comes out on its exit, goes round to the square
  five before it (64 squares) and turns into its corridor of seven squares; the eighth is the
  goal. As a progress (svc_dice.race.track): 0..63 on the ring, 64..70 the corridor, 71 the goal.
- Two players sit opposite; three take three colours in turn order. "No juega" seats leave
  their colour out.
- No square holds more than two pieces (the goal holds any number). A rival on a normal
  square is captured; on a safe square or an exit the two share it. A pair of one colour is a
  barrier: no piece, the owner's included, passes or lands there (in the corridor too).
- Coming out: a piece at home and a 5 (one die, or two dice adding up to 5). If the exit is
  the player's own barrier nobody can come out; otherwise a rival there is captured (of two
  rivals, the one whose player plays next after the mover). That capture earns the 20 too.
- A bonus (20 or 10) is moved whole by one piece of the player's choice; it must be moved if
  some piece can, and it is lost if none can. A bonus move may capture or reach the goal and
  earn the next bonus.
- "Se pierde el turno": when nothing can move, the turn passes, after a 6 too.
- The third 6 in a row (the third double with two dice) is not moved: the last moved piece
  goes home unless it is in the corridor or the goal, and the turn passes.
- With two dice a 6 by itself does not give another roll, doubles do. "6 counts 7" applies to
  each die showing 6. The rule that a double must open a barrier applies to the first move
  of the double. The optional "open a barrier with a 6" rule is a separate host setting.
- "Continuing for the rest of the ranking" is the default; the host may end the game with
  the first finisher instead (the others placed by squares still to go).
"""

from __future__ import annotations

from typing import Any

from rulekit import Event, GameMeta, Move, MoveClock, Option, Result, Rng, event

from ..race import HOME, ROLL, RaceEngine, Spot, Track, best_move, occupancy, racing, send_home, spread_colours
from ..race.state import RaceState

SQUARES = 68
COLOURS = 4
LAP = 64  # ring squares a piece travels: from its exit to five squares before it
CORRIDOR = 8  # seven corridor squares and the goal
EXIT_SQUARES = (5, 22, 39, 56)
SAFE_SQUARES = (12, 17, 29, 34, 46, 51, 63, 68)
EXIT_PIPS = 5
CAPTURE_BONUS = 20
GOAL_BONUS = 10
IN_A_ROW = 3
PLY_LIMIT = 20_000

TRACK = Track(
    colours=COLOURS,
    length=SQUARES,
    lane=CORRIDOR,
    lap=LAP,
    start_at=EXIT_SQUARES[0] - 1,
    safe=frozenset(square - 1 for square in SAFE_SQUARES + EXIT_SQUARES),
)
GOAL = TRACK.goal

META = GameMeta(
    id="parchis",
    family="dice",
    min_seats=2,
    max_seats=4,
    chance=True,
    hidden_information=False,
    simultaneous=False,
    longest_game=PLY_LIMIT,
    options=(
        Option("dice", "choice", "one", "option.dice", choices=("one", "two")),
        Option("six_is_seven", "bool", False, "option.six_is_seven"),
        Option("six_opens_barrier", "bool", False, "option.six_opens_barrier"),
        Option("ranking", "choice", "play_on", "option.ranking", choices=("play_on", "first_only")),
    ),
    cpu_levels=("random", "easy", "strong"),
    # A roll or a choice among four pieces: a quarter of a minute at a normal pace.
    clock=MoveClock(relaxed_s=30, normal_s=15, fast_s=8),
    turn_based=True,
)


def is_safe(state: RaceState, square: int) -> bool:
    """No capture by landing there: a safe square or an exit."""
    return square in TRACK.safe


def out_of_reach(state: RaceState, square: int) -> bool:
    """Where a piece cannot be captured next: in a barrier (nobody lands there), or on a safe
    square unless it is the exit of a rival who still has a piece at home (coming out
    captures there)."""
    spots = occupancy(TRACK, state["pieces"]).get(square, [])
    if _barrier(spots):
        return True
    if square not in TRACK.safe:
        return False
    for colour, pieces in enumerate(state["pieces"]):
        if pieces is not None and TRACK.start(colour) == square and HOME in pieces:
            return False
    return True


class Parchis(RaceEngine):
    meta = META
    ply_limit = PLY_LIMIT

    def initial_state(self, seats: int, options: dict[str, Any], rng: Rng) -> RaceState:
        state = self.new_race(seats, COLOURS, spread_colours(COLOURS, seats))
        state.update({"doubles": 0, "must_open": False})
        return state

    def track(self, state: RaceState) -> Track:
        return TRACK

    # -- the dice ----------------------------------------------------------------------------
    def two_dice(self, state: RaceState) -> bool:
        return state["options"]["dice"] == "two"

    def roll_dice(self, state: RaceState, seat: int, rng: Rng) -> list[int]:
        return [rng.die(6), rng.die(6)] if self.two_dice(state) else [rng.die(6)]

    def after_roll(self, state: RaceState, seat: int, dice: list[int], events: list[Event]) -> list[int]:
        colour = state["colours"][seat][0]
        pieces = state["pieces"][colour]
        if self.two_dice(state):
            doubles = dice[0] == dice[1]
            state["doubles"] = state["doubles"] + 1 if doubles else 0
            in_a_row = state["doubles"]
            state["must_open"] = doubles
        else:
            in_a_row = state["sixes"]
            state["must_open"] = dice == [6] and state["options"]["six_opens_barrier"]
        if in_a_row >= IN_A_ROW:
            state["must_open"] = False
            last = state["last_moved"]
            if last is not None and TRACK.on_ring(pieces[last]):
                pieces[last] = HOME
                events.append(event("three_in_a_row", seat=seat, piece=last))
            else:
                events.append(event("three_in_a_row", seat=seat, piece=None))
            return []
        seven = state["options"]["six_is_seven"] and HOME not in pieces
        return [7 if seven and die == 6 else die for die in dice]

    def amounts(self, state: RaceState, seat: int) -> list[int]:
        amounts = super().amounts(state, seat)
        if self._sum_exit(state) and EXIT_PIPS not in amounts:
            amounts.append(EXIT_PIPS)
        return amounts

    @staticmethod
    def _sum_exit(state: RaceState) -> bool:
        """Both dice of this roll are still to move and add up to 5."""
        dice, pending = state["dice"], state["pending"]
        return (
            dice is not None
            and len(dice) == 2
            and len(pending) == 2
            and sorted(pending) == sorted(dice)
            and sum(dice) == EXIT_PIPS
        )

    def spend(self, state: RaceState, pips: int) -> None:
        if pips in state["pending"]:
            state["pending"].remove(pips)
        else:  # the two dice that add up to 5
            state["pending"] = []

    # -- where a piece may go ------------------------------------------------------------------
    def piece_moves(self, state: RaceState, seat: int, pips: int) -> list[int]:
        colour = state["colours"][seat][0]
        pieces = state["pieces"][colour]
        fields = occupancy(TRACK, state["pieces"])
        moves = []
        if pips == EXIT_PIPS and HOME in pieces and self._can_exit(state, colour, fields):
            moves.append(pieces.index(HOME))  # every piece at home is the same piece
        if pips in state["pending"]:
            moves += [k for k, p in enumerate(pieces) if p != HOME and self._can_move(state, colour, k, pips, fields)]
        return sorted(moves)

    @staticmethod
    def _can_exit(state: RaceState, colour: int, fields: dict[int, list[Spot]]) -> bool:
        there = fields.get(TRACK.start(colour), [])
        return sum(spot.colour == colour for spot in there) < 2

    @staticmethod
    def _can_move(state: RaceState, colour: int, piece: int, pips: int, fields: dict[int, list[Spot]]) -> bool:
        pieces = state["pieces"][colour]
        path = TRACK.path(pieces[piece], pips)
        if path is None:
            return False
        for step in path:
            last = step == path[-1]
            if step == GOAL:
                return True
            if TRACK.on_ring(step):
                square = TRACK.field(colour, step)
                assert square is not None
                spots = fields.get(square, [])
                blocked = len(spots) >= 2 if last else _barrier(spots)
            else:  # the corridor: only own pieces stand there
                blocked = sum(1 for p in pieces if p == step) >= 2
            if blocked:
                return False
        return True

    def legal_moves(self, state: RaceState, seat: int) -> list[Move]:
        moves = super().legal_moves(state, seat)
        if state["over"] or seat != state["turn"] or state["phase"] != "move":
            return moves
        colour = state["colours"][seat][0]
        pieces = state["pieces"][colour]
        # Coming out is forced whenever it is possible.
        exits = [m for m in moves if m["pips"] == EXIT_PIPS and pieces[m["piece"]] == HOME]
        if exits:
            return exits
        if state["must_open"]:
            barriers = self._in_barriers(state, colour)
            opening = [m for m in moves if m["piece"] in barriers]
            if opening:
                return opening
        return moves

    @staticmethod
    def _in_barriers(state: RaceState, colour: int) -> set[int]:
        """The colour's pieces that stand in one of its barriers (ring or corridor)."""
        pieces = state["pieces"][colour]
        return {k for k, p in enumerate(pieces) if p != HOME and p != GOAL and sum(1 for q in pieces if q == p) >= 2}

    # -- a move --------------------------------------------------------------------------------
    def move_piece(self, state: RaceState, seat: int, piece: int, pips: int, events: list[Event]) -> None:
        colour = state["colours"][seat][0]
        pieces = state["pieces"][colour]
        start = pieces[piece]
        target = 0 if start == HOME else start + pips
        square = TRACK.field(colour, target)
        code = "entered" if start == HOME else "moved"
        corridor = target - LAP + 1 if TRACK.in_lane(target) else None
        events.append(
            event(code, seat=seat, piece=piece, start=start, to=target, field=square, goal_field=corridor, pips=pips)
        )
        state["must_open"] = False
        victim = None
        if square is not None:
            rivals = [spot for spot in occupancy(TRACK, state["pieces"]).get(square, []) if spot.colour != colour]
            if rivals and (start == HOME or not is_safe(state, square)):
                victim = min(rivals, key=lambda spot: self._turns_after(state, seat, spot.colour))
        pieces[piece] = target
        if victim is not None:
            send_home(state["pieces"], victim)
            owner = next(s for s, cs in enumerate(state["colours"]) if victim.colour in cs)
            events.append(
                event("captured", seat=owner, colour=victim.colour, piece=victim.index, field=square, by=seat)
            )
            state["pending"].append(CAPTURE_BONUS)
            events.append(event("bonus", seat=seat, pips=CAPTURE_BONUS))
        if target == GOAL:
            events.append(event("reached_goal", seat=seat, piece=piece))
            if not self.seat_done(state, seat):
                state["pending"].append(GOAL_BONUS)
                events.append(event("bonus", seat=seat, pips=GOAL_BONUS))

    @staticmethod
    def _turns_after(state: RaceState, seat: int, colour: int) -> int:
        owner = next(s for s, cs in enumerate(state["colours"]) if colour in cs)
        return (owner - seat) % state["seats"]

    def no_move(self, state: RaceState, seat: int, events: list[Event]) -> bool:
        """Nothing the roll gave moves: the turn is lost ("se pierde el turno"). What is left
        after a piece has moved (a bonus, the second die) is lost, and a 6 or a double still
        rolls again."""
        if any(e["code"] == "rolled" for e in events):
            return False
        return self.roll_again(state, seat)

    def roll_again(self, state: RaceState, seat: int) -> bool:
        dice = state["dice"]
        assert dice is not None  # asked after a roll
        if self.two_dice(state):
            return dice[0] == dice[1] and state["doubles"] < IN_A_ROW
        return dice == [6] and state["sixes"] < IN_A_ROW

    def pass_turn(self, state: RaceState, seat: int, events: list[Event]) -> None:
        super().pass_turn(state, seat, events)
        state.update({"doubles": 0, "must_open": False})

    def seat_done(self, state: RaceState, seat: int) -> bool:
        return all(p == GOAL for p in state["pieces"][state["colours"][seat][0]])

    def game_done(self, state: RaceState) -> bool:
        if state["options"]["ranking"] == "first_only":
            return True
        return len(racing(state)) <= 1

    def result(self, state: RaceState) -> Result | None:
        if not state["over"]:
            return None
        scores = [sum(p == GOAL for p in state["pieces"][state["colours"][s][0]]) for s in range(state["seats"])]
        return {"placings": list(state["places"]), "scores": scores}

    def timeout_move(self, state: RaceState, seat: int | None) -> Move:
        """Out of time: roll, or make the move the strong CPU would (capture, escape, enter)."""
        self.check_timeout_seat(state, seat)
        assert seat is not None
        if state["phase"] == "roll":
            return dict(ROLL)
        return best_move(self, state, seat, self.legal_moves(state, seat), out_of_reach)


def _barrier(spots: list[Spot]) -> bool:
    return len(spots) >= 2 and spots[0].colour == spots[1].colour


ENGINE = Parchis()
