"""Categories (Stadt Land Fluss): a letter each round, everyone fills the columns at once.

House rules (house-rules-de-en-es.txt, "Categories"). Decisions where the text is silent,
also written on the rules page:
- The columns, in this order: city, country, river, then animal and first name (five), then
  profession, plant and food (eight).
- Writing is one simultaneous phase; each answer is a move of its own (a free-text template
  per column) and may be corrected, up to twice as many entries a round as there are
  columns. Done hands in what is written; Stop may be called by a player whose columns are
  all filled.
- After each round every answer is shown and the players may veto answers of the others:
  an answer is struck when more than half of the other players veto it. Each player ends
  the review with Accept. A struck answer scores 0.
- Comparison: case ignored; ä ö ü as ae oe ue, ß as ss, å as aa; other accents dropped
  (é = e, ñ = n; in Spanish ü = u, pingüino = pinguino); spaces, hyphens, dots and apostrophes ignored. An answer counts when its
  first letter so compared is the round's letter (Ärzte counts for A).
"""

from __future__ import annotations

import unicodedata
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
    placings_from_scores,
)

from ..letters import LANGUAGES
from .state import CategoriesPublic, CategoriesState, CategoriesView

MAX_SEATS = 8
LETTERS = tuple(letter for letter in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" if letter not in "QXY")
COLUMNS = ("city", "country", "river", "animal", "first_name", "profession", "plant", "food")
COLUMN_COUNTS = (3, 5, 8)
MAX_ROUNDS = 12
MAX_ANSWER = 40
ONLY = 20  # the only answer in the column
UNIQUE = 10  # several answered, this word is unique
SHARED = 5  # someone else wrote the same word

META = GameMeta(
    id="categories",
    family="words",
    min_seats=2,
    max_seats=MAX_SEATS,
    chance=True,
    hidden_information=True,
    simultaneous=True,
    # Per round and seat: its entries, Done or Stop, a veto per answer of the others, Accept.
    longest_game=MAX_ROUNDS * MAX_SEATS * (2 * 8 + 1 + (MAX_SEATS - 1) * 8 + 1),
    options=(
        Option("language", "choice", "de", "option.language", choices=LANGUAGES),
        Option("columns", "choice", 5, "option.columns", choices=COLUMN_COUNTS),
        Option("rounds", "int", 5, "option.rounds", minimum=3, maximum=MAX_ROUNDS),
    ),
    cpu_levels=("random", "easy", "strong"),
    clock=MoveClock(relaxed_s=180, normal_s=120, fast_s=60),
)

# Letters spelled out before comparing; the rest lose their accents.
SPELLED = {"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "å": "aa", "æ": "ae", "ø": "oe"}
# Spanish writes ü only as a sign over u (pingüino): there it is a plain u.
SPELLED_IN = {language: SPELLED for language in LANGUAGES} | {"es": {**SPELLED, "ü": "u"}}
IGNORED = frozenset(" -.'’")


def compare_key(answer: str, language: str = "de") -> str:
    """The form two answers are compared in: Köln = Koeln = KÖLN, straße = Strasse."""
    spelled = SPELLED_IN[language]
    out = []
    for char in unicodedata.normalize("NFC", answer).casefold():
        if char in IGNORED:
            continue
        if char in spelled:
            out.append(spelled[char])
            continue
        out.append("".join(c for c in unicodedata.normalize("NFD", char) if not unicodedata.combining(c)))
    return "".join(out)


def counts_for(answer: str, letter: str, language: str = "de") -> bool:
    """Whether `answer` is an answer for `letter` at all: not empty, the right first letter."""
    key = compare_key(answer, language)
    return bool(key) and key[0] == letter.casefold()


def column_points(answers: list[str], letter: str, struck: set[int], language: str = "de") -> list[int]:
    """Points of each seat's answer in one column (`struck`: seats whose answer was vetoed)."""
    keys = [
        compare_key(answer, language) if seat not in struck and counts_for(answer, letter, language) else None
        for seat, answer in enumerate(answers)
    ]
    valid = [key for key in keys if key is not None]
    out = []
    for key in keys:
        if key is None:
            out.append(0)
        elif len(valid) == 1:
            out.append(ONLY)
        elif valid.count(key) == 1:
            out.append(UNIQUE)
        else:
            out.append(SHARED)
    return out


class Categories(BaseEngine[CategoriesState, CategoriesView]):
    meta = META

    def initial_state(self, seats: int, options: dict[str, Any], rng: Rng) -> CategoriesState:
        columns = list(COLUMNS[: options["columns"]])
        # The round's keys come from `_new_round`.
        state = cast(
            CategoriesState,
            {
                "phase": "writing",
                "round": 0,
                "rounds": options["rounds"],
                "columns": columns,
                "letter": None,
                "used_letters": [],
                "scores": [0] * seats,
                "history": [],
            },
        )
        self._new_round(state, seats, rng)
        return state

    def _new_round(self, state: CategoriesState, seats: int, rng: Rng) -> None:
        unused = [letter for letter in LETTERS if letter not in state["used_letters"]]
        if not unused:
            state["used_letters"] = []
            unused = list(LETTERS)
        letter = unused[rng.below(len(unused))]
        state["used_letters"].append(letter)
        state["letter"] = letter
        state["round"] += 1
        state["phase"] = "writing"
        columns = len(state["columns"])
        state["answers"] = [[""] * columns for _ in range(seats)]
        state["entries"] = [0] * seats
        state["handed_in"] = [False] * seats
        state["stopped_by"] = None
        state["vetoes"] = [[] for _ in range(seats)]  # per voter: [author, column] pairs
        state["accepted"] = [False] * seats

    # -- whose turn, what is legal ----------------------------------------------------------
    def to_move(self, state: CategoriesState) -> frozenset[int]:
        if state["phase"] == "writing":
            return frozenset(seat for seat, done in enumerate(state["handed_in"]) if not done)
        if state["phase"] == "review":
            return frozenset(seat for seat, done in enumerate(state["accepted"]) if not done)
        return frozenset()

    def legal_moves(self, state: CategoriesState, seat: int) -> list[Move]:
        if seat not in self.to_move(state):
            return []
        if state["phase"] == "writing":
            moves: list[Move] = []
            if state["entries"][seat] < 2 * len(state["columns"]):
                moves += [
                    {"type": "write", "column": column, "text": {"word": MAX_ANSWER}}
                    for column in range(len(state["columns"]))
                ]
            moves.append({"type": "done"})
            if all(answer.strip() for answer in state["answers"][seat]):
                moves.append({"type": "stop"})
            return moves
        given = {tuple(pair) for pair in state["vetoes"][seat]}
        moves = [
            {"type": "veto", "seat": author, "column": column}
            for author, column in self.vetoable(state)
            if author != seat and (author, column) not in given
        ]
        return [*moves, {"type": "accept"}]

    def vetoable(self, state: CategoriesState) -> list[tuple[int, int]]:
        """Every answer that would score: (author, column)."""
        letter, language = state["letter"], state["options"]["language"]
        return [
            (author, column)
            for author, answers in enumerate(state["answers"])
            for column, answer in enumerate(answers)
            if counts_for(answer, letter, language)
        ]

    # -- moves ------------------------------------------------------------------------------
    def play(self, state: CategoriesState, seat: int, move: Move, now_ms: int, rng: Rng) -> list[Event]:
        kind = move["type"]
        if kind == "write":
            state["answers"][seat][move["column"]] = " ".join(move["word"].split())
            state["entries"][seat] += 1
            return [event("written", seat=seat, column=move["column"], visible_to=[seat])]
        if kind == "done":
            state["handed_in"][seat] = True
            events = [event("handed_in", seat=seat)]
            if all(state["handed_in"]):
                events += self._end_writing(state, rng)
            return events
        if kind == "stop":
            state["stopped_by"] = seat
            state["handed_in"] = [True] * state["seats"]
            return [event("stopped", seat=seat), *self._end_writing(state, rng)]
        if kind == "veto":
            state["vetoes"][seat].append([move["seat"], move["column"]])
            return [event("vetoed", seat=seat, author=move["seat"], column=move["column"])]
        state["accepted"][seat] = True
        events = [event("accepted", seat=seat)]
        if all(state["accepted"]):
            events += self._score(state, rng)
        return events

    def _end_writing(self, state: CategoriesState, rng: Rng) -> list[Event]:
        """Every answer is shown; the review follows when there is anything to veto."""
        events = [event("answers_shown", answers=clone(state["answers"]))]
        if not self.vetoable(state) or state["seats"] < 2:
            return events + self._score(state, rng)
        state["phase"] = "review"
        return events

    def struck(self, state: CategoriesState) -> set[tuple[int, int]]:
        """Answers more than half of the other players vetoed."""
        others = state["seats"] - 1
        votes: dict[tuple[int, int], int] = {}
        for pairs in state["vetoes"]:
            for author, column in pairs:
                votes[(author, column)] = votes.get((author, column), 0) + 1
        return {key for key, count in votes.items() if 2 * count > others}

    def _score(self, state: CategoriesState, rng: Rng) -> list[Event]:
        struck = self.struck(state)
        seats = state["seats"]
        points = [[0] * len(state["columns"]) for _ in range(seats)]
        for column in range(len(state["columns"])):
            answers = [state["answers"][seat][column] for seat in range(seats)]
            gone = {seat for seat in range(seats) if (seat, column) in struck}
            for seat, value in enumerate(column_points(answers, state["letter"], gone, state["options"]["language"])):
                points[seat][column] = value
        totals = [sum(row) for row in points]
        state["scores"] = [a + b for a, b in zip(state["scores"], totals, strict=True)]
        state["history"].append(
            {
                "round": state["round"],
                "letter": state["letter"],
                "answers": state["answers"],
                "points": points,
                "struck": sorted([list(key) for key in struck]),
                "stopped_by": state["stopped_by"],
            }
        )
        events = [event("round_scored", round=state["round"], letter=state["letter"], points=totals)]
        if state["round"] >= state["rounds"]:
            state["phase"] = "over"
            finished = cast("dict[str, Any]", state)  # the round's keys: None once the game is over
            for key in ("answers", "entries", "handed_in", "vetoes", "accepted"):
                finished[key] = None
            return events
        self._new_round(state, seats, rng)
        events.append(event("round_started", round=state["round"], letter=state["letter"]))
        return events

    # -- what each seat sees ---------------------------------------------------------------
    def view(self, state: CategoriesState, seat: int | None) -> CategoriesView:
        public = cast(
            CategoriesPublic, {key: value for key, value in state.items() if key not in ("rng", "answers", "entries")}
        )
        if state["phase"] == "review":
            public["answers"] = state["answers"]
            public["struck"] = sorted([list(key) for key in self.struck(state)])
        else:
            public["answers"] = None
        view: CategoriesView = {**self.common_view(state, seat), "public": public}
        if seat is not None and state["phase"] == "writing":
            view["private"] = {
                "answers": list(state["answers"][seat]),
                "entries_left": 2 * len(state["columns"]) - state["entries"][seat],
            }
        return view

    def determinize(self, view: CategoriesView, seat: int, seed: bytes) -> CategoriesState:
        """The others' answers while writing are unknown: empty in the sample (a CPU never
        needs them; they only count once shown)."""
        public = view["public"]
        state = cast(CategoriesState, clone({key: value for key, value in public.items() if key != "struck"}))
        seats = public["seats"]
        columns = len(public["columns"])
        if public["phase"] == "writing":
            state["answers"] = [[""] * columns for _ in range(seats)]
            private = view["private"]  # a writing seat's view has it
            state["answers"][seat] = list(private["answers"])
            state["entries"] = [0] * seats
            state["entries"][seat] = 2 * columns - private["entries_left"]
        elif public["phase"] == "review":
            state["entries"] = [0] * seats
        else:
            # A finished game: nothing is written any more.
            finished = cast("dict[str, Any]", state)
            finished["answers"] = None
            finished["entries"] = None
        state["rng"] = new_rng_state(seed)
        return state

    # -- the clock ----------------------------------------------------------------------------
    def timeout_move(self, state: CategoriesState, seat: int | None) -> Move:
        """Out of time: what is written is handed in (empty columns score 0); in the review,
        Accept."""
        seat = clock_seat(seat, self.to_move(state))
        return {"type": "done"} if state["phase"] == "writing" else {"type": "accept"}

    def result(self, state: CategoriesState) -> Result | None:
        if state["phase"] != "over":
            return None
        scores = list(state["scores"])
        return {"placings": placings_from_scores(scores), "scores": scores}


ENGINE = Categories()
