// The REST half of the protocol (docs/protocol.md): list games, create, join, look up rooms.

import { reportNetwork } from "./offline.js";

export const CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const CODE_LENGTH = 5;

/** A refusal from the server (or the network), with its stable code. */
export class Refusal extends Error {
  constructor(code, detail = "", status = 0) {
    super(`${code}${detail ? `: ${detail}` : ""}`);
    this.code = code;
    this.detail = detail;
    this.status = status;
  }
}

async function request(method, path, body, token = "", invite = "") {
  let response;
  /** @type {Record<string, string>} */
  const headers = body === undefined ? {} : { "Content-Type": "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (invite) headers["Gameroom-Invite"] = invite;
  try {
    response = await fetch(
      path,
      /** @type {RequestInit} fetch takes an undefined body as none */ ({
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        cache: "no-store",
      }),
    );
  } catch (error) {
    reportNetwork(false);
    throw new Refusal("unavailable", String(error));
  }
  // The service worker's cached games list is no answer from the server (sw.js).
  reportNetwork(!response.headers.has("Gameroom-From-Cache"));
  let data;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok || (data && data.refused)) {
    const refused = (data && data.refused) || {};
    const fallback = response.status === 404 ? "unknown_room" : response.status >= 500 ? "unavailable" : "bad_request";
    throw new Refusal(refused.code || fallback, refused.detail || "", response.status);
  }
  return data;
}

/**
 * The catalogue: every game with its family and GameMeta.
 * @returns {Promise<Array<{ id: string, family: string, meta: any }>>}
 */
export async function listGames() {
  const data = await request("GET", "/api/games");
  return (data && data.games) || [];
}

/**
 * body: {game, options, seats: [{kind, level, local}], nickname, player_token} → RoomTicket
 * @param {Record<string, any>} body
 * @returns {Promise<any>}
 */
export function createRoom(body) {
  return request("POST", "/api/rooms", body);
}

const JOIN_ATTEMPTS = 3;

/** 32 hex digits from the browser's generator (crypto.randomUUID needs a secure context, and
 * the LAN address of `make run LAN=1` is plain http). */
function requestId() {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** A join carries an id of its own, the same on each retry: a join whose answer was lost (the
 * network, or the server that took it went away) is asked again and gets the same seat and
 * ticket instead of `room_full` for the seat it took. */
/**
 * Take a seat in a room, or watch it (`spectator`).
 * @param {string} code
 * @param {string} nickname
 * @param {boolean} [spectator]
 * @param {string} [playerToken]
 * @param {string} [invite]
 * @returns {Promise<any>} the RoomTicket
 */
export async function joinRoom(code, nickname, spectator = false, playerToken = "", invite = "") {
  const body = { nickname, spectator, player_token: playerToken, invite, request_id: requestId() };
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await request("POST", `/api/rooms/${encodeURIComponent(code)}/join`, body);
    } catch (error) {
      if (error.code !== "unavailable" || attempt >= JOIN_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 400 * attempt));
    }
  }
}

/**
 * A new guest player → {player: {id, nickname}, token}.
 * @param {string} nickname
 * @returns {Promise<any>}
 */
export function createPlayer(nickname) {
  return request("POST", "/api/players", { nickname });
}

/**
 * The player's profile: {player, coins, stats}.
 * @param {string} token
 * @returns {Promise<any>}
 */
export function myProfile(token) {
  return request("GET", "/api/players/me", undefined, token);
}

/**
 * A room as the server describes it.
 * @param {string} code
 * @returns {Promise<import("./types.js").RoomInfo>}
 */
export function getRoom(code) {
  return request("GET", `/api/rooms/${encodeURIComponent(code)}`);
}

/**
 * What a person typed as a room code, made canonical: upper case, no spaces or dashes.
 * @param {string} text
 * @returns {string}
 */
export function normalizeCode(text) {
  return String(text || "")
    .toUpperCase()
    .replace(/[\s\-_.]+/g, "");
}

/**
 * Whether `code` (normalised) can be a room code.
 * @param {string} code
 * @returns {boolean}
 */
export function validCode(code) {
  return code.length === CODE_LENGTH && [...code].every((c) => CODE_ALPHABET.includes(c));
}

/** The shareable link of a room; a private room's carries its invitation token in the
 * fragment (never sent to the server in a request line or a log).
 * @param {string} code
 * @param {string} [invite]
 * @returns {string}
 */
export function roomLink(code, invite = "") {
  return `${window.location.origin}/r/${code}${invite ? `#invite=${encodeURIComponent(invite)}` : ""}`;
}

const qrCodes = new Map(); // link → promise of the SVG's text: a room redraws on every update

/**
 * The QR code of a room's join link, as SVG text drawn by the gateway (null if it cannot).
 * @param {string} link
 * @returns {Promise<string | null>}
 */
export function qrCode(link) {
  if (!qrCodes.has(link)) {
    const answer = fetch("/api/qr", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ text: link }),
      cache: "no-store",
    })
      .then((response) => (response.ok ? response.text() : null))
      .catch(() => null);
    qrCodes.set(link, answer);
    answer.then((svg) => svg === null && qrCodes.delete(link));
  }
  return qrCodes.get(link);
}

/**
 * The invitation token of the link this page was opened with, if any.
 * @returns {string}
 */
export function linkInvite() {
  const match = /[#&]invite=([^&]+)/.exec(window.location.hash || "");
  return match ? decodeURIComponent(match[1]) : "";
}

/**
 * "Play now": queue for a table → {id, secret, status, waiting, cpu_offer, ticket?}.
 * @param {Record<string, any>} body
 * @returns {Promise<any>}
 */
export function quickSeat(body) {
  return request("POST", "/api/quick-seats", body);
}

/**
 * A queued place: "look" (its state; also fills a table), "cpu" (start with CPU seats), "cancel".
 * @param {string} id
 * @param {"look" | "cpu" | "cancel"} action
 * @param {Record<string, any>} body
 * @returns {Promise<any>}
 */
export function quickSeatAction(id, action, body) {
  const path = action === "look" ? `/api/quick-seats/${encodeURIComponent(id)}` : `/api/quick-seats/${encodeURIComponent(id)}/${action}`;
  return request("POST", path, body);
}

/**
 * The player's saved house rules, for one game or all: [{game, name, options, updated_ms}].
 * @param {string} token
 * @param {string} [game]
 * @returns {Promise<any[]>}
 */
export async function houseRules(token, game = "") {
  const query = game ? `?game=${encodeURIComponent(game)}` : "";
  const data = await request("GET", `/api/players/me/house-rules${query}`, undefined, token);
  return (data && data.house_rules) || [];
}

/**
 * Save a named set of house rules for a game.
 * @param {string} token
 * @param {string} game
 * @param {string} name
 * @param {Record<string, any>} options
 * @returns {Promise<any>}
 */
export function saveHouseRules(token, game, name, options) {
  return request("PUT", `/api/players/me/house-rules/${encodeURIComponent(game)}/${encodeURIComponent(name)}`, { options }, token);
}

/**
 * Delete a named set of house rules.
 * @param {string} token
 * @param {string} game
 * @param {string} name
 * @returns {Promise<any>}
 */
export function deleteHouseRules(token, game, name) {
  return request("DELETE", `/api/players/me/house-rules/${encodeURIComponent(game)}/${encodeURIComponent(name)}`, undefined, token);
}

/**
 * A code that gives another device this player: {code: "ABCD-EFGH", expires_ms}.
 * @param {string} token
 * @returns {Promise<any>}
 */
export function transferCode(token) {
  return request("POST", "/api/players/me/transfer", {}, token);
}

/**
 * The server's VAPID public key, base64url: {key}; refused `push_off` when it has none.
 * @returns {Promise<{ key: string }>}
 */
export function pushKey() {
  return request("GET", "/api/push/key");
}

/**
 * Keep this browser's push subscription for the player → {id, label, language, created_ms};
 * the server names the device from the request's User-Agent.
 * @param {string} token
 * @param {{ subscription: any, language: string }} body
 * @returns {Promise<any>}
 */
export function subscribePush(token, body) {
  return request("POST", "/api/players/me/push", body, token);
}

/**
 * The player's devices that are told, and their quiet hours.
 * @param {string} token
 * @returns {Promise<{ subscriptions: Array<{ id: string, label: string, language: string, created_ms: string }>, quiet_hours: { from: string, to: string, time_zone: string } | null }>}
 */
export function pushSubscriptions(token) {
  return request("GET", "/api/players/me/push", undefined, token);
}

/**
 * @param {string} token
 * @param {string} id
 * @returns {Promise<any>}
 */
export function deletePush(token, id) {
  return request("DELETE", `/api/players/me/push/${encodeURIComponent(id)}`, undefined, token);
}

/**
 * @param {string} token
 * @param {{ from: string, to: string, time_zone: string }} quiet
 * @returns {Promise<any>}
 */
export function saveQuietHours(token, quiet) {
  return request("PUT", "/api/players/me/push/quiet-hours", quiet, token);
}

/**
 * This device becomes the player of a transfer code → {player: {id, nickname}, token}.
 * @param {string} code
 * @returns {Promise<any>}
 */
export function claimPlayer(code) {
  return request("POST", "/api/players/claim", { code });
}

/** A finished game step by step: `seat` a seat number (what it saw) or "all" (everything revealed).
 * `access` ({invite, token}) opens a private room's game: its invitation or a player's token.
 * @param {string} code
 * @param {number} number
 * @param {number | "all"} seat
 * @param {{ invite?: string, token?: string }} [access]
 * @returns {Promise<any>}
 */
export function replay(code, number, seat, access = {}) {
  const path = `/api/rooms/${encodeURIComponent(code)}/games/${encodeURIComponent(number)}/replay?seat=${encodeURIComponent(seat)}`;
  return request("GET", path, undefined, access.token || "", access.invite || "");
}

/** A finished game's record (seed, seed chain, moves): what the fairness check and
 * `python -m verifier` read. `access` as for `replay`.
 * @param {string} code
 * @param {number} number
 * @param {{ invite?: string, token?: string }} [access]
 * @returns {Promise<any>}
 */
export function finishedGame(code, number, access = {}) {
  return request("GET", `/api/rooms/${encodeURIComponent(code)}/games/${encodeURIComponent(number)}`, undefined, access.token || "", access.invite || "");
}

/**
 * The player's finished games, newest first: [{code, number, game, names, seats, placings, finished_ms}].
 * @param {string} token
 * @returns {Promise<any[]>}
 */
export async function myGames(token) {
  const data = await request("GET", "/api/players/me/games", undefined, token);
  return (data && data.games) || [];
}

/**
 * The shareable link of a finished game's replay.
 * @param {string} code
 * @param {number} number
 * @returns {string}
 */
export function replayPath(code, number) {
  return `/r/${code}/games/${number}/replay`;
}

// -- accounts: passkeys, sessions, devices, recovery codes, bot tokens (docs/play-api.md) --------

/** @param {string} token @returns {Promise<any>} {account, account_ms, recovery_codes_left} */
export function myAccount(token) {
  return request("GET", "/api/players/me/account", undefined, token);
}

/** A registration ceremony's options. @param {string} token @returns {Promise<any>} */
export function passkeyOptions(token) {
  return request("POST", "/api/players/me/passkeys/options", {}, token);
}

/**
 * The new passkey → {passkey, recovery_codes (the first passkey's, shown once), account}.
 * @param {string} token
 * @param {any} credential
 * @param {string} name
 * @returns {Promise<any>}
 */
export function addPasskey(token, credential, name) {
  return request("POST", "/api/players/me/passkeys", { credential, name }, token);
}

/** @param {string} token @returns {Promise<any[]>} [{id, name, created_ms, last_used_ms}] */
export async function passkeys(token) {
  return (await request("GET", "/api/players/me/passkeys", undefined, token)).passkeys;
}

/** @param {string} token @param {string} id @returns {Promise<any>} */
export function deletePasskey(token, id) {
  return request("DELETE", `/api/players/me/passkeys/${encodeURIComponent(id)}`, undefined, token);
}

/** A sign-in ceremony's options. @returns {Promise<any>} */
export function signInOptions() {
  return request("POST", "/api/sessions/options", {});
}

/**
 * Sign this device in with a passkey's assertion → {player: {id, nickname}, token}. The token
 * it held (`token`, if any) is its earlier session, revoked when it is the same player's.
 * @param {any} credential
 * @param {string} token
 * @returns {Promise<any>}
 */
export function signIn(credential, token = "") {
  return request("POST", "/api/sessions", { credential }, token);
}

/** Sign this device in with a recovery code (once). @param {string} code @param {string} token @returns {Promise<any>} */
export function recover(code, token = "") {
  return request("POST", "/api/sessions/recovery", { code }, token);
}

/** This device's session ends. @param {string} token @returns {Promise<any>} */
export function signOut(token) {
  return request("DELETE", "/api/sessions/current", undefined, token);
}

/** @param {string} token @returns {Promise<any[]>} [{id, label, created_ms, last_used_ms, expires_ms, current}] */
export async function devices(token) {
  return (await request("GET", "/api/players/me/devices", undefined, token)).devices;
}

/** @param {string} token @param {string} id @returns {Promise<any>} */
export function revokeDevice(token, id) {
  return request("DELETE", `/api/players/me/devices/${encodeURIComponent(id)}`, undefined, token);
}

/** Ten new recovery codes; the old ones are void. @param {string} token @returns {Promise<string[]>} */
export async function newRecoveryCodes(token) {
  return (await request("POST", "/api/players/me/recovery-codes", {}, token)).recovery_codes;
}

/** @param {string} token @returns {Promise<any[]>} [{id, name, created_ms, last_used_ms}] */
export async function botTokens(token) {
  return (await request("GET", "/api/players/me/bot-tokens", undefined, token)).bot_tokens;
}

/** A named bot token → {id, name, created_ms, token} (shown once). @param {string} token @param {string} name @returns {Promise<any>} */
export function createBotToken(token, name) {
  return request("POST", "/api/players/me/bot-tokens", { name }, token);
}

/** @param {string} token @param {string} id @returns {Promise<any>} */
export function revokeBotToken(token, id) {
  return request("DELETE", `/api/players/me/bot-tokens/${encodeURIComponent(id)}`, undefined, token);
}

/** The player's personal data removed. @param {string} token @returns {Promise<any>} */
export function deleteAccount(token) {
  return request("DELETE", "/api/players/me", undefined, token);
}

/**
 * A game's leaderboard ("top") or this week's climbers: rows of {rank, player, nickname,
 * shown, games, gain?}.
 * @param {string} gameId
 * @param {"top" | "climbers"} board
 * @returns {Promise<Array<import("./types.js").BoardRow>>}
 */
export async function leaderboard(gameId, board) {
  const data = await request("GET", `/api/games/${encodeURIComponent(gameId)}/leaderboard?board=${board}`);
  return (data && data.rows) || [];
}

/**
 * Every game's top three, by game (the gallery's tiles).
 * @returns {Promise<Record<string, Array<import("./types.js").BoardRow>>>}
 */
export async function leaderboardTops() {
  const data = await request("GET", "/api/leaderboards");
  return (data && data.boards) || {};
}

/**
 * The player's rating after each of their newest rated games in a game, oldest first.
 * @param {string} token
 * @param {string} gameId
 * @returns {Promise<Array<{ at_ms: string, shown: number, change: number }>>}
 */
export async function ratingHistory(token, gameId) {
  const data = await request("GET", `/api/players/me/ratings/${encodeURIComponent(gameId)}/history`, undefined, token);
  return (data && data.points) || [];
}

/**
 * Where it is the player's turn, the longest waiting first (GET /api/players/me/turns).
 * @param {string} token
 * @returns {Promise<Array<{ code: string, seat: number, game: string, since_ms: number, deadline_ms: number | null, left_ms: number | null, turn_based: boolean }>>}
 */
export async function myTurns(token) {
  const data = await request("GET", "/api/players/me/turns", undefined, token);
  return (data && data.turns) || [];
}

/**
 * The player's vacation now, if any, and the days left this year.
 * @param {string} token
 * @returns {Promise<{ until_ms: number | null, days_left: number }>}
 */
export function myVacation(token) {
  return request("GET", "/api/players/me/vacation", undefined, token);
}

/**
 * A vacation of `days` from now: the player's clocks hold at every turn-based table.
 * @param {string} token
 * @param {number} days
 * @returns {Promise<{ from_ms: number, until_ms: number, days_left: number }>}
 */
export function startVacation(token, days) {
  return request("POST", "/api/players/me/vacation", { days }, token);
}

/**
 * Challenge a player (an account) to a game (POST /api/challenges).
 * @param {string} token
 * @param {{ to_player: string, game: string, options?: Record<string, any>, rated?: boolean }} body
 * @returns {Promise<import("./types.js").Challenge>}
 */
export function createChallenge(token, body) {
  return request("POST", "/api/challenges", { options: {}, rated: false, ...body }, token);
}

/**
 * Accept or decline a challenge to this player; an accepted one answers with the room's ticket.
 * @param {string} token
 * @param {string} id
 * @param {boolean} accept
 * @returns {Promise<import("./types.js").Challenge & { ticket?: any }>}
 */
export function answerChallenge(token, id, accept) {
  return request("POST", `/api/challenges/${encodeURIComponent(id)}/${accept ? "accept" : "decline"}`, {}, token);
}

/** The challenger withdraws a challenge. @param {string} token @param {string} id @returns {Promise<any>} */
export function cancelChallenge(token, id) {
  return request("DELETE", `/api/challenges/${encodeURIComponent(id)}`, undefined, token);
}

/**
 * The open challenges to and from this player.
 * @param {string} token
 * @returns {Promise<Array<import("./types.js").Challenge>>}
 */
export async function myChallenges(token) {
  const data = await request("GET", "/api/players/me/challenges", undefined, token);
  return (data && data.challenges) || [];
}

/**
 * The bot accounts, those online first.
 * @returns {Promise<Array<{ player_id: string, nickname: string, online: boolean, games: string[] }>>}
 */
export async function bots() {
  const data = await request("GET", "/api/bots");
  return (data && data.bots) || [];
}
