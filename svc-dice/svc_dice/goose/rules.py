"""Game of the Goose (Gänsespiel): a spiral of 63 fields, two dice (or one), and the old
special fields.

House rules (house-rules-de-en-es.txt, "Game of the Goose"). Decisions where the text is
silent, also written on the rules page:
- Everyone starts off the board (field 0); any number of tokens may share a field.
- A goose repeats the move in the direction it was going: forwards as a rule, backwards once
  an overshoot has turned it round at 63 (so a chain always ends; forwards from 59, an eight
  would bounce back onto 59 for ever).
- A first throw of nine from the start would fly over the geese to 63 at once, so the old
  rule holds: 6 + 3 goes to field 26, 5 + 4 to field 53 (two dice only).
- Bridge, maze and field 58 apply only where a move ends; their target fields are plain.
- Inn: the player's next two turns are passed over.
- Well and prison: the player waits there until another lands on that field, who then waits
  in their place; the freed player rolls again from the turn after. If every player still in
  the race is waiting in the well or the prison, nobody could ever free them: all are freed.
- Finishers are placed in the order they reach 63; the game ends when one player is left.
- A game still running after ROUND_LIMIT rounds (practically never) ends there, the players
  still racing placed after the finishers by how far they got.
"""

from __future__ import annotations

from typing import Any

from rulekit import Event, GameMeta, Move, MoveClock, Option, Result, Rng, event

from ..race.roll_race import RollRace, new_round
from .state import GooseState, GooseView

GOAL = 63
FACES = 6
MAX_SEATS = 8
ROUND_LIMIT = 2000
GEESE = frozenset((5, 9, 14, 18, 23, 27, 32, 36, 41, 45, 50, 54, 59))
BRIDGE, BRIDGE_TO = 6, 12
INN, INN_TURNS = 19, 2
WELL = 31
MAZE, MAZE_TO = 42, 30
PRISON = 52
DEATH = 58
# Where a first throw of nine from the start goes, by the higher die.
FIRST_NINE = {6: 26, 5: 53}
WAITING_FIELDS = {WELL: "well", PRISON: "prison"}

META = GameMeta(
    id="goose",
    family="dice",
    min_seats=2,
    max_seats=MAX_SEATS,
    chance=True,
    hidden_information=False,
    simultaneous=False,
    longest_game=ROUND_LIMIT * MAX_SEATS + 1,
    options=(Option("dice", "choice", "two", "option.dice", choices=("two", "one")),),
    cpu_levels=("random", "easy", "strong"),
    # Rolling is all there is to do: a few seconds are plenty.
    clock=MoveClock(relaxed_s=30, normal_s=15, fast_s=8),
    turn_based=True,
)


def step(field: int, pips: int, forwards: bool) -> tuple[int, bool, bool]:
    """Move `pips` from `field`: the field reached, whether still going forwards, and whether
    it overshot 63 and bounced back by the excess."""
    if not forwards:
        return max(0, field - pips), False, False
    reached = field + pips
    if reached > GOAL:
        return GOAL - (reached - GOAL), False, True
    return reached, True, False


def racing(state: GooseState) -> list[int]:
    """Seats still on their way to 63."""
    return [seat for seat in range(state["seats"]) if state["places"][seat] is None]


class Goose(RollRace[GooseState, GooseView]):
    meta = META
    per_seat = ("fields", "inn_turns", "held", "places")

    def initial_state(self, seats: int, options: dict[str, Any], rng: Rng) -> GooseState:
        return {
            "turn": 0,
            "round": 1,
            "fields": [0] * seats,
            "inn_turns": [0] * seats,
            "held": [None] * seats,  # "well" / "prison" while waiting there
            "places": [None] * seats,  # finishing place once at 63
            "last_roll": None,
            "over": False,
        }

    def play(self, state: GooseState, seat: int, move: Move, now_ms: int, rng: Rng) -> list[Event]:
        count = 2 if state["options"]["dice"] == "two" else 1
        dice = [rng.die(FACES) for _ in range(count)]
        pips = sum(dice)
        start = state["fields"][seat]
        state["last_roll"] = {"seat": seat, "dice": dice, "pips": pips}
        specials: list[Event] = []
        field = self._walk(state, seat, start, dice, specials)
        state["fields"][seat] = field
        events = [event("rolled", seat=seat, dice=dice, pips=pips, start=start, field=field), *specials]
        events += self._arrive(state, seat, field)
        if not state["over"]:
            events += self._next_turn(state, seat)
        return events

    def _walk(self, state: GooseState, seat: int, start: int, dice: list[int], events: list[Event]) -> int:
        """Where the roll takes the token, with the events of every special field on the way."""
        pips = sum(dice)
        if start == 0 and len(dice) == 2 and pips == 9:
            field = FIRST_NINE[max(dice)]
            events.append(event("first_nine", seat=seat, field=field))
            return field
        field, forwards, bounced = step(start, pips, True)
        if bounced:
            events.append(event("bounced", seat=seat, field=field))
        while field in GEESE:
            hop_from = field
            field, forwards, bounced = step(field, pips, forwards)
            events.append(event("goose", seat=seat, start=hop_from, field=field))
            if bounced:
                events.append(event("bounced", seat=seat, field=field))
        if field == BRIDGE:
            field = BRIDGE_TO
            events.append(event("bridge", seat=seat, field=field))
        elif field == MAZE:
            field = MAZE_TO
            events.append(event("maze", seat=seat, field=field))
        elif field == DEATH:
            field = 0
            events.append(event("death", seat=seat, field=field))
        return field

    def _arrive(self, state: GooseState, seat: int, field: int) -> list[Event]:
        """What the field where the move ends does: goal, inn, well or prison."""
        events: list[Event] = []
        if field == GOAL:
            place = sum(p is not None for p in state["places"]) + 1
            state["places"][seat] = place
            events.append(event("finished", seat=seat, place=place))
            left = racing(state)
            if len(left) == 1:
                state["places"][left[0]] = place + 1
                state["over"] = True
                events.append(event("game_over"))
            return events
        if field == INN:
            state["inn_turns"][seat] = INN_TURNS
            events.append(event("inn", seat=seat, turns=INN_TURNS))
        elif field in WAITING_FIELDS:
            name = WAITING_FIELDS[field]
            for other in range(state["seats"]):
                if other != seat and state["held"][other] == name:
                    state["held"][other] = None
                    events.append(event("released", seat=other, by=seat, where=name))
            state["held"][seat] = name
            events.append(event("held", seat=seat, where=name))
        return events

    def _next_turn(self, state: GooseState, seat: int) -> list[Event]:
        """Pass the turn on, over finishers, inn guests and the well's and prison's waiters."""
        events: list[Event] = []
        left = racing(state)
        if all(state["held"][other] is not None for other in left):
            # Nobody is left to come and take their place: every waiter goes free.
            for other in left:
                events.append(event("released", seat=other, by=None, where=state["held"][other]))
                state["held"][other] = None
        current = seat
        while True:
            current = (current + 1) % state["seats"]
            if current == 0:
                ended = new_round(state, ROUND_LIMIT)
                if ended:
                    self._place_the_rest(state)
                    return events + ended
            if state["places"][current] is not None:
                continue
            if state["held"][current] is not None:
                events.append(event("waits", seat=current, where=state["held"][current]))
                continue
            if state["inn_turns"][current] > 0:
                state["inn_turns"][current] -= 1
                events.append(event("missed_turn", seat=current, left=state["inn_turns"][current]))
                continue
            state["turn"] = current
            return events

    @staticmethod
    def _place_the_rest(state: GooseState) -> None:
        """After the round limit: the players still racing follow the finishers, by field."""
        left = racing(state)
        placed = sum(p is not None for p in state["places"])
        for seat in left:
            ahead = sum(state["fields"][other] > state["fields"][seat] for other in left)
            state["places"][seat] = placed + ahead + 1

    def view(self, state: GooseState, seat: int | None) -> GooseView:
        return {**self.common_view(state, seat), "public": self.open_state(state)}

    def result(self, state: GooseState) -> Result | None:
        if not state["over"]:
            return None
        return {"placings": list(state["places"]), "scores": list(state["fields"])}


ENGINE = Goose()
