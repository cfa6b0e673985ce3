"""Liar's Dice (Lügenwürfel): five dice each under a cup, bids that must rise, the challenge;
whoever was wrong loses a die, and a player without dice is out.

House rules (house-rules-de-en-es.txt, "Liar's Dice"), 2–8 players. Decisions where the text
is silent, also written on the rules page:
- A bid is a quantity and a face ("four fives": at least four dice showing five on the whole
  table). A higher bid has more dice (any face), or the same number of dice on a higher face.
  Ones are not wild: a bid counts only the dice showing its face, as the text counts them.
- Seat 0 opens the first round. The first bid of a round may be any bid; only a bid can
  follow the opening, the challenge needs a bid to challenge. The highest possible bid (every
  die on the table showing six) can only be challenged.
- Only the seat to move may challenge, and it challenges the bid just made (by the seat
  before it).
- After a challenge every cup is lifted and the dice showing the bid's face counted: at least
  the bid, and the challenger loses a die; fewer, and the bidder does. Then everyone still in
  rolls again, and the loser opens the next round (if the loser is out, the next seat still
  in does).
- Placings: the last player with dice first, then the others in reverse order of going out.

Only the owner sees a cup until it is lifted: `view` shows a seat its own dice (`private`),
everyone the number of dice under every cup, the bids and the last challenge's lifted cups.
In the state, each die is a number that also names its cup and round,
`DIE_BASE + seat * 100_000 + round * 1_000 + slot * 10 + face`, so the hidden-information scan
can tell one seat's dice from another's and from every other number in a view.

State: `dice_count` (per seat), `cups` (per seat: die numbers of this round), `round`, `turn`,
`bid` (the standing bid {"seat", "quantity", "face"} or None), `bids` (this round's bids in
order), `lifted` (the last challenge: the bid, every cup's faces, the count, the loser), `out`
(seats in the order they went out), `winner`.

Moves: `bid` (quantity, face; listed as one template per face with the quantities allowed),
`challenge`. Events: `round_started` (round, starter, dice_count), `rolled` (private: the
seat's own faces), `bid` (seat, quantity, face), `challenged` (seat, bidder, quantity, face,
count, cups, loser), `lost_die` (seat, left), `out` (seat), `game_over` (winner).
"""

from __future__ import annotations

from math import comb
from typing import Any

from rulekit import (
    BaseEngine,
    Event,
    GameMeta,
    Move,
    MoveClock,
    Result,
    Rng,
    clock_seat,
    event,
    new_rng_state,
)

from .state import Bid, LiarsDiceState, LiarsDiceView

DICE = 5
FACES = 6
MAX_SEATS = 8
DIE_BASE = 1_000_000
SEAT_STEP = 100_000
ROUND_STEP = 1_000
SLOT_STEP = 10
# Each round costs one die, so a game has at most DICE * seats - 1 rounds; a round has at
# most one bid per (quantity, face) pair and a challenge.
LONGEST_ROUNDS = DICE * MAX_SEATS - 1

META = GameMeta(
    id="liars-dice",
    family="dice",
    min_seats=2,
    max_seats=MAX_SEATS,
    chance=True,
    hidden_information=True,
    simultaneous=False,
    longest_game=LONGEST_ROUNDS * (DICE * MAX_SEATS * FACES + 1),
    cpu_levels=("random", "easy", "strong"),
    clock=MoveClock(relaxed_s=60, normal_s=30, fast_s=15),
    turn_based=True,
)


def die_number(seat: int, round_no: int, slot: int, face: int) -> int:
    """The number a die is kept as: its owner, round and slot, and its face in the last digit."""
    return DIE_BASE + seat * SEAT_STEP + round_no * ROUND_STEP + slot * SLOT_STEP + face


def face_of(die: int) -> int:
    return die % SLOT_STEP


def faces(cup: list[int]) -> list[int]:
    return [face_of(die) for die in cup]


def bid_rank(quantity: int, face: int) -> int:
    """Bids in order: a higher rank is a higher bid (more dice, or the same on a higher face)."""
    return quantity * FACES + face - 1


def higher_bids(bid: Bid | None, total: int) -> list[Move]:
    """One template per face: the quantities of that face that beat `bid`, up to every die."""
    moves: list[Move] = []
    for face in range(1, FACES + 1):
        if bid is None:
            least = 1
        else:
            least = bid["quantity"] if face > bid["face"] else bid["quantity"] + 1
        if least <= total:
            moves.append({"type": "bid", "face": face, "range": {"quantity": [least, total, 1]}})
    return moves


def chance_at_least(need: int, unseen: int, p: float = 1 / FACES) -> float:
    """The chance that at least `need` of `unseen` dice show a given face."""
    if need <= 0:
        return 1.0
    if need > unseen:
        return 0.0
    return sum(comb(unseen, k) * p**k * (1 - p) ** (unseen - k) for k in range(need, unseen + 1))


def next_in(dice_count: list[int], seat: int) -> int:
    """The next seat after `seat` that still has dice."""
    seats = len(dice_count)
    for step in range(1, seats + 1):
        other = (seat + step) % seats
        if dice_count[other] > 0:
            return other
    raise ValueError("nobody has dice")


class LiarsDice(BaseEngine[LiarsDiceState, LiarsDiceView]):
    meta = META

    def initial_state(self, seats: int, options: dict[str, Any], rng: Rng) -> LiarsDiceState:
        state: LiarsDiceState = {
            "dice_count": [DICE] * seats,
            "cups": [[] for _ in range(seats)],
            "round": 0,
            "turn": 0,
            "bid": None,
            "bids": [],
            "lifted": None,
            "out": [],
            "winner": None,
        }
        self._new_round(state, 0, rng)
        return state

    def _new_round(self, state: LiarsDiceState, starter: int, rng: Rng) -> list[Event]:
        """Everyone still in rolls under the cup; `starter` opens the bidding."""
        state["round"] += 1
        round_no = state["round"]
        events = [event("round_started", round=round_no, starter=starter, dice_count=list(state["dice_count"]))]
        for seat, count in enumerate(state["dice_count"]):
            cup = [die_number(seat, round_no, slot, rng.die(FACES)) for slot in range(count)]
            state["cups"][seat] = cup
            if cup:
                events.append(event("rolled", visible_to=[seat], seat=seat, dice=faces(cup)))
        state["turn"] = starter
        state["bid"] = None
        state["bids"] = []
        return events

    def to_move(self, state: LiarsDiceState) -> frozenset[int]:
        turn = state["turn"]
        return frozenset() if turn is None else frozenset((turn,))

    def legal_moves(self, state: LiarsDiceState, seat: int) -> list[Move]:
        if state["turn"] is None or seat != state["turn"]:
            return []
        bid = state["bid"]
        moves = higher_bids(bid, sum(state["dice_count"]))
        if bid is not None:
            moves.append({"type": "challenge"})
        return moves

    def quick_listed(self, state: LiarsDiceState, seat: int, move: Move) -> bool:
        # A bid matches a template of `higher_bids`: the same bounds, without building them.
        if seat != state["turn"]:
            return False
        bid, kind = state["bid"], move.get("type")
        if kind == "challenge":
            return len(move) == 1 and bid is not None
        face, quantity = move.get("face"), move.get("quantity")
        if kind != "bid" or len(move) != 3 or type(face) is not int or type(quantity) is not int:
            return False
        if bid is None:
            least = 1
        else:
            least = bid["quantity"] if face > bid["face"] else bid["quantity"] + 1
        return 1 <= face <= FACES and least <= quantity <= sum(state["dice_count"])

    def play(self, state: LiarsDiceState, seat: int, move: Move, now_ms: int, rng: Rng) -> list[Event]:
        if move["type"] == "bid":
            bid: Bid = {"seat": seat, "quantity": move["quantity"], "face": move["face"]}
            state["bid"] = bid
            state["bids"].append(bid)
            state["turn"] = next_in(state["dice_count"], seat)
            return [event("bid", seat=seat, quantity=move["quantity"], face=move["face"])]
        return self._challenge(state, seat, rng)

    def _challenge(self, state: LiarsDiceState, seat: int, rng: Rng) -> list[Event]:
        bid = state["bid"]
        assert bid is not None  # a challenge is listed only against a standing bid
        lifted = [faces(cup) for cup in state["cups"]]
        count = sum(cup.count(bid["face"]) for cup in lifted)
        loser = seat if count >= bid["quantity"] else bid["seat"]
        state["lifted"] = {
            "round": state["round"],
            "challenger": seat,
            "bidder": bid["seat"],
            "quantity": bid["quantity"],
            "face": bid["face"],
            "count": count,
            "cups": lifted,
            "loser": loser,
        }
        state["dice_count"][loser] -= 1
        left = state["dice_count"][loser]
        events = [
            event(
                "challenged",
                seat=seat,
                bidder=bid["seat"],
                quantity=bid["quantity"],
                face=bid["face"],
                count=count,
                cups=lifted,
                loser=loser,
            ),
            event("lost_die", seat=loser, left=left),
        ]
        if left == 0:
            state["out"].append(loser)
            events.append(event("out", seat=loser))
        still_in = [s for s, n in enumerate(state["dice_count"]) if n > 0]
        if len(still_in) == 1:
            state["winner"] = still_in[0]
            state["turn"] = None
            state["bid"] = None
            state["cups"] = [[] for _ in state["cups"]]
            events.append(event("game_over", winner=still_in[0]))
            return events
        starter = loser if left > 0 else next_in(state["dice_count"], loser)
        return events + self._new_round(state, starter, rng)

    def copy_state(self, state: LiarsDiceState) -> LiarsDiceState:
        """A copy that knows the state's shape (the lifted cups are never changed, only replaced)."""
        copied = state.copy()
        copied["dice_count"] = list(state["dice_count"])
        copied["cups"] = [list(cup) for cup in state["cups"]]
        copied["bids"] = list(state["bids"])
        copied["out"] = list(state["out"])
        copied["options"] = dict(state["options"])
        copied["rng"] = state["rng"].copy()
        return copied

    def view(self, state: LiarsDiceState, seat: int | None) -> LiarsDiceView:
        view: LiarsDiceView = {
            **self.common_view(state, seat),
            "public": {
                "dice_count": list(state["dice_count"]),
                "total_dice": sum(state["dice_count"]),
                "round": state["round"],
                "turn": state["turn"],
                "bid": state["bid"],
                "bids": list(state["bids"]),
                "lifted": state["lifted"],
                "out": list(state["out"]),
                "winner": state["winner"],
            },
        }
        if seat is not None:
            view["private"] = {"dice": faces(state["cups"][seat])}
        return view

    def determinize(self, view: LiarsDiceView, seat: int, seed: bytes) -> LiarsDiceState:
        """A full state the seat cannot tell from the real one: its own dice as they are, every
        other cup rolled afresh (bids say nothing certain about a cup), a fresh generator."""
        pub = view["public"]
        roller = Rng(new_rng_state(seed + b":cups"))
        round_no = pub["round"]
        own = view["private"]["dice"]
        cups = []
        for other, count in enumerate(pub["dice_count"]):
            if other == seat:
                cups.append([die_number(seat, round_no, slot, face) for slot, face in enumerate(own)])
            else:
                cups.append([die_number(other, round_no, slot, roller.die(FACES)) for slot in range(count)])
        return {
            "game": view["game"],
            "seats": view["seats"],
            "options": dict(view["options"]),
            "dice_count": list(pub["dice_count"]),
            "cups": cups,
            "round": round_no,
            "turn": pub["turn"],
            "bid": pub["bid"],
            "bids": list(pub["bids"]),
            "lifted": pub["lifted"],
            "out": list(pub["out"]),
            "winner": pub["winner"],
            "schema": 1,
            "turn_started_ms": None,
            "rng": new_rng_state(seed),
        }

    def timeout_move(self, state: LiarsDiceState, seat: int | None) -> Move:
        """Out of time: the safe play from the seat's own dice. Challenge when the standing bid
        is more likely false than true; otherwise the lowest bid on the face the seat holds
        most of (the higher face on a tie) that beats it, or the challenge when none does."""
        seat = clock_seat(seat, (state["turn"],))
        own = faces(state["cups"][seat])
        total = sum(state["dice_count"])
        unseen = total - len(own)
        bid = state["bid"]
        if bid is not None and chance_at_least(bid["quantity"] - own.count(bid["face"]), unseen) < 0.5:
            return {"type": "challenge"}
        face = max(range(1, FACES + 1), key=lambda f: (own.count(f), f))
        if bid is None:
            least = 1
        else:
            least = bid["quantity"] if face > bid["face"] else bid["quantity"] + 1
        if least > total:
            return {"type": "challenge"}
        return {"type": "bid", "quantity": least, "face": face}

    def result(self, state: LiarsDiceState) -> Result | None:
        winner = state["winner"]
        if winner is None:
            return None
        seats = state["seats"]
        # Going out later is better: the last one out is second.
        order = [winner, *reversed(state["out"])]
        placings = [order.index(seat) + 1 for seat in range(seats)]
        scores = [float(seats - placing) for placing in placings]
        return {"placings": placings, "scores": scores}


ENGINE = LiarsDice()
