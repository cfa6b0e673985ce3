"""Hau Hau: 108 poker cards, 1 vs 1 best of 5 or four players first to two round wins.

Rules: casino-tables-de.txt ("Hau Hau") and docs/catalogue.md. Decisions where the text is silent,
also written on the rules page:
- Rock-paper-scissors opens every round (the text describes it as the start of play). With
  four players everyone throws; a throw showing one or all three shapes is a tie and is
  thrown again, otherwise the seats with the winning shape go on among themselves until one
  is left. Then the winner's two neighbours throw for place 2 (the left one is the next seat
  up, so winning it sets direction +1).
- The open card's special meaning (10, J, Q) does not apply; only its suit and rank count.
- Drawing one card is allowed at any time on your turn (the clock draws for you even when a
  card would fit, and after drawing you may play "a card from your hand, e.g. a 10 or an A").
- After the drawn card (or the last card after a penalty) nothing fitting means the turn ends.
- When nothing is left to draw (all other cards in the hands) a draw gives what there is.
- The move clock (10 s, fixed by the text: setting `move_clock` has the one choice "fixed")
  runs from the start of the game, so on the first throw too, and in a throw on every seat
  still to throw. A timed-out throw is drawn from the state's generator, which it advances:
  nobody can foresee it, and two timed-out seats do not throw the same shape for ever.
- Stakes (setting `stake`): 1,000, 5,000 or 25,000 coins from each player, the match winner
  takes the pot (lobby/stakes.py pays it; the rules here do not change). 0, the default, is a
  friendly match without coins, so CPU seats and players who are not signed in can play.
"""

from __future__ import annotations

from typing import Any

from rulekit import (
    Event,
    GameMeta,
    Move,
    MoveClock,
    Option,
    Result,
    Rng,
    View,
    clock_seat,
    event,
    placings_from_scores,
)

from ..core import (
    SUITS,
    Card,
    CardEngine,
    build_decks,
    deal,
    draw,
    new_table,
    next_seat,
    parse,
    played_event,
    reverse,
    turn_up,
)
from .state import HauHauState, HauHauView

HAND_SIZE = 6
DEAL_BATCH = 2
MOVE_SECONDS = 10
SHAPES = ("rock", "paper", "scissors")
BEATS = {"rock": "scissors", "paper": "rock", "scissors": "paper"}
WISH_RANKS = ("10", "A")
PENALTY = {"K": 2, "A": 4}

META = GameMeta(
    id="hau-hau",
    family="cards",
    min_seats=2,
    max_seats=4,
    seat_counts=(2, 4),
    chance=True,
    hidden_information=True,
    simultaneous=True,
    # No rule bounds a match (drawing is always allowed); random 1 vs 1 matches end within
    # about 4,600 moves, so this is the playout tests' limit, far beyond bad luck.
    longest_game=30_000,
    options=(Option("stake", "choice", 0, "option.stake", choices=(0, 1000, 5000, 25000)),),
    cpu_levels=("random", "easy", "strong"),
    clock=MoveClock(fixed_s=MOVE_SECONDS),
)


def rounds_to_win(seats: int) -> int:
    """1 vs 1 is best of 5 (first to 3); four players play to two round wins."""
    return 3 if seats == 2 else 2


def fits(card: Card, state: HauHauState) -> bool:
    """Same suit (or the wished suit) or same rank; a 10 and an A always."""
    suit, rank = parse(card)
    return rank in WISH_RANKS or suit == state["suit"] or rank == parse(state["discard_pile"][-1])[1]


def throw_winners(throws: dict[int, str]) -> list[int]:
    """The seats whose shape won, or [] for a tie (one shape, or all three)."""
    shapes = set(throws.values())
    if len(shapes) != 2:
        return []
    winning = next(shape for shape in shapes if BEATS[shape] in shapes)
    return sorted(seat for seat, shape in throws.items() if shape == winning)


def starter_of(state: HauHauState) -> int:
    """The round's first player, asked for only once the throws have chosen one."""
    starter = state["starter"]
    assert starter is not None, "no starter has been thrown for"
    return starter


class HauHau(CardEngine[HauHauState, HauHauView]):
    meta = META
    extra_secret = frozenset(("rps_choices",))
    view_keys = frozenset(("rps_chosen", "hau"))

    def initial_state(self, seats: int, options: dict[str, Any], rng: Rng) -> HauHauState:
        return {
            **new_table(seats, "hau-hau", 1, rng),
            "phase": "rps",
            "rps_stage": "start",  # "start": who begins; "direction": the neighbours throw
            "rps_players": list(range(seats)),
            "rps_choices": [None] * seats,  # secret until everyone has thrown
            "rps_last": [None] * seats,  # the last throw, shown once complete
            "starter": None,
            "round": 1,
            "wins": [0] * seats,
            "round_winners": [],
            "suit": None,
            "wished": False,
            "pending": 0,
            "stage": "open",  # "open" turn, "took" a penalty, "drew" one card
        }

    # -- whose move ----------------------------------------------------------------------
    def to_move(self, state: HauHauState) -> frozenset[int]:
        if state["phase"] == "rps":
            choices = state["rps_choices"]
            return frozenset(seat for seat in state["rps_players"] if choices[seat] is None)
        turn = state["turn"]
        if state["phase"] == "play" and turn is not None:
            return frozenset((turn,))
        return frozenset()

    def legal_moves(self, state: HauHauState, seat: int) -> list[Move]:
        phase = state["phase"]
        if phase == "rps":
            if seat in state["rps_players"] and state["rps_choices"][seat] is None:
                return [{"type": "rps", "hand": shape} for shape in SHAPES]
            return []
        if phase != "play" or seat != state["turn"]:
            return []
        hand = state["hands"][seat]
        last = len(hand) == 1
        current = state["suit"]
        top_rank = parse(state["discard_pile"][-1])[1]
        moves: list[Move] = []
        if state["pending"]:
            for card in hand:
                suit, rank = parse(card)
                # "An A always. A K only in the current (wished) suit or on another K."
                if rank == "A" or rank == "K" and (suit == current or top_rank == "K"):
                    moves += self._play_moves(card, last)
            return moves + [{"type": "draw"}]
        for card in hand:
            suit, rank = parse(card)
            if rank in WISH_RANKS or suit == current or rank == top_rank:
                moves += self._play_moves(card, last)
        return moves + [{"type": "pass" if state["stage"] == "drew" else "draw"}]

    @staticmethod
    def _play_moves(card: Card, last: bool) -> list[Move]:
        # A 10 or an A wishes a suit, except as the last card: the round is over at once.
        if parse(card)[1] in WISH_RANKS and not last:
            return [{"type": "play", "card": card, "suit": suit} for suit in SUITS]
        return [{"type": "play", "card": card}]

    # -- moves ---------------------------------------------------------------------------
    def play(self, state: HauHauState, seat: int, move: Move, now_ms: int, rng: Rng) -> list[Event]:
        kind = move["type"]
        if kind == "rps":
            return self._throw(state, seat, move["hand"], rng)
        if kind == "play":
            return self._play_card(state, seat, move["card"], move.get("suit"))
        if kind == "pass":
            return self._end_turn(state, seat) + [event("passed", seat=seat)]
        return self._draw(state, seat, rng)

    def _throw(self, state: HauHauState, seat: int, shape: str, rng: Rng) -> list[Event]:
        choices = state["rps_choices"]
        choices[seat] = shape
        events = [event("rps_chosen", seat=seat)]
        players = state["rps_players"]
        if any(choices[p] is None for p in players):
            return events
        throws = {p: thrown for p in players if (thrown := choices[p]) is not None}
        state["rps_last"] = list(choices)
        state["rps_choices"] = [None] * state["seats"]
        winners = throw_winners(throws)
        events.append(event("rps_thrown", hands=list(state["rps_last"]), winners=winners))
        if len(winners) != 1:
            # A tie is thrown again by the same seats; several winners go on among themselves.
            state["rps_players"] = winners or players
            return events
        winner = winners[0]
        if state["rps_stage"] == "start":
            state["starter"] = winner
            if state["seats"] == 2:
                state["direction"] = 1
                return events + self._start_round(state, rng)
            state["rps_stage"] = "direction"
            state["rps_players"] = sorted({(winner + 1) % 4, (winner - 1) % 4})
            return events
        # The starter's neighbour who wins plays second: that fixes the direction.
        state["direction"] = 1 if winner == (starter_of(state) + 1) % 4 else -1
        return events + self._start_round(state, rng)

    def _start_round(self, state: HauHauState, rng: Rng) -> list[Event]:
        pile = [card for hand in state["hands"] for card in hand] + state["draw_pile"] + state["discard_pile"]
        if not pile:
            pile = build_decks("hau-hau", 1)
        rng.shuffle(pile)
        state["draw_pile"] = pile
        state["discard_pile"] = []
        state["hands"] = [[] for _ in range(state["seats"])]
        starter = starter_of(state)
        state.update(
            {"phase": "play", "turn": starter, "pending": 0, "stage": "open", "wished": False, "rps_stage": "start"}
        )
        state["rps_players"] = []
        events = [event("round_started", round=state["round"], starter=starter, direction=state["direction"])]
        events += deal(state, starter, HAND_SIZE, batch=DEAL_BATCH)
        top = turn_up(state, rng, refused=("K", "A"))
        state["suit"] = parse(top)[0]
        events.append(event("open_card", card=top))
        return events

    def _end_turn(self, state: HauHauState, seat: int) -> list[Event]:
        state["stage"] = "open"
        state["turn"] = next_seat(state, seat)
        return []

    def _draw(self, state: HauHauState, seat: int, rng: Rng) -> list[Event]:
        if state["pending"]:
            _, events = draw(state, seat, state["pending"], rng)
            state["pending"] = 0
            # "Afterwards it is still your turn": play a fitting card or draw one last card.
            state["stage"] = "took"
            return events
        cards, events = draw(state, seat, 1, rng)
        state["stage"] = "drew"
        if not any(fits(card, state) for card in state["hands"][seat]):
            events += self._end_turn(state, seat)
        return events

    def _play_card(self, state: HauHauState, seat: int, card: Card, wish: str | None) -> list[Event]:
        hand = state["hands"][seat]
        hand.remove(card)
        state["discard_pile"].append(card)
        suit, rank = parse(card)
        events = [played_event(seat, card, "suit", wish)]
        if not hand:
            return events + [event("hau_hau", seat=seat)] + self._round_won(state, seat)
        if len(hand) == 1:
            events.append(event("hau", seat=seat))
        state["suit"] = wish or suit
        state["wished"] = wish is not None
        state["stage"] = "open"
        two = state["seats"] == 2
        if rank == "J":
            reverse(state)
            events.append(event("reversed", direction=state["direction"]))
            state["turn"] = seat if two else next_seat(state, seat)
        elif rank == "Q":
            events.append(event("skipped", seat=next_seat(state, seat)))
            state["turn"] = next_seat(state, seat, 2)
        else:
            if rank in PENALTY:
                state["pending"] += PENALTY[rank]
            state["turn"] = next_seat(state, seat)
        return events

    def _round_won(self, state: HauHauState, seat: int) -> list[Event]:
        state["wins"][seat] += 1
        state["round_winners"].append(seat)
        state.update({"turn": None, "pending": 0, "stage": "open", "wished": False})
        events = [event("round_won", seat=seat, round=state["round"], wins=list(state["wins"]))]
        if state["wins"][seat] >= rounds_to_win(state["seats"]):
            state["phase"] = "over"
            return events + [event("match_won", seat=seat), event("game_over")]
        state["round"] += 1
        state.update({"phase": "rps", "rps_stage": "start", "rps_players": list(range(state["seats"]))})
        state["rps_last"] = [None] * state["seats"]
        return events

    # -- clock ---------------------------------------------------------------------------
    def timeout_move(self, state: HauHauState, seat: int | None) -> Move:
        """Out of time: a throw from the generator, otherwise "automatically drawn" (a pass
        once drawn). The throw shown here reads the generator without advancing it; the
        clock's own throw (`play_timeout`) advances it."""
        seat = clock_seat(seat, self.to_move(state), "illegal_move")
        if state["phase"] == "rps":
            return {"type": "rps", "hand": SHAPES[Rng(state["rng"]).below(len(SHAPES))]}
        return {"type": "pass" if state["stage"] == "drew" and not state["pending"] else "draw"}

    def play_timeout(self, state: HauHauState, seat: int, now_ms: int) -> tuple[HauHauState, list[Event]]:
        if state["phase"] != "rps":
            return super().play_timeout(state, seat, now_ms)
        # The draw advances the generator: the next timed-out throw is another draw, so two
        # seats out of time do not tie for ever, and nobody can foresee it from the last one.
        rng = Rng(state["rng"])
        hand = SHAPES[rng.below(len(SHAPES))]
        return self.apply({**state, "rng": rng.to_state()}, seat, {"type": "rps", "hand": hand}, now_ms)

    # -- views ---------------------------------------------------------------------------
    def decorate(self, view: View, state: HauHauState, seat: int | None) -> None:
        public = view["public"]
        choices = state["rps_choices"]
        public["rps_chosen"] = [s for s in range(state["seats"]) if choices[s] is not None]
        public["hau"] = (
            [s for s, hand in enumerate(state["hands"]) if len(hand) == 1] if state["phase"] == "play" else []
        )
        if seat is not None:
            view["private"]["rps_choice"] = choices[seat]

    def fill_secrets(self, state: HauHauState, view: HauHauView, seat: int) -> None:
        # Other seats' throws are unknown: any shape will do for a sample.
        choices: list[str | None] = [None] * view["seats"]
        for other in view["public"]["rps_chosen"]:
            choices[other] = SHAPES[other % len(SHAPES)]
        choices[seat] = view["private"]["rps_choice"]
        state["rps_choices"] = choices

    def result(self, state: HauHauState) -> Result | None:
        if state["phase"] != "over":
            return None
        wins = state["wins"]
        return {"placings": placings_from_scores(wins), "scores": list(wins)}


ENGINE = HauHau()
