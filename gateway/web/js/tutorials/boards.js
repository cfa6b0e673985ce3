// The board games' tutorial on a small draughts board and a noughts-and-crosses grid: pick
// the piece that can move, move it to a lit square, capture by jumping, three in a row wins.
import { board, pieceNames } from "./kit.js";

export const RULES_GAME = "draughts";

/** A 4 × 4 board, top row first, dark squares where draughts are played. */
function squares(pieces) {
  return Array.from({ length: 16 }, (_, i) => ({ kind: pieces[i] || null, dark: (Math.floor(i / 4) + i) % 2 === 1 }));
}

function draughts(api, pieces, marks) {
  const cells = squares(pieces).map((cell, i) => ({ ...cell, ...(marks[i] || {}) }));
  return board(api, { cols: 4, cells, label: api.t("tutorial.board"), names: pieceNames(api.t) });
}

export const STEPS = [
  {
    key: "select",
    // Two own pieces on the bottom row; the one in the corner is blocked by its neighbour.
    scene: (api) =>
      draughts(api, { 9: "own", 12: "own" }, {
        9: { lit: !api.solved, right: true },
        12: { hint: "tutorial.boards.select.hint" },
      }),
  },
  {
    key: "move",
    scene: (api) => {
      const to = api.state.to;
      if (api.solved) return draughts(api, { [to]: "own", 12: "own" }, {});
      const cell = (i) => ({ lit: true, right: true, onRight: () => (api.state.to = i) });
      return draughts(api, { 9: "own", 12: "own" }, { 4: cell(4), 6: cell(6), 9: { chosen: true } });
    },
  },
  {
    key: "capture",
    scene: (api) =>
      api.solved
        ? draughts(api, { 3: "own", 12: "own" }, {})
        : draughts(api, { 6: "other", 9: "own", 12: "own" }, { 3: { lit: true, right: true }, 4: { hint: "tutorial.boards.capture.hint" } }),
  },
  {
    key: "row",
    scene: (api) => {
      const pieces = api.solved ? { 0: "x", 1: "x", 2: "x", 4: "o", 7: "o" } : { 0: "x", 1: "x", 4: "o", 7: "o" };
      const cells = Array.from({ length: 9 }, (_, i) => ({
        kind: pieces[i] || null,
        right: i === 2,
        hint: "tutorial.boards.row.hint",
      }));
      return board(api, { cols: 3, cells, label: api.t("tutorial.board"), names: pieceNames(api.t) });
    },
  },
];
