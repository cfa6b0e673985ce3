"""Word Agents (Wortagenten): two teams, a table of words, and two chiefs who alone see the key.

House rules (house-rules-de-en-es.txt, "Word Agents"). Decisions where the text is silent,
also written on the rules page:
- Teams by seat: even seats are team 0, odd seats team 1. The first seat of each team names
  its chief (any seat of the team, itself included): team 0 first, then team 1.
- The key is dealt at random: the team that starts (drawn) has one word more than the other;
  5×5: 9 / 8 words, 7 bystanders and the agent; 4×4: 6 / 5, 4 bystanders and the agent.
- The chief's clue is one line of text (at most 24 characters) and a number from 0 to the
  team's words still hidden. Whether a clue is fair (one word, not a word on the table) is
  for the players to judge, as at a real table.
- The team's other players vote on a card, or on ending the turn (allowed once the team has
  guessed this turn). A choice with more than half of the voters' votes is taken at once;
  when every voter has voted, the choice with the most votes is taken, a tie going to the
  choice voted for first.
- A team wins as soon as all of its words are uncovered, whoever uncovered the last one.
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
    Result,
    Rng,
    clock_seat,
    clone,
    event,
    new_rng_state,
)

from ..letters import LANGUAGES, word_list
from .state import Chat, WordAgentsPublic, WordAgentsState, WordAgentsView

MIN_SEATS = 4
MAX_SEATS = 12
SIZES = (25, 16)
MAX_CLUE = 24  # characters of a clue
# Per table size: the starting team's words, the other team's, the bystanders (plus one agent).
SPLITS = {25: (9, 8, 7), 16: (6, 5, 4)}
TEAM = ("0", "1")  # a card of team 0 / team 1 in the key
BYSTANDER = "n"
AGENT = "x"
END = "end"  # the vote to end the turn
MAX_VOTERS = (MAX_SEATS + 1) // 2 - 1
WORDS = {language: word_list(__package__, language) for language in LANGUAGES}

META = GameMeta(
    id="word-agents",
    family="words",
    min_seats=MIN_SEATS,
    max_seats=MAX_SEATS,
    chance=True,
    hidden_information=True,
    simultaneous=True,
    # Two chiefs named; per card at most one clue, and per card uncovered and per turn ended
    # one vote of every voter.
    longest_game=2 + max(SIZES) * (1 + 2 * MAX_VOTERS),
    teams=True,  # one placing per side: rated as teams (lobby/ratings.py)
    options=(
        Option("language", "choice", "de", "option.language", choices=LANGUAGES),
        Option("size", "choice", 25, "option.size", choices=SIZES),
    ),
    # No computer players by design: without a feel for language a machine chief would not
    # be an opponent (the rules page says so). No level: the lobby offers no CPU seat.
    cpu_levels=(),
    clock=MoveClock(relaxed_s=180, normal_s=90, fast_s=45),
)

SECRET_KEYS = ("key", "rng")


def team_of(seat: int) -> int:
    return seat % 2


def team_seats(state: WordAgentsState, team: int) -> list[int]:
    return [seat for seat in range(state["seats"]) if team_of(seat) == team]


def voters(state: WordAgentsState) -> list[int]:
    """The seats that guess for the team on turn: all of the team but its chief."""
    team = state["team"]
    return [seat for seat in team_seats(state, team) if seat != state["chiefs"][team]]


def words_left(state: WordAgentsState, team: int) -> int:
    role = TEAM[team]
    return sum(1 for card, shown in zip(state["key"], state["revealed"], strict=True) if card == role and shown is None)


def chat_channels(seat: int | None) -> Chat:
    """Who may write to and read which chat channel: a seat its team's and the room's, a
    spectator the room's."""
    if seat is None:
        return {"post": ["room"], "read": ["room"]}
    team = f"team:{team_of(seat)}"
    return {"post": ["room", team], "read": ["room", team]}


class WordAgents(BaseEngine[WordAgentsState, WordAgentsView]):
    meta = META

    def initial_state(self, seats: int, options: dict[str, Any], rng: Rng) -> WordAgentsState:
        size = int(options["size"])
        words = list(WORDS[options["language"]])
        rng.shuffle(words)
        starting = rng.below(2)
        first, second, bystanders = SPLITS[size]
        key = [TEAM[starting]] * first + [TEAM[1 - starting]] * second + [BYSTANDER] * bystanders + [AGENT]
        rng.shuffle(key)
        return {
            "phase": "appoint",
            "size": size,
            "words": words[:size],
            "key": "".join(key),
            "revealed": [None] * size,
            "chiefs": [None, None],
            "starting": starting,
            "team": starting,
            "clue": None,
            "guesses": 0,
            "votes": [None] * seats,
            "voted": [],  # seats in the order they voted this round
            "winner": None,
            "reason": None,
            "history": [],  # one entry per clue: team, word, number, cards uncovered
        }

    # -- whose turn, what is legal ----------------------------------------------------------
    def to_move(self, state: WordAgentsState) -> frozenset[int]:
        phase = state["phase"]
        if phase == "appoint":
            team = state["chiefs"].index(None)
            return frozenset((team_seats(state, team)[0],))
        if phase == "clue":
            chief = state["chiefs"][state["team"]]
            assert chief is not None  # both chiefs are appointed before the first clue
            return frozenset((chief,))
        if phase == "guess":
            return frozenset(seat for seat in voters(state) if state["votes"][seat] is None)
        return frozenset()

    def legal_moves(self, state: WordAgentsState, seat: int) -> list[Move]:
        if seat not in self.to_move(state):
            return []
        phase = state["phase"]
        if phase == "appoint":
            return [{"type": "appoint", "seat": member} for member in team_seats(state, team_of(seat))]
        if phase == "clue":
            most = words_left(state, state["team"])
            return [{"type": "clue", "text": {"word": MAX_CLUE}, "range": {"number": [0, most, 1]}}]
        moves: list[Move] = [
            {"type": "vote", "card": card} for card, shown in enumerate(state["revealed"]) if shown is None
        ]
        if state["guesses"] > 0:
            moves.append({"type": "end_guessing"})
        return moves

    # -- moves ------------------------------------------------------------------------------
    def play(self, state: WordAgentsState, seat: int, move: Move, now_ms: int, rng: Rng) -> list[Event]:
        kind = move["type"]
        if kind == "appoint":
            team = team_of(seat)
            state["chiefs"][team] = move["seat"]
            if None not in state["chiefs"]:
                state["phase"] = "clue"
            return [event("chief_appointed", seat=seat, team=team, chief=move["seat"])]
        if kind == "clue":
            word = " ".join(move["word"].split())
            team = state["team"]
            state["clue"] = {"team": team, "word": word, "number": move["number"]}
            state["guesses"] = 0
            state["phase"] = "guess"
            state["history"].append({"team": team, "word": word, "number": move["number"], "cards": []})
            return [event("clue_given", seat=seat, team=team, word=word, number=move["number"])]
        choice = END if kind == "end_guessing" else move["card"]
        state["votes"][seat] = choice
        state["voted"].append(seat)
        events = [event("voted", seat=seat, choice=choice)]
        taken = self._taken(state)
        if taken is None:
            return events
        state["votes"] = [None] * state["seats"]
        state["voted"] = []
        if isinstance(taken, str):  # END: the only vote that is not a card
            return [*events, event("guessing_ended", team=state["team"]), *self._next_turn(state)]
        return events + self._uncover(state, taken)

    @staticmethod
    def _taken(state: WordAgentsState) -> int | str | None:
        """The choice the votes settle on, or None while they settle nothing yet."""
        voting = voters(state)
        tally: dict[int | str, int] = {}
        for seat in state["voted"]:
            choice = state["votes"][seat]
            assert choice is not None  # a seat that voted has a vote
            tally[choice] = tally.get(choice, 0) + 1
        for choice, count in tally.items():
            if 2 * count > len(voting):
                return choice
        if len(state["voted"]) < len(voting):
            return None
        most = max(tally.values())
        return next(choice for choice, count in tally.items() if count == most)  # first voted wins a tie

    def _uncover(self, state: WordAgentsState, card: int) -> list[Event]:
        team = state["team"]
        role = state["key"][card]
        state["revealed"][card] = role
        state["guesses"] += 1
        state["history"][-1]["cards"].append(card)
        events = [event("card_uncovered", team=team, card=card, word=state["words"][card], role=role)]
        if role == AGENT:
            return events + self._finish(state, 1 - team, "agent")
        for winner in (team, 1 - team):
            if words_left(state, winner) == 0:
                return events + self._finish(state, winner, "all_found")
        clue = state["clue"]
        assert clue is not None  # cards are uncovered on a clue
        number = clue["number"]
        if role == TEAM[team] and (number == 0 or state["guesses"] < number + 1):
            return events
        return events + self._next_turn(state)

    @staticmethod
    def _next_turn(state: WordAgentsState) -> list[Event]:
        state["team"] = 1 - state["team"]
        state["phase"] = "clue"
        state["clue"] = None
        state["guesses"] = 0
        return [event("turn_passed", team=state["team"])]

    @staticmethod
    def _finish(state: WordAgentsState, winner: int, reason: str) -> list[Event]:
        state["phase"] = "over"
        state["winner"] = winner
        state["reason"] = reason
        state["clue"] = None
        return [event("game_won", team=winner, reason=reason, key=state["key"])]

    # -- what each seat sees ---------------------------------------------------------------
    def view(self, state: WordAgentsState, seat: int | None) -> WordAgentsView:
        public = cast(WordAgentsPublic, {key: value for key, value in state.items() if key not in SECRET_KEYS})
        public["teams"] = [team_of(member) for member in range(state["seats"])]
        public["left"] = [words_left(state, 0), words_left(state, 1)]
        public["key"] = state["key"] if state["phase"] == "over" else None
        view: WordAgentsView = {**self.common_view(state, seat), "public": public}
        if seat is not None and seat in state["chiefs"] and state["phase"] != "over":
            view["private"] = {"key": state["key"]}
        view["chat"] = chat_channels(seat)
        return view

    def determinize(self, view: WordAgentsView, seat: int, seed: bytes) -> WordAgentsState:
        """A chief knows the key; anyone else gets the hidden cards' roles shuffled among them."""
        public = view["public"]
        state = cast(
            WordAgentsState, clone({key: value for key, value in public.items() if key not in ("teams", "left", "key")})
        )
        rng = Rng(new_rng_state(seed))
        if "private" in view and view["private"]:
            state["key"] = view["private"]["key"]
        elif public["key"] is not None:
            state["key"] = public["key"]
        else:
            state["key"] = sample_key(public, rng)
        state["rng"] = rng.to_state()
        return state

    # -- the clock ----------------------------------------------------------------------------
    def timeout_move(self, state: WordAgentsState, seat: int | None) -> Move:
        """Out of time: the first seat of a team names itself chief; a chief gives an empty
        clue for one word; a voter votes to end the turn once the team has guessed, else
        for a card (`play_timeout` draws a random hidden one)."""
        seat = clock_seat(seat, self.to_move(state))
        phase = state["phase"]
        if phase == "appoint":
            return {"type": "appoint", "seat": seat}
        if phase == "clue":
            return {"type": "clue", "word": "", "number": 1}
        if state["guesses"] > 0:
            return {"type": "end_guessing"}
        card = next(card for card, shown in enumerate(state["revealed"]) if shown is None)
        return {"type": "vote", "card": card}

    def play_timeout(self, state: WordAgentsState, seat: int, now_ms: int) -> tuple[WordAgentsState, list[Event]]:
        """A voter out of time before the team's first guess votes for a random hidden card,
        drawn from the generator, so nobody can foresee it."""
        if state["phase"] != "guess" or state["guesses"] > 0:
            return super().play_timeout(state, seat, now_ms)
        rng = Rng(state["rng"])
        hidden = [card for card, shown in enumerate(state["revealed"]) if shown is None]
        move = {"type": "vote", "card": hidden[rng.below(len(hidden))]}
        return self.apply({**state, "rng": rng.to_state()}, seat, move, now_ms)

    def result(self, state: WordAgentsState) -> Result | None:
        if state["phase"] != "over":
            return None
        winner = state["winner"]
        found = [
            SPLITS[state["size"]][0 if team == state["starting"] else 1] - words_left(state, team) for team in (0, 1)
        ]
        return {
            "placings": [1 if team_of(seat) == winner else 2 for seat in range(state["seats"])],
            "scores": [found[team_of(seat)] for seat in range(state["seats"])],
        }


def sample_key(public: WordAgentsPublic, rng: Rng) -> str:
    """A key that fits what a non-chief sees: the uncovered cards as shown, the hidden ones'
    roles (the counts still hidden) shuffled."""
    first, second, bystanders = SPLITS[public["size"]]
    counts = {TEAM[public["starting"]]: first, TEAM[1 - public["starting"]]: second, BYSTANDER: bystanders, AGENT: 1}
    for shown in public["revealed"]:
        if shown is not None:
            counts[shown] -= 1
    pool = [role for role, count in counts.items() for _ in range(count)]
    rng.shuffle(pool)
    return "".join(shown if shown is not None else pool.pop() for shown in public["revealed"])


ENGINE = WordAgents()
