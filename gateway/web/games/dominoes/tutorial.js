// Dominoes' own tutorial (/tutorial/dominoes, js/tutorial.js runs it): the six steps of its
// introduction (quoted from the game's catalogue, the same words as its in-game Introduction),
// each with a small task. Its words are in the game's catalogue (tutorial.dominoes.*).
import { h } from "../../js/dom.js";
import { choice, row, shown, tile } from "../../js/tutorials/kit.js";

export const RULES_GAME = "dominoes";
export const GAME_STRINGS = "dominoes";

const tileName = (api, [a, b]) => api.t("tutorial.tile", { a, b });
const pips = ([a, b]) => a + b;

function tiles(api, label, list) {
  return shown(`${label}: ${list.map((x) => tileName(api, x)).join(", ")}`, h("span", { class: "tut-tiles" }, list.map(([a, b]) => tile(a, b))));
}

function hand(api, list, right, extra = []) {
  return row(
    api.t("tutorial.your_tiles"),
    list.map((x) =>
      choice(api, { id: `tile-${x.join("-")}`, label: tileName(api, x), right: right === x, params: { tile: tileName(api, x), pips: pips(x) }, className: "tut-tile-choice" }, tile(.../** @type {[number, number]} */ (x))),
    ),
    extra,
  );
}

function answers(api, label, list) {
  return row(
    label,
    list.map(({ id, text, right }) => choice(api, { id, label: text, right, className: "tut-answer" }, text)),
  );
}

const SIX = [0, 6];
const FITS = [5, 1];
const DOUBLE = [5, 5];

export const STEPS = [
  { key: "pips", quote: "intro.step.1", scene: (api) => hand(api, [[6, 6], SIX, [3, 4]], SIX) },
  {
    key: "lay",
    quote: "intro.step.2",
    scene: (api) => [
      tiles(api, api.t("tutorial.line"), api.solved ? [[3, 5], FITS] : [[3, 5]]),
      api.solved ? null : hand(api, [[2, 4], FITS, [6, 6]], FITS),
    ],
  },
  { key: "open", quote: "intro.step.3", scene: (api) => hand(api, [[6, 4], [2, 2], DOUBLE], DOUBLE) },
  {
    key: "draw",
    quote: "intro.step.4",
    scene: (api) => [
      tiles(api, api.t("tutorial.line"), [[2, 4], [4, 6]]),
      hand(api, [[1, 3], [4, 5], [0, 1]], null, [
        choice(api, { id: "draw", label: api.t("tutorial.draw"), right: true, className: "tut-action" }, api.t("tutorial.draw")),
        choice(api, { id: "pass", label: api.t("tutorial.pass"), hint: "tutorial.dominoes.draw.hint_pass", className: "tut-action" }, api.t("tutorial.pass")),
      ]),
    ],
  },
  {
    key: "blocked",
    quote: "intro.step.5",
    scene: (api) => [
      tiles(api, api.t("tutorial.yours"), [[3, 4]]),
      tiles(api, api.t("tutorial.bens"), [[1, 2], [0, 3]]),
      answers(api, api.t("tutorial.dominoes.who"), [
        { id: "you", text: api.t("tutorial.you_pips", { pips: 7 }) },
        { id: "ben", text: api.t("tutorial.ben_pips", { pips: 6 }), right: true },
        { id: "nobody", text: api.t("tutorial.nobody") },
      ]),
    ],
  },
  {
    key: "score",
    quote: "intro.step.6",
    scene: (api) => [
      tiles(api, api.t("tutorial.bens"), [[2, 3], [6, 1]]),
      answers(
        api,
        api.t("tutorial.dominoes.points"),
        [12, 5, 7].map((n) => ({ id: `points-${n}`, text: api.t("tutorial.points", { count: n }), right: n === 12 })),
      ),
    ],
  },
];
