"""Hangman (Galgenmännchen): one seat sets a word, the others guess its letters in turn.

House rules (house-rules-de-en-es.txt, "Hangman"). Decisions where the text is silent, also
written on the rules page:
- Every seat sets a word in turn, `rounds` times (1 default, up to 3); the first setter is
  seat 0. The guessers guess in seat order, starting after the setter.
- The setter types a word or lets the game draw one from its list for the room's language and
  difficulty (the language's everyday words in three bands by how often they are used: easy
  the most frequent thousand, then medium and hard; words/README.md says how they are made).
  A typed word is read as the language's letters (upper case, ß as SS, an accent the
  language does not have dropped: café → CAFE; anything not a letter is left out); if fewer
  than three or more than twenty letters remain, the game draws a word from the list
  instead and says so.
- A hit scores one point per guess, however often the letter occurs. The hit that completes
  the word scores its point and the five on top.
- With two players the one guesser guesses on after a miss (the turn passes to them again).
- Nobody guesses the whole word at once: only letters.
"""

from __future__ import annotations

from typing import Any, Mapping, cast

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

from ..letters import ALPHABETS, FREQUENCY, LANGUAGES, letters_of, sectioned_lists
from .state import HangmanPublic, HangmanState, HangmanView

MAX_SEATS = 8
MAX_ROUNDS = 3
MAX_MISSES = 11  # the eleventh line completes the figure
HIT_POINTS = 1
SOLVE_POINTS = 5
MIN_LETTERS = 3
MAX_LETTERS = 20
MAX_TYPED = 24  # characters the setter may type (hyphens and spaces are left out)
LONGEST_ALPHABET = max(len(alphabet) for alphabet in ALPHABETS.values())
DIFFICULTIES = ("easy", "medium", "hard")
# language -> difficulty -> words, and every band of a language together.
BANDS = {language: sectioned_lists(__package__, language) for language in LANGUAGES}
WORDS = {language: tuple(word for band in DIFFICULTIES for word in BANDS[language][band]) for language in LANGUAGES}
# The bands as each language's letters, for the search for fitting words.
LETTERS = {
    (language, band): tuple(letters_of(word, language) for word in BANDS[language][band])
    for language in LANGUAGES
    for band in DIFFICULTIES
}

META = GameMeta(
    id="hangman",
    family="words",
    min_seats=2,
    max_seats=MAX_SEATS,
    chance=True,
    hidden_information=True,
    simultaneous=False,
    # Each setting: the word, then at most every letter of the alphabet once.
    longest_game=MAX_SEATS * MAX_ROUNDS * (1 + LONGEST_ALPHABET),
    options=(
        Option("language", "choice", "de", "option.language", choices=LANGUAGES),
        Option("rounds", "int", 1, "option.rounds", minimum=1, maximum=MAX_ROUNDS),
        Option("difficulty", "choice", "easy", "option.difficulty", choices=DIFFICULTIES),
    ),
    cpu_levels=("random", "easy", "strong"),
    clock=MoveClock(relaxed_s=60, normal_s=30, fast_s=15),
    turn_based=True,
)

# The parts of a state nobody's view carries as they are: the word (the setter's own view
# gets it as `private`), the words drawn so far, the generator.
SECRET_KEYS = ("word", "drawn", "rng")


def band_of(options: dict[str, Any]) -> tuple[str, ...]:
    """The words a game with these options draws from."""
    return BANDS[options["language"]][options.get("difficulty", DIFFICULTIES[0])]


def usable(letters: list[str]) -> bool:
    return MIN_LETTERS <= len(letters) <= MAX_LETTERS


def pattern_fits(word: list[str] | tuple[str, ...], revealed: list[str | None], guessed: list[str]) -> bool:
    """Whether `word` could be the hidden word: the same length, the revealed letters in
    their places, and no guessed letter in a hidden place."""
    if len(word) != len(revealed):
        return False
    missed = set(guessed)
    for letter, shown in zip(word, revealed, strict=True):
        if shown is None:
            if letter in missed:
                return False
        elif letter != shown:
            return False
    return True


class Hangman(BaseEngine[HangmanState, HangmanView]):
    meta = META

    def initial_state(self, seats: int, options: dict[str, Any], rng: Rng) -> HangmanState:
        return {
            "phase": "set",
            "setting": 0,  # how many words have been set so far
            "settings": seats * options["rounds"],
            "setter": 0,
            "guesser": None,
            "word": None,
            "revealed": None,
            "guessed": [],
            "misses": 0,
            "scores": [0] * seats,
            "history": [],
            "drawn": [],
        }

    # -- whose turn, what is legal ----------------------------------------------------------
    def to_move(self, state: HangmanState) -> frozenset[int]:
        if state["phase"] == "set":
            return frozenset((state["setter"],))
        if state["phase"] == "guess":
            guesser = state["guesser"]
            assert guesser is not None  # chosen when the word was set
            return frozenset((guesser,))
        return frozenset()

    def legal_moves(self, state: HangmanState, seat: int) -> list[Move]:
        if seat not in self.to_move(state):
            return []
        if state["phase"] == "set":
            return [{"type": "set_word", "text": {"word": MAX_TYPED}}, {"type": "draw_word"}]
        guessed = set(state["guessed"])
        alphabet = ALPHABETS[state["options"]["language"]]
        return [{"type": "guess", "letter": letter} for letter in alphabet if letter not in guessed]

    # -- moves ------------------------------------------------------------------------------
    def play(self, state: HangmanState, seat: int, move: Move, now_ms: int, rng: Rng) -> list[Event]:
        if move["type"] == "guess":
            return self._guess(state, seat, move["letter"])
        language = state["options"]["language"]
        events: list[Event] = []
        letters = letters_of(move["word"], language) if move["type"] == "set_word" else []
        drawn = move["type"] == "draw_word" or not usable(letters)
        if drawn:
            if move["type"] == "set_word":
                events.append(event("word_refused", seat=seat, visible_to=[seat]))
            letters = self._draw(state, rng)
        state["word"] = letters
        state["revealed"] = [None] * len(letters)
        state["guessed"] = []
        state["misses"] = 0
        state["phase"] = "guess"
        state["guesser"] = self._next_guesser(state, seat)
        events.append(event("word_set", seat=seat, length=len(letters), drawn=drawn))
        return events

    def _draw(self, state: HangmanState, rng: Rng) -> list[str]:
        """A word from the list that this game has not drawn yet (the list over again once
        every word has been drawn)."""
        language = state["options"]["language"]
        words = band_of(state["options"])
        fresh = [word for word in words if word not in state["drawn"]] or list(words)
        word = fresh[rng.below(len(fresh))]
        state["drawn"].append(word)
        return letters_of(word, language)

    def _next_guesser(self, state: HangmanState, after: int) -> int:
        seat = (after + 1) % state["seats"]
        if seat == state["setter"]:
            seat = (seat + 1) % state["seats"]
        return seat

    def _guess(self, state: HangmanState, seat: int, letter: str) -> list[Event]:
        word, revealed = state["word"], state["revealed"]
        assert word is not None and revealed is not None  # a guess comes after the word is set
        state["guessed"].append(letter)
        places = [index for index, own in enumerate(word) if own == letter]
        for index in places:
            revealed[index] = letter
        if places:
            state["scores"][seat] += HIT_POINTS
            events = [event("hit", seat=seat, letter=letter, places=places, points=HIT_POINTS)]
            if None not in revealed:
                state["scores"][seat] += SOLVE_POINTS
                events.append(event("solved", seat=seat, points=SOLVE_POINTS))
                events += self._end_setting(state, solver=seat)
            return events
        state["misses"] += 1
        events = [event("miss", seat=seat, letter=letter, misses=state["misses"])]
        if state["misses"] >= MAX_MISSES:
            setter = state["setter"]
            state["scores"][setter] += SOLVE_POINTS
            events.append(event("figure_complete", seat=setter, points=SOLVE_POINTS))
            return events + self._end_setting(state, solver=None)
        state["guesser"] = self._next_guesser(state, seat)
        return events

    def _end_setting(self, state: HangmanState, solver: int | None) -> list[Event]:
        """The word is shown to everyone; the next seat sets, or the game is over."""
        letters = state["word"]
        assert letters is not None  # a setting ends while its word is set
        word = "".join(letters)
        setter = state["setter"]
        state["history"].append({"setter": setter, "word": word, "solver": solver, "misses": state["misses"]})
        events = [event("word_shown", seat=setter, word=word, solver=solver)]
        state["setting"] += 1
        state["word"] = None
        state["revealed"] = None
        state["guessed"] = []
        state["misses"] = 0
        state["guesser"] = None
        if state["setting"] >= state["settings"]:
            state["phase"] = "over"
            return events
        state["phase"] = "set"
        state["setter"] = state["setting"] % state["seats"]
        return events

    # -- what each seat sees ---------------------------------------------------------------
    def view(self, state: HangmanState, seat: int | None) -> HangmanView:
        public = cast(HangmanPublic, {key: value for key, value in state.items() if key not in SECRET_KEYS})
        public["length"] = None if state["word"] is None else len(state["word"])
        public["wrong"] = [letter for letter in state["guessed"] if letter not in (state["revealed"] or [])]
        public["max_misses"] = MAX_MISSES
        view: HangmanView = {**self.common_view(state, seat), "public": public}
        if seat is not None and seat == state["setter"] and state["word"] is not None:
            view["private"] = {"word": "".join(state["word"])}
        return view

    def determinize(self, view: HangmanView, seat: int, seed: bytes) -> HangmanState:
        """A full state this seat cannot tell from the real one: the setter knows the word;
        a guesser gets a word of the list that fits the dashes and the misses, else one made
        up of the shown letters and letters nobody has guessed yet."""
        public = view["public"]
        state = cast(
            HangmanState,
            clone({key: value for key, value in public.items() if key not in ("length", "wrong", "max_misses")}),
        )
        state["drawn"] = []
        rng = Rng(new_rng_state(seed))
        if public["length"] is None:
            state["word"] = None
        elif "private" in view and view["private"]:
            state["word"] = letters_of(view["private"]["word"], public["options"]["language"])
        else:
            state["word"] = sample_word(public, rng)
        state["rng"] = rng.to_state()
        return state

    # -- the clock ----------------------------------------------------------------------------
    def timeout_move(self, state: HangmanState, seat: int | None) -> Move:
        """Out of time: the setter gets a word drawn from the list; a guesser names the most
        frequent letter of the language not guessed yet (`play_timeout` draws a random one)."""
        seat = clock_seat(seat, self.to_move(state))
        if state["phase"] == "set":
            return {"type": "draw_word"}
        guessed = set(state["guessed"])
        letter = next(letter for letter in FREQUENCY[state["options"]["language"]] if letter not in guessed)
        return {"type": "guess", "letter": letter}

    def play_timeout(self, state: HangmanState, seat: int, now_ms: int) -> tuple[HangmanState, list[Event]]:
        """A guesser out of time names a random letter not guessed yet, drawn from the
        generator, so nobody can foresee it."""
        if state["phase"] != "guess":
            return super().play_timeout(state, seat, now_ms)
        rng = Rng(state["rng"])
        legal = self.legal_moves(state, seat)
        move = legal[rng.below(len(legal))]
        return self.apply({**state, "rng": rng.to_state()}, seat, move, now_ms)

    def result(self, state: HangmanState) -> Result | None:
        if state["phase"] != "over":
            return None
        scores = list(state["scores"])
        return {"placings": placings_from_scores(scores), "scores": scores}


def candidates(public: Mapping[str, Any]) -> list[list[str]]:
    """The band's words (as letters) that fit what every guesser sees (`options`, `revealed`
    and `guessed` of a public view)."""
    options = public["options"]
    revealed, guessed = public["revealed"], public["guessed"]
    assert revealed is not None  # asked while a word is being guessed
    band = (options["language"], options.get("difficulty", DIFFICULTIES[0]))
    return [list(letters) for letters in LETTERS[band] if pattern_fits(letters, revealed, guessed)]


def sample_word(public: HangmanPublic, rng: Rng) -> list[str]:
    """A word that fits the dashes and misses: one of the list if any fits, else the shown
    letters with letters nobody has guessed in the gaps."""
    fitting = candidates(public)
    if fitting:
        return fitting[rng.below(len(fitting))]
    unguessed = [letter for letter in ALPHABETS[public["options"]["language"]] if letter not in public["guessed"]]
    revealed = public["revealed"]
    assert revealed is not None  # asked while a word is being guessed
    return [shown if shown is not None else unguessed[rng.below(len(unguessed))] for shown in revealed]


ENGINE = Hangman()
