"""Blackjack duel: 3 or 5 players against each other for one pot, no dealer; the last player
with coins wins the table.

Rules: casino-tables-de.txt ("Blackjack") and docs/catalogue.md (`blackjack-duel`). Hand values come
from the card core (`core/blackjack.py`), pots with all-ins from `core/pots.py` (shared with
poker), the ante clock and the stakes follow poker's pattern. Decisions where the text is
silent, also written on the rules page:
- A round: everyone pays the ante (all-in with less); each gets one open card and one hidden
  card that nobody knows yet, not even its owner (it stays in the state, in no view); first
  betting round; each then sees only their own hidden card; hit / stand / split in turn;
  second betting round; showdown.
- The stake is per hand: the ante opens it; "call" holds it (or pays up to it after a
  double, all-in with less); "double" doubles it for everyone, once per betting round, and
  only for a player who can pay the doubled stake in full; after a double every other
  player still in acts again (call or fold).
- Split: only on the first two cards of the round, once per round, paying the stake again
  in full; nobody else is asked. The pair's second card (the hidden one) turns face up as
  the first card of the second hand, and each hand gets a new card face down. A two-card 21
  after a split is no blackjack.
- A hand's drawn cards are seen by its owner only; a hand over 21 still says "stand", so its
  bust shows to nobody. A hand on 21 or more can only stand.
- Each hand is an entrant of its own in the pots (it wins at most its own stake from each
  other hand). A pot whose hands are all over 21 stays on the table and goes to the best
  hand of the next round (with the main pot); if that would leave fewer than two players
  with coins, it is shared as a tie among the round's hands instead (one player left takes it).
- The odd chips of a split pot go one each to the winning hands from the button's left.
- The first player (left of the button) moves one seat on every round; the ante doubles
  every 90 s of game time from the first deal, taking effect at the next round.
- After a showdown the next round is dealt at once, the shown cards stay on the table 5 s
  (`last_round.until_ms`) and the first player's 15 s start only after them.
- Stakes (setting `stake`): 1,000, 5,000 or 25,000 coins, also the starting stack (ante
  20, 100, 500); the lobby pays the pot (stake x players) to the winner. 0, the default, is
  a friendly table on the 1,000 stack.
"""

from __future__ import annotations

from typing import Any

from rulekit import Event, GameMeta, Move, Rng, clock_seat, event

from ..core import Card
from ..core.blackjack import TWENTY_ONE, hand_total, is_natural, splittable
from ..core.pots import shares, side_pots
from ..core.stakes import (
    CLOCK,
    CPU_LEVELS,
    LEVEL_MS,
    MOVE_SECONDS,
    STAKE_OPTION,
    StakesEngine,
    contenders,
    left_of_button,
    next_bettor,
    next_in,
    seat_order,
    starting_stack,
)
from .state import DuelDerived, DuelPrivate, DuelState, DuelView

__all__ = ["ENGINE", "LEVEL_MS", "MOVE_SECONDS", "hand_key", "hidden_from", "starting_stack"]

STAGES = ("bet1", "draw", "bet2")

META = GameMeta(
    id="blackjack-duel",
    family="cards",
    min_seats=3,
    max_seats=5,
    seat_counts=(3, 5),
    chance=True,
    hidden_information=True,
    simultaneous=False,
    # The ante doubles every 90 s of game time, so a table ends within some hundred rounds
    # at a second a move.
    longest_game=20_000,
    options=(STAKE_OPTION,),
    cpu_levels=CPU_LEVELS,
    clock=CLOCK,
    turn_based=True,
)


def in_round(state: DuelState, seat: int) -> bool:
    return state["dealt"][seat] and not state["folded"][seat]


def owed(state: DuelState, seat: int, stake: int | None = None) -> int:
    """What `seat` must still pay to hold `stake` (default: the current one) on every hand."""
    level = state["stake"] if stake is None else stake
    return sum(max(0, level - paid) for paid in state["committed"][seat])


def can_bet(state: DuelState, seat: int) -> bool:
    return in_round(state, seat) and state["stacks"][seat] > 0


def hand_key(cards: list[Card], after_split: bool) -> int:
    """Higher is better: over 21 is -1; a blackjack beats every other 21."""
    total, _ = hand_total(cards)
    if total > TWENTY_ONE:
        return -1
    return 2 * total + is_natural(cards, after_split=after_split)


def face_up(hand: list[Card]) -> Card:
    """Every hand shows its first card: the open card, or after a split the turned pair card."""
    return hand[0]


class BlackjackDuel(StakesEngine[DuelState, DuelView]):
    meta = META
    # State keys no view shows as they are: the shoe, every hand's cards, the generator.
    SECRET = frozenset(("deck", "cards", "rng", "schema", "game", "seats", "options"))
    DERIVED = ("pot", "hands", "ante_up_at_ms")

    # -- setup -----------------------------------------------------------------------------
    def initial_state(self, seats: int, options: dict[str, Any], rng: Rng) -> DuelState:
        stack = starting_stack(options)
        state: DuelState = {
            "phase": "play",
            "stacks": [stack] * seats,
            "level": 0,
            "ante_started_ms": None,
            "button": rng.below(seats),  # the first button, drawn before the first deal's shuffle
            "out": [None] * seats,
            "pause_until_ms": None,
            "seats": seats,
            "ante_base": stack // 50,
            "ante": stack // 50,
            "round": 0,
            "carry": 0,
            "last_round": None,
            # Every key from here on is the round's: empty until the first deal, just below, fills it.
            "stage": "bet1",
            "deck": [],
            "cards": [[] for _ in range(seats)],
            "dealt": [False] * seats,
            "start_stacks": [stack] * seats,
            "folded": [False] * seats,
            "stake": stack // 50,
            "doubled": False,
            "acted": [False] * seats,
            "committed": [[] for _ in range(seats)],
            "split": [False] * seats,
            "stood": [[] for _ in range(seats)],
            "hand_turn": 0,
            "turn": None,
        }
        self._deal_round(state, rng, 0, first=True)
        return state

    def level_started(self, state: DuelState) -> int | None:
        return state["ante_started_ms"]

    def set_level_started(self, state: DuelState, started: int | None) -> None:
        state["ante_started_ms"] = started

    def _deal_round(self, state: DuelState, rng: Rng, now_ms: int, first: bool = False) -> list[Event]:
        seats = state["seats"]
        stacks = state["stacks"]
        events: list[Event] = []
        level = self.level_up(state, now_ms)
        if level is not None:
            state["ante"] = state["ante_base"] << level
            events.append(event("ante_up", level=level, ante=state["ante"]))
        state["round"] += 1
        alive, deck = self.new_deal(state, state["round"], rng, first)
        state.update(
            {
                "stage": "bet1",
                "deck": deck,
                "cards": [[] for _ in range(seats)],
                "dealt": alive,
                "start_stacks": list(stacks),
                "folded": [False] * seats,
                "stake": state["ante"],
                "doubled": False,
                "acted": [False] * seats,
                "committed": [[] for _ in range(seats)],
                "split": [False] * seats,
                "stood": [[] for _ in range(seats)],
                "hand_turn": 0,
            }
        )
        order = seat_order(seats, next_in(seats, state["button"], alive), alive)
        for seat in order:  # the open cards, then the hidden ones
            state["cards"][seat].append([deck.pop()])
            state["committed"][seat].append(0)
            state["stood"][seat].append(False)
        for seat in order:
            state["cards"][seat][0].append(deck.pop())
        events.append(event("round_started", round=state["round"], button=state["button"], ante=state["ante"]))
        events.append(event("dealt", open=[state["cards"][s][0][0] if alive[s] else None for s in range(seats)]))
        for seat in order:
            paid = self._pay(state, seat, state["ante"])
            events.append(event("ante", seat=seat, amount=paid, all_in=state["stacks"][seat] == 0))
        state["turn"] = state["button"]
        return events + self._next_bet(state, state["button"], rng, now_ms)

    # -- whose move ------------------------------------------------------------------------
    def legal_moves(self, state: DuelState, seat: int) -> list[Move]:
        if state["phase"] != "play" or seat != state["turn"]:
            return []
        if state["stage"] == "draw":
            hand_index = state["hand_turn"]
            hand = state["cards"][seat][hand_index]
            moves: list[Move] = []
            if hand_total(hand)[0] < TWENTY_ONE:
                moves.append({"type": "hit"})
            moves.append({"type": "stand"})
            if (
                not state["split"][seat]
                and len(hand) == 2
                and splittable(hand)
                and state["stacks"][seat] >= state["committed"][seat][0]
            ):
                moves.append({"type": "split", "amount": state["committed"][seat][0]})
            return moves
        stack = state["stacks"][seat]
        to_pay = owed(state, seat)
        moves = [{"type": "call", "amount": min(to_pay, stack)}, {"type": "fold"}]
        doubled = owed(state, seat, 2 * state["stake"])
        if not state["doubled"] and doubled <= stack:
            moves.insert(1, {"type": "double", "amount": doubled})
        return moves

    # -- moves -----------------------------------------------------------------------------
    def play(self, state: DuelState, seat: int, move: Move, now_ms: int, rng: Rng) -> list[Event]:
        kind = move["type"]
        state["pause_until_ms"] = None
        if state["stage"] == "draw":
            return self._draw_move(state, seat, kind, rng, now_ms)
        state["acted"][seat] = True
        if kind == "fold":
            state["folded"][seat] = True
            events = [event("folded", seat=seat)]
        elif kind == "call":
            paid = self._pay(state, seat, move["amount"])
            events = [event("called", seat=seat, amount=paid, all_in=state["stacks"][seat] == 0)]
        else:
            state["stake"] *= 2
            state["doubled"] = True
            paid = self._pay(state, seat, move["amount"])
            # Everyone else faces the doubled stake now and acts again.
            state["acted"] = [other == seat for other in range(state["seats"])]
            events = [event("doubled", seat=seat, amount=paid, stake=state["stake"])]
        return events + self._next_bet(state, seat, rng, now_ms)

    @staticmethod
    def _pay(state: DuelState, seat: int, amount: int) -> int:
        """Pay up to `amount` from the stack towards the stake, hand by hand."""
        paid = 0
        committed = state["committed"][seat]
        for index in range(len(committed)):
            part = min(max(0, state["stake"] - committed[index]), amount - paid, state["stacks"][seat])
            committed[index] += part
            state["stacks"][seat] -= part
            paid += part
        return paid

    def _next_bet(self, state: DuelState, after: int, rng: Rng, now_ms: int) -> list[Event]:
        """Pass the turn in a betting round, or close it."""
        live = contenders(state)
        if len(live) == 1:
            return self._end_round(state, rng, now_ms, shown=False)
        seats = state["seats"]
        turn = next_bettor(state, after, lambda s: can_bet(state, s), lambda s: owed(state, s) > 0)
        if turn is not None:
            state["turn"] = turn
            return []
        state["acted"] = [False] * seats
        state["doubled"] = False
        if state["stage"] == "bet2":
            return self._end_round(state, rng, now_ms, shown=True)
        state["stage"] = "draw"
        events = [
            event("revealed", visible_to=[s], seat=s, card=state["cards"][s][0][1])
            for s in range(seats)
            if state["dealt"][s]
        ]
        events.append(event("draw_started"))
        state["hand_turn"] = 0
        state["turn"] = next_in(seats, state["button"], [in_round(state, s) for s in range(seats)])
        return events

    def _draw_move(self, state: DuelState, seat: int, kind: str, rng: Rng, now_ms: int) -> list[Event]:
        index = state["hand_turn"]
        hands = state["cards"][seat]
        if kind == "hit":
            card = state["deck"].pop()
            hands[index].append(card)
            return [
                event("hit", seat=seat, hand=index),
                event("drew", visible_to=[seat], seat=seat, hand=index, card=card),
            ]
        if kind == "split":
            paid = state["committed"][seat][0]
            state["stacks"][seat] -= paid
            state["committed"][seat].append(paid)
            state["stood"][seat].append(False)
            state["split"][seat] = True
            turned = hands[0].pop()
            hands.append([turned])
            new = [state["deck"].pop(), state["deck"].pop()]
            hands[0].append(new[0])
            hands[1].append(new[1])
            return [
                event("split", seat=seat, amount=paid, card=turned),
                event("drew", visible_to=[seat], seat=seat, hand=0, card=new[0]),
                event("drew", visible_to=[seat], seat=seat, hand=1, card=new[1]),
            ]
        state["stood"][seat][index] = True
        events = [event("stood", seat=seat, hand=index)]
        if index + 1 < len(hands):
            state["hand_turn"] = index + 1
            return events
        state["hand_turn"] = 0
        seats = state["seats"]
        waiting = [in_round(state, s) and not all(state["stood"][s]) for s in range(seats)]
        if any(waiting):
            state["turn"] = next_in(seats, seat, waiting)
            return events
        state["stage"] = "bet2"
        state["turn"] = state["button"]
        return events + [event("betting_started")] + self._next_bet(state, state["button"], rng, now_ms)

    def _end_round(self, state: DuelState, rng: Rng, now_ms: int, shown: bool) -> list[Event]:
        seats = state["seats"]
        live = contenders(state)
        entrants = [(s, h) for s in range(seats) for h in range(len(state["committed"][s]))]
        committed = [state["committed"][s][h] for s, h in entrants]
        contending = [i for i, (s, _) in enumerate(entrants) if s in live]
        pots = side_pots(committed, contending)
        pots[0]["amount"] += state["carry"]
        state["carry"] = 0
        won = [0] * seats
        events: list[Event] = []
        shown_hands: list[list[list[Card]] | None] = [None] * seats
        keys = {i: hand_key(state["cards"][s][h], state["split"][s]) for i, (s, h) in enumerate(entrants)}
        if shown:
            for seat in live:
                shown_hands[seat] = [list(hand) for hand in state["cards"][seat]]
            events.append(event("showdown", hands=shown_hands))
        order = left_of_button(state)
        rank = {(s, h): order.index(s) * 2 + h for s, h in entrants}
        carried = 0
        for number, pot in enumerate(pots):
            eligible = sorted(pot["eligible"], key=lambda i: rank[entrants[i]])
            if shown:
                best = max(keys[i] for i in eligible)
                if best < 0:
                    carried += pot["amount"]  # every hand over 21: the pot stays on the table
                    events.append(event("pot_carried", pot=number, amount=pot["amount"]))
                    continue
                winners = [i for i in eligible if keys[i] == best]
            else:
                winners = eligible[:1] if len({entrants[i][0] for i in eligible}) == 1 else eligible
            for i, share in zip(winners, shares(pot["amount"], winners), strict=True):
                won[entrants[i][0]] += share
            events.append(event("pot_won", pot=number, amount=pot["amount"], seats=[entrants[i][0] for i in winners]))
        for seat in range(seats):
            state["stacks"][seat] += won[seat]
        if carried:
            alive = [s for s in range(seats) if state["stacks"][s] > 0]
            if len(alive) >= 2:
                state["carry"] = carried
            else:
                # Fewer than two players would have coins: the pot is shared as a tie instead.
                takers = alive or [s for s in order if s in live]
                for seat, share in zip(takers, shares(carried, takers), strict=True):
                    won[seat] += share
                    state["stacks"][seat] += share
                events.append(event("pot_shared", amount=carried, seats=takers))
        state["turn"] = None
        state["last_round"] = {
            "round": state["round"],
            "shown": shown_hands,
            "won": won,
            "paid": [sum(c) for c in state["committed"]],
            "carried": state["carry"],
            "until_ms": self.showdown_pause(state, now_ms, shown),
        }
        events += self.bust_out(state, state["round"])
        if state["phase"] == "over":
            return events
        return events + self._deal_round(state, rng, now_ms)

    # -- clock -----------------------------------------------------------------------------
    def timeout_move(self, state: DuelState, seat: int | None) -> Move:
        """Out of time: "automatisch mitgegangen bzw. gestanden – nach einem Double wird
        automatisch gefoldet"."""
        seat = clock_seat(seat, self.to_move(state), "illegal_move")
        if state["stage"] == "draw":
            return {"type": "stand"}
        if owed(state, seat) > 0:
            return {"type": "fold"}
        return {"type": "call", "amount": 0}

    # -- views -----------------------------------------------------------------------------
    def public_extra(self, state: DuelState) -> DuelDerived:
        return {
            "pot": sum(sum(c) for c in state["committed"]) + state["carry"],
            # Every hand: its face-up first card and how many cards it holds.
            "hands": [[{"up": face_up(hand), "count": len(hand)} for hand in hands] for hands in state["cards"]],
            "ante_up_at_ms": self.level_up_at_ms(state),
        }

    def private_part(self, state: DuelState, seat: int) -> DuelPrivate:
        hands = state["cards"][seat]
        if not sees_own(state, seat):
            # The hidden card: nobody knows it yet, its owner neither.
            return {"hands": [[face_up(hand)] for hand in hands], "totals": [], "blackjack": []}
        known = [list(hand) for hand in hands]
        return {
            "hands": known,
            "totals": [hand_total(hand)[0] for hand in known],
            "blackjack": [is_natural(hand, after_split=state["split"][seat]) for hand in known],
        }

    def determinize(self, view: DuelView, seat: int, seed: bytes) -> DuelState:
        public = view["public"]
        own_known = public["stage"] != "bet1" and public["dealt"][seat]
        known: set[Card] = {hand["up"] for hands in public["hands"] for hand in hands}
        if own_known:
            known.update(card for hand in view["private"]["hands"] for card in hand)
        state, pool = self.determinized_public(view, public["round"], known, seed)
        cards: list[list[list[Card]]] = []
        for other, hands in enumerate(public["hands"]):
            if other == seat and own_known:
                cards.append([list(hand) for hand in view["private"]["hands"]])
                continue
            mine = []
            for hand in hands:
                mine.append([hand["up"], *pool[: hand["count"] - 1]])
                del pool[: hand["count"] - 1]
            cards.append(mine)
        state["cards"] = cards
        state["deck"] = pool
        return state


def sees_own(state: DuelState, seat: int) -> bool:
    """Whether `seat` knows its hidden card: from the drawing stage on, never before."""
    return state["stage"] != "bet1" and state["dealt"][seat]


def hidden_from(state: DuelState, seat: int | None) -> set[Card]:
    """Every card `seat` must not see: the shoe; in the first betting round every hidden card,
    the seat's own too; afterwards every other seat's cards but the face-up ones (unless shown
    at the game's last showdown)."""
    shown: set[Card] = set()
    last = state.get("last_round")
    if last:
        for hands in last["shown"]:
            for hand in hands or []:
                shown.update(hand)
    secret = set(state["deck"])
    for other, hands in enumerate(state["cards"]):
        if other == seat and sees_own(state, other):
            continue
        for hand in hands:
            secret.update(card for card in hand[1:] if card not in shown)
    return secret


ENGINE = BlackjackDuel()
