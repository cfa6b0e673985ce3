// Village Night: the village as a ring of seats (the dead crossed out), the step of the night
// or day in the middle, and in the own zone your role card and what you may do now. Whom you
// may choose comes only from view.legal_moves: those seats are lit buttons; what you know
// (your role, your pack, the cards you looked at, the witch's victim) only from view.private.
import { arrowKeys, button, h, legalOfType, s, seatToken, svgButton, svgRoot, useStylesheet } from "../../js/svg.js";

useStylesheet(new URL("./style.css", import.meta.url));

const W = 320;
const C = W / 2;
const RING = 120;

/** What a tap on a seat does now: kill, look, vote, or (the witch) choose a poison. */
function seatAction(view) {
  const types = new Set((view.legal_moves || []).map((m) => m.type));
  for (const type of ["kill", "look", "vote"]) if (types.has(type)) return type;
  if (types.has("brew")) return "poison";
  return null;
}

function targets(view, action) {
  if (action === "poison") return new Set(legalOfType(view, "brew").map((m) => m.poison).filter((p) => p >= 0));
  if (!action) return new Set();
  return new Set(legalOfType(view, action).map((m) => m.seat));
}

/** What this seat knows about `seat` (its own role, a pack mate, a card the seer saw). */
function known(view, seat) {
  const pri = view.private || {};
  const pub = view.public;
  if (pub.roles) return pub.roles[seat];
  if (seat === view.seat) return pri.role;
  if (pri.pack && pri.pack.includes(seat)) return "wolf";
  const seen = (pri.seen || []).find((pair) => pair[0] === seat);
  return seen ? seen[1] : null;
}

function ring(view, ctx) {
  const pub = view.public;
  const n = view.seats;
  const action = ctx.canMove ? seatAction(view) : null;
  const lit = targets(view, action);
  const svg = svgRoot(W, W, { class: "vn-ring", label: ctx.t("ring.label", { count: n }), testid: "vn-ring" });
  svg.append(
    s("circle", { cx: C, cy: C, r: 44, class: ["vn-sky", pub.phase === "day" || pub.phase === "over" ? "day" : "night"], "aria-hidden": "true" }),
  );
  const buttons = [];
  for (let seat = 0; seat < n; seat++) {
    const angle = (2 * Math.PI * seat) / n - Math.PI / 2;
    const x = C + RING * Math.cos(angle);
    const y = C + RING * Math.sin(angle);
    const alive = pub.alive[seat];
    const role = known(view, seat);
    const chosen = action === "poison" && ctx.state.poison === seat;
    const parts = [ctx.seatName(seat), ctx.t(alive ? "seat.alive" : "seat.dead")];
    if (role) parts.push(ctx.t(`role.${role}`));
    if (seat === view.seat) parts.push(ctx.t("seat.you"));
    const children = [
      s("circle", { cx: x, cy: y, r: 24, class: "hit vn-seat-hit" }),
      seatToken(ctx, seat, x, y, 17, { class: alive ? "" : "vn-dead" }),
      alive ? null : s("path", { d: `M${x - 14} ${y - 14}L${x + 14} ${y + 14}M${x + 14} ${y - 14}L${x - 14} ${y + 14}`, class: "vn-cross" }),
      role ? s("text", { x, y: y + 34, "text-anchor": "middle", class: "vn-role-mark", text: ctx.t(`role.${role}`) }) : null,
    ];
    if (lit.has(seat)) {
      const label = ctx.t(`target.${action}`, { name: ctx.seatName(seat) }) + (role ? ` (${ctx.t(`role.${role}`)})` : "");
      const press = () => {
        if (action === "poison") {
          ctx.state.poison = ctx.state.poison === seat ? -1 : seat;
          ctx.state.rerender && ctx.state.rerender();
          return;
        }
        ctx.move({ type: action, seat });
      };
      const b = svgButton({ label, testid: `vn-seat-${seat}`, onPress: press, pressed: action === "poison" ? chosen : undefined, className: ["vn-seat", chosen && "chosen"].filter(Boolean).join(" ") }, children);
      buttons.push(b);
      svg.append(b);
    } else {
      svg.append(s("g", { class: "vn-seat quiet", role: "img", "aria-label": parts.join(", "), "data-testid": `vn-seat-${seat}` }, children));
    }
  }
  arrowKeys(buttons);
  return svg;
}

function roleCard(view, ctx) {
  const pri = view.private;
  if (!pri) return h("p", { class: "vn-watch hint", "data-testid": "vn-watching" }, ctx.t("watching.spectator"));
  const pub = view.public;
  const lines = [h("strong", { "data-testid": "vn-role" }, ctx.t("card.you_are", { role: ctx.t(`role.${pri.role}`) }))];
  if (!pub.alive[view.seat] && pub.phase !== "over") lines.push(h("p", { class: "vn-dead-note", "data-testid": "vn-dead" }, ctx.t("card.dead")));
  if (pri.pack && pri.pack.length > 1) {
    const mates = pri.pack.filter((seat) => seat !== view.seat).map((seat) => ctx.seatName(seat));
    lines.push(h("p", null, ctx.t("card.pack", { names: mates.join(", ") })));
  }
  if (pri.pack_votes && pub.phase === "hunt") {
    const votes = pri.pack_votes
      .map((target, wolf) => (target === null || target === undefined ? null : ctx.t("card.pack_vote", { name: ctx.seatName(wolf), other: ctx.seatName(target) })))
      .filter(Boolean);
    if (votes.length) lines.push(h("p", { "data-testid": "vn-pack-votes" }, votes.join(" · ")));
  }
  if (pri.seen && pri.seen.length) {
    lines.push(h("p", null, ctx.t("card.seen", { list: pri.seen.map(([seat, role]) => `${ctx.seatName(seat)}: ${ctx.t(`role.${role}`)}`).join(", ") })));
  }
  if (pri.role === "witch") {
    lines.push(h("p", null, ctx.t("card.potions", { save: ctx.t(pri.save_left ? "potion.left" : "potion.used"), poison: ctx.t(pri.poison_left ? "potion.left" : "potion.used") })));
  }
  return h("div", { class: "vn-card", "data-testid": "vn-card" }, lines);
}

function actions(view, ctx) {
  if (!ctx.canMove) return null;
  const legal = view.legal_moves || [];
  const kinds = new Set(legal.map((m) => m.type));
  const out = [];
  if (kinds.has("sleep")) out.push(button({ text: ctx.t("action.sleep"), testid: "vn-sleep", className: "primary", onPress: () => ctx.move({ type: "sleep" }) }));
  if (kinds.has("abstain")) out.push(button({ text: ctx.t("action.abstain"), testid: "vn-abstain", onPress: () => ctx.move({ type: "abstain" }) }));
  if (kinds.has("brew")) {
    const victim = view.private.victim;
    const canSave = legal.some((m) => m.save);
    const save = Boolean(ctx.state.save) && canSave;
    const poison = typeof ctx.state.poison === "number" ? ctx.state.poison : -1;
    out.push(h("p", { class: "hint" }, victim === null || victim === undefined ? ctx.t("witch.no_victim") : ctx.t("witch.victim", { name: ctx.seatName(victim) })));
    if (canSave)
      out.push(
        button({
          text: ctx.t("witch.save", { name: ctx.seatName(victim) }),
          testid: "vn-save",
          pressed: save,
          onPress: () => {
            ctx.state.save = !save;
            ctx.state.rerender && ctx.state.rerender();
          },
        }),
      );
    if (legal.some((m) => m.poison >= 0)) out.push(h("p", { class: "hint" }, poison >= 0 ? ctx.t("witch.poison_on", { name: ctx.seatName(poison) }) : ctx.t("witch.poison_hint")));
    out.push(
      button({
        text: ctx.t("witch.done"),
        testid: "vn-brew",
        className: "primary",
        onPress: () => {
          if (ctx.move({ type: "brew", save, poison })) {
            ctx.state.save = false;
            ctx.state.poison = -1;
          }
        },
      }),
    );
  }
  return out.length ? h("div", { class: "vn-actions", "data-testid": "vn-actions" }, out) : null;
}

function tally(view, ctx) {
  const last = view.public.tally;
  if (!last || view.public.phase === "over") return null;
  const rows = last.votes
    .map((target, voter) => (target === null || target === undefined ? null : h("li", null, target < 0 ? ctx.t("tally.abstained", { name: ctx.seatName(voter) }) : ctx.t("tally.voted", { name: ctx.seatName(voter), other: ctx.seatName(target) }))))
    .filter(Boolean);
  return h("details", { class: "vn-tally", "data-testid": "vn-tally" }, h("summary", null, ctx.t("tally.title", { round: last.round })), h("ul", null, rows));
}

/** @type {import("../../js/types.js").Render} */
export function render(container, view, ctx) {
  const again = () => {
    container.replaceChildren();
    ctx.ownZone.replaceChildren();
    draw(container, view, ctx);
  };
  ctx.state.rerender = again;
  draw(container, view, ctx);
}

function draw(container, view, ctx) {
  const pub = view.public;
  container.append(h("p", { class: "vn-step", "data-testid": "vn-step" }, ctx.t(`step.${pub.phase}`), pub.phase === "over" ? "" : ` · ${ctx.t("round", { round: pub.round })}`));
  container.append(ring(view, ctx));
  const zone = [roleCard(view, ctx), actions(view, ctx), tally(view, ctx)].filter(Boolean);
  ctx.ownZone.append(...zone);
}

/** @type {import("../../js/types.js").Describe} */
export function describe(event, ctx) {
  const name = typeof event.seat === "number" ? ctx.seatName(event.seat) : "";
  switch (event.code) {
    case "acted":
      return ctx.t("event.acted", { name });
    case "night_step":
      return ctx.t("event.night_step");
    case "dawn":
      return event.died && event.died.length
        ? ctx.t("event.dawn", { names: event.died.map((seat) => ctx.seatName(seat)).join(", "), count: event.died.length })
        : ctx.t("event.dawn_none");
    case "tally":
      return ctx.t("event.tally");
    case "hanged":
      return ctx.t("event.hanged", { name });
    case "nobody_hanged":
      return ctx.t("event.nobody_hanged");
    case "village_won":
      return ctx.t("event.village_won");
    case "pack_won":
      return ctx.t("event.pack_won");
    default:
      return null;
  }
}

/** @type {import("../../js/types.js").Status} */
export function status(view, ctx) {
  if (!ctx.canMove) return view.public.phase === "over" ? null : ctx.t(`status.wait.${view.public.phase}`);
  const kind = seatAction(view) || (view.legal_moves[0] && view.legal_moves[0].type);
  return ctx.t(`status.${kind}`);
}

/** @type {import("../../js/types.js").SeatBadge} */
export function seatBadge(view, seat, ctx) {
  return view.public.alive[seat] ? null : ctx.t("seat.dead");
}

export const resultScores = false;
