// Chess: the board turned to the player's colour, every square a button ("e4, white knight").
// Tap one of your pieces and its legal squares are dotted (captures ringed); tap one to move.
// Several moves from the same square to the same square are a promotion: a dialog asks which
// piece. What may move where comes only from view.legal_moves (UCI strings); the position
// from view.public.fen. The move list is the engine's SAN, piece letters in the player's
// language.
import { confirmDialog, openDialog } from "../../js/dialog.js";
import { arrowKeys, h, isLegal, s, svgRoot, useStylesheet } from "../../js/svg.js";
import { cell, redraw, rovingGrid, slide } from "../board-kit.js";

useStylesheet(new URL("./style.css", import.meta.url));

const FILES = "abcdefgh";
const SQ = 100;
const RESIGN = { type: "resign" };
const PROMOTIONS = ["q", "r", "b", "n"];

// Piece shapes drawn in a 100 × 100 box. `body` is filled with the piece's colour; `detail`
// lines are drawn in the contrasting colour.
const BASE = { tag: "rect", x: 24, y: 78, width: 52, height: 10, rx: 3 };
const SHAPES = {
  p: {
    body: [{ tag: "circle", cx: 50, cy: 31, r: 12 }, { tag: "path", d: "M36 80 C36 64 42 55 45 47 H55 C58 55 64 64 64 80 Z" }, { tag: "rect", x: 38, y: 43, width: 24, height: 7, rx: 3 }, BASE],
    detail: [],
  },
  r: {
    body: [{ tag: "path", d: "M32 80 L35 46 H65 L68 80 Z" }, { tag: "path", d: "M27 18 H37 V27 H45 V18 H55 V27 H63 V18 H73 V38 L66 46 H34 L27 38 Z" }, BASE],
    detail: [{ tag: "path", d: "M35 46 H65 M33 64 H67" }],
  },
  n: {
    body: [{ tag: "path", d: "M30 80 C30 66 38 58 46 50 C40 53 33 57 27 57 C21 53 21 46 25 41 L42 25 L44 13 L53 21 C67 24 75 42 72 80 Z" }, BASE],
    detail: [{ tag: "path", d: "M55 26 C63 34 67 48 66 66" }, { tag: "circle", cx: 44, cy: 32, r: 2.5 }],
  },
  b: {
    body: [
      { tag: "circle", cx: 50, cy: 12, r: 5 },
      { tag: "path", d: "M50 17 C62 27 66 41 58 54 H42 C34 41 38 27 50 17 Z" },
      { tag: "path", d: "M36 80 C38 68 42 61 44 56 H56 C58 61 62 68 64 80 Z" },
      { tag: "rect", x: 39, y: 52, width: 22, height: 6, rx: 3 },
      BASE,
    ],
    detail: [{ tag: "path", d: "M44 36 L56 28" }],
  },
  q: {
    body: [
      { tag: "path", d: "M30 80 L20 33 L31 54 L35 27 L43 50 L50 21 L57 50 L65 27 L69 54 L80 33 L70 80 Z" },
      ...[
        [20, 30],
        [35, 24],
        [50, 17],
        [65, 24],
        [80, 30],
      ].map(([cx, cy]) => ({ tag: "circle", cx, cy, r: 5 })),
      BASE,
    ],
    detail: [{ tag: "path", d: "M31 66 H69" }],
  },
  k: {
    body: [
      { tag: "path", d: "M47 10 H53 V18 H60 V24 H53 V36 H47 V24 H40 V18 H47 Z" },
      { tag: "path", d: "M32 80 C25 62 23 49 31 43 C39 37 46 42 50 50 C54 42 61 37 69 43 C77 49 75 62 68 80 Z" },
      BASE,
    ],
    detail: [{ tag: "path", d: "M50 50 V64 M33 66 H67" }],
  },
};

/** A piece in its 100 × 100 box: `char` as in FEN (upper case white). */
export function pieceShape(char) {
  const type = char.toLowerCase();
  const white = char !== type;
  const shape = SHAPES[type];
  const part = (spec, className) => {
    const { tag, ...attrs } = spec;
    return s(tag, { ...attrs, class: className });
  };
  return s(
    "g",
    { class: ["piece", white ? "pc-w" : "pc-b"], "aria-hidden": "true" },
    shape.body.map((spec) => part(spec, "pc-body")),
    shape.detail.map((spec) => part(spec, "pc-detail")),
  );
}

/** FEN placement → {square: char}; also the side to move. */
function parseFen(fen) {
  const [placement, turn] = fen.split(" ");
  const board = {};
  placement.split("/").forEach((row, i) => {
    let file = 0;
    for (const ch of row) {
      if (/\d/.test(ch)) file += Number(ch);
      else {
        board[`${FILES[file]}${8 - i}`] = ch;
        file += 1;
      }
    }
  });
  return { board, whiteToMove: turn !== "b" };
}

function pieceName(char, ctx) {
  const colour = char === char.toUpperCase() ? "w" : "b";
  return ctx.t(`piece.${colour}.${char.toLowerCase()}`);
}

/** SAN with the piece letters of the player's language (K Q R B N → K D T L S in German). */
export function localSan(san, ctx) {
  const letters = ctx.t("san.pieces");
  if (!san || letters.length !== 5 || letters === "KQRBN") return san;
  return san.replace(/[KQRBN]/g, (ch) => letters["KQRBN".indexOf(ch)]);
}

function colourOfSeat(pub, seat) {
  return seat === pub.white ? "white" : "black";
}

/** Where a square is drawn: the player's colour at the bottom (White for spectators). */
function place(square, whiteBottom) {
  const file = FILES.indexOf(square[0]);
  const rank = Number(square[1]) - 1;
  return whiteBottom ? [file * SQ, (7 - rank) * SQ] : [(7 - file) * SQ, rank * SQ];
}

function promotionDialog(choices, whiteMoves, ctx, onChoose) {
  const buttons = PROMOTIONS.filter((p) => choices.some((m) => m.uci[4] === p)).map((p) =>
    h(
      "button",
      {
        type: "button",
        class: "promo-choice",
        "data-testid": `promote-${p}`,
        onclick: () => {
          handle.close();
          onChoose(choices.find((m) => m.uci[4] === p));
        },
      },
      s("svg", { viewBox: "0 0 100 100", class: "promo-piece", "aria-hidden": "true", focusable: "false" }, pieceShape(whiteMoves ? p.toUpperCase() : p)),
      h("span", null, ctx.t(`promote.${p}`)),
    ),
  );
  const handle = openDialog({
    title: ctx.t("promotion.title"),
    testid: "promotion-dialog",
    className: "chess-promotion",
    content: h("div", { class: "promo-row", role: "group", "aria-label": ctx.t("promotion.title") }, buttons),
  });
  arrowKeys(buttons);
  if (buttons.length) buttons[0].focus();
}

function draw(container, view, ctx) {
  const pub = view.public;
  const state = ctx.state;
  const ply = pub.moves.length;
  if (state.ply !== ply) {
    state.ply = ply;
    state.selected = null;
  }
  const { board, whiteToMove } = parseFen(pub.fen);
  const myColour = ctx.mySeat === null ? null : colourOfSeat(pub, ctx.mySeat);
  const whiteBottom = myColour !== "black";

  // Legal moves by start square; only ever from the view.
  const byFrom = new Map();
  if (ctx.canMove) {
    for (const move of view.legal_moves || []) {
      if (move.type !== "move") continue;
      const from = move.uci.slice(0, 2);
      if (!byFrom.has(from)) byFrom.set(from, []);
      byFrom.get(from).push(move);
    }
  }
  if (state.selected && !byFrom.has(state.selected)) state.selected = null;
  const selected = state.selected;
  const targets = new Map(); // to-square -> moves
  for (const move of selected ? byFrom.get(selected) : []) {
    const to = move.uci.slice(2, 4);
    if (!targets.has(to)) targets.set(to, []);
    targets.get(to).push(move);
  }
  const last = pub.last ? [pub.last.slice(0, 2), pub.last.slice(2, 4)] : [];
  const checkedKing = pub.check ? Object.keys(board).find((sq) => board[sq] === (whiteToMove ? "K" : "k")) : null;
  const again = () => redraw(draw, container, view, ctx);

  const press = (square) => {
    if (!ctx.canMove) return;
    if (selected && targets.has(square)) {
      const moves = targets.get(square);
      if (moves.length === 1) ctx.move(moves[0]);
      else promotionDialog(moves, whiteToMove, ctx, (move) => ctx.move(move));
      return;
    }
    if (byFrom.has(square)) {
      state.selected = square === selected ? null : square;
      if (state.selected) ctx.announce(ctx.t("announce.selected", { square, piece: pieceName(board[square], ctx), count: new Set(byFrom.get(square).map((m) => m.uci.slice(2, 4))).size }));
      again();
    } else if (selected) {
      state.selected = null;
      again();
    }
  };

  const svg = svgRoot(8 * SQ, 8 * SQ, {
    class: "chess-board",
    label: ctx.t("board.label", { colour: ctx.t(`colour.${whiteBottom ? "white" : "black"}`) }),
    testid: "chess-board",
  });
  const rows = Array.from({ length: 8 }, () => new Array(8).fill(null));
  const pieces = new Map();
  for (let rank = 8; rank >= 1; rank--) {
    for (const file of FILES) {
      const square = `${file}${rank}`;
      const [x, y] = place(square, whiteBottom);
      const dark = (FILES.indexOf(file) + rank) % 2 === 1;
      const char = board[square];
      const target = targets.has(square);
      const movable = byFrom.has(square);
      const parts = [char ? pieceName(char, ctx) : ctx.t("square.empty")];
      if (square === selected) parts.push(ctx.t("square.selected"));
      else if (movable) parts.push(ctx.t("square.movable"));
      if (target) parts.push(ctx.t(char ? "square.capture" : "square.target"));
      if (square === checkedKing) parts.push(ctx.t("square.check"));
      if (last.includes(square)) parts.push(ctx.t("square.last"));
      const children = [s("rect", { x, y, width: SQ, height: SQ, class: ["sq", dark ? "dark" : "light"] })];
      if (last.includes(square)) children.push(s("rect", { x: x + 4, y: y + 4, width: SQ - 8, height: SQ - 8, class: "last-move" }));
      if (square === selected) children.push(s("rect", { x: x + 3, y: y + 3, width: SQ - 6, height: SQ - 6, class: "selected" }));
      if (square === checkedKing) children.push(s("circle", { cx: x + SQ / 2, cy: y + SQ / 2, r: 44, class: "in-check" }));
      // Coordinates inside the edge squares, as on a printed board.
      if (y === 7 * SQ) children.push(s("text", { x: x + SQ - 5, y: y + SQ - 6, class: ["coord", dark ? "on-dark" : "on-light"], "text-anchor": "end", text: file }));
      if (x === 0) children.push(s("text", { x: x + 5, y: y + 27, class: ["coord", dark ? "on-dark" : "on-light"], text: String(rank) }));
      if (char) {
        const piece = s("g", { class: "piece-wrap" }, s("g", { transform: `translate(${x} ${y})` }, pieceShape(char)));
        pieces.set(square, piece);
        children.push(piece);
      }
      if (target) {
        children.push(char ? s("circle", { cx: x + SQ / 2, cy: y + SQ / 2, r: 45, class: "target-ring" }) : s("circle", { cx: x + SQ / 2, cy: y + SQ / 2, r: 15, class: "target-dot" }));
      }
      children.push(s("rect", { x: x + 3, y: y + 3, width: SQ - 6, height: SQ - 6, class: "hit" }));
      const button = cell(
        {
          label: `${square}, ${parts.join(", ")}`,
          testid: `sq-${square}`,
          lit: target || (movable && !selected) || square === selected,
          pressed: movable ? square === selected : undefined,
          className: [target && "target", movable && "movable"].filter(Boolean).join(" "),
          onPress: () => press(square),
        },
        children,
      );
      rows[y / SQ][x / SQ] = button;
      svg.append(button);
    }
  }
  // A piece being moved is drawn above its neighbours while it slides.
  for (const event of ctx.events) {
    if (event.code !== "moved" || !event.uci) continue;
    const from = event.uci.slice(0, 2);
    const to = event.uci.slice(2, 4);
    const [fx, fy] = place(from, whiteBottom);
    const [tx, ty] = place(to, whiteBottom);
    const piece = pieces.get(to);
    if (piece) {
      const square = piece.parentNode;
      svg.append(square); // on top while it slides
      slide(piece, fx - tx, fy - ty, ctx);
    }
    // Castling moves the rook too.
    if (board[to] && board[to].toLowerCase() === "k" && Math.abs(FILES.indexOf(from[0]) - FILES.indexOf(to[0])) === 2) {
      const kingside = to[0] === "g";
      const rookFrom = `${kingside ? "h" : "a"}${to[1]}`;
      const rookTo = `${kingside ? "f" : "d"}${to[1]}`;
      const [rx, ry] = place(rookFrom, whiteBottom);
      const [qx, qy] = place(rookTo, whiteBottom);
      slide(pieces.get(rookTo), rx - qx, ry - qy, ctx);
    }
  }
  rovingGrid(rows, state, selected ? `sq-${selected}` : checkedKing ? `sq-${checkedKing}` : null);
  container.append(svg);
  container.append(moveList(pub, ctx));
  if (ctx.mySeat !== null && !view.result) ctx.ownZone.append(actions(view, ctx));
}

/** "1. e4 e5 2. Nf3 …" on one line that scrolls, newest in sight. */
function moveList(pub, ctx) {
  const start = pub.start_fen ? pub.start_fen.split(" ") : ["", "w", "", "", "0", "1"];
  let number = Number(start[5]) || 1;
  const blackFirst = start[1] === "b";
  const items = [];
  /** @type {HTMLElement | null} */
  let current = null;
  pub.san.forEach((san, i) => {
    const whiteMove = blackFirst ? i % 2 === 1 : i % 2 === 0;
    if (whiteMove || current === null) {
      current = h("li", null, h("span", { class: "num" }, whiteMove ? `${number}.` : `${number}…`));
      items.push(current);
    }
    current.append(" ", h("span", { class: ["ply", i === pub.san.length - 1 && "newest"], "data-san": san }, localSan(san, ctx)));
    if (!whiteMove) {
      number += 1;
      current = null;
    }
  });
  const list = h(
    "ol",
    { class: "chess-moves", "data-testid": "chess-moves", "aria-label": ctx.t("moves.label"), tabindex: "0" },
    items.length ? items : h("li", { class: "hint" }, ctx.t("moves.empty")),
  );
  requestAnimationFrame(() => {
    list.scrollLeft = list.scrollWidth;
  });
  return list;
}

function actions(view, ctx) {
  const canResign = ctx.canMove && isLegal(view, RESIGN);
  return h(
    "div",
    { class: "chess-actions" },
    h(
      "button",
      {
        type: "button",
        class: "chess-resign",
        "data-testid": "resign-button",
        disabled: !canResign,
        title: canResign ? null : ctx.t("resign.on_turn"),
        onclick: async () => {
          const other = ctx.seatName(1 - ctx.mySeat);
          const ok = await confirmDialog({ title: ctx.t("resign.title"), text: ctx.t("resign.text", { name: other }), ok: ctx.t("resign.ok"), testid: "resign-dialog" });
          if (ok) ctx.move(RESIGN);
        },
      },
      ctx.t("resign.button"),
    ),
  );
}

/** @type {import("../../js/types.js").Render} */
export function render(container, view, ctx) {
  draw(container, view, ctx);
}

/** @type {import("../../js/types.js").Describe} */
export function describe(event, ctx) {
  const name = typeof event.seat === "number" ? ctx.seatName(event.seat) : "";
  switch (event.code) {
    case "moved":
      return ctx.t("event.moved", { name, san: localSan(event.san, ctx), from: event.uci.slice(0, 2), to: event.uci.slice(2, 4) });
    case "check":
      return ctx.t("event.check", { name });
    case "checkmate":
      return ctx.t("event.checkmate", { name });
    case "resigned":
      return ctx.t("event.resigned", { name });
    case "draw":
      return ctx.t("event.draw", { reason: ctx.t(`reason.${event.reason}`) });
    default:
      return null;
  }
}

/** @type {import("../../js/types.js").Status} */
export function status(view, ctx) {
  if (!ctx.canMove) return null;
  const colour = ctx.t(`colour.${colourOfSeat(view.public, ctx.mySeat)}`);
  return ctx.t(view.public.check ? "status.check" : "status.move", { colour });
}

/**
 * The seats strip says who plays which colour.
 * @type {import("../../js/types.js").SeatBadge}
 */
export function seatBadge(view, seat, ctx) {
  if (!view.public || typeof view.public.white !== "number") return null;
  return ctx.t(`colour.${colourOfSeat(view.public, seat)}`);
}

// Win, loss or draw: the placings say it all.
export const resultScores = false;
