"""Ludo (Würfelrennen): four pieces each from home round the board into the goal, 2–8 players
on boards of 4, 6 or 8 colours. Built on the race-track core (svc_dice.race).

House rules (house-rules-de-en-es.txt, "Ludo"). Decisions where the text is silent, also
written on the rules page:
- Ten ring fields per colour: 40 fields for 4 colours, 60 for 6, 80 for 8; four goal fields
  per colour. A piece goes once round the ring (its start field is progress 0, the field
  before its start field 39 on a 40-field ring) and then into its goal lane.
- Seats take colours spread evenly round the board (two players on four colours sit
  opposite each other).
- Coming out is allowed, not forced: with a 6 a player may bring a piece out or move another
  (unless the start field has to be cleared).
- "Three rolls with all pieces at home": this holds as long as no piece is on the ring and
  the pieces in the goal lane fill its far end, so nothing could move without a 6.
- "After a 6 you roll again" up to three sixes in a row: the third six is played and then the
  turn passes. A 6 that cannot be used still gives the next roll.
- There are no safe fields: a piece is captured wherever it is hit on the ring, its own
  start field included. Opponents' pieces are jumped over freely.
- "Clear the start field": while a piece waits at home, a piece on the start field that can
  move must move; if it is blocked, any other piece may.
- Finished players leave, the others play on until one is left. A game still running after
  PLY_LIMIT moves (practically never) ends there, placed by the fields still to go.
"""

from __future__ import annotations

from typing import Any

from rulekit import Event, GameMeta, Move, MoveClock, Option, Refusal, Rng, event

from ..race import (
    HOME,
    ROLL,
    RaceEngine,
    Track,
    at_home,
    best_move,
    in_goal,
    lane_clear,
    occupancy,
    owner_of,
    packed,
    send_home,
    spread_colours,
)
from ..race.state import RaceState

FIELDS_PER_COLOUR = 10
GOAL_FIELDS = 4
TRIES_AT_HOME = 3
SIXES_IN_A_ROW = 3
PLY_LIMIT = 40_000
BOARDS = {"smallest": 4, "six": 6, "eight": 8}

META = GameMeta(
    id="ludo",
    family="dice",
    min_seats=2,
    max_seats=8,
    chance=True,
    hidden_information=False,
    simultaneous=False,
    longest_game=PLY_LIMIT,
    options=(Option("board", "choice", "smallest", "option.board", choices=tuple(BOARDS)),),
    cpu_levels=("random", "easy", "strong"),
    # A roll or a choice among four pieces: a quarter of a minute is plenty at a normal pace.
    clock=MoveClock(relaxed_s=30, normal_s=15, fast_s=8),
    turn_based=True,
)


def board_for(seats: int, chosen: str = "smallest") -> int:
    """Colours on the board: the smallest that seats everyone, or the host's bigger pick
    (never smaller than needed)."""
    needed = 4 if seats <= 4 else 6 if seats <= 6 else 8
    return max(needed, BOARDS[chosen])


def track_of(colours: int) -> Track:
    return Track(colours=colours, length=colours * FIELDS_PER_COLOUR, lane=GOAL_FIELDS)


TRACKS = {colours: track_of(colours) for colours in (4, 6, 8)}


class Ludo(RaceEngine):
    meta = META
    ply_limit = PLY_LIMIT

    def initial_state(self, seats: int, options: dict[str, Any], rng: Rng) -> RaceState:
        board = board_for(seats, options["board"])
        if board not in TRACKS:
            raise Refusal("bad_option", "no such board")
        return self.new_race(seats, board, spread_colours(board, seats))

    def track(self, state: RaceState) -> Track:
        return TRACKS[state["board"]]

    def piece_moves(self, state: RaceState, seat: int, pips: int) -> list[int]:
        track = self.track(state)
        pieces = state["pieces"][state["colours"][seat][0]]
        home = at_home(pieces)
        if home and 0 in pieces:
            blocker = pieces.index(0)
            if self._can_move(track, pieces, blocker, pips):
                return [blocker]
        moves = [k for k, progress in enumerate(pieces) if progress != HOME and self._can_move(track, pieces, k, pips)]
        if pips == 6 and home and 0 not in pieces:
            # Every piece at home is the same piece: one move brings one out.
            moves.append(home[0])
        return sorted(moves)

    @staticmethod
    def _can_move(track: Track, pieces: list[int], piece: int, pips: int) -> bool:
        path = track.path(pieces[piece], pips)
        return path is not None and lane_clear(pieces, path, track, jump_own=False)

    def move_piece(self, state: RaceState, seat: int, piece: int, pips: int, events: list[Event]) -> None:
        track = self.track(state)
        colour = state["colours"][seat][0]
        pieces = state["pieces"][colour]
        start = pieces[piece]
        target = 0 if start == HOME else start + pips
        where = track.field(colour, target)
        code = "entered" if start == HOME else "moved"
        lane = target - track.lap + 1 if track.in_lane(target) else None
        events.append(event(code, seat=seat, piece=piece, start=start, to=target, field=where, goal_field=lane))
        # Whoever stands on the field reached goes home (own pieces never stand there).
        if where is not None:
            for spot in occupancy(track, state["pieces"]).get(where, []):
                send_home(state["pieces"], spot)
                victim = owner_of(state, spot.colour)
                events.append(
                    event("captured", seat=victim, colour=spot.colour, piece=spot.index, field=where, by=seat)
                )
        pieces[piece] = target
        if track.in_lane(target) and not track.in_lane(start):
            events.append(event("reached_goal", seat=seat, piece=piece))

    def no_move(self, state: RaceState, seat: int, events: list[Event]) -> bool:
        if state["dice"] == [6]:
            return state["sixes"] < SIXES_IN_A_ROW
        if packed(self.track(state), state["pieces"][state["colours"][seat][0]]):
            state["tries"] += 1
            return state["tries"] < TRIES_AT_HOME
        return False

    def roll_again(self, state: RaceState, seat: int) -> bool:
        return state["dice"] == [6] and state["sixes"] < SIXES_IN_A_ROW

    def seat_done(self, state: RaceState, seat: int) -> bool:
        return in_goal(self.track(state), state["pieces"][state["colours"][seat][0]])

    def timeout_move(self, state: RaceState, seat: int | None) -> Move:
        """Out of time: roll, or make the move the strong CPU would (capture, escape, enter)."""
        self.check_timeout_seat(state, seat)
        assert seat is not None
        if state["phase"] == "roll":
            return dict(ROLL)
        return best_move(self, state, seat, self.legal_moves(state, seat))


ENGINE = Ludo()
