// The dice games' tutorial on a short race track: roll, move by the pips, a six brings a piece
// out, and landing on another piece sends it home.
import { h } from "../dom.js";
import { choice, die, piece, row, shown } from "./kit.js";

export const RULES_GAME = "ludo";

const FIELDS = 6;

function dieShown(api, value) {
  const label = value ? api.t("tutorial.die_shows", { n: value }) : api.t("tutorial.die_blank");
  return shown(label, die(value, label));
}

/**
 * The track's fields 1–6 as choices; `pieces` maps a field to "own" or "other", `right` the
 * fields that are the move, `lit` the ones to light.
 */
/**
 * @param {any} api
 * @param {{ pieces: Record<number, string>, right?: number[], lit?: number[], hint?: string | null, params?: Record<string, any> | null, onRight?: (() => void) | null }} spec
 */
function track(api, { pieces, right = [], lit = [], hint = null, params = null, onRight = null }) {
  const names = { own: api.t("tutorial.piece.own"), other: api.t("tutorial.piece.other") };
  return h(
    "div",
    { class: "tut-board tut-track", role: "group", "aria-label": api.t("tutorial.track"), style: { "--cols": String(FIELDS) } },
    Array.from({ length: FIELDS }, (_, i) => {
      const field = i + 1;
      const kind = pieces[field] || null;
      const parts = [api.t("tutorial.field", { n: field }), kind ? names[kind] : api.t("tutorial.empty")];
      if (lit.includes(field)) parts.push(api.t("tutorial.lit"));
      return choice(
        api,
        { id: `field-${field}`, label: parts.join(", "), right: right.includes(field), lit: lit.includes(field), hint, params, onRight, className: field === 1 ? "start-field" : null },
        h("span", { class: "tut-field-no", "aria-hidden": "true" }, String(field)),
        piece(kind),
      );
    }),
  );
}

export const STEPS = [
  {
    key: "roll",
    scene: (api) => [
      dieShown(api, api.solved ? 3 : 0),
      api.solved ? null : row(api.t("tutorial.dice"), choice(api, { id: "roll", label: api.t("tutorial.roll"), right: true, className: "tut-action" }, api.t("tutorial.roll"))),
    ],
  },
  {
    key: "move",
    scene: (api) => [
      dieShown(api, 3),
      api.solved
        ? track(api, { pieces: { 5: "own" } })
        : track(api, { pieces: { 2: "own" }, lit: [2], right: [2, 5], params: { n: 3 } }),
    ],
  },
  {
    key: "enter",
    scene: (api) => {
      const home = api.solved ? 1 : 2;
      return [
        dieShown(api, 6),
        shown(
          api.t("tutorial.home"),
          row(
            api.t("tutorial.home"),
            Array.from({ length: home }, (_, i) =>
              choice(api, { id: `home-${i + 1}`, label: `${api.t("tutorial.home")}: ${api.t("tutorial.piece.own")}`, right: true, lit: true, className: "tut-home" }, piece("own")),
            ),
          ),
        ),
        track(api, { pieces: api.solved ? { 1: "own" } : {}, right: [1], hint: "tutorial.dice.enter.hint" }),
      ];
    },
  },
  {
    key: "capture",
    scene: (api) => [
      dieShown(api, 2),
      api.solved
        ? track(api, { pieces: { 1: "own", 6: "own" } })
        : track(api, { pieces: { 1: "own", 4: "own", 6: "other" }, lit: [1, 4], right: [4, 6], hint: "tutorial.dice.capture.hint" }),
    ],
  },
];
