"""Mensch ärgere dich nicht, as the casino tables play it (casino-tables-de.txt, "Mensch
ärgere dich nicht"): four colours on a ring of 40 fields, four pieces each, four goal fields
per colour; 4 players with one colour each or 1 vs 1 with two colours each. Built on the
race-track core (svc_dice.race); it differs from Ludo on purpose.

Colours (board order = turn order): 0 red, 1 blue, 2 yellow, 3 green. 1 vs 1 is Red + Yellow
against Green + Blue, so the two players' colours alternate round the board and in turn.

Decisions where the text is silent, also written on the rules page:
- The start roll is automatic (part of the setup, shown in the view as `start_rolls`): the
  highest die chooses, ties roll again among the tied. The chooser picks a colour (four
  players) or a pair (1 vs 1) and starts; with four players the others take the next colours
  in turn order in seat order after the chooser. 1 vs 1: the chooser's first colour in the
  order red, blue, yellow, green starts.
- Every colour is one turn: in 1 vs 1 a player's two colours are two turns (red, blue,
  yellow, green), each with its own roll, sixes and three tries.
- "Three tries for a 6" hold while none of the colour's pieces can move without a 6 (none on
  the ring, the ones in the goal at its far end) and no piece of it has moved this turn.
- A 6 brings a piece out whenever one waits at home and the start field is free of that
  colour (coming out is forced, as the text's "kommt eine Figur aus dem Haus" says).
- Start fields: a piece standing on any start field cannot be landed on by another colour;
  only the field's own colour, coming out, captures it there.
- Jumping over pieces is allowed, in the goal fields too; only the stopping field counts.
- Three extra rolls after a piece reaches the goal come after any rolls its sixes give; a
  piece reaching the goal during them adds three more.
- No piece must capture (there is no obligation to hit).
- The first player to finish wins; everyone else is placed by the fields still to go. A game
  still running after PLY_LIMIT moves (practically never) is placed the same way.
- Stakes: the `stake` setting (3,000 / 15,000 / 75,000 coins; 0, the default, a friendly
  game) is paid by lobby/stakes.py through the ledger and escrow: the winner takes
  seats × stake. The rules here do not change with it.
"""

from __future__ import annotations

from typing import Any, cast

from rulekit import Event, GameMeta, Move, MoveClock, Option, Rng, event

from ..race import (
    HOME,
    PIECES,
    ROLL,
    RaceEngine,
    Track,
    at_home,
    best_move,
    colour_value,
    in_goal,
    occupancy,
    owner_of,
    packed,
    send_home,
)
from ..race.state import RaceState

RED, BLUE, YELLOW, GREEN = range(4)
COLOURS = ("red", "blue", "yellow", "green")
PAIRS = ([RED, YELLOW], [BLUE, GREEN])
TRIES_AT_HOME = 3
GOAL_BONUS_ROLLS = 3
MOVE_SECONDS = 15
STAKES = (0, 3000, 15000, 75000)
PLY_LIMIT = 40_000
# How the strong CPU and the clock weigh a position (tuned against easy, docs/cpu-strength.md): a player's
# second colour counts half (one complete colour wins), a piece within reach of a foreign one
# loses 0.7 of a hit's chance of its worth, and the opponents count by their best and their
# average standing alike.
SECOND_COLOUR = 0.5
DANGER = 0.7

TRACK = Track(colours=4, length=40, lane=4)

META = GameMeta(
    id="mensch",
    family="dice",
    min_seats=2,
    max_seats=4,
    seat_counts=(2, 4),
    chance=True,
    hidden_information=False,
    simultaneous=False,
    longest_game=PLY_LIMIT,
    options=(Option("stake", "choice", 0, "option.stake", choices=STAKES),),
    cpu_levels=("random", "easy", "strong"),
    clock=MoveClock(fixed_s=MOVE_SECONDS),
    turn_based=True,
)


def start_roll(seats: int, rng: Rng) -> tuple[list[list[int | None]], int]:
    """Every seat rolls; the tied highest roll again. Returns the rounds (None for a seat not
    rolling in that round) and the winner."""
    rolling = list(range(seats))
    rounds: list[list[int | None]] = []
    while True:
        dice: list[int | None] = [rng.die(6) if seat in rolling else None for seat in range(seats)]
        rounds.append(dice)
        best = max(d for d in dice if d is not None)
        rolling = [seat for seat in rolling if dice[seat] == best]
        if len(rolling) == 1:
            return rounds, rolling[0]


def colours_after_choice(seats: int, chooser: int, pick: list[int]) -> list[list[int]]:
    """The colours of every seat once the chooser has picked."""
    if seats == 2:
        other = PAIRS[1] if pick == PAIRS[0] else PAIRS[0]
        colours = [list(other), list(other)]
        colours[chooser] = list(pick)
        return colours
    colours = [[0] for _ in range(seats)]
    for k in range(seats):
        colours[(chooser + k) % seats] = [(pick[0] + k) % 4]
    return colours


def safe_start(state: RaceState, where: int) -> bool:
    """A piece on a start field can only be hit by that field's colour coming out."""
    for colour in range(4):
        if TRACK.start(colour) == where:
            pieces = state["pieces"][colour]
            return pieces is None or HOME not in pieces
    return False


class Mensch(RaceEngine):
    meta = META
    ply_limit = PLY_LIMIT

    def initial_state(self, seats: int, options: dict[str, Any], rng: Rng) -> RaceState:
        rounds, chooser = start_roll(seats, rng)
        choices = self.choices(seats)
        state = self.new_race(seats, 4, colours_after_choice(seats, chooser, choices[0]["colours"]))
        # No colour is on turn until the first player has chosen.
        cast("dict[str, Any]", state).update(
            turn=chooser, phase="choose", colour=None, bonus=0, start_rolls=rounds, chooser=chooser
        )
        return state

    @staticmethod
    def choices(seats: int) -> list[Move]:
        picks = PAIRS if seats == 2 else [[colour] for colour in range(4)]
        return [{"type": "choose", "colours": list(pick)} for pick in picks]

    def track(self, state: RaceState) -> Track:
        return TRACK

    # -- the colour choice, then the colours' turns ----------------------------------------
    def legal_moves(self, state: RaceState, seat: int) -> list[Move]:
        if state["phase"] == "choose":
            return self.choices(state["seats"]) if seat == state["turn"] and not state["over"] else []
        return super().legal_moves(state, seat)

    def play(self, state: RaceState, seat: int, move: Move, now_ms: int, rng: Rng) -> list[Event]:
        if move["type"] != "choose":
            return super().play(state, seat, move, now_ms, rng)
        state["plies"] += 1
        pick = list(move["colours"])
        state["colours"] = colours_after_choice(state["seats"], seat, pick)
        state.update({"phase": "roll", "colour": min(pick)})
        return [event("chose", seat=seat, colours=pick), event("colour_turn", seat=seat, colour=min(pick))]

    def pass_turn(self, state: RaceState, seat: int, events: list[Event]) -> None:
        colour = (state["colour"] + 1) % 4
        owner = owner_of(state, colour)
        assert owner is not None
        state.update(
            {
                "turn": owner,
                "colour": colour,
                "phase": "roll",
                "pending": [],
                "sixes": 0,
                "tries": 0,
                "last_moved": None,
                "bonus": 0,
            }
        )
        events.append(event("colour_turn", seat=owner, colour=colour))

    # -- which pieces may move ---------------------------------------------------------------
    def piece_moves(self, state: RaceState, seat: int, pips: int) -> list[int]:
        colour = state["colour"]
        base = state["colours"][seat].index(colour) * PIECES
        normal, last_resort = self._moves(state, colour, pips)
        return [base + index for index in (normal or last_resort)]

    def _moves(self, state: RaceState, colour: int, pips: int) -> tuple[list[int], list[int]]:
        """The colour's pieces that may move `pips`: the ordinary moves, and the moves that
        capture the player's own second colour (allowed only when nothing else moves)."""
        pieces = state["pieces"][colour]
        seat = owner_of(state, colour)
        assert seat is not None
        partner = [c for c in state["colours"][seat] if c != colour]
        fields = occupancy(TRACK, state["pieces"])
        normal: list[int] = []
        last_resort: list[int] = []
        home = at_home(pieces)
        if pips == 6 and home:
            standing = fields.get(TRACK.start(colour), [])
            if not any(spot.colour == colour for spot in standing):
                if any(spot.colour in partner for spot in standing):
                    last_resort.append(home[0])
                else:
                    return [home[0]], []  # coming out is forced
        starts = {TRACK.start(c) for c in range(4)}
        for index, progress in enumerate(pieces):
            path = TRACK.path(progress, pips)
            if path is None:
                continue
            target = path[-1]
            if TRACK.in_lane(target):
                if target not in pieces:
                    normal.append(index)
                continue
            where = TRACK.field(colour, target)
            standing = fields.get(where, []) if where is not None else []
            if not standing:
                normal.append(index)
            elif any(spot.colour == colour for spot in standing) or where in starts:
                continue  # own pieces never share; an occupied start field is closed
            elif any(spot.colour in partner for spot in standing):
                last_resort.append(index)
            else:
                normal.append(index)
        return normal, last_resort

    def move_piece(self, state: RaceState, seat: int, piece: int, pips: int, events: list[Event]) -> None:
        colour = state["colour"]
        index = piece % PIECES
        pieces = state["pieces"][colour]
        start = pieces[index]
        target = 0 if start == HOME else start + pips
        where = TRACK.field(colour, target)
        code = "entered" if start == HOME else "moved"
        lane = target - TRACK.lap + 1 if TRACK.in_lane(target) else None
        events.append(
            event(code, seat=seat, colour=colour, piece=piece, start=start, to=target, field=where, goal_field=lane)
        )
        if where is not None:
            for spot in occupancy(TRACK, state["pieces"]).get(where, []):
                send_home(state["pieces"], spot)
                victim = owner_of(state, spot.colour)
                events.append(
                    event("captured", seat=victim, colour=spot.colour, piece=spot.index, field=where, by=seat)
                )
        pieces[index] = target
        if TRACK.in_lane(target) and not TRACK.in_lane(start):
            state["bonus"] += GOAL_BONUS_ROLLS
            events.append(event("reached_goal", seat=seat, colour=colour, piece=piece, bonus=GOAL_BONUS_ROLLS))

    # -- rolling again -----------------------------------------------------------------------
    def roll_again(self, state: RaceState, seat: int) -> bool:
        if state["dice"] == [6]:
            return True  # no limit on sixes in a row
        if state["bonus"] > 0:
            state["bonus"] -= 1
            return True
        return False

    def no_move(self, state: RaceState, seat: int, events: list[Event]) -> bool:
        if self.roll_again(state, seat):
            return True
        if state["last_moved"] is None and packed(TRACK, state["pieces"][state["colour"]]):
            state["tries"] += 1
            return state["tries"] < TRIES_AT_HOME
        return False

    # -- the end -----------------------------------------------------------------------------
    def seat_done(self, state: RaceState, seat: int) -> bool:
        return any(in_goal(TRACK, state["pieces"][colour]) for colour in state["colours"][seat])

    def game_done(self, state: RaceState) -> bool:
        return True  # the first player to finish ends the game

    def _place_by_progress(self, state: RaceState) -> None:
        super()._place_by_progress(state)
        cast("dict[str, Any]", state)["colour"] = None  # no colour is on turn any more

    def copy_state(self, state: RaceState) -> RaceState:
        copied = super().copy_state(state)
        copied["start_rolls"] = [list(r) for r in state["start_rolls"]]
        return copied

    def standing(self, state: RaceState, seat: int) -> float:
        """How well `seat` stands (higher is better): its leading colour in full, its second
        at SECOND_COLOUR, against the other seats' standing; a win outweighs everything."""

        def worth(player: int) -> float:
            values = sorted(colour_value(self, state, c, safe_start, DANGER) for c in state["colours"][player])
            return values[-1] + SECOND_COLOUR * sum(values[:-1])

        others = [worth(player) for player in range(state["seats"]) if player != seat]
        score = worth(seat) - 0.5 * max(others) - 0.5 * sum(others) / len(others)
        return score + (1000 if state["places"][seat] == 1 else 0)

    def timeout_move(self, state: RaceState, seat: int | None) -> Move:
        """Out of time: the first choice (red, or red + yellow), a roll, or the move the strong
        CPU would make (a capture, a piece out of danger, into the goal or out of home)."""
        self.check_timeout_seat(state, seat)
        assert seat is not None
        if state["phase"] == "choose":
            return self.choices(state["seats"])[0]
        if state["phase"] == "roll":
            return dict(ROLL)
        return best_move(self, state, seat, self.legal_moves(state, seat), value=self.standing)


ENGINE = Mensch()
