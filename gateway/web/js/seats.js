// Seat identity (colour from the Okabe–Ito palette, a letter so colour is never the only
// signal, name) and the seats strip at the top of the room.
import { h } from "./dom.js";
import { formatNumber, t } from "./i18n.js";
import { levelLabel } from "./options.js";
import { dateText } from "./time_text.js";

// Okabe–Ito: orange, sky blue, bluish green, yellow, blue, vermillion, reddish purple, black.
export const PALETTE = ["#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7", "#000000"];
const INK = ["#000", "#000", "#000", "#000", "#fff", "#000", "#000", "#fff"];
const COLOUR_NAMES = ["orange", "sky_blue", "green", "yellow", "blue", "vermillion", "purple", "black"];

function darkTheme() {
  return window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches;
}

/**
 * A seat's Okabe–Ito colour (grey for no seat).
 * @param {number | null | undefined} seat
 * @returns {string}
 */
export function seatColour(seat) {
  if (seat === null || seat === undefined || seat < 0) return "#888";
  const i = seat % PALETTE.length;
  // Black vanishes on a dark table; a light grey takes its place there.
  if (i === 7 && darkTheme()) return "#D9D9D9";
  return PALETTE[i];
}

/**
 * The text colour that reads on a seat's colour.
 * @param {number | null | undefined} seat
 * @returns {string}
 */
export function seatInk(seat) {
  if (seat === null || seat === undefined || seat < 0) return "#000";
  const i = seat % PALETTE.length;
  if (i === 7 && darkTheme()) return "#000";
  return INK[i];
}

/**
 * The name of a seat's colour, in the page's language.
 * @param {number} seat
 * @returns {string}
 */
export function colourName(seat) {
  return t(`colour.${COLOUR_NAMES[seat % COLOUR_NAMES.length]}`);
}

/**
 * A computer seat's name, "Computer (easy)": the same words for a level on every page.
 * @param {string | number | undefined} level
 * @returns {string}
 */
export function cpuName(level) {
  return t("seat.cpu_name", { level: levelLabel(level) });
}

/** A name as a finished game keeps it: a computer seat is kept as "CPU (<level>)" (lobby's
 * finished record) and shown as `cpuName`; a deleted player's seat is kept as "".
 * @param {string} name
 * @returns {string}
 */
export function recordedName(name) {
  if (!name) return t("player.deleted");
  const cpu = /^CPU \((\w*)\)$/.exec(name);
  return cpu ? cpuName(cpu[1]) : name;
}

/**
 * A seat's name: the player's name, else "Computer (easy)" or "Seat 3".
 * @param {import("./types.js").ShownRoom | null | undefined} room
 * @param {number} seat
 * @returns {string}
 */
export function seatNameOf(room, seat) {
  const info = room && room.seats ? room.seats.find((s) => s.seat === seat) : null;
  if (info && info.name) return info.name;
  if (info && info.kind === "cpu") return cpuName(info.level);
  return t("seat.n", { n: seat + 1 });
}

/**
 * One letter per seat: the name's initial when no other seat shares it, else the seat's
 * number, so tokens can always be told apart.
 * @param {import("./types.js").ShownRoom | null | undefined} room
 * @returns {string[]}
 */
export function seatMarks(room) {
  const seats = (room && room.seats) || [];
  const initials = seats.map((s) => {
    // An open seat has no name yet: it shows its number.
    if (!s.name && s.kind !== "cpu") return null;
    const name = seatNameOf(room, s.seat).trim();
    const first = [...name][0] || "?";
    return /\p{L}/u.test(first) ? first.toLocaleUpperCase() : null;
  });
  return seats.map((s, i) => {
    const initial = initials[i];
    const unique = initial && initials.filter((x) => x === initial).length === 1;
    return unique ? initial : String(s.seat + 1);
  });
}

/**
 * A seat's letter (seatMarks).
 * @param {import("./types.js").ShownRoom | null | undefined} room
 * @param {number} seat
 * @returns {string}
 */
export function seatMarkOf(room, seat) {
  const seats = (room && room.seats) || [];
  const index = seats.findIndex((s) => s.seat === seat);
  return index >= 0 ? seatMarks(room)[index] : String(seat + 1);
}

/**
 * The dot state of a seat: "cpu", "connected", "away" or "open".
 * @param {import("./types.js").RoomSeat} info
 * @returns {"cpu" | "connected" | "away" | "open"}
 */
export function presence(info) {
  if (info.kind === "cpu" || info.cpu_plays) return "cpu"; // a CPU plays it for its player
  if (info.kind === "empty" || (info.kind === "human" && !info.taken)) return "open";
  return info.connected ? "connected" : "away";
}

/**
 * A shown rating, "1040", or "1040?" while provisional (fewer rated games than it takes to trust it).
 * @param {number} rating
 * @param {boolean | undefined} provisional
 * @returns {string}
 */
export function ratingText(rating, provisional) {
  return `${formatNumber(rating)}${provisional ? "?" : ""}`;
}

/**
 * The small "bot" badge by a bot account's name (its player said it is a bot), or null.
 * @param {{ bot?: boolean }} who a seat or a board's row
 * @param {string} testid
 * @returns {HTMLElement | null}
 */
export function botBadge(who, testid) {
  return who.bot ? h("span", { class: "chip-badge chip-bot", "data-testid": testid }, t("seat.bot")) : null;
}

/**
 * The seats strip. `toMove`: seats to move; `held`: this device's seats; `badge(seat)`: a
 * short score or card count from the game, or null.
 * @param {HTMLElement} container
 * @param {{ room: import("./types.js").ShownRoom, held: number[], toMove: number[], badge?: ((seat: number) => string | null | undefined) | null }} spec
 */
export function renderSeats(container, { room, held, toMove, badge }) {
  const marks = seatMarks(room);
  const items = (room.seats || []).map((info, i) => {
    const seat = info.seat;
    const state = presence(info);
    const turn = toMove.includes(seat);
    const mine = held.includes(seat);
    // Several seats on one device (pass-and-play): each is its player's, not all "you".
    const you = mine && held.length === 1;
    const name = seatNameOf(room, seat);
    const extra = badge ? badge(seat) : null;
    const rating = typeof info.rating === "number" ? ratingText(info.rating, info.provisional) : null;
    // A turn-based table's player on vacation: their clock holds until then.
    const away = Number(info.vacation_until_ms) > Date.now() ? t("seat.vacation", { date: dateText(Number(info.vacation_until_ms)) }) : null;
    const spoken = [
      name,
      info.bot ? t("seat.bot") : null,
      you ? t("seat.you") : mine ? t("seat.this_device") : null,
      `${colourName(seat)} ${marks[i]}`,
      t(`presence.${state}`),
      turn ? t("seat.to_move") : null,
      rating ? t("rating.seat", { rating }) : null,
      away,
      extra,
    ]
      .filter(Boolean)
      .join(", ");
    return h(
      "li",
      { class: ["seat-chip", turn && "turn", mine && "mine", `p-${state}`], "data-testid": `seat-${seat}`, "aria-label": spoken, title: spoken },
      h("span", { class: "chip-token", style: { background: seatColour(seat), color: seatInk(seat) }, "aria-hidden": "true" }, marks[i]),
      h("span", { class: "chip-name", "aria-hidden": "true" }, name, you ? h("span", { class: "you" }, ` (${t("seat.you_short")})`) : null),
      info.bot ? h("span", { "aria-hidden": "true" }, botBadge(info, `seat-${seat}-bot`)) : null,
      h("span", { class: ["dot", state], "aria-hidden": "true" }, state === "cpu" ? t("presence.cpu_short") : ""),
      rating ? h("span", { class: "chip-badge chip-rating", "data-testid": `seat-rating-${seat}`, "aria-hidden": "true" }, rating) : null,
      extra !== null && extra !== undefined ? h("span", { class: "chip-badge", "aria-hidden": "true" }, extra) : null,
      turn ? h("span", { class: "turn-mark", "aria-hidden": "true" }, "▲") : null,
      away ? h("span", { class: "chip-vacation", "data-testid": `seat-${seat}-vacation`, "aria-hidden": "true" }, away) : null,
    );
  });
  container.replaceChildren(h("ul", { class: "seat-list", "aria-label": t("seat.players") }, items));
}
