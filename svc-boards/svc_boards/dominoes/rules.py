"""Dominoes: a double-six set, tiles laid end to end so that equal halves touch.

Two games (host setting `variant`):
- "house" (house-rules-de-en-es.txt, "Dominoes"), 2-4 players, one round: lay a tile at one of
  the two open ends; nothing fits, draw until it does; boneyard empty, pass. First out wins;
  nobody can move, fewest pips wins.
- "duel" (domino-duel-de.txt), 2 players, a match of rounds to 50 points: round one opens
  with the highest double dealt (else the heaviest tile, equal sums by the higher half), later
  rounds alternate starters from the first one and open with any tile; you must play when you
  can, draw until you can, pass only with an empty boneyard; two passes in a row block the
  round; the round's winner (the first out, or the lower pip sum of a blocked round) scores
  the other's pips, equal sums score nobody; first to 50 wins the match.

Decisions where the texts are silent, also written on the rules page:
- Seven tiles each with two players, five each with three or four (the rest is the boneyard).
- The house game opens like round one of the duel: whoever holds the highest double (else
  the heaviest tile) starts with it. Play goes to higher seat numbers.
- Only two open ends: a double is one more tile of the line (no spinner).
- `draw` draws in one move until a tile fits or the boneyard is empty (the drawn tiles are
  told only to the drawer, the count to everyone); then the fitting tile must be played.
- "Nobody can move" is every seat passing in turn (two passes with two players, as the duel
  says). Equal lowest pip sums share the house game's win.
- Between two rounds of the duel the next starter taps `next_round`; the finished round's
  hands are shown until then.
- A tile that fits both ends (also when both ends show the same value) is asked for an end.

Tiles are the strings "a-b" with a <= b ("0-0" .. "6-6"): every tile has its own leaf value,
so the hidden-information scan finds a tile wherever it travels.

State: `variant`, `hands` (per seat, in the order of the set), `boneyard` (its order secret),
`line` (the laid tiles from the left end to the right as [left half, right half]), `turn`,
`phase` ("playing", "round_over", "over"), `passes` (in a row), `opening` (the tile round
one must open with, else None), `round`, `first_starter`, `starter`, `points` (per seat,
the duel's match), `lacks` (per seat: the end values it passed on, which it cannot hold),
`last_round` (winner, blocked, pips, points won, and the hands until the next round starts).

Moves: `play` (tile, end "left" | "right"; the opening tile goes "left"), `draw`, `pass`,
`next_round`. Events: `played` (seat, tile, end), `drew` (seat, count), `drew_tiles` (seat,
tiles; the drawer only), `passed` (seat), `went_out` (seat), `blocked` (pips), `round_over`
(winner, points, pips, hands), `round_started` (round, seat), `match_won` (seat), `game_over`.
"""

from __future__ import annotations

from typing import Any, cast

from rulekit import (
    BaseEngine,
    Event,
    GameMeta,
    Move,
    MoveClock,
    Option,
    Refusal,
    Result,
    Rng,
    clock_moves,
    event,
    placings_from_scores,
)
from rulekit.rng import new_rng_state

from .state import DominoesPublic, DominoesState, DominoesView

HIGHEST = 6
TILES: tuple[str, ...] = tuple(f"{a}-{b}" for a in range(HIGHEST + 1) for b in range(a, HIGHEST + 1))
TARGET = 50  # the duel's match
ENDS = ("left", "right")

META = GameMeta(
    id="dominoes",
    family="boards",
    min_seats=2,
    max_seats=4,
    chance=True,
    hidden_information=True,
    simultaneous=False,
    # A round takes at most 28 plays, 14 draws and a pass by all but one seat before every
    # play; a duel is a few rounds, but a round that scores nothing can repeat, so the bound
    # is generous (random matches end within about 400 moves).
    longest_game=20_000,
    options=(Option("variant", "choice", "house", "option.variant", choices=("house", "duel")),),
    cpu_levels=("random", "easy", "strong"),
    clock=MoveClock(relaxed_s=60, normal_s=30, fast_s=15),
    turn_based=True,
)


def halves(tile: str) -> tuple[int, int]:
    return int(tile[0]), int(tile[2])


def pips(tile: str) -> int:
    return int(tile[0]) + int(tile[2])


def hand_pips(hand: list[str]) -> int:
    return sum(pips(tile) for tile in hand)


def opening_rank(tile: str) -> tuple[bool, int, int]:
    """Doubles first, then the pip sum, then the higher half: the highest opens round one."""
    a, b = halves(tile)
    return a == b, a + b, max(a, b)


def hand_size(seats: int) -> int:
    return 7 if seats == 2 else 5


def ends(line: list[list[int]]) -> tuple[int, int] | None:
    """The values of the open ends (left, right), None before the first tile."""
    if not line:
        return None
    return line[0][0], line[-1][1]


def fits(tile: str, value: int) -> bool:
    return value == int(tile[0]) or value == int(tile[2])


def play_moves(hand: list[str], line: list[list[int]], opening: str | None) -> list[Move]:
    """Every tile of `hand` at every open end it fits (the opening tile alone, if one is set)."""
    open_ends = ends(line)
    if open_ends is None:
        tiles = [opening] if opening is not None else hand
        return [{"type": "play", "tile": tile, "end": "left"} for tile in tiles]
    left, right = open_ends
    moves: list[Move] = []
    for tile in hand:
        if fits(tile, left):
            moves.append({"type": "play", "tile": tile, "end": "left"})
        if fits(tile, right):
            moves.append({"type": "play", "tile": tile, "end": "right"})
    return moves


def lay(line: list[list[int]], tile: str, end: str) -> None:
    """Put `tile` at `end` of `line`, turned so that equal halves touch."""
    a, b = halves(tile)
    open_ends = ends(line)
    if open_ends is None:
        line.append([a, b])
    elif end == "left":
        line.insert(0, [a, b] if b == open_ends[0] else [b, a])
    else:
        line.append([a, b] if a == open_ends[1] else [b, a])


def can_play(hand: list[str], line: list[list[int]]) -> bool:
    open_ends = ends(line)
    return open_ends is None or any(fits(tile, open_ends[0]) or fits(tile, open_ends[1]) for tile in hand)


def deal_round(state: DominoesState, rng: Rng, starter: int | None) -> None:
    """Shuffle the set, deal, and set who opens: `starter` with any tile, or (None) the holder
    of the highest double or heaviest tile, with that tile."""
    seats = len(state["hands"])
    tiles = list(TILES)
    rng.shuffle(tiles)
    size = hand_size(seats)
    state["hands"] = [sorted(tiles[seat * size : (seat + 1) * size], key=TILES.index) for seat in range(seats)]
    state["boneyard"] = tiles[seats * size :]
    state["line"] = []
    state["passes"] = 0
    state["lacks"] = [[] for _ in range(seats)]
    if starter is None:
        opening = max((tile for hand in state["hands"] for tile in hand), key=opening_rank)
        starter = next(seat for seat, hand in enumerate(state["hands"]) if opening in hand)
        state["opening"] = opening
    else:
        state["opening"] = None
    state["starter"] = starter
    state["turn"] = starter
    state["phase"] = "playing"


class Dominoes(BaseEngine[DominoesState, DominoesView]):
    meta = META

    def initial_state(self, seats: int, options: dict[str, Any], rng: Rng) -> DominoesState:
        variant = options["variant"]
        if variant == "duel" and seats != 2:
            raise Refusal("bad_option", "the duel is for two players")
        # `deal_round` adds the round's keys.
        state = cast(
            DominoesState,
            {
                "variant": variant,
                "hands": [[] for _ in range(seats)],
                "round": 1,
                "points": [0] * seats,
                "last_round": None,
            },
        )
        deal_round(state, rng, None)
        state["first_starter"] = state["starter"]
        return state

    def to_move(self, state: DominoesState) -> frozenset[int]:
        turn = state["turn"]
        return frozenset() if turn is None else frozenset((turn,))

    def legal_moves(self, state: DominoesState, seat: int) -> list[Move]:
        if seat != state["turn"]:
            return []
        if state["phase"] == "round_over":
            return [{"type": "next_round"}]
        moves = play_moves(state["hands"][seat], state["line"], state["opening"])
        if moves:
            return moves
        return [{"type": "draw"}] if state["boneyard"] else [{"type": "pass"}]

    def quick_listed(self, state: DominoesState, seat: int, move: Move) -> bool:
        # A play is one tile at one end: check it with `fits` instead of listing every tile.
        if seat != state["turn"] or state["phase"] == "round_over" or move.get("type") != "play" or len(move) != 3:
            return False
        tile, end, line = move.get("tile"), move.get("end"), state["line"]
        if type(tile) is not str or type(end) is not str:
            return False
        if not line:
            opening = state["opening"]
            return end == "left" and (tile == opening if opening is not None else tile in state["hands"][seat])
        if end == "left":
            return tile in state["hands"][seat] and fits(tile, line[0][0])
        return end == "right" and tile in state["hands"][seat] and fits(tile, line[-1][1])

    def copy_state(self, state: DominoesState) -> DominoesState:
        # Everything a move changes, copied by hand.
        return {
            **state,
            "hands": [list(hand) for hand in state["hands"]],
            "boneyard": list(state["boneyard"]),
            "line": [list(pair) for pair in state["line"]],
            "lacks": [list(values) for values in state["lacks"]],
            "points": list(state["points"]),
            "rng": state["rng"].copy(),
        }

    def next_seat(self, state: DominoesState, seat: int) -> int:
        return (seat + 1) % len(state["hands"])

    def play(self, state: DominoesState, seat: int, move: Move, now_ms: int, rng: Rng) -> list[Event]:
        kind = move["type"]
        if kind == "play":
            tile = move["tile"]
            state["hands"][seat].remove(tile)
            lay(state["line"], tile, move["end"])
            state["opening"] = None
            state["passes"] = 0
            events = [event("played", seat=seat, tile=tile, end=move["end"])]
            if not state["hands"][seat]:
                return events + [event("went_out", seat=seat)] + self._end_round(state, seat)
            state["turn"] = self.next_seat(state, seat)
            return events
        if kind == "draw":
            hand, boneyard = state["hands"][seat], state["boneyard"]
            drawn: list[str] = []
            while boneyard:
                drawn.append(boneyard.pop())
                hand.append(drawn[-1])
                if can_play([drawn[-1]], state["line"]):
                    break
            hand.sort(key=TILES.index)
            return [
                event("drew", seat=seat, count=len(drawn)),
                event("drew_tiles", visible_to=[seat], seat=seat, tiles=drawn),
            ]
        if kind == "pass":
            open_ends = ends(state["line"])
            assert open_ends is not None  # nothing fits only once a tile lies
            state["lacks"][seat] = sorted(set(state["lacks"][seat]) | set(open_ends))
            state["passes"] += 1
            events = [event("passed", seat=seat)]
            if state["passes"] >= len(state["hands"]):
                return events + self._end_round(state, None)
            state["turn"] = self.next_seat(state, seat)
            return events
        # next_round: the next starter deals (the duel only)
        state["round"] += 1
        starter = state["first_starter"] if state["round"] % 2 else 1 - state["first_starter"]
        deal_round(state, rng, starter)
        last = state["last_round"]
        assert last is not None  # the duel's next round follows a round over
        last = last.copy()
        last.pop("hands", None)  # the old hands leave the view once the tiles are dealt again
        state["last_round"] = last
        return [event("round_started", round=state["round"], seat=starter)]

    def _end_round(self, state: DominoesState, out: int | None) -> list[Event]:
        """The round is over: `out` played their last tile, or (None) it is blocked."""
        pip_sums = [hand_pips(hand) for hand in state["hands"]]
        events: list[Event] = []
        if out is None:
            events.append(event("blocked", pips=pip_sums))
            low = min(pip_sums)
            winners = [seat for seat, value in enumerate(pip_sums) if value == low]
        else:
            winners = [out]
        won = 0
        if state["variant"] == "duel" and len(winners) == 1:
            # The winner scores every pip the other holds, without subtracting their own.
            won = sum(value for seat, value in enumerate(pip_sums) if seat != winners[0])
            state["points"][winners[0]] += won
        hands = [sorted(hand, key=TILES.index) for hand in state["hands"]]
        state["last_round"] = {
            "round": state["round"],
            "winners": winners,
            "blocked": out is None,
            "pips": pip_sums,
            "points": won,
            "hands": hands,
        }
        events.append(event("round_over", winners=winners, points=won, pips=pip_sums, hands=hands))
        if state["variant"] == "duel" and max(state["points"]) < TARGET:
            state["phase"] = "round_over"
            state["turn"] = state["first_starter"] if (state["round"] + 1) % 2 else 1 - state["first_starter"]
            return events
        state["phase"] = "over"
        state["turn"] = None
        if state["variant"] == "duel":
            events.append(event("match_won", seat=max(range(2), key=lambda seat: state["points"][seat])))
        return events + [event("game_over")]

    def view(self, state: DominoesState, seat: int | None) -> DominoesView:
        shown = state["phase"] != "playing"
        public: DominoesPublic = {
            "variant": state["variant"],
            "phase": state["phase"],
            "line": [list(pair) for pair in state["line"]],
            "ends": list(ends(state["line"]) or ()) or None,
            "hand_counts": [len(hand) for hand in state["hands"]],
            "boneyard_count": len(state["boneyard"]),
            "turn": state["turn"],
            "passes": state["passes"],
            "round": state["round"],
            "starter": state["starter"],
            "first_starter": state["first_starter"],
            "points": list(state["points"]),
            "target": TARGET if state["variant"] == "duel" else None,
            "lacks": [list(values) for values in state["lacks"]],
            "last_round": state["last_round"],
            # Every hand is shown once the round is over (the pips are counted).
            "hands": [sorted(hand, key=TILES.index) for hand in state["hands"]] if shown else None,
        }
        view: DominoesView = {**self.common_view(state, seat), "public": public}
        if seat is not None:
            view["private"] = {"hand": sorted(state["hands"][seat], key=TILES.index)}
        return view

    def determinize(self, view: DominoesView, seat: int, seed: bytes) -> DominoesState:
        """A full state the seat cannot tell from the real one: its own hand, and the tiles it
        has not seen dealt at random to the other hands (none with a value its owner passed
        on, where a few tries find such a deal) and the boneyard; before round one's opening
        the starter holds the highest tile dealt."""
        pub = view["public"]
        rng = Rng(new_rng_state(seed + b":deal"))
        seats = len(pub["hand_counts"])
        hands: list[list[str]] = [[] for _ in range(seats)]
        if pub["hands"] is not None:
            hands = [list(hand) for hand in pub["hands"]]
            known = {tile for hand in hands for tile in hand}
        else:
            hands[seat] = list(view["private"]["hand"])
            known = set(hands[seat])
        known |= {f"{min(pair)}-{max(pair)}" for pair in pub["line"]}
        unseen = [tile for tile in TILES if tile not in known]
        others = [other for other in range(seats) if pub["hands"] is None and other != seat]
        opening_due = pub["round"] == 1 and not pub["line"] and pub["phase"] == "playing"
        for attempt in range(30):
            tiles = list(unseen)
            rng.shuffle(tiles)
            dealt = [list(hand) for hand in hands]
            start = 0
            for other in others:
                dealt[other] = sorted(tiles[start : start + pub["hand_counts"][other]], key=TILES.index)
                start += pub["hand_counts"][other]
            boneyard = tiles[start:]
            if attempt == 29 or self._consistent(dealt, others, pub, opening_due):
                break
        opening = None
        if opening_due and pub["starter"] == seat:
            opening = view["legal_moves"][0]["tile"]
        elif opening_due:
            opening = max((tile for hand in dealt for tile in hand), key=opening_rank)
            starter = pub["starter"]
            if opening not in dealt[starter]:
                # Out of tries: give the starter the highest tile dealt.
                holder = next(other for other in others if opening in dealt[other])
                dealt[holder][dealt[holder].index(opening)] = dealt[starter][0]
                dealt[starter][0] = opening
                dealt[holder].sort(key=TILES.index)
                dealt[starter].sort(key=TILES.index)
        state: DominoesState = {
            "game": view["game"],
            "seats": view["seats"],
            "options": dict(view["options"]),
            "variant": pub["variant"],
            "hands": dealt,
            "boneyard": boneyard,
            "line": [list(pair) for pair in pub["line"]],
            "turn": pub["turn"],
            "phase": pub["phase"],
            "passes": pub["passes"],
            "opening": opening,
            "round": pub["round"],
            "first_starter": pub["first_starter"],
            "starter": pub["starter"],
            "points": list(pub["points"]),
            "lacks": [list(values) for values in pub["lacks"]],
            "last_round": pub["last_round"],
            "rng": new_rng_state(seed),
        }
        return state

    @staticmethod
    def _consistent(dealt: list[list[str]], others: list[int], pub: DominoesPublic, opening_due: bool) -> bool:
        for other in others:
            lacked = set(pub["lacks"][other])
            if any(set(halves(tile)) & lacked for tile in dealt[other]):
                return False
        if opening_due:
            opening = max((tile for hand in dealt for tile in hand), key=opening_rank)
            return opening in dealt[pub["starter"]]
        return True

    def timeout_move(self, state: DominoesState, seat: int | None) -> Move:
        """Out of time: the heaviest tile that fits (a double first among equals, the left end
        first), which leaves the fewest pips should the round block; else draw, pass or start
        the next round, whichever is the one legal move."""
        seat, legal = clock_moves(self, state, seat)
        plays = [move for move in legal if move["type"] == "play"]
        if not plays:
            return legal[0]
        return max(plays, key=lambda move: (pips(move["tile"]), opening_rank(move["tile"]), move["end"] == "left"))

    def result(self, state: DominoesState) -> Result | None:
        if state["phase"] != "over":
            return None
        if state["variant"] == "duel":
            points = [float(value) for value in state["points"]]
            return {"placings": placings_from_scores(points), "scores": points}
        last = state["last_round"]
        assert last is not None  # set when the last round ended
        pip_sums = [float(value) for value in last["pips"]]
        if last["blocked"]:
            return {"placings": placings_from_scores(pip_sums, higher_wins=False), "scores": pip_sums}
        # The first out wins; the others follow by their pips.
        (out,) = last["winners"]
        rest = [value if seat != out else -1.0 for seat, value in enumerate(pip_sums)]
        return {"placings": placings_from_scores(rest, higher_wins=False), "scores": pip_sums}


ENGINE = Dominoes()
