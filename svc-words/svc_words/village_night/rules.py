"""Village Night (Dorfnacht): secret roles, the pack hunts at night, the village votes by day.

House rules (house-rules-de-en-es.txt, "Village Night"). Decisions where the text is silent,
also written on the rules page:
- Roles by table size: one wolf for each four seats (5–7: 1, 8–11: 2, 12–15: 3, 16: 4), one
  seer, one witch, everyone else a villager. The counts are public; who holds which is not.
- A night has two steps and every living player acts in both, so nobody can tell the roles
  apart by who is still to move: in the hunt the wolves vote for a victim (a living
  non-wolf; each wolf sees the pack's votes as they come in) and everyone else sleeps; in
  the powers step the seer looks at one living player's card, the witch (who now knows the
  pack's victim) may save it with her one rescue and may poison a living player with her
  one poison, in one move, and everyone else sleeps. The victim is the pack's most voted
  choice; a tie among the pack is settled by lot.
- At dawn the dead are named, without how they died and without their role; roles are
  shown to all when the game is over.
- By day every living player votes for another living player or abstains, all at once; the
  votes are shown when all are in. Most votes hangs that player; a tie (or no vote) hangs
  nobody.
- The village wins when no wolf is alive; the pack wins as soon as the living wolves are as
  many as the living others. Every player of the winning side places first, dead or alive.
- Chat (the view's "chat" key, enforced by the lobby): by day the living talk in the room;
  at night only the pack talks, in the pack channel, and everyone else is silent; the pack
  reads its channel all game; the dead read the room and never post.
"""

from __future__ import annotations

from typing import Any, cast

from rulekit import (
    BaseEngine,
    Event,
    GameMeta,
    Move,
    MoveClock,
    Result,
    Rng,
    clock_seat,
    clone,
    event,
    new_rng_state,
)

from .state import Chat, VillageNightPrivate, VillageNightPublic, VillageNightState, VillageNightView

MIN_SEATS, MAX_SEATS = 5, 16
WOLF, SEER, WITCH, VILLAGER = "wolf", "seer", "witch", "villager"
ROLES = (WOLF, SEER, WITCH, VILLAGER)
HUNT, POWERS, DAY, OVER = "hunt", "powers", "day", "over"
NIGHT_STEPS = (HUNT, POWERS)
ROOM_CHANNEL, PACK_CHANNEL = "room", "pack"
ABSTAIN = -1

# Every living player acts once in each of the three steps of a round. Every night kills
# (the pack's victim) but the one night the witch saves it, so a game has at most as many
# rounds as there are players to kill, plus that night.
_MOST_ROUNDS = MAX_SEATS + 2

META = GameMeta(
    id="village-night",
    family="words",
    min_seats=MIN_SEATS,
    max_seats=MAX_SEATS,
    chance=True,
    hidden_information=True,
    simultaneous=True,
    longest_game=_MOST_ROUNDS * 3 * MAX_SEATS * 2,  # twice the bound, for safety
    options=(),
    cpu_levels=("random", "easy", "strong"),
    clock=MoveClock(relaxed_s=180, normal_s=90, fast_s=45),
    teams=True,  # one placing per side: rated as teams (lobby/ratings.py)
)


def wolf_count(seats: int) -> int:
    """How many wolves a table of `seats` deals: one for each four seats."""
    return max(1, seats // 4)


def deal(seats: int) -> list[str]:
    """The role cards of a table, before the shuffle."""
    wolves = wolf_count(seats)
    return [WOLF] * wolves + [SEER, WITCH] + [VILLAGER] * (seats - wolves - 2)


def chat_rights(phase: str, role: str, alive: bool) -> Chat:
    """The chat channels a seat may post to and read (the lobby enforces them); where it may
    post nowhere, `why` tells the client what to say ("dead", "night")."""
    wolf = role == WOLF
    read = [ROOM_CHANNEL, PACK_CHANNEL] if wolf else [ROOM_CHANNEL]
    if phase == OVER:
        return {"post": [ROOM_CHANNEL], "read": read}
    if not alive:
        return {"post": [], "read": [ROOM_CHANNEL], "why": "dead"}
    if phase in NIGHT_STEPS:
        if not wolf:
            return {"post": [], "read": read, "why": "night"}
        return {"post": [PACK_CHANNEL], "read": read}
    return {"post": [ROOM_CHANNEL], "read": read}


class VillageNight(BaseEngine[VillageNightState, VillageNightView]):
    meta = META

    def initial_state(self, seats: int, options: dict[str, Any], rng: Rng) -> VillageNightState:
        roles = deal(seats)
        rng.shuffle(roles)
        state: VillageNightState = {
            "roles": roles,
            "alive": [True] * seats,
            "phase": HUNT,
            "round": 1,
            "acted": [False] * seats,
            "pack_votes": [None] * seats,
            "victim": None,
            "seen": [],  # the seer's looks: [seat, role]
            "save_left": True,
            "poison_left": True,
            "day_votes": [None] * seats,
            "tally": None,  # the last day's votes, shown when all were in
            "deaths": [],  # {"seat", "round", "when": "night" | "day"}
            "winner": None,
        }
        return state

    # -- small questions ----------------------------------------------------------------------
    @staticmethod
    def living(state: VillageNightState) -> list[int]:
        return [seat for seat, alive in enumerate(state["alive"]) if alive]

    def pack(self, state: VillageNightState) -> list[int]:
        return [seat for seat, role in enumerate(state["roles"]) if role == WOLF]

    # -- whose turn, what is legal --------------------------------------------------------------
    def to_move(self, state: VillageNightState) -> frozenset[int]:
        if state["phase"] == OVER:
            return frozenset()
        return frozenset(seat for seat in self.living(state) if not state["acted"][seat])

    def legal_moves(self, state: VillageNightState, seat: int) -> list[Move]:
        if seat not in self.to_move(state):
            return []
        role, phase = state["roles"][seat], state["phase"]
        living = self.living(state)
        if phase == HUNT:
            if role != WOLF:
                return [{"type": "sleep"}]
            return [{"type": "kill", "seat": t} for t in living if state["roles"][t] != WOLF]
        if phase == POWERS:
            if role == SEER:
                return [{"type": "look", "seat": t} for t in living if t != seat]
            if role == WITCH:
                saves = [False, True] if state["save_left"] and state["victim"] is not None else [False]
                poisons = [ABSTAIN] + ([t for t in living if t != seat] if state["poison_left"] else [])
                return [{"type": "brew", "save": save, "poison": p} for save in saves for p in poisons]
            return [{"type": "sleep"}]
        return [{"type": "vote", "seat": t} for t in living if t != seat] + [{"type": "abstain"}]

    # -- moves ------------------------------------------------------------------------------------
    def play(self, state: VillageNightState, seat: int, move: Move, now_ms: int, rng: Rng) -> list[Event]:
        kind = move["type"]
        state["acted"][seat] = True
        # One public event per move, the same for every role: who acted, never what.
        events = [event("acted", seat=seat)]
        if kind == "kill":
            state["pack_votes"][seat] = move["seat"]
        elif kind == "look":
            target = move["seat"]
            state["seen"].append([target, state["roles"][target]])
        elif kind == "brew":
            if move["save"]:
                state["save_left"] = False
                state["saved"] = True
            if move["poison"] != ABSTAIN:
                state["poison_left"] = False
                state["poisoned"] = move["poison"]
        elif kind == "vote":
            state["day_votes"][seat] = move["seat"]
        elif kind == "abstain":
            state["day_votes"][seat] = ABSTAIN
        if self.to_move(state):
            return events
        if state["phase"] == HUNT:
            return events + self._end_pack(state, rng)
        if state["phase"] == POWERS:
            return events + self._dawn(state)
        return events + self._end_day(state)

    def _next_step(self, state: VillageNightState, phase: str) -> None:
        state["phase"] = phase
        state["acted"] = [False] * state["seats"]

    def _end_pack(self, state: VillageNightState, rng: Rng) -> list[Event]:
        votes = [t for t in state["pack_votes"] if t is not None]
        counts = {t: votes.count(t) for t in votes}
        top = max(counts.values(), default=0)
        tied = sorted(t for t, n in counts.items() if n == top)
        state["victim"] = None if not tied else tied[rng.below(len(tied))] if len(tied) > 1 else tied[0]
        state["pack_votes"] = [None] * state["seats"]
        state["saved"] = False
        state["poisoned"] = None
        self._next_step(state, POWERS)
        return [event("night_step", round=state["round"], step=POWERS)]

    def _dawn(self, state: VillageNightState) -> list[Event]:
        died = set()
        if state["victim"] is not None and not state.pop("saved", False):
            died.add(state["victim"])
        poisoned = state.pop("poisoned", None)
        if poisoned is not None:
            died.add(poisoned)
        state["victim"] = None
        for seat in sorted(died):
            self._kill(state, seat, "night")
        events = [event("dawn", round=state["round"], died=sorted(died))]
        if self._check_end(state, events):
            return events
        self._next_step(state, DAY)
        state["day_votes"] = [None] * state["seats"]
        return events

    def _end_day(self, state: VillageNightState) -> list[Event]:
        votes = list(state["day_votes"])
        state["tally"] = {"round": state["round"], "votes": votes}
        counts: dict[int, int] = {}
        for target in votes:
            if target is not None and target != ABSTAIN:
                counts[target] = counts.get(target, 0) + 1
        events = [event("tally", round=state["round"], votes=votes)]
        top = max(counts.values(), default=0)
        leaders = [t for t, n in counts.items() if n == top]
        if top > 0 and len(leaders) == 1:
            self._kill(state, leaders[0], "day")
            events.append(event("hanged", seat=leaders[0]))
        else:
            events.append(event("nobody_hanged"))
        state["day_votes"] = [None] * state["seats"]
        if self._check_end(state, events):
            return events
        state["round"] += 1
        self._next_step(state, HUNT)
        return events

    def _kill(self, state: VillageNightState, seat: int, when: str) -> None:
        state["alive"][seat] = False
        state["deaths"].append({"seat": seat, "round": state["round"], "when": when})

    def winner(self, state: VillageNightState) -> str | None:
        """The side that has won in this position, if any."""
        living = self.living(state)
        wolves = sum(1 for seat in living if state["roles"][seat] == WOLF)
        if wolves == 0:
            return "village"
        if wolves >= len(living) - wolves:
            return "pack"
        return None

    def _check_end(self, state: VillageNightState, events: list[Event]) -> bool:
        side = self.winner(state)
        if side is None:
            return False
        state["winner"] = side
        state["phase"] = OVER
        state["acted"] = [True] * state["seats"]
        events.append(event("village_won" if side == "village" else "pack_won", roles=list(state["roles"])))
        return True

    # -- what each seat sees ----------------------------------------------------------------------
    def view(self, state: VillageNightState, seat: int | None) -> VillageNightView:
        over = state["phase"] == OVER
        counts = deal(state["seats"])
        public: VillageNightPublic = {
            "phase": state["phase"],
            "round": state["round"],
            "alive": list(state["alive"]),
            "deaths": clone(state["deaths"]),
            "tally": clone(state["tally"]),
            "wolves": counts.count(WOLF),
            "villagers": counts.count(VILLAGER),
            "winner": state["winner"],
            "roles": list(state["roles"]) if over else None,
        }
        view: VillageNightView = {**self.common_view(state, seat), "public": public}
        if seat is None:
            return view
        role = state["roles"][seat]
        private: VillageNightPrivate = {"role": role}
        if role == WOLF:
            private["pack"] = self.pack(state)
            private["pack_votes"] = list(state["pack_votes"])
        elif role == SEER:
            private["seen"] = clone(state["seen"])
        elif role == WITCH:
            private["save_left"] = state["save_left"]
            private["poison_left"] = state["poison_left"]
            private["victim"] = state["victim"] if state["phase"] == POWERS else None
        if state["phase"] == DAY:
            private["my_vote"] = state["day_votes"][seat]
        view["private"] = private
        view["chat"] = chat_rights(state["phase"], role, state["alive"][seat])
        return view

    def determinize(self, view: VillageNightView, seat: int, seed: bytes) -> VillageNightState:
        """The roles this seat does not know are dealt again at random among the others,
        keeping its own, the pack it knows and the cards the seer saw."""
        public, private = view["public"], view["private"]
        seats = view["seats"]
        rng = new_rng_state(seed)
        deal_rng = Rng(rng)
        roles: list[str | None] = [None] * seats
        roles[seat] = private["role"]
        for wolf in private.get("pack", []):
            roles[wolf] = WOLF
        for target, role in private.get("seen", []):
            roles[target] = role
        rest = deal(seats)
        for role in roles:
            if role is not None:
                rest.remove(role)
        deal_rng.shuffle(rest)
        unknown = [s for s in range(seats) if roles[s] is None]
        for s, role in zip(unknown, rest, strict=True):
            roles[s] = role
        phase = public["phase"]
        state: VillageNightState = {
            "schema": 1,
            "game": view["game"],
            "seats": seats,
            "options": clone(view["options"]),
            "roles": cast(list[str], roles),  # every seat's is dealt by now
            "alive": list(public["alive"]),
            "phase": phase,
            "round": public["round"],
            "acted": [s not in view["to_move"] for s in range(seats)],
            "pack_votes": list(private.get("pack_votes", [None] * seats)),
            "victim": private.get("victim"),
            "seen": clone(private.get("seen", [])),
            "save_left": private.get("save_left", True),
            "poison_left": private.get("poison_left", True),
            "day_votes": [None] * seats,
            "tally": clone(public["tally"]),
            "deaths": clone(public["deaths"]),
            "winner": public["winner"],
            "turn_started_ms": None,
        }
        others = [s for s in self.living(state) if roles[s] != WOLF]
        if phase == HUNT:
            # A sampled wolf that has acted tonight voted for someone this seat cannot know.
            for s in range(seats):
                if roles[s] == WOLF and state["alive"][s] and state["acted"][s] and state["pack_votes"][s] is None:
                    state["pack_votes"][s] = others[deal_rng.below(len(others))]
        if phase == POWERS:
            state["saved"] = False
            state["poisoned"] = None
            if state["victim"] is None:  # not the witch: the pack chose one of the living others
                state["victim"] = others[deal_rng.below(len(others))]
        if phase == DAY:
            state["day_votes"][seat] = private.get("my_vote")
        state["rng"] = deal_rng.to_state()
        return state

    # -- the clock ----------------------------------------------------------------------------------
    def timeout_move(self, state: VillageNightState, seat: int | None) -> Move:
        """Out of time: a random legal vote (the pack's kill, the seer's look and the day's
        vote alike; never abstaining), the witch keeps her potions, the others sleep. The lot is
        drawn from a copy of the game's generator, so the default stays a pure function of the
        state."""
        seat = clock_seat(seat, self.to_move(state))
        legal = self.legal_moves(state, seat)
        votes = [m for m in legal if m["type"] in ("kill", "look", "vote")]
        if not votes:
            return legal[0]  # sleep, or the witch's brew without save or poison
        lot = Rng(clone(state["rng"]))
        for _ in range(seat):
            lot.below(2)
        return votes[lot.below(len(votes))]

    def result(self, state: VillageNightState) -> Result | None:
        if state["phase"] != OVER:
            return None
        winners = [(role == WOLF) == (state["winner"] == "pack") for role in state["roles"]]
        return {"placings": [1 if won else 2 for won in winners], "scores": [1 if won else 0 for won in winners]}


ENGINE = VillageNight()
