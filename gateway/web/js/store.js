// What the browser remembers: room tickets (code → ticket), the guest player, nickname,
// language, sound, pace.
// localStorage may be unavailable (private mode); everything falls back to memory.

const memory = new Map();

function read(key, fallback) {
  try {
    const raw = window.localStorage.getItem(key);
    return raw === null ? fallback : JSON.parse(raw);
  } catch {
    return memory.has(key) ? memory.get(key) : fallback;
  }
}

function write(key, value) {
  memory.set(key, value);
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // memory only
  }
}

const TICKETS = "gameroom.tickets";

/**
 * All stored tickets: {CODE: {code, token, seats, game, saved_at}}.
 * @returns {Record<string, import("./types.js").Ticket>}
 */
export function tickets() {
  const all = read(TICKETS, {});
  return all && typeof all === "object" ? all : {};
}

/**
 * The ticket kept for a room, or null.
 * @param {string} code
 * @returns {import("./types.js").Ticket | null}
 */
export function ticketFor(code) {
  return tickets()[code] || null;
}

/**
 * Keep a room's ticket (the 30 newest are kept).
 * @param {{ code: string, token: string, seats?: number[], invite?: string, game?: string, room?: import("./types.js").RoomInfo }} ticket
 */
export function saveTicket(ticket) {
  const all = tickets();
  all[ticket.code] = {
    code: ticket.code,
    token: ticket.token,
    seats: ticket.seats || [],
    invite: ticket.invite || "", // the host's, of a private room: its share link carries it
    game: ticket.room ? ticket.room.game : ticket.game,
    saved_at: Date.now(),
  };
  // Keep the 30 most recent rooms; old tickets are of no use.
  const recent = Object.values(all)
    .sort((a, b) => b.saved_at - a.saved_at)
    .slice(0, 30);
  write(TICKETS, Object.fromEntries(recent.map((t) => [t.code, t])));
}

/**
 * The seats a room's ticket holds now (a welcome after start renumbers them).
 * @param {string} code
 * @param {number[]} seats
 */
export function updateTicketSeats(code, seats) {
  const all = tickets();
  if (!all[code]) return;
  all[code].seats = seats;
  write(TICKETS, all);
}

/**
 * Forget a room's ticket.
 * @param {string} code
 */
export function forgetTicket(code) {
  const all = tickets();
  delete all[code];
  write(TICKETS, all);
}

/**
 * This browser's guest player: {id, token}, or null.
 * @returns {{ id: string, token: string } | null}
 */
export function player() {
  const saved = read("gameroom.player", null);
  return saved && typeof saved === "object" ? saved : null;
}

/**
 * Keep this browser's guest player.
 * @param {{ id: string, token: string }} saved
 */
export function savePlayer(saved) {
  write("gameroom.player", { id: saved.id, token: saved.token });
}

/** What this browser holds that opens a private room's finished game: the room's invitation
 * (the link's, else the one its ticket kept) and the guest player's token.
 * @param {string} code
 * @param {string} [linkInvite]
 * @returns {{ invite: string, token: string }}
 */
export function gameAccess(code, linkInvite = "") {
  /** @type {Partial<import("./types.js").Ticket>} */
  const ticket = ticketFor(code) || {};
  const saved = player();
  return { invite: linkInvite || ticket.invite || "", token: (saved && saved.token) || "" };
}

/**
 * Forget this browser's guest player.
 */
export function forgetPlayer() {
  write("gameroom.player", null);
}

/**
 * The nickname last used on this browser.
 * @returns {string}
 */
export function nickname() {
  return read("gameroom.nickname", "");
}

/**
 * Keep the nickname.
 * @param {string} name
 */
export function saveNickname(name) {
  write("gameroom.nickname", name);
}

/**
 * The language chosen on this browser, or null.
 * @returns {string | null}
 */
export function language() {
  return read("gameroom.lang", null);
}

/**
 * Keep the chosen language.
 * @param {string} lang
 */
export function saveLanguage(lang) {
  write("gameroom.lang", lang);
}

/**
 * Whether sounds are switched on.
 * @returns {boolean}
 */
export function soundOn() {
  return read("gameroom.sound", false) === true;
}

/**
 * Keep the sound switch.
 * @param {boolean} on
 */
export function saveSound(on) {
  write("gameroom.sound", Boolean(on));
}

/**
 * The pace of others' moves (js/pace.js names them), or "" when none was chosen.
 * @returns {string}
 */
export function pace() {
  const saved = read("gameroom.pace", "");
  return typeof saved === "string" ? saved : "";
}

/**
 * Keep the pace of others' moves.
 * @param {string} name
 */
export function savePace(name) {
  write("gameroom.pace", String(name));
}

const ENTROPY = "gameroom.entropy";
const ENTROPY_KEEP = 60; // games remembered

function entropies() {
  const all = read(ENTROPY, {});
  return all && typeof all === "object" ? all : {};
}

/**
 * The random value this browser sent for game `number` of room `code`: {value, commit, confirmed}.
 * @param {string} code
 * @param {number} number
 * @returns {import("./types.js").SentEntropy | null}
 */
export function entropyFor(code, number) {
  return entropies()[`${code}:${number}`] || null;
}

/**
 * The value, once the room confirmed it took it (what the fairness page looks for).
 * @param {string} code
 * @param {number} number
 * @returns {import("./types.js").SentEntropy | null}
 */
export function sentEntropy(code, number) {
  const sent = entropyFor(code, number);
  return sent && sent.confirmed ? sent : null;
}

/**
 * Remember the random value sent for a game (the 60 newest games are kept).
 * @param {string} code
 * @param {number} number
 * @param {string} value
 * @param {string} commit
 */
export function rememberEntropy(code, number, value, commit) {
  const all = entropies();
  all[`${code}:${number}`] = { value, commit, confirmed: false, at: Date.now() };
  const keys = Object.keys(all).sort((a, b) => (all[b].at || 0) - (all[a].at || 0));
  for (const key of keys.slice(ENTROPY_KEEP)) delete all[key];
  write(ENTROPY, all);
}

/**
 * The room took the value sent for a game.
 * @param {string} code
 * @param {number} number
 */
export function confirmEntropy(code, number) {
  const all = entropies();
  const key = `${code}:${number}`;
  if (!all[key]) return;
  all[key].confirmed = true;
  write(ENTROPY, all);
}
