// The word games' tutorial: guess a letter, a wrong guess costs a life, solve the word, and
// write a word for a category that starts with the round's letter.
import { h } from "../dom.js";
import { choice, row, shown } from "./kit.js";

export const RULES_GAME = "hangman";

// The same word in all four languages, so every player sees the same puzzle.
const WORD = "RADIO";
const LIVES = 11;

function pattern(api, known) {
  const shownLetters = [...WORD].map((c) => (known.includes(c) ? c : "_"));
  const spoken = shownLetters.map((c) => (c === "_" ? api.t("tutorial.blank") : c)).join(" ");
  return shown(
    api.t("tutorial.word"),
    h("p", { class: "tut-word", role: "img", "aria-label": spoken, "data-testid": "tutorial-word" }, shownLetters.join(" ")),
  );
}

function letters(api, choices, right, onRight) {
  return row(
    api.t("tutorial.letters"),
    choices.map((c) =>
      choice(api, { id: `letter-${c}`, label: c, right: right.includes(c), params: { letter: c }, onRight: () => onRight && onRight(c), className: "tut-letter" }, c),
    ),
  );
}

/** Compare a typed word's first letter the way Categories does: umlauts spelled out, case ignored. */
function initial(word) {
  return word.trim().normalize("NFD").replace(/[\u0300-\u036f]/g, "").slice(0, 1).toUpperCase();
}

export const STEPS = [
  {
    key: "guess",
    scene: (api) => [
      pattern(api, api.solved ? [api.state.letter] : []),
      letters(api, ["E", "A", "S", "O", "T"], ["A", "O"], (c) => (api.state.letter = c)),
    ],
  },
  {
    key: "lives",
    scene: (api) => [
      pattern(api, ["A"]),
      shown(api.t("tutorial.words.missed", { letters: "E, S" }), h("p", { class: "tut-misses", "aria-hidden": "true" }, "E S")),
      row(
        api.t("tutorial.words.lives_left"),
        [LIVES - 2, LIVES, 2].map((n) =>
          choice(api, { id: `lives-${n}`, label: api.t("tutorial.words.lives_count", { count: n }), right: n === LIVES - 2, className: "tut-answer" }, api.t("tutorial.words.lives_count", { count: n })),
        ),
      ),
    ],
  },
  {
    key: "solve",
    scene: (api) => [pattern(api, api.solved ? [...WORD] : ["R", "A", "D", "I"]), letters(api, ["E", "O", "U"], ["O"])],
  },
  {
    key: "category",
    scene: (api) => {
      const letter = "B";
      const input = h("input", {
        type: "text",
        id: "tutorial-answer",
        "data-testid": "tutorial-answer",
        autocomplete: "off",
        maxlength: 30,
        value: api.state.word || "",
        disabled: api.solved,
      });
      const check = () => {
        const word = input.value.trim();
        if (word.length < 2 || /[^\p{L}\s'-]/u.test(word)) {
          api.hint("tutorial.words.category.hint_word");
        } else if (initial(word) !== letter) {
          api.hint("tutorial.words.category.hint", { letter, word });
        } else {
          api.state.word = word;
          api.solve();
        }
      };
      return [
        shown(api.t("tutorial.words.round", { letter, category: api.t("tutorial.words.city") })),
        h(
          "form",
          {
            class: "tut-form",
            onsubmit: (e) => {
              e.preventDefault();
              if (!api.solved) check();
            },
          },
          h("label", { for: "tutorial-answer" }, api.t("tutorial.words.city")),
          input,
          h("button", { type: "submit", class: "primary", "data-testid": "tutorial-option-check", disabled: api.solved }, api.t("tutorial.words.check")),
        ),
      ];
    },
  },
];
