// The gallery's small drawings: one motif per title, built from a few shapes per family
// (a board's grid, a fan of cards, dice pips, letter tiles). Decorative: the tile's title says
// what the game is, so each drawing is hidden from screen readers.
import { s } from "./svg.js";

const W = 96;
const H = 64;
// Okabe–Ito: readable for colour-blind players, and the colours seats use in the rooms.
const ORANGE = "#E69F00";
const SKY = "#56B4E9";
const GREEN = "#009E73";
const YELLOW = "#F0E442";
const BLUE = "#0072B2";
const RED = "#D55E00";
const PURPLE = "#CC79A7";
const INK = null; // the theme's text colour (black on light, white on dark)

const rect = (x, y, w, h, cls, extra = {}) => s("rect", { x, y, width: w, height: h, class: cls, ...extra });
const circle = (cx, cy, r, cls, extra = {}) => s("circle", { cx, cy, r, class: cls, ...extra });
const line = (x1, y1, x2, y2, cls = "art-line") => s("line", { x1, y1, x2, y2, class: cls });
const text = (x, y, size, value, cls = "art-ink", extra = {}) =>
  s("text", { x, y, "font-size": size, "text-anchor": "middle", "dominant-baseline": "central", class: cls, text: value, ...extra });

/** A board of n×n squares, alternate ones dark, at (x, y) with square size `step`. */
function checkerboard(x, y, n, step) {
  const squares = [];
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) squares.push(rect(x + c * step, y + r * step, step, step, (r + c) % 2 ? "art-dark" : "art-paper"));
  }
  return [rect(x, y, n * step, n * step, "art-frame"), ...squares];
}

function grid(x, y, cols, rows, step) {
  const lines = [rect(x, y, cols * step, rows * step, "art-paper art-frame")];
  for (let c = 1; c < cols; c++) lines.push(line(x + c * step, y, x + c * step, y + rows * step, "art-thin"));
  for (let r = 1; r < rows; r++) lines.push(line(x, y + r * step, x + cols * step, y + r * step, "art-thin"));
  return lines;
}

/** One die face showing `n` pips, top-left at (x, y), side `size`. */
function die(x, y, size, n, cls = "art-paper") {
  const spots = {
    1: [[0.5, 0.5]],
    2: [[0.27, 0.27], [0.73, 0.73]],
    3: [[0.27, 0.27], [0.5, 0.5], [0.73, 0.73]],
    4: [[0.27, 0.27], [0.73, 0.27], [0.27, 0.73], [0.73, 0.73]],
    5: [[0.27, 0.27], [0.73, 0.27], [0.5, 0.5], [0.27, 0.73], [0.73, 0.73]],
    6: [[0.27, 0.25], [0.73, 0.25], [0.27, 0.5], [0.73, 0.5], [0.27, 0.75], [0.73, 0.75]],
  }[n];
  return [
    rect(x, y, size, size, `${cls} art-frame`, { rx: size * 0.18 }),
    ...spots.map(([px, py]) => circle(x + px * size, y + py * size, size * 0.09, "art-pip")),
  ];
}

/** Cards fanned from a point below the middle; `faces` are [mark, colour, filled]. Each card
 * carries its mark in the corner, where a fan leaves it in sight, the front card in its
 * middle too. */
function fan(faces) {
  const spread = 16;
  const start = -((faces.length - 1) * spread) / 2;
  const markClass = (colour, filled) => (filled ? "art-on-colour" : colour ? "art-mark" : "art-ink");
  const markFill = (colour, filled) => (filled || !colour ? {} : { fill: colour });
  return faces.map(([mark, colour, filled], i) =>
    s(
      "g",
      { transform: `rotate(${start + i * spread} 48 74)` },
      rect(34, 8, 28, 42, filled ? "art-frame" : "art-paper art-frame", { rx: 3, ...(filled ? { fill: colour } : {}) }),
      text(40, 15, 8, mark, markClass(colour, filled), markFill(colour, filled)),
      i === faces.length - 1 ? text(49, 31, mark.length > 1 ? 12 : 17, mark, markClass(colour, filled), markFill(colour, filled)) : null,
    ),
  );
}

function tiles(letters, y = 20, size = 18) {
  const gap = 3;
  const x0 = (W - (letters.length * size + (letters.length - 1) * gap)) / 2;
  return [...letters].map((letter, i) => [
    rect(x0 + i * (size + gap), y, size, size, "art-tile art-frame", { rx: 3 }),
    text(x0 + i * (size + gap) + size / 2, y + size / 2 + 1, size * 0.62, letter, "art-ink"),
  ]);
}

/** A cross-shaped race board with the four home corners in the seats' colours. */
function crossBoard() {
  const homes = [[14, 4, ORANGE], [62, 4, SKY], [14, 40, GREEN], [62, 40, YELLOW]];
  return [
    rect(38, 4, 20, 56, "art-paper art-frame"),
    rect(22, 22, 52, 20, "art-paper art-frame"),
    ...homes.map(([x, y, colour]) => rect(x, y, 20, 20, "art-frame", { fill: colour, rx: 3 })),
    circle(48, 32, 5, "art-frame", { fill: RED }),
  ];
}

const MOTIFS = {
  // -- boards --------------------------------------------------------------------------------
  chess: () => [...checkerboard(28, 4, 4, 14), text(48, 32, 30, "♞", "art-ink art-piece")],
  draughts: () => [
    ...checkerboard(28, 4, 4, 14),
    circle(42, 25, 5, "art-frame", { fill: RED }),
    circle(56, 39, 5, "art-frame", { fill: "#ffffff" }),
    circle(70, 53, 5, "art-frame", { fill: RED }),
  ],
  reversi: () => [
    ...grid(24, 4, 4, 4, 14).map((el) => (el.tagName === "rect" ? rect(24, 4, 56, 56, "art-frame", { fill: GREEN }) : el)),
    circle(45, 25, 5.5, "art-frame", { fill: "#ffffff" }),
    circle(59, 25, 5.5, "art-frame", { fill: "#1d1d1f" }),
    circle(45, 39, 5.5, "art-frame", { fill: "#1d1d1f" }),
    circle(59, 39, 5.5, "art-frame", { fill: "#ffffff" }),
  ],
  "four-in-a-row": () => {
    const holes = [];
    const filled = { "0,3": ORANGE, "1,3": SKY, "1,2": ORANGE, "2,3": SKY, "2,2": ORANGE, "2,1": SKY, "3,3": ORANGE, "3,2": SKY, "3,1": SKY, "3,0": ORANGE };
    for (let c = 0; c < 5; c++) {
      for (let r = 0; r < 4; r++) {
        const colour = filled[`${c},${r}`];
        holes.push(circle(26 + c * 11, 14 + r * 12, 4.5, colour ? "art-frame" : "art-hole", colour ? { fill: colour } : {}));
      }
    }
    return [rect(18, 6, 60, 50, "art-frame", { fill: BLUE, rx: 4 }), ...holes];
  },
  backgammon: () => {
    const points = [];
    for (let i = 0; i < 6; i++) {
      const x = 12 + i * 12;
      points.push(s("polygon", { points: `${x},6 ${x + 10},6 ${x + 5},28`, fill: i % 2 ? RED : ORANGE }));
      points.push(s("polygon", { points: `${x},58 ${x + 10},58 ${x + 5},36`, fill: i % 2 ? ORANGE : RED }));
    }
    return [rect(10, 4, 76, 56, "art-paper art-frame"), ...points, circle(17, 10, 4, "art-frame", { fill: "#ffffff" }), circle(17, 18, 4, "art-frame", { fill: "#ffffff" })];
  },
  "chinese-checkers": () => {
    const dots = [];
    const colours = [ORANGE, SKY, GREEN, YELLOW, PURPLE, RED];
    for (let i = 0; i < 6; i++) {
      const a = (Math.PI / 3) * i - Math.PI / 2;
      dots.push(circle(48 + Math.cos(a) * 22, 32 + Math.sin(a) * 22, 4, "art-frame", { fill: colours[i] }));
    }
    return [
      s("polygon", { points: "48,4 56,18 72,18 64,32 72,46 56,46 48,60 40,46 24,46 32,32 24,18 40,18", class: "art-paper art-frame" }),
      circle(48, 32, 3, "art-pip"),
      ...dots,
    ];
  },
  dominoes: () => [
    s("g", { transform: "rotate(-12 30 26) translate(-4 -2) scale(1.5)" }, ...domino(8, 10)),
    s("g", { transform: "rotate(10 64 40) translate(-30 -20) scale(1.5)" }, ...domino(38, 26)),
  ],
  "dots-and-boxes": () => {
    const dots = [];
    for (let r = 0; r < 4; r++) for (let c = 0; c < 5; c++) dots.push(circle(24 + c * 12, 14 + r * 12, 2, "art-pip"));
    return [
      rect(36, 26, 12, 12, "art-frame", { fill: SKY }),
      line(24, 14, 48, 14),
      line(36, 26, 48, 26),
      line(36, 26, 36, 38),
      line(48, 26, 48, 38),
      line(36, 38, 48, 38),
      line(60, 38, 60, 50),
      ...dots,
    ];
  },
  kalaha: () => {
    const pits = [rect(8, 10, 80, 44, "art-wood art-frame", { rx: 18 }), s("ellipse", { cx: 18, cy: 32, rx: 6, ry: 16, class: "art-hole" }), s("ellipse", { cx: 78, cy: 32, rx: 6, ry: 16, class: "art-hole" })];
    for (let i = 0; i < 4; i++) {
      pits.push(circle(33 + i * 10, 23, 4, "art-hole"), circle(33 + i * 10, 41, 4, "art-hole"));
      pits.push(circle(32 + i * 10, 22, 1.6, "art-frame", { fill: i % 2 ? SKY : GREEN }), circle(34 + i * 10, 42, 1.6, "art-frame", { fill: ORANGE }));
    }
    return pits;
  },
  morris: () => [
    rect(22, 4, 52, 56, "art-paper"),
    rect(26, 8, 44, 48, "art-none art-line"),
    rect(34, 16, 28, 32, "art-none art-line"),
    rect(42, 24, 12, 16, "art-none art-line"),
    line(48, 8, 48, 24),
    line(48, 40, 48, 56),
    line(26, 32, 42, 32),
    line(54, 32, 70, 32),
    circle(26, 8, 4, "art-frame", { fill: ORANGE }),
    circle(48, 8, 4, "art-frame", { fill: ORANGE }),
    circle(70, 8, 4, "art-frame", { fill: ORANGE }),
    circle(54, 40, 4, "art-frame", { fill: SKY }),
  ],
  "sea-battle": () => [
    ...grid(24, 4, 4, 4, 14),
    rect(27, 21, 36, 8, "art-frame", { fill: "#8a8a8a", rx: 4 }),
    text(73, 46, 14, "✕", "art-mark", { fill: RED }),
    circle(45, 53, 2.5, "art-pip"),
  ],
  // -- cards ---------------------------------------------------------------------------------
  blackjack: () => fan([["A", INK], ["K", RED], ["21", INK]]),
  "blackjack-duel": () => fan([["10", RED], ["A", INK], ["21", RED]]),
  "contract-rummy": () => fan([["7", RED], ["7", INK], ["7", BLUE], ["15", GREEN]]),
  "crazy-eights": () => fan([["♣", INK], ["8", RED], ["♦", RED]]),
  "hau-hau": () => fan([["♠", INK], ["♥", RED], ["♣", INK]]),
  "last-card": () => fan([["7", RED, true], ["⊘", BLUE, true], ["+2", GREEN, true]]),
  "mau-mau": () => fan([["♥", RED], ["B", INK], ["♠", INK]]),
  "number-rows": () => fan([["10", RED, true], ["11", YELLOW, true], ["12", BLUE, true]]),
  "oh-hell": () => fan([["♠", INK], ["♦", RED], ["?", BLUE]]),
  "penalty-tricks": () => fan([["♥", RED], ["Q", INK], ["−", RED]]),
  poker: () => [...fan([["A", INK], ["A", RED]]), circle(74, 50, 8, "art-frame", { fill: RED }), circle(74, 50, 4, "art-paper")],
  rummy: () => fan([["4", BLUE], ["5", BLUE], ["6", BLUE], ["7", BLUE]]),
  "stock-pile": () => fan([["1", BLUE, true], ["2", GREEN, true], ["★", RED, true]]),
  "thirty-one": () => fan([["A", RED], ["K", RED], ["31", RED]]),
  // -- dice ----------------------------------------------------------------------------------
  bingo: () => [...grid(8, 8, 4, 4, 12), circle(32, 32, 4, "art-frame", { fill: RED }), circle(20, 44, 4, "art-frame", { fill: RED }), circle(72, 32, 16, "art-frame", { fill: YELLOW }), text(72, 33, 13, "42", "art-mark", { fill: "#1d1d1f" })],
  "dice-poker": () => [...die(6, 22, 16, 6), ...die(23, 22, 16, 6), ...die(40, 22, 16, 6), ...die(57, 22, 16, 3), ...die(74, 22, 16, 1)],
  goose: () => [
    s("path", { d: "M48 32 m-4 0 a4 4 0 1 1 8 0 a10 10 0 1 1 -20 0 a16 16 0 1 1 32 0 a22 22 0 1 1 -44 0", class: "art-none art-track" }),
    text(76, 12, 11, "63", "art-ink"),
    ...die(4, 42, 16, 5),
  ],
  "liars-dice": () => [
    s("path", { d: "M14 52 L22 10 L46 10 L54 52 Z", class: "art-wood art-frame" }),
    ...die(58, 26, 14, 5),
    ...die(74, 38, 14, 2),
    text(76, 14, 16, "?", "art-ink"),
  ],
  ludo: crossBoard,
  mensch: () => [...crossBoard(), ...die(76, 46, 16, 6)],
  parchis: () => [...crossBoard(), rect(42, 10, 12, 5, "art-frame", { fill: BLUE }), rect(42, 49, 12, 5, "art-frame", { fill: BLUE })],
  "snakes-and-ladders": () => [
    ...grid(22, 4, 4, 4, 14),
    line(34, 56, 46, 14, "art-ladder"),
    line(42, 58, 54, 16, "art-ladder"),
    ...[0, 1, 2, 3].map((i) => line(35.5 + i * 3, 50 - i * 10.5, 43.5 + i * 3, 52 - i * 10.5, "art-ladder")),
    s("path", { d: "M70 10 C 58 20, 80 30, 64 40 S 70 54, 60 56", class: "art-none art-snake" }),
  ],
  // -- words ---------------------------------------------------------------------------------
  categories: () => [
    ...grid(8, 10, 3, 3, 15),
    text(15.5, 17.5, 10, "A", "art-ink"),
    text(30.5, 32.5, 10, "✓", "art-mark", { fill: GREEN }),
    shift(s("g", null, tiles("A", 20, 24)), 24),
  ],
  hangman: () => [
    line(14, 58, 40, 58, "art-thick"),
    line(22, 58, 22, 8, "art-thick"),
    line(22, 8, 38, 8, "art-thick"),
    line(38, 8, 38, 14),
    circle(38, 19, 5, "art-none art-line"),
    line(38, 24, 38, 36),
    shift(s("g", null, tiles("A_E", 36, 14)), 22),
  ],
  "village-night": () => [
    circle(72, 14, 9, "art-frame", { fill: YELLOW }),
    circle(76, 11, 8, "art-sky"),
    s("polygon", { points: "14,60 14,38 26,28 38,38 38,60", class: "art-paper art-frame" }),
    s("polygon", { points: "42,60 42,42 52,34 62,42 62,60", class: "art-paper art-frame" }),
    rect(22, 46, 7, 7, "art-frame", { fill: ORANGE }),
    circle(78, 44, 2.2, "art-frame", { fill: YELLOW }),
    circle(86, 44, 2.2, "art-frame", { fill: YELLOW }),
  ],
  "word-agents": () => {
    const cards = [];
    const colours = [RED, null, BLUE, BLUE, null, RED, null, RED, BLUE];
    for (let i = 0; i < 9; i++) {
      const colour = colours[i];
      cards.push(rect(20 + (i % 3) * 19, 4 + Math.floor(i / 3) * 19, 17, 17, colour ? "art-frame" : "art-tile art-frame", { rx: 2, ...(colour ? { fill: colour } : {}) }));
    }
    return cards;
  },
};

function domino(x, y) {
  return [
    rect(x, y, 26, 13, "art-paper art-frame", { rx: 2 }),
    line(x + 13, y + 1, x + 13, y + 12, "art-thin"),
    circle(x + 4, y + 3.5, 1.4, "art-pip"),
    circle(x + 9, y + 9.5, 1.4, "art-pip"),
    circle(x + 19.5, y + 6.5, 1.4, "art-pip"),
  ];
}

/** Move an element `dx` to the right (letter tiles placed beside another drawing). */
function shift(el, dx) {
  const wrapper = s("g", { transform: `translate(${dx} 0)` });
  wrapper.append(el);
  return wrapper;
}

const FAMILY_FALLBACK = {
  boards: () => checkerboard(28, 4, 4, 14),
  cards: () => fan([["♠", INK], ["♥", RED], ["♣", INK]]),
  dice: () => [...die(24, 20, 22, 5), ...die(52, 20, 22, 3)],
  words: () => tiles("ABC"),
};

/** The drawing for one title (a family's drawing for a title without its own). */
export function gameArt(gameId, family) {
  const motif = MOTIFS[gameId] || FAMILY_FALLBACK[family] || FAMILY_FALLBACK.boards;
  return s(
    "svg",
    {
      viewBox: `0 0 ${W} ${H}`,
      class: ["game-art", `art-${family}`],
      "aria-hidden": "true",
      focusable: "false",
      "data-testid": `game-art-${gameId}`,
    },
    motif(),
  );
}
