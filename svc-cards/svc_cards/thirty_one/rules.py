"""Thirty-One (Schwimmen): three cards, 31 points, three lives, 2-9 players.

Rules: house-rules-de-en-es.txt ("Schwimmen" / "Thirty-One" / "Treinta y uno", all three
read) and docs/catalogue.md. Decisions where the text is silent, also written on the rules page:
- The 32-card French deck (7 to ace): nine players take 27 cards and the middle three.
  Every deal uses a fresh deck numbered after the deal (`first_deck`), so card ids never
  repeat and the hands shown at a showdown never match a hidden card of a later deal.
- A random seat starts the first deal, the next seat still in the game the next one. Three
  cards to everyone, three face up in the middle.
- A turn is one of: swap one card with the middle, swap all three, push (pass) or knock.
  Knocking is the whole turn; once someone has knocked nobody else may knock.
- When every player still in has pushed one after the other, the middle three are laid aside
  and three new ones are turned up; when fewer than three are left, the cards are shown as
  after a knock.
- Points count in half points so 30½ stays exact: `points_half` 61 is 30½, 62 is 31. A hand
  counts the higher of its best one-suit total and 30½ for three of a kind (three aces too).
- 31 ends the deal at once (the player who swaps to it, or anyone dealt it), and the cards
  are shown. Whoever has the lowest total loses a life; equal lowest all lose one. There is
  no extra penalty for the knocker.
- Three lives: a player down to the last life is "swimming"; losing it puts them out. The
  last player in wins; players who go out at the same showdown share their place (if that is
  everyone still in, they share the win).
"""

from __future__ import annotations

from typing import Any

from rulekit import Event, GameMeta, Move, MoveClock, Result, Rng, View, clock_seat, event, placings_from_scores

from ..core import Card, CardEngine, active_seats, build_decks, deal, new_table, next_seat, parse
from ..core import hidden_from as table_hidden_from
from .state import ThirtyOneState, ThirtyOneView

LIVES = 3
HAND = 3
THIRTY_ONE = 62  # in half points
THREE_OF_A_KIND = 61
DECK = "french32"

# to_move answers from these: it is asked several times per move.
NOBODY: frozenset[int] = frozenset()
ONLY = tuple(frozenset((seat,)) for seat in range(16))

META = GameMeta(
    id="thirty-one",
    family="cards",
    min_seats=2,
    max_seats=9,
    chance=True,
    hidden_information=True,
    simultaneous=False,
    # Random playouts end within about 500 moves (nine seats); swapping can in principle go
    # on for ever (as at a real table), so the bound is generous.
    longest_game=20_000,
    cpu_levels=("random", "easy", "strong"),
    clock=MoveClock(relaxed_s=60, normal_s=30, fast_s=15),
    turn_based=True,
)


def card_points(card: Card) -> int:
    """Ace 11, court cards and tens 10, the others their number."""
    rank = parse(card)[1]
    if rank == "A":
        return 11
    if rank in ("K", "Q", "J", "10"):
        return 10
    return int(rank)


def points_half(hand: list[Card]) -> int:
    """The hand's value in half points: the best one-suit total doubled, or 61 (30½) for
    three of a kind, whichever is higher."""
    totals: dict[str | None, int] = {}
    for card in hand:
        suit = parse(card)[0]
        totals[suit] = totals.get(suit, 0) + card_points(card)
    best = 2 * max(totals.values(), default=0)
    if len(hand) == HAND and len({parse(card)[1] for card in hand}) == 1:
        best = max(best, THREE_OF_A_KIND)
    return best


class ThirtyOne(CardEngine[ThirtyOneState, ThirtyOneView]):
    meta = META

    def initial_state(self, seats: int, options: dict[str, Any], rng: Rng) -> ThirtyOneState:
        state: ThirtyOneState = {
            **new_table(seats, DECK, 1, rng),
            "open_zones": ["middle"],
            "middle": [],
            "first_deck": 0,
            "deal": 1,
            "lives": [LIVES] * seats,
            "out_at": [None] * seats,  # the deal in which a seat lost its last life
            "starter": rng.below(seats),
            "knocker": None,
            "pushes": 0,  # pushes in a row
            "known": [[] for _ in range(seats)],  # cards each seat took from the middle: seen by all
            "turns": 0,  # turns taken in this deal
            "last_round": None,  # the last showdown, shown to everyone
        }
        state["turn"] = state["starter"]
        state["seats"] = seats
        self._deal(state)
        if self._dealt_thirty_one(state):
            # 31 on the very first deal is shown at once, as on any later deal.
            self._showdown(state, "dealt_31", None)
            self._next_deal(state, rng)
        return state

    # -- dealing ---------------------------------------------------------------------------
    def _deal(self, state: ThirtyOneState) -> list[Event]:
        starter = state["starter"]
        events = [event("deal_started", deal=state["deal"], starter=starter)]
        events += deal(state, starter, HAND)
        pile = state["draw_pile"]
        state["middle"] = [pile.pop() for _ in range(HAND)]
        events.append(event("middle", cards=list(state["middle"])))
        state.update(
            {"turn": starter, "knocker": None, "pushes": 0, "turns": 0, "known": [[] for _ in range(state["seats"])]}
        )
        return events

    def _next_deal(self, state: ThirtyOneState, rng: Rng) -> list[Event]:
        """A fresh deck for the next deal (ids numbered after the deal), dealt from the next
        seat still in; 31 on the deal is shown at once."""
        events: list[Event] = []
        while state["turn"] is not None:
            state["deal"] += 1
            state["first_deck"] = state["deal"] - 1
            pile = build_decks(DECK, 1, first=state["first_deck"])
            rng.shuffle(pile)
            state.update({"draw_pile": pile, "discard_pile": [], "hands": [[] for _ in range(state["seats"])]})
            state["starter"] = next_seat(state, state["starter"])
            events += self._deal(state)
            if not self._dealt_thirty_one(state):
                break
            events += self._showdown(state, "dealt_31", None)
        return events

    def _dealt_thirty_one(self, state: ThirtyOneState) -> bool:
        return any(points_half(state["hands"][seat]) == THIRTY_ONE for seat in active_seats(state))

    # -- the contract ------------------------------------------------------------------------
    def to_move(self, state: ThirtyOneState) -> frozenset[int]:
        turn = state["turn"]
        return NOBODY if turn is None else ONLY[turn]

    def legal_moves(self, state: ThirtyOneState, seat: int) -> list[Move]:
        if seat != state["turn"]:
            return []
        moves: list[Move] = [
            {"type": "swap", "give": give, "take": take} for give in state["hands"][seat] for take in state["middle"]
        ]
        moves += [{"type": "swap_all"}, {"type": "push"}]
        if state["knocker"] is None:
            moves.append({"type": "knock"})
        return moves

    def play(self, state: ThirtyOneState, seat: int, move: Move, now_ms: int, rng: Rng) -> list[Event]:
        kind = move["type"]
        hand, middle = state["hands"][seat], state["middle"]
        state["turns"] += 1
        events: list[Event]
        if kind == "swap":
            give, take = move["give"], move["take"]
            hand[hand.index(give)] = take
            middle[middle.index(take)] = give
            known = state["known"][seat]
            if give in known:
                known.remove(give)
            known.append(take)
            state["pushes"] = 0
            events = [event("swapped", seat=seat, give=give, take=take)]
        elif kind == "swap_all":
            state["hands"][seat], state["middle"] = middle, hand
            state["known"][seat] = list(middle)
            state["pushes"] = 0
            events = [event("swapped_all", seat=seat, cards=list(hand))]
        elif kind == "knock":
            state["knocker"] = seat
            state["pushes"] = 0
            events = [event("knocked", seat=seat)]
        else:
            state["pushes"] += 1
            events = [event("pushed", seat=seat)]
            if state["pushes"] >= len(active_seats(state)):
                state["pushes"] = 0
                if len(state["draw_pile"]) < HAND:
                    return events + self._showdown(state, "stock_empty", None) + self._next_deal(state, rng)
                state["discard_pile"] += state["middle"]
                state["middle"] = [state["draw_pile"].pop() for _ in range(HAND)]
                events.append(event("middle_replaced", cards=list(state["middle"])))
        if kind.startswith("swap") and points_half(state["hands"][seat]) == THIRTY_ONE:
            return events + self._showdown(state, "thirty_one", seat) + self._next_deal(state, rng)
        state["turn"] = next_seat(state, seat)
        if state["turn"] == state["knocker"]:
            return events + self._showdown(state, "knock", state["knocker"]) + self._next_deal(state, rng)
        return events

    # -- showdown ----------------------------------------------------------------------------
    def _showdown(self, state: ThirtyOneState, reason: str, by: int | None) -> list[Event]:
        """Everyone shows; the lowest total loses a life; out at none left."""
        playing = active_seats(state)
        points: list[int | None] = [None] * state["seats"]
        for seat in playing:
            points[seat] = points_half(state["hands"][seat])
        low = min(value for value in points if value is not None)
        losers = [seat for seat in playing if points[seat] == low]
        hands = [list(hand) if seat in playing else None for seat, hand in enumerate(state["hands"])]
        state["last_round"] = {
            "deal": state["deal"],
            "reason": reason,
            "by": by,
            "hands": hands,
            "points_half": points,
            "losers": losers,
        }
        events = [event("showdown", reason=reason, by=by, hands=hands, points_half=points, losers=losers)]
        for seat in losers:
            state["lives"][seat] -= 1
            lives = state["lives"][seat]
            events.append(event("life_lost", seat=seat, lives=lives))
            if lives == 1:
                events.append(event("swimming", seat=seat))
            elif lives == 0:
                state["out_at"][seat] = state["deal"]
                state["finished"].append(seat)
                events.append(event("out", seat=seat))
        state.update({"knocker": None, "pushes": 0})
        remaining = active_seats(state)
        if len(remaining) <= 1:
            state["turn"] = None
            if remaining:
                events.append(event("won", seat=remaining[0]))
            events.append(event("game_over"))
        return events

    # -- views -------------------------------------------------------------------------------
    def decorate(self, view: View, state: ThirtyOneState, seat: int | None) -> None:
        lives = state["lives"]
        view["public"]["swimming"] = [s for s in range(state["seats"]) if lives[s] == 1]
        if seat is not None:
            view["private"]["points_half"] = points_half(state["hands"][seat])

    # The view's own public key, left out of a determinized state.
    view_keys = frozenset(("swimming",))

    def determinize(self, view: ThirtyOneView, seat: int, seed: bytes) -> ThirtyOneState:
        """The table sample, then every card another seat is known to hold (taken from the
        middle) moved into that hand in exchange for one of its unknown cards."""
        state = super().determinize(view, seat, seed)
        hands = state["hands"]
        for other, known in enumerate(state["known"]):
            if other == seat:
                continue
            for card in known:
                if card in hands[other]:
                    continue
                spare = next(c for c in hands[other] if c not in known)
                zone = next(z for z in [*hands, state["draw_pile"], state["discard_pile"]] if card in z)
                zone[zone.index(card)] = spare
                hands[other][hands[other].index(spare)] = card
        return state

    def timeout_move(self, state: ThirtyOneState, seat: int | None) -> Move:
        """Out of time: never a knock. Swap the card (or all three) that raises the hand's
        points most, else push ("schieben")."""
        seat = clock_seat(seat, (state["turn"],))
        hand, middle = state["hands"][seat], state["middle"]
        best: Move = {"type": "push"}
        most = points_half(hand)
        for give in hand:
            for take in middle:
                points = points_half([take if card == give else card for card in hand])
                if points > most:
                    best, most = {"type": "swap", "give": give, "take": take}, points
        if points_half(middle) > most:
            best = {"type": "swap_all"}
        return best

    def result(self, state: ThirtyOneState) -> Result | None:
        if state["turn"] is not None:
            return None
        standing = [state["deal"] + 1 if out is None else out for out in state["out_at"]]
        return {"placings": placings_from_scores(standing), "scores": list(state["lives"])}


def hidden_from(state: ThirtyOneState, seat: int | None) -> set[Card]:
    """What `seat` must not see: the draw pile and other hands, less the cards everyone saw a
    seat take from the middle; after the final showdown the hands are shown."""
    last = state["last_round"]
    if last is not None and last["deal"] == state["deal"]:
        return set(state["draw_pile"])
    secret = table_hidden_from(state, seat)
    for known in state["known"]:
        secret.difference_update(known)
    return secret


ENGINE = ThirtyOne()
