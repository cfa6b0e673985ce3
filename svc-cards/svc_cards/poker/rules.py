"""Poker: a Texas Hold'em sit-and-go for 3 or 5 players, the last player with coins wins.

Rules: casino-tables-de.txt ("Poker") and docs/catalogue.md. Hand strength comes from PokerKit
(`hands.py`); the betting is written here, as the house raise rule ("raise to" at least twice
the highest bet and two big blinds, in small-blind steps) and the engine contract (pure JSON
state, the state's own generator, the game's own blind clock from `now_ms`) ask. Decisions
where the text is silent, also written on the rules page:
- The first button is drawn from the generator; afterwards it moves to the next seat with coins.
- With two players left the text is read literally: the player left of the button posts the
  small blind, the button the big blind; the small blind acts first preflop.
- A blind a player cannot pay in full is posted with what they have (they are all-in); the
  others still call the full big blind.
- Fold is offered only when there is something to pay; with nothing to pay you check.
- Any raise or all-in above the highest bet lets everyone who has acted act again.
- The minimum raise is twice the highest bet of the round, at least two big blinds; an
  all-in for less is always allowed.
- The odd chips of a split pot go one each to the winners from the button's left onwards.
- Blinds double every 90 s of game time from the first deal (`now_ms`), taking effect at the
  next deal. With no time known (`now_ms` 0) the blinds stay.
- After a showdown the next hand is dealt at once, but the shown cards stay on the table 5 s
  (`last_hand.until_ms`) and the first player's 15 s start only after them.
- Places: the winner is first; players out in the same hand share a place unless they started
  it with different stacks (more is better).
- Stakes (setting `stake`): 1,000, 5,000 or 25,000 coins, which are also the starting stack
  (blinds 10/20, 50/100, 250/500); the lobby pays the pot (stake x players) to the winner.
  0, the default, is a friendly table without coins on the 1,000 stack.
"""

from __future__ import annotations

from typing import Any

from rulekit import Event, GameMeta, Move, Rng, clock_seat, event

from ..core import Card
from ..core.pots import shares, side_pots
from ..core.stakes import (
    CLOCK,
    CPU_LEVELS,
    LEVEL_MS,
    MOVE_SECONDS,
    SHOWDOWN_MS,
    STAKE_OPTION,
    StakesEngine,
    contenders,
    left_of_button,
    next_bettor,
    next_in,
    seat_order,
    starting_stack,
)
from .hands import best_hand
from .state import PokerDerived, PokerPrivate, PokerState, PokerView, ShownHand

__all__ = ["ENGINE", "LEVEL_MS", "MOVE_SECONDS", "SHOWDOWN_MS", "hidden_from", "side_pots", "starting_stack"]

STREETS = ("preflop", "flop", "turn", "river")
BOARD_CARDS = {"flop": 3, "turn": 1, "river": 1}

META = GameMeta(
    id="poker",
    family="cards",
    min_seats=3,
    max_seats=5,
    seat_counts=(3, 5),
    chance=True,
    hidden_information=True,
    simultaneous=False,
    # Blinds double every 90 s of game time, so a table ends within a few hundred hands at
    # one second a move; random 5-seat tables end within about 1,500 moves.
    longest_game=20_000,
    options=(STAKE_OPTION,),
    cpu_levels=CPU_LEVELS,
    clock=CLOCK,
    turn_based=True,
)


def can_act(state: PokerState, seat: int) -> bool:
    return state["dealt"][seat] and not state["folded"][seat] and state["stacks"][seat] > 0


def highest_bet(state: PokerState) -> int:
    """The bet of the round everyone must match; preflop at least the big blind, even when
    the big blind could post less."""
    highest = max(state["bets"])
    return max(highest, state["blinds"][1]) if state["street"] == "preflop" else highest


class Poker(StakesEngine[PokerState, PokerView]):
    meta = META
    # State keys no view shows as they are: the deck, every hole card, the generator.
    SECRET = frozenset(("deck", "hole", "rng", "schema", "game", "seats", "options"))
    DERIVED = ("pot", "hole_counts", "blinds_up_at_ms")

    # -- setup -----------------------------------------------------------------------------
    def initial_state(self, seats: int, options: dict[str, Any], rng: Rng) -> PokerState:
        stack = starting_stack(options)
        state: PokerState = {
            "phase": "play",
            "stacks": [stack] * seats,
            "level": 0,
            "blinds_started_ms": None,
            "button": rng.below(seats),  # the first button, drawn before the first deal's shuffle
            "out": [None] * seats,
            "pause_until_ms": None,
            "seats": seats,
            "small_blind_base": stack // 100,
            "blinds": [stack // 100, stack // 50],
            "hand": 0,
            "last_hand": None,
            # Every key from here on is the deal's: empty until the first deal, just below, fills it.
            "street": "preflop",
            "board": [],
            "deck": [],
            "hole": [[] for _ in range(seats)],
            "dealt": [False] * seats,
            "start_stacks": [stack] * seats,
            "folded": [False] * seats,
            "bets": [0] * seats,
            "committed": [0] * seats,
            "acted": [False] * seats,
            "small_blind_seat": 0,
            "big_blind_seat": 0,
            "turn": None,
        }
        self._deal_hand(state, rng, 0, first=True)
        return state

    def level_started(self, state: PokerState) -> int | None:
        return state["blinds_started_ms"]

    def set_level_started(self, state: PokerState, started: int | None) -> None:
        state["blinds_started_ms"] = started

    def _deal_hand(self, state: PokerState, rng: Rng, now_ms: int, first: bool = False) -> list[Event]:
        seats = state["seats"]
        stacks = state["stacks"]
        events: list[Event] = []
        level = self.level_up(state, now_ms)
        if level is not None:
            base = state["small_blind_base"] << level
            state["blinds"] = [base, 2 * base]
            events.append(event("blinds_up", level=level, small_blind=base, big_blind=2 * base))
        state["hand"] += 1
        alive, deck = self.new_deal(state, state["hand"], rng, first)
        button = state["button"]
        small_seat = next_in(seats, button, alive)
        big_seat = next_in(seats, small_seat, alive)
        state.update(
            {
                "street": "preflop",
                "board": [],
                "deck": deck,
                "hole": [[] for _ in range(seats)],
                "dealt": alive,
                "start_stacks": list(stacks),
                "folded": [False] * seats,
                "bets": [0] * seats,
                "committed": [0] * seats,
                "acted": [False] * seats,
                "small_blind_seat": small_seat,
                "big_blind_seat": big_seat,
            }
        )
        order = seat_order(seats, small_seat, alive)
        for _ in range(2):
            for seat in order:
                state["hole"][seat].append(deck.pop())
        events.append(event("hand_started", hand=state["hand"], button=button, blinds=list(state["blinds"])))
        events += [event("dealt", visible_to=[s], seat=s, cards=list(state["hole"][s])) for s in order]
        small, big = state["blinds"]
        for seat, amount, code in ((small_seat, small, "small_blind"), (big_seat, big, "big_blind")):
            paid = self._pay(state, seat, amount)
            events.append(event(code, seat=seat, amount=paid))
        state["turn"] = big_seat
        return events + self._next_turn(state, big_seat, rng, now_ms)

    # -- whose move ------------------------------------------------------------------------
    def legal_moves(self, state: PokerState, seat: int) -> list[Move]:
        if state["phase"] != "play" or seat != state["turn"]:
            return []
        bets, stack = state["bets"], state["stacks"][seat]
        highest = highest_bet(state)
        to_call = highest - bets[seat]
        if to_call >= stack:
            return [{"type": "fold"}, {"type": "call", "amount": stack}]
        moves: list[Move] = [{"type": "fold"}, {"type": "call", "amount": to_call}] if to_call else [{"type": "check"}]
        small, big = state["blinds"]
        lowest = max(2 * highest, 2 * big)
        most = bets[seat] + stack  # all-in, as a total for the round
        if lowest < most:
            top = lowest + (most - 1 - lowest) // small * small
            moves.append({"type": "raise", "range": {"amount": [lowest, top, small]}})
        moves.append({"type": "allin", "amount": most})
        return moves

    # -- moves -----------------------------------------------------------------------------
    def play(self, state: PokerState, seat: int, move: Move, now_ms: int, rng: Rng) -> list[Event]:
        kind = move["type"]
        state["pause_until_ms"] = None
        state["acted"][seat] = True
        highest = highest_bet(state)
        if kind == "fold":
            state["folded"][seat] = True
            events = [event("folded", seat=seat)]
        elif kind == "check":
            events = [event("checked", seat=seat)]
        elif kind == "call":
            paid = self._pay(state, seat, move["amount"])
            events = [event("called", seat=seat, amount=paid, all_in=state["stacks"][seat] == 0)]
        else:
            total = move["amount"]
            self._pay(state, seat, total - state["bets"][seat])
            events = [event("raised" if kind == "raise" else "all_in", seat=seat, to=total)]
            if total > highest:
                # Everyone else faces more now and acts again.
                state["acted"] = [other == seat for other in range(state["seats"])]
        return events + self._next_turn(state, seat, rng, now_ms)

    @staticmethod
    def _pay(state: PokerState, seat: int, amount: int) -> int:
        paid = min(amount, state["stacks"][seat])
        state["stacks"][seat] -= paid
        state["bets"][seat] += paid
        state["committed"][seat] += paid
        return paid

    def _next_turn(self, state: PokerState, after: int, rng: Rng, now_ms: int) -> list[Event]:
        """Pass the turn on, or close the betting round: next street, run-out or showdown."""
        live = contenders(state)
        if len(live) == 1:
            return self._end_hand(state, rng, now_ms, shown=False)
        highest = highest_bet(state)
        turn = next_bettor(state, after, lambda s: can_act(state, s), lambda s: state["bets"][s] < highest)
        if turn is not None:
            state["turn"] = turn
            return []
        return self._close_round(state, rng, now_ms)

    def _close_round(self, state: PokerState, rng: Rng, now_ms: int) -> list[Event]:
        events: list[Event] = []
        seats = state["seats"]
        state["bets"] = [0] * seats
        state["acted"] = [False] * seats
        index = STREETS.index(state["street"])
        if index == len(STREETS) - 1:
            return self._end_hand(state, rng, now_ms, shown=True)
        street = STREETS[index + 1]
        state["street"] = street
        cards = [state["deck"].pop() for _ in range(BOARD_CARDS[street])]
        state["board"] += cards
        events.append(event("board", street=street, cards=cards))
        actors = [s for s in range(seats) if can_act(state, s)]
        if len(actors) <= 1:
            # Nobody (or one player alone) can bet: the board is dealt out to the showdown.
            return events + self._close_round(state, rng, now_ms)
        state["turn"] = next_in(seats, state["button"], [can_act(state, s) for s in range(seats)])
        return events

    def _end_hand(self, state: PokerState, rng: Rng, now_ms: int, shown: bool) -> list[Event]:
        seats = state["seats"]
        live = contenders(state)
        pots = side_pots(state["committed"], live)
        won = [0] * seats
        events: list[Event] = []
        shown_hands: list[ShownHand | None] = [None] * seats
        values: dict[int, int] = {}
        if shown:
            for seat in live:
                value, name = best_hand(state["hole"][seat] + state["board"])
                values[seat] = value
                shown_hands[seat] = {"cards": list(state["hole"][seat]), "hand": name}
            events.append(event("showdown", hands=shown_hands))
        order = left_of_button(state)
        for number, pot in enumerate(pots):
            eligible = pot["eligible"]
            if shown and len(eligible) > 1:
                best = max(values[s] for s in eligible)
                winners = [s for s in order if s in eligible and values[s] == best]
            else:
                winners = eligible
            for seat, share in zip(winners, shares(pot["amount"], winners), strict=True):
                won[seat] += share
            events.append(event("pot_won", pot=number, amount=pot["amount"], seats=winners))
        for seat in range(seats):
            state["stacks"][seat] += won[seat]
        state["turn"] = None
        state["last_hand"] = {
            "hand": state["hand"],
            "board": list(state["board"]),
            "shown": shown_hands,
            "won": won,
            "until_ms": self.showdown_pause(state, now_ms, shown),
        }
        events += self.bust_out(state, state["hand"])
        if state["phase"] == "over":
            return events
        return events + self._deal_hand(state, rng, now_ms)

    # -- clock -----------------------------------------------------------------------------
    def timeout_move(self, state: PokerState, seat: int | None) -> Move:
        """Out of time: "automatisch gecheckt – musst du etwas bezahlen, wird automatisch gefoldet"."""
        seat = clock_seat(seat, self.to_move(state), "illegal_move")
        return {"type": "check"} if {"type": "check"} in self.legal_moves(state, seat) else {"type": "fold"}

    # -- views -----------------------------------------------------------------------------
    def public_extra(self, state: PokerState) -> PokerDerived:
        return {
            "pot": sum(state["committed"]),
            "hole_counts": [len(cards) for cards in state["hole"]],
            "blinds_up_at_ms": self.level_up_at_ms(state),
        }

    def private_part(self, state: PokerState, seat: int) -> PokerPrivate:
        return {"hand": list(state["hole"][seat])}

    def determinize(self, view: PokerView, seat: int, seed: bytes) -> PokerState:
        public = view["public"]
        own = list(view["private"]["hand"])
        state, pool = self.determinized_public(view, public["hand"], set(own) | set(public["board"]), seed)
        hole: list[list[Card]] = []
        for other, count in enumerate(public["hole_counts"]):
            if other == seat:
                hole.append(own)
            else:
                hole.append(pool[:count])
                del pool[:count]
        state["hole"] = hole
        state["deck"] = pool
        return state


def hidden_from(state: PokerState, seat: int | None) -> set[Card]:
    """Every card `seat` must not see: the deck and every other seat's hole cards not shown."""
    shown: set[Card] = set()
    last = state.get("last_hand")
    if last:
        for hand in last["shown"]:
            if hand:
                shown.update(hand["cards"])
    secret = set(state["deck"])
    for other, cards in enumerate(state["hole"]):
        if other != seat:
            secret.update(card for card in cards if card not in shown)
    return secret


ENGINE = Poker()
