"""Femton (Fifteen Rounds, `contract-rummy`): fifteen rounds of rummy, each with its contract
of sets and runs, buying from the discard pile in a shared buy window, 3-8 players.

Rules: card-room-sv.txt ("Femton") and docs/catalogue.md. Decisions where the text is silent, also
written on the rules page:
- Cards: three French decks and 4 or 6 jokers (host setting, default 6), shuffled afresh every
  round (new card ids every round, so cards shown at a round's end never match a hidden card of
  a later one). Thirteen cards each, one card turned up.
- The fifteen contracts (CONTRACTS): sets ("grupper") of three or more equal ranks, runs
  ("stegar") of one suit in sequence; a contract names how many of each and their least size.
- A turn: "draw" (Dra dolt) or "take" (Ta öppet); then, before a player's first meld, lay the
  contract's melds one by one (a proposal that can be taken back, after which no more melding
  that turn); when the last one is laid the player is down. A player who is down lays off
  onto any meld, swaps jokers and may lay further melds (sets of three or more, runs of four
  or more): without that a round could stall for good, with everyone down and the ranks left
  in hand on no meld of the table. The turn ends with a discard, or at once when the hand is
  empty (by a lay-off or the last meld).
- Buying: after every discard a buy window opens (4 s, host setting 4, 6 or 8). Every seat
  but the one to draw that is not down and has bought fewer than three times this round may
  "buy" (Vill köpa), "withdraw" the request, "keep" it, or "pass". Requests are collected
  and decided when the window closes, by seat order from the player after the one to draw,
  never by arrival. The player to draw decides at any time: "take" gets the open card and
  voids every request (inside the window or after it); "draw" inside the window waits for it
  to close, then the buyer (if any) gets the open card and one hidden card, then the player
  draws. After the window no request is taken; a late one is answered `buy_refused`.
- The window closes at its end (`deadline`, applied by the lobby's timer; a move arriving
  after the end closes it first), or as soon as nobody could still change anything (the player
  to draw has chosen and every possible buyer has passed or kept). Doing nothing declines:
  when the window ends, an undecided seat passes and a request stands.
- Cards left count: joker 25, ace 15, J/Q/K 10, others their number. Lowest total after the
  fifteenth round wins; ties share. Between rounds the host (seat 0) starts the next round.
- Card suggestions (host setting, off by default): every seat's view then lists the contract
  melds its hand could lay and where its cards fit on the table.
"""

from __future__ import annotations

from typing import Any

from rulekit import (
    Event,
    GameMeta,
    IllegalMove,
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
from rulekit.clock import TURN_STARTED
from rulekit.contract import Deadline

from ..core import Card, next_seat
from ..core.cards import build_decks
from ..core.meld_play import MeldEngine, known_hidden_from
from ..core.melds import (
    FIFTEEN,
    Rules,
    card_points,
    is_joker,
    joker_swaps,
    lay_offs,
    possible_melds,
)
from .state import BuyWindow, ContractRummyState, ContractRummyView

DECKS = 3
HAND = 13
ROUNDS = 15
MOST_BUYS = 3
HOST = 0
JOKER_PENALTY = 25
ACE_PENALTY = 15
WINDOW_CHOICES = (4, 6, 8)
# Once down, a player may lay further melds too: sets of three or more, runs of four or more
# (the contracts' smallest). Without them a round can stall for good: everyone down, and the
# ranks left in the hands on no meld of the table.
AFTER_DOWN = Rules(set_max=None, distinct_suits=False, run_min=4, set_min=3)

# The fifteen contracts: (sets, least set size, runs, least run length).
CONTRACTS: tuple[tuple[int, int, int, int], ...] = (
    (2, 3, 0, 4),  # 1: two sets of three
    (1, 3, 1, 4),  # 2: a set of three and a run of four
    (0, 3, 2, 4),  # 3: two runs of four
    (3, 3, 0, 4),  # 4: three sets of three
    (2, 3, 1, 4),  # 5: two sets of three and a run of four
    (1, 3, 2, 4),  # 6: a set of three and two runs of four
    (0, 3, 3, 4),  # 7: three runs of four
    (4, 3, 0, 4),  # 8: four sets of three
    (2, 4, 0, 5),  # 9: two sets of four
    (1, 4, 1, 5),  # 10: a set of four and a run of five
    (0, 3, 2, 5),  # 11: two runs of five
    (1, 3, 1, 7),  # 12: a set of three and a run of seven
    (3, 4, 0, 5),  # 13: three sets of four
    (2, 3, 1, 6),  # 14: two sets of three and a run of six
    (0, 3, 2, 6),  # 15: two runs of six
)

NOBODY: frozenset[int] = frozenset()
WINDOW_MOVES = frozenset(("buy", "withdraw", "keep", "pass"))

META = GameMeta(
    id="contract-rummy",
    family="cards",
    min_seats=3,
    max_seats=8,
    chance=True,
    hidden_information=True,
    simultaneous=True,  # the buy window: several seats may ask at once
    # Random play rarely meets a contract: a random game of fifteen rounds at eight seats
    # took 54,000 moves.
    longest_game=250_000,
    options=(
        Option("jokers", "choice", 6, "option.jokers", choices=(4, 6)),
        Option("buy_window", "choice", 4, "option.buy_window", choices=WINDOW_CHOICES),
        Option("suggestions", "bool", False, "option.suggestions"),
    ),
    cpu_levels=("random", "easy", "strong"),
    clock=MoveClock(relaxed_s=60, normal_s=30, fast_s=15),
    turn_based=True,
)


def contract(round_number: int) -> dict[str, int]:
    sets, set_size, runs, run_length = CONTRACTS[round_number - 1]
    return {"sets": sets, "set_size": set_size, "runs": runs, "run_length": run_length}


def penalty(card: Card) -> int:
    """What a card left in hand counts: joker 25, ace 15, J/Q/K 10, others their number."""
    points = _PENALTIES.get(card)
    if points is None:
        if is_joker(card):
            points = JOKER_PENALTY
        elif card.startswith(("HA", "SA", "DA", "CA")):
            points = ACE_PENALTY
        else:
            points = card_points(card)
        _PENALTIES[card] = points
    return points


# Every view shows its seat's hand points: a card's are looked up, not worked out again.
_PENALTIES: dict[Card, int] = {}


def hand_penalty(hand: list[Card]) -> int:
    return sum(map(penalty, hand))


def still_needed(state: ContractRummyState, seat: int) -> dict[str, int]:
    """How many sets and runs of the contract the seat's proposal still lacks."""
    need = contract(state["round"])
    sets, runs = need["sets"], need["runs"]
    for index in state["staged"]:
        if state["melds"][index]["kind"] == "set":
            sets -= 1
        else:
            runs -= 1
    return {"sets": sets, "runs": runs, "set_size": need["set_size"], "run_length": need["run_length"]}


def contract_melds(state: ContractRummyState, seat: int) -> list[dict[str, Any]]:
    """Every meld of the hand that the seat's contract (less its proposal) still asks for."""
    need = still_needed(state, seat)
    if need["sets"] <= 0 and need["runs"] <= 0:
        return []
    rules = Rules(set_max=None, distinct_suits=False, run_min=need["run_length"], set_min=need["set_size"])
    out = []
    for meld in possible_melds(state["hands"][seat], rules):
        if (meld["kind"] == "set" and need["sets"] > 0) or (meld["kind"] == "run" and need["runs"] > 0):
            out.append(meld)
    return out


def seat_to_draw(state: ContractRummyState) -> int:
    """The seat whose turn it is, asked for only while a round is played."""
    turn = state["turn"]
    assert turn is not None, "a round in play has a seat to move"
    return turn


def the_window(state: ContractRummyState) -> BuyWindow:
    """The buy window, asked for only while there is one."""
    window = state["window"]
    assert window is not None, "there is no buy window"
    return window


def buy_order(state: ContractRummyState) -> list[int]:
    """Seat order for a buy: from the player after the one to draw round the table."""
    seats, turn = state["seats"], seat_to_draw(state)
    return [(turn + step) % seats for step in range(1, seats)]


def may_buy(state: ContractRummyState, seat: int) -> bool:
    window = state["window"]
    return (
        window is not None
        and window["open"]
        and seat != state["turn"]
        and not state["down"][seat]
        and state["buys"][seat] < MOST_BUYS
    )


class ContractRummy(MeldEngine[ContractRummyState, ContractRummyView]):
    meta = META

    # -- setup ---------------------------------------------------------------------------------
    def initial_state(self, seats: int, options: dict[str, Any], rng: Rng) -> ContractRummyState:
        starter = rng.below(seats)
        state: ContractRummyState = {
            "hands": [[] for _ in range(seats)],
            "draw_pile": [],
            "discard_pile": [],
            "deck_kind": f"contract{options['jokers']}",
            "decks": DECKS,
            "first_deck": 0,
            "direction": 1,
            "finished": [],
            "open_zones": ["melds"],
            "round": 0,
            "first_starter": starter,
            "starter": starter,
            "totals": [0] * seats,
            "round_points": None,
            "history": [],
            "shown_hands": None,
            # The round's own keys, as the first deal (`_deal_round`) sets them again.
            "turn": starter,
            "phase": "draw",
            "melds": [],
            "down": [False] * seats,
            "staged": [],
            "took_back": False,
            "buys": [0] * seats,
            "known": [[] for _ in range(seats)],
            "window": None,
            "out": None,
        }
        self._deal_round(state, rng, 1)
        return state

    def _deal_round(self, state: ContractRummyState, rng: Rng, number: int) -> list[Event]:
        seats = len(state["hands"])
        first_deck = (number - 1) * DECKS
        pile = build_decks(state["deck_kind"], DECKS, first=first_deck)
        rng.shuffle(pile)
        starter = (state["first_starter"] + number - 1) % seats
        hands: list[list[Card]] = [[] for _ in range(seats)]
        for _ in range(HAND):
            for step in range(seats):
                hands[(starter + step) % seats].append(pile.pop())
        state.update(
            {
                "hands": hands,
                "draw_pile": pile,
                "discard_pile": [pile.pop()],
                "first_deck": first_deck,
                "round": number,
                "starter": starter,
                "turn": starter,
                "phase": "draw",
                "melds": [],
                "down": [False] * seats,
                "staged": [],
                "took_back": False,
                "buys": [0] * seats,
                "known": [[] for _ in range(seats)],
                "window": None,
                "out": None,
                "round_points": None,
                "shown_hands": None,
            }
        )
        events = [event("round_started", round=number, starter=starter, contract=contract(number))]
        return events + [event("dealt", visible_to=[seat], seat=seat, cards=list(hands[seat])) for seat in range(seats)]

    # -- whose move ------------------------------------------------------------------------------
    def to_move(self, state: ContractRummyState) -> frozenset[int]:
        phase = state["phase"]
        if phase == "over":
            return NOBODY
        if phase == "scored":
            return frozenset((HOST,))
        if phase == "play":
            return frozenset((seat_to_draw(state),))
        window = state["window"]
        seats: set[int] = set()
        if window is None or window["choice"] is None:
            seats.add(seat_to_draw(state))
        if window is not None and window["open"]:
            for seat, call in enumerate(window["calls"]):
                if call in (None, "buy") and may_buy(state, seat):
                    seats.add(seat)
        return frozenset(seats)

    def cache_key(self, state: ContractRummyState, seat: int) -> tuple[Any, ...]:
        return (
            seat,
            state["round"],
            tuple(state["hands"][seat]),
            tuple(tuple(meld["cards"]) for meld in state["melds"]),
            tuple(state["staged"]),
            state["took_back"],
            state["down"][seat],
        )

    def _moves(self, state: ContractRummyState, seat: int, only: str | None = None) -> list[Move]:
        """The legal moves (of the kind `only` alone, when given, in the play phase)."""
        if seat not in self.to_move(state):
            return []
        phase = state["phase"]
        if phase == "scored":
            return [{"type": "next_round"}]
        if phase == "draw":
            if seat != state["turn"]:
                call = the_window(state)["calls"][seat]
                if call == "buy":
                    return [{"type": "withdraw"}, {"type": "keep"}]
                return [{"type": "buy"}, {"type": "pass"}]
            return [{"type": "draw"}, {"type": "take"}]
        hand = state["hands"][seat]
        moves: list[Move] = []
        if state["down"][seat]:
            if only in (None, "meld"):
                moves += [{"type": "meld", **meld} for meld in possible_melds(hand, AFTER_DOWN)]
            if only in (None, "lay_off"):
                moves += [{"type": "lay_off", **lay} for lay in lay_offs(hand, state["melds"], FIFTEEN)]
            if only in (None, "swap"):
                moves += [{"type": "swap", **swap} for swap in joker_swaps(hand, state["melds"], FIFTEEN)]
        elif not state["took_back"] and only in (None, "meld"):
            moves += [{"type": "meld", **meld} for meld in contract_melds(state, seat)]
        if state["staged"]:
            if only in (None, "take_back"):
                moves.append({"type": "take_back"})
        elif only in (None, "discard"):
            moves += [{"type": "discard", "card": card} for card in hand]
        return moves

    # -- the move path: time closes a buy window first -------------------------------------------
    def apply(
        self, state: ContractRummyState, seat: int, move: Move, now_ms: int
    ) -> tuple[ContractRummyState, list[Event]]:
        window = state.get("window")
        if (
            window is None
            or not window["open"]
            or window["ends_ms"] is None
            or not now_ms
            or now_ms <= window["ends_ms"]
        ):
            return super().apply(state, seat, move, now_ms)
        # The window ended before this move arrived (the lobby's timer had not fired yet):
        # close it as the timer would have, then the move meets the table as it is then.
        self.check_move(state, seat, move)
        new_state = self.copy_state(state)
        rng = Rng(new_state["rng"])
        events = self._close_window(new_state, rng, timed=True)
        if move["type"] in WINDOW_MOVES:
            events.append(event("buy_refused", seat=seat, reason="window_closed"))
        elif seat in self.to_move(new_state):
            events += self.play(new_state, seat, move, now_ms, rng)
        new_state["rng"] = rng.to_state()
        new_state[TURN_STARTED] = now_ms
        return new_state, events

    def play(self, state: ContractRummyState, seat: int, move: Move, now_ms: int, rng: Rng) -> list[Event]:
        kind = move["type"]
        if kind == "next_round":
            return self._deal_round(state, rng, state["round"] + 1)
        if kind in WINDOW_MOVES:
            return self._call(state, seat, kind, rng)
        if kind == "take":
            return self._take(state, seat)
        if kind == "draw":
            window = state["window"]
            if window is not None and window["open"]:
                window["choice"] = "draw"
                events = [event("chose_draw", seat=seat)]
                return events + self._maybe_close(state, rng)
            return self._resolve_and_draw(state, rng)
        if kind == "meld":
            return self._meld(state, seat, move["kind"], list(move["cards"]))
        if kind == "take_back":
            return self.take_back(state, seat)
        if kind == "lay_off":
            return self.lay_off_card(state, seat, move)
        if kind == "swap":
            return self.swap(state, seat, move)
        events = self.discard(state, seat, move["card"])
        if not state["hands"][seat]:
            return events + self._end_round(state, seat)
        return events + self._next_turn(state, seat, now_ms)

    # -- the buy window --------------------------------------------------------------------------
    def _open_window(self, state: ContractRummyState, discarder: int, now_ms: int) -> list[Event]:
        seconds = int(state["options"]["buy_window"])
        window: BuyWindow = {
            "card": state["discard_pile"][-1],
            "discarder": discarder,
            "opened_ms": now_ms or None,
            "ends_ms": now_ms + seconds * 1000 if now_ms else None,
            "seconds": seconds,
            "calls": [None] * len(state["hands"]),
            "open": True,
            "choice": None,
        }
        state["window"] = window
        if not any(may_buy(state, seat) for seat in range(len(state["hands"]))):
            state["window"] = None
            return []
        return [event("buy_window", card=window["card"], ends_ms=window["ends_ms"], seconds=seconds)]

    def _call(self, state: ContractRummyState, seat: int, kind: str, rng: Rng) -> list[Event]:
        calls = the_window(state)["calls"]
        calls[seat] = {"buy": "buy", "withdraw": None, "keep": "kept", "pass": "passed"}[kind]
        code = {"buy": "buy_asked", "withdraw": "buy_withdrawn", "keep": "buy_kept", "pass": "buy_passed"}[kind]
        return [event(code, seat=seat)] + self._maybe_close(state, rng)

    def _maybe_close(self, state: ContractRummyState, rng: Rng) -> list[Event]:
        """Close the window early once nothing can change any more: the player to draw has
        chosen to draw and every possible buyer has passed or kept a request."""
        window = the_window(state)
        if window["choice"] != "draw":
            return []
        for seat, call in enumerate(window["calls"]):
            if call in (None, "buy") and may_buy(state, seat):
                return []
        return self._close_window(state, rng, timed=False)

    def _close_window(self, state: ContractRummyState, rng: Rng, timed: bool) -> list[Event]:
        window = the_window(state)
        window["open"] = False
        for seat, call in enumerate(window["calls"]):
            if call == "buy":
                window["calls"][seat] = "kept"  # doing nothing leaves a request standing
            elif call is None:
                window["calls"][seat] = "passed"
        events = [event("buy_window_closed")]
        if window["choice"] == "draw":
            return events + self._resolve_and_draw(state, rng)
        if "kept" not in window["calls"]:
            state["window"] = None
        return events

    def _take(self, state: ContractRummyState, seat: int) -> list[Event]:
        events = []
        window = state["window"]
        if window is not None and ("buy" in window["calls"] or "kept" in window["calls"]):
            events.append(event("buy_void", seat=seat))
        state["window"] = None
        card = state["discard_pile"].pop()
        state["hands"][seat].append(card)
        state["known"][seat].append(card)
        state["phase"] = "play"
        return events + [event("took", seat=seat, card=card)]

    def _resolve_and_draw(self, state: ContractRummyState, rng: Rng) -> list[Event]:
        """The player to draw has chosen the hidden pile: the first requester in seat order (if
        any) buys the open card plus one hidden card, then the player draws."""
        events: list[Event] = []
        window, turn = state["window"], seat_to_draw(state)
        state["window"] = None
        if window is not None:
            buyers = [seat for seat in buy_order(state) if window["calls"][seat] in ("buy", "kept")]
            if buyers:
                buyer = buyers[0]
                card = state["discard_pile"].pop()
                state["hands"][buyer].append(card)
                state["known"][buyer].append(card)
                state["buys"][buyer] += 1
                events.append(event("bought", seat=buyer, card=card, buys=state["buys"][buyer], asked=buyers))
                extra = self._draw_one(state, buyer, rng, events)
                if extra is None:
                    return events + self._stock_out(state)
        if self._draw_one(state, turn, rng, events) is None:
            return events + self._stock_out(state)
        state["phase"] = "play"
        return events

    def _draw_one(self, state: ContractRummyState, seat: int, rng: Rng, events: list[Event]) -> Card | None:
        pile, discard = state["draw_pile"], state["discard_pile"]
        if not pile:
            if len(discard) <= 1:
                return None
            pile[:] = discard[:-1]
            del discard[:-1]
            rng.shuffle(pile)
            events.append(event("reshuffled", count=len(pile)))
        card = pile.pop()
        state["hands"][seat].append(card)
        events += [event("drawn", visible_to=[seat], seat=seat, cards=[card]), event("drew", seat=seat, count=1)]
        return card

    # -- melds -----------------------------------------------------------------------------------
    def _meld(self, state: ContractRummyState, seat: int, kind: str, cards: list[Card]) -> list[Event]:
        index = self.lay_meld(state, seat, kind, cards)
        events = [event("melded", seat=seat, meld=index, kind=kind, cards=list(cards))]
        if state["down"][seat]:
            return events + self.maybe_out(state, seat)
        state["staged"].append(index)
        need = still_needed(state, seat)
        if need["sets"] <= 0 and need["runs"] <= 0:
            state["down"][seat] = True
            state["staged"] = []
            events.append(event("went_down", seat=seat))
        return events + self.maybe_out(state, seat)

    def maybe_out(self, state: ContractRummyState, seat: int) -> list[Event]:
        if state["hands"][seat]:
            return []
        return self._end_round(state, seat)

    # -- turns and rounds ------------------------------------------------------------------------
    def _next_turn(self, state: ContractRummyState, seat: int, now_ms: int) -> list[Event]:
        state.update({"turn": next_seat(state, seat), "phase": "draw", "took_back": False, "staged": []})
        return self._open_window(state, seat, now_ms)

    def _stock_out(self, state: ContractRummyState) -> list[Event]:
        return [event("stock_out")] + self._end_round(state, None)

    def _end_round(self, state: ContractRummyState, out: int | None) -> list[Event]:
        points = [hand_penalty(hand) for hand in state["hands"]]
        state["totals"] = [total + add for total, add in zip(state["totals"], points, strict=True)]
        state["history"].append(points)
        state.update(
            {
                "round_points": points,
                "out": out,
                "window": None,
                "staged": [],
                "shown_hands": [list(hand) for hand in state["hands"]],
                "phase": "over" if state["round"] >= ROUNDS else "scored",
            }
        )
        events = [] if out is None else [event("went_out", seat=out)]
        events.append(event("round_over", round=state["round"], hands=state["shown_hands"], points=points))
        if state["phase"] == "over":
            state["turn"] = None
            events.append(event("game_over", totals=list(state["totals"])))
        return events

    # -- the clocks ------------------------------------------------------------------------------
    def deadline(self, state: ContractRummyState) -> Deadline | None:
        """While a buy window runs, its end (for every seat that can still ask); otherwise the
        move clock of the seat to move."""
        window = state.get("window")
        if window is not None and window["open"] and window["ends_ms"] is not None and state["phase"] == "draw":
            seats = [
                seat for seat, call in enumerate(window["calls"]) if call in (None, "buy") and may_buy(state, seat)
            ]
            if seats:
                return {"at_ms": window["ends_ms"], "seat": min(seats), "seats": seats, "window": True}
        return super().deadline(state)

    def clock_seats(self, state: ContractRummyState) -> list[int]:
        if state["phase"] == "scored":
            return [HOST]
        return [seat_to_draw(state)]

    def apply_timeout(self, state: ContractRummyState, now_ms: int) -> tuple[ContractRummyState, list[Event]]:
        deadline = self.deadline(state)
        if deadline is None or deadline["at_ms"] > now_ms:
            raise IllegalMove("illegal_move", "no clock has run out")
        if not deadline.get("window"):
            return super().apply_timeout(state, now_ms)
        new_state = self.copy_state(state)
        rng = Rng(new_state["rng"])
        # The window's end is how it closes, not a seat running out of time: letting it pass
        # is how a player declines, so it must not count towards handing the seat to a CPU.
        events = self._close_window(new_state, rng, timed=True)
        new_state["rng"] = rng.to_state()
        return new_state, events

    def timeout_move(self, state: ContractRummyState, seat: int | None) -> Move:
        """Out of time: draw hidden; in the buy window do nothing (an undecided seat passes, a
        request stands); take a proposal back; otherwise discard the dearest card, never a
        joker while another card can go; between rounds the next round starts."""
        seat = clock_seat(seat, self.to_move(state))
        phase = state["phase"]
        if phase == "scored":
            return {"type": "next_round"}
        if phase == "draw":
            if seat == state["turn"]:
                return {"type": "draw"}
            return {"type": "keep"} if the_window(state)["calls"][seat] == "buy" else {"type": "pass"}
        if state["staged"]:
            return {"type": "take_back"}
        legal = [move for move in self.legal_moves(state, seat) if move["type"] == "discard"]
        return max(legal, key=lambda m: (not is_joker(m["card"]), penalty(m["card"])))

    # -- views -----------------------------------------------------------------------------------
    view_keys = frozenset(("contract", "suggestions_on"))

    def decorate(self, view: View, state: ContractRummyState, seat: int | None) -> None:
        public = view["public"]
        if state["round"]:
            public["contract"] = contract(state["round"])
        public["suggestions_on"] = bool(state["options"]["suggestions"])
        if seat is None:
            return
        private = view["private"]
        private["hand_points"] = hand_penalty(state["hands"][seat])
        if state["options"]["suggestions"] and state["phase"] in ("draw", "play"):
            hand = state["hands"][seat]
            private["suggestions"] = {
                "melds": [] if state["down"][seat] else contract_melds(state, seat),
                "lay_offs": lay_offs(hand, state["melds"], FIFTEEN) if state["down"][seat] else [],
            }

    def result(self, state: ContractRummyState) -> Result | None:
        if state["phase"] != "over":
            return None
        totals = state["totals"]
        return {"placings": placings_from_scores(totals, higher_wins=False), "scores": list(totals)}


def hidden_from(state: ContractRummyState, seat: int | None) -> set[Card]:
    """What `seat` must not see: the stock and other hands, less the cards everyone saw go into
    a hand; once a round is over its hands are shown."""
    if state["phase"] in ("scored", "over"):
        return set(state["draw_pile"])
    return known_hidden_from(state, seat)


ENGINE = ContractRummy()
