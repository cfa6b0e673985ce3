// The gallery's small drawings, and the kit they are drawn with. Each title declares its
// drawing in its own folder (games/<id>/art.json, gathered by the server into the games'
// catalogue, js/games.js): a list of shapes, each `[name, ...arguments]` of SHAPES below, from
// a rectangle to a fan of cards, a die, a board's grid or letter tiles; colours by their names
// in PALETTE. A title without one gets its family's drawing. Decorative: the tile's title says
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


// The colours a drawing may name; any other value (a "#rrggbb") is used as it is.
const PALETTE = { orange: ORANGE, sky: SKY, green: GREEN, yellow: YELLOW, blue: BLUE, red: RED, purple: PURPLE };

const colour = (value) => (value in PALETTE ? PALETTE[value] : value);
/** Attributes with a fill named from the palette; their order kept. */
const paint = (attrs) => (attrs && "fill" in attrs ? { ...attrs, fill: colour(attrs.fill) } : attrs || {});

/**
 * The shapes a drawing is made of, by name. The 96 × 64 drawing's coordinates; `cls` the
 * drawing's classes (art-paper, art-frame, art-ink, art-mark, art-line, art-thin, ...), `extra`
 * more attributes (a `fill`, an `rx`).
 * @type {Record<string, (...args: any[]) => any>}
 */
const SHAPES = {
  rect: (x, y, w, h, cls, extra) => rect(x, y, w, h, cls, paint(extra)),
  circle: (cx, cy, r, cls, extra) => circle(cx, cy, r, cls, paint(extra)),
  line: (x1, y1, x2, y2, cls) => line(x1, y1, x2, y2, cls),
  text: (x, y, size, value, cls, extra) => text(x, y, size, value, cls, paint(extra)),
  /** Any SVG element with its attributes and shapes inside it. */
  el: (tag, attrs, ...children) => s(tag, paint(attrs), children.map(draw)),
  checkerboard: (x, y, n, step) => checkerboard(x, y, n, step),
  grid: (x, y, cols, rows, step) => grid(x, y, cols, rows, step),
  die: (x, y, size, n, cls) => die(x, y, size, n, cls),
  /** Cards fanned, each [mark, colour (null: the text's), filled]. */
  fan: (faces) => fan(faces.map(([mark, named, filled]) => [mark, named === null ? INK : colour(named), filled])),
  tiles: (letters, y, size) => tiles(letters, y, size),
  crossBoard: () => crossBoard(),
  domino: (x, y) => domino(x, y),
  /** Shapes moved `dx` to the right. */
  shift: (dx, ...shapes) => shift(s("g", null, shapes.map(draw)), dx),
};

/** One shape of a drawing's declaration. */
function draw([name, ...args]) {
  if (!(name in SHAPES)) throw new Error(`no shape ${name} in the gallery's kit`);
  return SHAPES[name](...args);
}

const FAMILY_FALLBACK = {
  boards: () => checkerboard(28, 4, 4, 14),
  cards: () => fan([["♠", INK], ["♥", RED], ["♣", INK]]),
  dice: () => [...die(24, 20, 22, 5), ...die(52, 20, 22, 3)],
  words: () => tiles("ABC"),
};

/**
 * The drawing for one title from the games' catalogue ({id, family, art}): its declared
 * shapes, or its family's drawing.
 * @param {{id: string, family: string, art?: any[] | null}} game
 */
export function gameArt({ id, family, art = null }) {
  const shapes = art ? () => art.map(draw) : FAMILY_FALLBACK[family] || FAMILY_FALLBACK.boards;
  return s(
    "svg",
    {
      viewBox: `0 0 ${W} ${H}`,
      class: ["game-art", `art-${family}`],
      "aria-hidden": "true",
      focusable: "false",
      "data-testid": `game-art-${id}`,
    },
    shapes(),
  );
}
