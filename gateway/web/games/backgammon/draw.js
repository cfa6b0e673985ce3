// Backgammon: 24 points, the bar in the middle, the borne-off tray on the right. The board is
// turned to the player's side: your home board (points 1–6) bottom right, you move
// anticlockwise from the top right (24) round to it. A turn is tapped step by step: tap one
// of your lit checkers (or the bar), then a lit point (or the tray); Undo takes a step back,
// Confirm sends the whole turn. What is lit comes only from view.legal_moves: a step is lit
// when the steps tapped so far plus it are part of some listed turn. The client moves the
// checkers on screen as you tap; it never judges a rule. With the doubling cube on, a turn
// may start with a decision (Roll or Double) and a double is answered with Take or Drop: the
// buttons are the listed moves, and the cube is drawn in the tray column (the strip on an
// upright phone), in the middle or on its owner's side.
import { button, h, s, seatToken, svgRoot, useStylesheet } from "../../js/svg.js";
import { cell, redraw, rovingGrid } from "../board-kit.js";

useStylesheet(new URL("./style.css", import.meta.url));

// Two layouts. Wide: the whole board in one row pair, the bar between the halves, the tray on
// the right. Narrow (a phone held upright): the board cut at the bar, its left half above its
// right half, the bar and the tray in a strip between them, so each point is twice as wide
// (a finger-sized target) and your home board (1–6) is still the bottom row, right-hand end.
const WIDE = { narrow: false, PW: 52, BAR: 44, M: 10, OFFW: 56, PH: 200, GAP: 0, STRIP: 0, R: 22, STACK: 5 };
const NARROW = { narrow: true, PW: 56, BAR: 0, M: 8, OFFW: 0, PH: 50, GAP: 36, STRIP: 60, R: 13, STACK: 2 };
WIDE.W = WIDE.M + 12 * WIDE.PW + WIDE.BAR + 8 + WIDE.OFFW + WIDE.M;
WIDE.H = 520;
NARROW.HALF = 2 * NARROW.PH + NARROW.GAP;
NARROW.W = 2 * NARROW.M + 6 * NARROW.PW;
NARROW.H = 2 * NARROW.M + 2 * NARROW.HALF + NARROW.STRIP;
const NARROW_QUERY = "(max-width: 599px) and (orientation: portrait)";
const BAR_POS = 25;

const stepKey = (step) => `${step[0]}-${step[1]}`;

/** Steps as a count per "from-to" key. */
function bag(steps) {
  const out = new Map();
  for (const st of steps) out.set(stepKey(st), (out.get(stepKey(st)) || 0) + 1);
  return out;
}

function contains(big, small) {
  for (const [key, n] of small) if ((big.get(key) || 0) < n) return false;
  return true;
}

function sameBag(a, b) {
  return a.size === b.size && contains(a, b) && contains(b, a);
}

/** The two boards after the tapped steps, for display only (from-1, to+1, a lone checker of the
 * other side on the point goes to its bar). mine/theirs: 25 counts each, own numbering. */
function shown(mine, theirs, steps) {
  const m = [...mine];
  const t = [...theirs];
  let off = 0;
  for (const [from, to] of steps) {
    m[from - 1] -= 1;
    if (to === 0) {
      off += 1;
      continue;
    }
    m[to - 1] += 1;
    if (t[24 - to] === 1) {
      t[24 - to] = 0;
      t[24] += 1;
    }
  }
  return { m, t, off };
}

/** A point's centre x, the y of its base (the board's edge) and whether it points down, in
 * the viewer's numbering. */
function pointPlace(L, p) {
  const top = p >= 13;
  const col = top ? p - 13 : 12 - p; // 0..11 left to right on the wide board
  if (!L.narrow) {
    const x = L.M + col * L.PW + (col >= 6 ? L.BAR : 0) + L.PW / 2;
    return { x, top, baseY: top ? L.M : L.H - L.M };
  }
  const halfTop = L.M + (col >= 6 ? L.HALF + L.STRIP : 0);
  const x = L.M + (col % 6) * L.PW + L.PW / 2;
  return { x, top, baseY: top ? halfTop : halfTop + L.HALF };
}

/** Which die each tapped step used, for dimming the dice (display only). */
function usedDice(dice, steps) {
  const left = dice[0] === dice[1] ? [dice[0], dice[0], dice[0], dice[0]] : [...dice];
  const used = [];
  for (const [from, to] of steps) {
    const need = from - to;
    let i = left.indexOf(need);
    if (i < 0 && to === 0) {
      const bigger = left.filter((d) => d > need).sort((a, b) => a - b);
      if (bigger.length) i = left.indexOf(bigger[0]);
    }
    if (i >= 0) used.push(left.splice(i, 1)[0]);
  }
  return { used, left };
}

/** The cube decision the listed moves ask for ("decide": roll or double, "answer": take or
 * drop), or null when they are turns to play. */
function decision(moves) {
  const kinds = new Set((moves || []).map((m) => m.type));
  if (kinds.has("double") || kinds.has("roll")) return "decide";
  if (kinds.has("take") || kinds.has("drop")) return "answer";
  return null;
}

/** The cube's accessible text: its value and where it stands. */
function cubeText(pub, me, ctx) {
  if (pub.cube_owner === null || pub.cube_owner === undefined) return ctx.t("cube.middle", { value: pub.cube });
  if (pub.cube_owner === me) return ctx.t("cube.mine", { value: pub.cube });
  return ctx.t("cube.theirs", { value: pub.cube, name: ctx.seatName(pub.cube_owner) });
}

function draw(container, view, ctx) {
  const pub = view.public;
  const st = ctx.state;
  const me = ctx.mySeat ?? 0;
  const other = 1 - me;
  const turnKey = `${pub.turns}:${pub.turn}:${pub.dice.join(",")}:${pub.phase || ""}`;
  if (st.turnKey !== turnKey) {
    st.turnKey = turnKey;
    st.steps = [];
    st.selected = null;
  }
  const canAct = ctx.canMove && ctx.mySeat !== null && view.legal_moves.length > 0;
  const deciding = canAct ? decision(view.legal_moves) : null;
  const myTurn = canAct && deciding === null;
  const legal = myTurn ? view.legal_moves.map((m) => ({ move: m, bag: bag(m.steps) })) : [];
  const tapped = bag(st.steps);
  const { m, t, off } = shown(pub.board[me], pub.board[other], myTurn ? st.steps : []);
  // Candidate next steps: in some listed turn together with the steps tapped so far, and from
  // a point where one of my checkers now stands.
  const next = [];
  if (myTurn) {
    const seen = new Set();
    for (const { move, bag: b } of legal) {
      if (!contains(b, tapped)) continue;
      for (const step of move.steps) {
        const key = stepKey(step);
        if (seen.has(key) || (b.get(key) || 0) <= (tapped.get(key) || 0)) continue;
        if (m[step[0] - 1] <= 0) continue;
        seen.add(key);
        next.push(step);
      }
    }
  }
  const sources = new Set(next.map((x) => x[0]));
  const targets = st.selected === null ? new Set() : new Set(next.filter((x) => x[0] === st.selected).map((x) => x[1]));
  const complete = myTurn ? legal.find((x) => sameBag(x.bag, tapped)) : null;
  const lastTo = new Set((pub.last && pub.last.steps ? pub.last.steps : []).map((x) => (pub.last.seat === me ? x[1] : 25 - x[1])));

  const again = () => redraw(draw, container, view, ctx);
  const choose = (p) => {
    if (st.selected !== null && targets.has(p)) {
      st.steps = [...st.steps, [st.selected, p]];
      st.selected = null;
      // Select the next source at once where only one is left, to save a tap.
      again();
      return;
    }
    if (sources.has(p)) {
      st.selected = st.selected === p ? null : p;
      // A source with a single target: one tap is enough.
      const only = next.filter((x) => x[0] === p);
      if (st.selected !== null && only.length === 1) {
        st.steps = [...st.steps, only[0]];
        st.selected = null;
      }
      again();
    }
  };

  const L = window.matchMedia(NARROW_QUERY).matches ? NARROW : WIDE;
  const { PW, M, PH, R, W, H } = L;
  const svg = svgRoot(W, H, { class: L.narrow ? "bg-board narrow" : "bg-board", label: ctx.t("board.label", { name: ctx.seatName(me) }), testid: "bg-board" });
  // Turns played so far, for tests and tools that wait for the next turn.
  svg.setAttribute("data-turns", String(pub.turns));
  svg.setAttribute("data-layout", L.narrow ? "narrow" : "wide");
  svg.append(s("rect", { x: 2, y: 2, width: W - 4, height: H - 4, rx: 14, class: "bg-frame" }));
  // The bar: between the halves, upright on the wide board, a strip across on the narrow one
  // (its left part; the tray takes the rest).
  const stripY = M + (L.HALF || 0);
  const barBox = L.narrow ? { x: M, y: stripY, width: 4 * PW, height: L.STRIP } : { x: M + 6 * PW, y: M, width: L.BAR, height: H - 2 * M };
  const trayBox = L.narrow
    ? { x: M + 4 * PW + 4, y: stripY + 4, width: 2 * PW - 4, height: L.STRIP - 8 }
    : { x: M + 12 * PW + L.BAR + 8, y: M, width: L.OFFW, height: H - 2 * M };
  // The tray's tap area: on the narrow board the whole of its part of the strip.
  const trayHit = L.narrow ? { x: M + 4 * PW, y: stripY, width: 2 * PW, height: L.STRIP } : trayBox;
  svg.append(s("rect", { ...barBox, class: "bg-bar" }));

  const checkers = (count, seat, x, top, baseY) => {
    const out = [];
    const shownCount = Math.min(count, L.STACK);
    const at = (i) => (top ? baseY + R + i * 2 * R * 0.92 : baseY - R - i * 2 * R * 0.92);
    for (let i = 0; i < shownCount; i++) out.push(seatToken(ctx, seat, x, at(i), R - 1));
    if (count > L.STACK) {
      out.push(s("text", { x, y: at(L.STACK - 1), "text-anchor": "middle", "dominant-baseline": "central", class: "bg-count", text: ctx.formatNumber(count) }));
    }
    return s("g", { "aria-hidden": "true" }, out);
  };

  /** One checker with its count beside it (the narrow board's bar). */
  const counted = (count, seat, x, y) =>
    s("g", { "aria-hidden": "true" }, [
      seatToken(ctx, seat, x, y, R - 1),
      s("text", { x: x + R + 6, y, "dominant-baseline": "central", class: "bg-count", text: ctx.formatNumber(count) }),
    ]);

  const pointCell = (p) => {
    const { x, top, baseY } = pointPlace(L, p);
    const mine = m[p - 1];
    const theirs = t[24 - p];
    const isSource = sources.has(p);
    const isTarget = targets.has(p);
    const parts = [ctx.t("point.label", { n: p })];
    if (mine) parts.push(ctx.t("point.mine", { count: mine }));
    else if (theirs) parts.push(ctx.t("point.theirs", { count: theirs, name: ctx.seatName(other) }));
    else parts.push(ctx.t("point.empty"));
    if (st.selected === p) parts.push(ctx.t("point.selected"));
    else if (isTarget) parts.push(ctx.t("point.target"));
    else if (isSource) parts.push(ctx.t("point.source"));
    const tipY = top ? baseY + PH : baseY - PH;
    // Beyond the tip: the number (and the last-move dot), inside the point's tap area.
    const margin = L.narrow ? L.GAP / 2 : 44;
    const numberY = L.narrow ? (top ? tipY + 14 : tipY - 3) : top ? tipY + 30 : tipY - 30;
    const children = [
      s("path", { d: `M${x - PW / 2 + 2} ${baseY} L${x} ${tipY} L${x + PW / 2 - 2} ${baseY} Z`, class: ["bg-point", p % 2 ? "odd" : "even"] }),
    ];
    if (lastTo.has(p)) {
      const dot = L.narrow ? { cx: x + 16, cy: numberY - 5 } : { cx: x, cy: top ? tipY + 14 : tipY - 14 };
      children.push(s("circle", { ...dot, r: 5, class: "bg-last" }));
    }
    if (mine) children.push(checkers(mine, me, x, top, baseY));
    else if (theirs) children.push(checkers(theirs, other, x, top, baseY));
    if (isTarget) children.push(s("circle", { cx: x, cy: top ? tipY - 16 : tipY + 16, r: 10, class: "bg-target" }));
    if (isSource || st.selected === p) children.push(s("rect", { x: x - PW / 2 + 3, y: top ? baseY : tipY, width: PW - 6, height: PH, rx: 6, class: ["bg-source", st.selected === p && "selected"] }));
    children.push(s("text", { x, y: numberY, "text-anchor": "middle", class: "bg-num", text: String(p) }));
    children.push(s("rect", { x: x - PW / 2, y: top ? baseY : tipY - margin, width: PW, height: PH + margin, class: "hit" }));
    return cell(
      { label: parts.join(", "), testid: `point-${p}`, lit: isSource || isTarget, pressed: st.selected === p, className: isTarget ? "target" : null, onPress: () => choose(p) },
      children,
    );
  };

  const barCell = () => {
    const isSource = sources.has(BAR_POS);
    const parts = [ctx.t("bar.label", { mine: m[24], theirs: t[24], name: ctx.seatName(other) })];
    if (st.selected === BAR_POS) parts.push(ctx.t("point.selected"));
    else if (isSource) parts.push(ctx.t("point.source"));
    const children = [];
    let mineBox;
    if (L.narrow) {
      // Theirs on the left of the strip, mine on the right.
      const y = stripY + L.STRIP / 2;
      if (t[24]) children.push(counted(t[24], other, barBox.x + R + 8, y));
      if (m[24]) children.push(counted(m[24], me, barBox.x + barBox.width / 2 + R + 8, y));
      mineBox = { x: barBox.x + barBox.width / 2 + 2, y: stripY + 3, width: barBox.width / 2 - 4, height: L.STRIP - 6 };
    } else {
      // Mine on the bar sit in my half (bottom), theirs in the top half.
      const x = barBox.x + L.BAR / 2;
      if (m[24]) children.push(checkers(m[24], me, x, false, H / 2 + 4 * R + 10));
      if (t[24]) children.push(checkers(t[24], other, x, true, H / 2 - 4 * R - 10));
      mineBox = { x: x - L.BAR / 2 + 2, y: H / 2, width: L.BAR - 4, height: 4 * R + 10 };
    }
    if (isSource || st.selected === BAR_POS) children.push(s("rect", { ...mineBox, rx: 6, class: ["bg-source", st.selected === BAR_POS && "selected"] }));
    children.push(s("rect", { ...barBox, class: "hit" }));
    return cell({ label: parts.join(", "), testid: "bar", lit: isSource, pressed: st.selected === BAR_POS, onPress: () => choose(BAR_POS) }, children);
  };

  const offCell = () => {
    const isTarget = targets.has(0);
    const mineOff = pub.off[me] + off;
    const theirsOff = pub.off[other];
    const parts = [ctx.t("off.label", { mine: mineOff, theirs: theirsOff, name: ctx.seatName(other) })];
    if (isTarget) parts.push(ctx.t("off.target"));
    const { x: tx, y: ty, width: tw, height: th } = trayBox;
    const children = [s("rect", { ...trayBox, rx: 8, class: ["bg-tray", isTarget && "target"] })];
    if (L.narrow) {
      // Theirs borne off on the left of the tray, mine on the right, each a checker and a count.
      const y = ty + th / 2;
      [
        [other, theirsOff, tx],
        [me, mineOff, tx + tw / 2],
      ].forEach(([seat, count, left]) => {
        children.push(
          seatToken(ctx, seat, left + 14, y, 12), // its letter 12.6 units: 12 px on a phone
          s("text", { x: left + 36, y, "text-anchor": "middle", "dominant-baseline": "central", class: "bg-count", text: ctx.formatNumber(count) }),
        );
      });
      if (isTarget) children.push(s("circle", { cx: tx + (3 * tw) / 4, cy: ty + th - 8, r: 6, class: "bg-target" }));
    } else {
      const x = tx + tw / 2;
      children.push(
        s("text", { x, y: M + 30, "text-anchor": "middle", class: "bg-count", text: ctx.formatNumber(theirsOff) }),
        s("text", { x, y: H - M - 20, "text-anchor": "middle", class: "bg-count", text: ctx.formatNumber(mineOff) }),
      );
      if (theirsOff) children.push(seatToken(ctx, other, x, M + 70, 14));
      if (mineOff) children.push(seatToken(ctx, me, x, H - M - 60, 14));
      if (isTarget) children.push(s("circle", { cx: x, cy: H / 2 + 60, r: 12, class: "bg-target" }));
    }
    children.push(s("rect", { ...trayHit, class: "hit" }));
    return cell({ label: parts.join(", "), testid: "off", lit: isTarget, className: isTarget ? "target" : null, onPress: () => choose(0) }, children);
  };

  /** The doubling cube: in the tray column (wide) or the strip between the bar's two groups
   * (narrow); in the middle, or towards its owner's side (mine below, theirs above). */
  function cubeMark() {
    const side = pub.cube_owner === null || pub.cube_owner === undefined ? 0 : pub.cube_owner === me ? 1 : -1;
    const size = L.narrow ? 26 : 40;
    let cx;
    let cy;
    if (L.narrow) {
      cx = barBox.x + 91;
      cy = stripY + L.STRIP / 2 + side * 15;
    } else {
      cx = trayBox.x + trayBox.width / 2;
      cy = H / 2 - 10 + side * 130;
    }
    const owner = side === 0 ? "middle" : side === 1 ? "mine" : "theirs";
    const parts = [
      s("rect", { x: cx - size / 2, y: cy - size / 2, width: size, height: size, rx: 6, class: "bg-cube-face" }),
      s("text", { x: cx, y: cy, "text-anchor": "middle", "dominant-baseline": "central", class: "bg-cube-value", text: ctx.formatNumber(pub.cube) }),
    ];
    // The owner's token on the cube's corner: the side is said by more than its place.
    if (side !== 0) parts.push(seatToken(ctx, pub.cube_owner, cx + size / 2, cy - size / 2, 12));
    return s("g", { class: ["bg-cube", owner], role: "img", "aria-label": cubeText(pub, me, ctx), "data-testid": "bg-cube", "data-value": String(pub.cube), "data-owner": owner }, parts);
  }

  const topRow = [];
  const bottomRow = [];
  for (let p = 13; p <= 24; p++) topRow.push(pointCell(p));
  for (let p = 12; p >= 1; p--) bottomRow.push(pointCell(p));
  const barEl = barCell();
  const offEl = offCell();
  svg.append(...topRow, ...bottomRow, barEl, offEl);
  if (typeof pub.cube === "number") svg.append(cubeMark());
  // Keyboard: the rows as drawn. Wide: the top row, the bar between the halves, the bottom
  // row and the tray. Narrow: the left half's two rows, the strip, the right half's two rows
  // (the bar and the tray placed so that every column's up or down arrow reaches one).
  const rows = L.narrow
    ? [topRow.slice(0, 6), bottomRow.slice(0, 6), [null, barEl, null, null, offEl, null], topRow.slice(6), bottomRow.slice(6)]
    : [
        [...topRow.slice(0, 6), null, ...topRow.slice(6), null],
        [null, null, null, null, null, null, barEl, null, null, null, null, null, null, offEl],
        [...bottomRow.slice(0, 6), null, ...bottomRow.slice(6), null],
      ];
  const lit = [...topRow, ...bottomRow, barEl, offEl].find((el) => el.classList.contains("lit"));
  rovingGrid(rows, st, lit ? lit.getAttribute("data-testid") : null);
  container.append(svg);

  // Own zone: the dice (used ones dimmed), Undo and Confirm.
  const roller = pub.turn;
  if (!pub.over && pub.dice[0]) {
    const { used } = usedDice(pub.dice, myTurn ? st.steps : []);
    const all = pub.dice[0] === pub.dice[1] ? [pub.dice[0], pub.dice[0], pub.dice[0], pub.dice[0]] : [...pub.dice];
    const remaining = [...used];
    const faces = all.map((d, i) => {
      const k = remaining.indexOf(d);
      const isUsed = k >= 0;
      if (isUsed) remaining.splice(k, 1);
      return h("span", { class: ["bg-die", isUsed && "used"], "data-testid": `die-${i}`, "aria-hidden": "true" }, String(d));
    });
    const diceBox = h(
      "div",
      { class: "bg-dice", role: "group", "aria-label": ctx.t("dice.label", { name: ctx.seatName(roller), a: pub.dice[0], b: pub.dice[1] }), "data-testid": "bg-dice" },
      ...faces,
    );
    /** @type {HTMLElement[]} */
    const controls = [diceBox];
    if (myTurn) {
      controls.push(
        button({
          text: ctx.t("button.undo"),
          testid: "bg-undo",
          disabled: st.steps.length === 0,
          onPress: () => {
            st.steps = st.steps.slice(0, -1);
            st.selected = null;
            again();
          },
        }),
        button({
          text: ctx.t("button.confirm"),
          testid: "bg-confirm",
          disabled: !complete,
          onPress: () => {
            if (complete) ctx.move(complete.move);
          },
        }),
      );
    }
    ctx.ownZone.append(h("div", { class: "bg-zone" }, ...controls));
  }
  // The cube decisions: each button is a listed move.
  if (deciding) {
    const listed = (type) => view.legal_moves.find((mv) => mv.type === type);
    const labels = { roll: ctx.t("button.roll"), double: ctx.t("button.double", { value: 2 * pub.cube }), take: ctx.t("button.take"), drop: ctx.t("button.drop") };
    const order = deciding === "decide" ? ["roll", "double"] : ["take", "drop"];
    const buttons = order
      .filter((type) => listed(type))
      .map((type) => button({ text: labels[type], testid: `bg-${type}`, className: `bg-cube-choice ${type}`, onPress: () => ctx.move(listed(type)) }));
    ctx.ownZone.append(h("div", { class: "bg-zone", role: "group", "aria-label": cubeText(pub, me, ctx) }, ...buttons));
  }
}

/** @type {import("../../js/types.js").Render} */
export function render(container, view, ctx) {
  draw(container, view, ctx);
}

function stepsText(steps, ctx) {
  return steps.map(([from, to]) => `${from === 25 ? ctx.t("step.bar") : from}/${to === 0 ? ctx.t("step.off") : to}`).join(" ");
}

/** @type {import("../../js/types.js").Describe} */
export function describe(event, ctx) {
  const name = typeof event.seat === "number" ? ctx.seatName(event.seat) : "";
  switch (event.code) {
    case "opening_roll":
      return ctx.t("event.opening_roll", { a: ctx.seatName(0), x: event.dice[0], b: ctx.seatName(1), y: event.dice[1] });
    case "rolled":
      return ctx.t("event.rolled", { name, x: event.dice[0], y: event.dice[1] });
    case "no_move":
      return ctx.t("event.no_move", { name, x: event.dice[0], y: event.dice[1] });
    case "moved": {
      const text = ctx.t("event.moved", { name, steps: stepsText(event.steps, ctx) });
      return event.hits ? `${text} ${ctx.t("event.hit", { count: event.hits })}` : text;
    }
    case "doubled":
      return ctx.t("event.doubled", { name, value: event.value });
    case "taken":
      return ctx.t("event.taken", { name, value: event.value });
    case "dropped":
      return ctx.t("event.dropped", { name });
    case "game_over": {
      if (event.seat === null) return ctx.t("event.game_over.draw");
      const points = Array.isArray(event.scores) ? event.scores[event.seat] : null;
      if (event.kind === "drop") return ctx.t("event.game_over.drop", { name, count: points });
      // With the cube above 1 a win is worth more than its kind's 1, 2 or 3.
      const base = { single: 1, gammon: 2, backgammon: 3 }[event.kind];
      if (base && points !== null && points !== base) return ctx.t(`event.game_over.${event.kind}.points`, { name, count: points });
      return ctx.t(`event.game_over.${event.kind}`, { name });
    }
    default:
      return null;
  }
}

/** @type {import("../../js/types.js").Status} */
export function status(view, ctx) {
  if (!ctx.canMove || !view.public || view.public.over) return null;
  const deciding = decision(view.legal_moves);
  if (deciding === "decide") return ctx.t("status.decide", { value: 2 * view.public.cube });
  if (deciding === "answer") return ctx.t("status.answer", { name: ctx.seatName(1 - view.public.turn), value: 2 * view.public.cube });
  const st = ctx.state;
  const tapped = bag(st.steps || []);
  const done = view.legal_moves.some((m) => sameBag(bag(m.steps), tapped));
  return done ? ctx.t("status.confirm") : ctx.t("status.move", { x: view.public.dice[0], y: view.public.dice[1] });
}

/**
 * The seats strip: checkers borne off, and the cube beside its owner's count.
 * @type {import("../../js/types.js").SeatBadge}
 */
export function seatBadge(view, seat, ctx) {
  const off = view.public && view.public.off;
  if (!Array.isArray(off)) return null;
  const text = ctx.t("badge.off", { count: off[seat] });
  return view.public.cube_owner === seat ? `${text} · ${ctx.t("badge.cube", { value: view.public.cube })}` : text;
}
