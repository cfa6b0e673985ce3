// What a game's draw module is handed as `ctx`, and an event said in words: shared by the live
// room (room.js) and the replay viewer (replay.js), so a module draws both the same way.
import { reducedMotion, shake } from "./dom.js";
import { announce } from "./eventlog.js";
import { currentLanguage, formatNumber, has, t } from "./i18n.js";
import { seatColour, seatInk, seatMarkOf, seatNameOf } from "./seats.js";
import * as svg from "./svg.js";

/**
 * The module's context. `room` gives the seats' names; `mySeat` is the seat drawn for (null:
 * a spectator); `canMove` false and `move` a no-op where nothing may be played (a replay).
 * @param {object} spec
 * @param {string} spec.gameId
 * @param {import("./types.js").ShownRoom | null | undefined} spec.room
 * @param {number | null} spec.mySeat
 * @param {number[]} spec.seats
 * @param {import("./types.js").GameEvent[] | null} [spec.events]
 * @param {boolean} [spec.canMove]
 * @param {(move: import("./types.js").Move) => boolean | void} [spec.move]
 * @param {boolean} [spec.pending]
 * @param {Record<string, any>} [spec.state]
 * @param {HTMLElement} [spec.ownZone]
 * @param {Element | null} [spec.shakeTarget]
 * @returns {import("./types.js").DrawContext}
 */
export function drawContext({ gameId, room, mySeat, seats, events, canMove = false, move = () => {}, pending = false, state = {}, ownZone, shakeTarget = null }) {
  const shown = room || { seats: [] };
  return {
    t: (key, params) => t(key, params, gameId),
    lang: currentLanguage(),
    formatNumber,
    seatName: (seat) => seatNameOf(shown, seat),
    seatColour,
    seatInk,
    seatMark: (seat) => seatMarkOf(shown, seat),
    mySeat,
    seats,
    room: shown,
    events: events || [],
    pending,
    canMove,
    move,
    announce,
    shake: (el) => shake(el || shakeTarget),
    state,
    // Absent only where a context words events and draws nothing (the replay's event line).
    ownZone: /** @type {HTMLElement} */ (ownZone),
    svg,
    reducedMotion: reducedMotion(),
  };
}

/**
 * An engine's event in words: the module's describe(), else "event.<code>" with the seat's name.
 * @param {import("./types.js").GameModule | null | undefined} module
 * @param {string} gameId
 * @param {import("./types.js").GameEvent} event
 * @param {import("./types.js").DrawContext} ctx
 * @returns {string}
 */
export function describeEvent(module, gameId, event, ctx) {
  if (module && typeof module.describe === "function") {
    try {
      const text = module.describe(event, ctx);
      if (text) return text;
    } catch (error) {
      console.warn("describe failed", error);
    }
  }
  const params = { ...event };
  if (typeof event.seat === "number") params.name = ctx.seatName(event.seat);
  const key = `event.${event.code}`;
  if (has(key, gameId)) return t(key, params, gameId);
  return params.name ? t("event.unknown_seat", { name: params.name, code: event.code }) : t("event.unknown", { code: event.code });
}
