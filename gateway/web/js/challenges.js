// Challenges: a signed-in account's event stream (/ws/events, docs/play-api.md "Bots online")
// feeds a small banner that shows, on every page, the open challenges to the player ("Robo
// (bot) challenges you to Four in a Row — Accept / Decline") and the games they start. The
// player page lists the open challenges to and from the player, and the bots online, each with
// a game picker and a Challenge button; the leaderboards give every other player's row one too.
import * as api from "./api.js";
import { h, replace } from "./dom.js";
import { gameName, onLanguageChange, t } from "./i18n.js";
import { botBadge } from "./seats.js";
import * as store from "./store.js";

const MAX_WAIT_MS = 30000;
// The stream cannot be had with this token: trying again would be refused the same way.
const FINAL = new Set(["bad_token", "not_account"]);

/** @type {Map<string, import("./types.js").Challenge>} open challenges to the player, by id */
const incoming = new Map();
/** @type {Array<{ code: string, game: string }>} games started by a challenge, not yet opened */
const started = [];
/** @type {Map<string, import("./types.js").Challenge>} the player's challenges declined or expired, until dismissed */
const unanswered = new Map();
/** @type {Set<() => void>} */
const listeners = new Set();
/** @type {WebSocket | null} */
let socket = null;
let streamToken = "";
let failures = 0;
/** @type {import("./types.js").Nav | null} */
let navigation = null;
/** @type {HTMLElement | null} */
let banner = null;

/** A name as the banner and lists say it: "Robo (bot)" for a bot. */
function nameOf(name, bot) {
  return bot ? t("challenge.bot_name", { name }) : name;
}

/**
 * Open the event stream of the signed-in player, if any and not open yet; called on every page
 * change, so signing in opens it and signing out (another token) opens it anew.
 * @param {import("./types.js").Nav} nav
 */
export function watchChallenges(nav) {
  navigation = nav;
  if (!banner) {
    banner = h("section", { class: "challenge-banner", "aria-label": t("challenge.banner_label"), "data-testid": "challenge-banner", hidden: true });
    document.body.prepend(banner);
    onLanguageChange(render);
  }
  const saved = store.player();
  const token = (saved && saved.token) || "";
  if (token === streamToken) return;
  streamToken = token;
  if (socket) socket.close();
  socket = null;
  incoming.clear();
  unanswered.clear();
  started.length = 0;
  render();
  if (token) connect(token);
}

/** @param {string} token */
function connect(token) {
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${window.location.host}/ws/events`);
  socket = ws;
  let refused = "";
  ws.onopen = () => ws.send(JSON.stringify({ player_token: token }));
  ws.onmessage = (message) => {
    let frame;
    try {
      frame = JSON.parse(message.data);
    } catch {
      return;
    }
    failures = 0;
    if (frame.refused || frame.error) {
      refused = (frame.refused && frame.refused.code) || frame.error;
      return;
    }
    receive(frame);
  };
  ws.onclose = () => {
    if (socket !== ws || streamToken !== token) return; // replaced on purpose
    socket = null;
    if (FINAL.has(refused)) return; // a guest, or a session that ended: no stream to have
    failures += 1;
    const wait = Math.min(MAX_WAIT_MS, 500 * 2 ** failures) * (0.5 + Math.random());
    window.setTimeout(() => {
      if (streamToken === token && !socket) connect(token);
    }, wait);
  };
}

/** @param {any} frame an event: {kind: "challenge" | "game_started" | "your_turn" | "game_ended", ...} */
function receive(frame) {
  if (frame.kind === "challenge") {
    const me = (store.player() || {}).id;
    const toMe = frame.to_player === me;
    if (toMe && frame.status === "open") incoming.set(frame.id, frame);
    else incoming.delete(frame.id);
    // The challenger hears that nothing came of their challenge (a withdrawal is their own doing).
    if (!toMe && (frame.status === "declined" || frame.status === "expired")) unanswered.set(frame.id, frame);
  } else if (frame.kind === "game_started") {
    store.saveTicket({ code: frame.code, token: frame.token, seats: frame.seats || [], game: frame.game });
    if (!started.some((s) => s.code === frame.code) && window.location.pathname !== `/r/${frame.code}`) started.push({ code: frame.code, game: frame.game });
  } else {
    return;
  }
  render();
  for (const listener of listeners) listener();
}

/**
 * Call `listener` whenever a challenge to or from the player changes (the player page
 * refreshes its lists); returns the function that stops it.
 * @param {() => void} listener
 * @returns {() => void}
 */
export function onChallengesChange(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The room of an accepted challenge: keep its ticket and open it. @param {any} ticket */
function openTicket(ticket) {
  store.saveTicket(ticket);
  dropStarted(ticket.code);
  if (navigation) navigation.go(`/r/${ticket.code}`);
}

/** @param {string} code */
function dropStarted(code) {
  const at = started.findIndex((s) => s.code === code);
  if (at >= 0) started.splice(at, 1);
  render();
}

/**
 * Accept or decline a challenge; accepting opens its room.
 * @param {import("./types.js").Challenge} challenge
 * @param {boolean} accept
 * @param {HTMLElement} note where a refusal is said
 */
export async function answer(challenge, accept, note) {
  const saved = store.player();
  if (!saved) return;
  try {
    const reply = await api.answerChallenge(saved.token, challenge.id, accept);
    incoming.delete(challenge.id);
    render();
    if (accept && reply.ticket) openTicket(reply.ticket);
  } catch (error) {
    incoming.delete(challenge.id);
    render();
    note.textContent = t(`refusal.${error.code}`);
  }
  for (const listener of listeners) listener();
}

function render() {
  if (!banner) return;
  const note = h("p", { class: "hint", role: "status", "data-testid": "challenge-banner-note" });
  const items = [...incoming.values()].map((c) =>
    h(
      "li",
      { "data-testid": `challenge-${c.id}` },
      h("span", { class: "challenge-text" }, t("challenge.incoming", { name: nameOf(c.from_name, c.from_bot), game: gameName(c.game) })),
      h(
        "span",
        { class: "challenge-actions" },
        h("button", { type: "button", class: "primary", "data-testid": `challenge-accept-${c.id}`, onclick: () => answer(c, true, note) }, t("challenge.accept")),
        h("button", { type: "button", "data-testid": `challenge-decline-${c.id}`, onclick: () => answer(c, false, note) }, t("challenge.decline")),
      ),
    ),
  );
  const games = started.map((s) =>
    h(
      "li",
      { "data-testid": `challenge-started-${s.code}` },
      h("span", { class: "challenge-text" }, t("challenge.started", { game: gameName(s.game) })),
      h(
        "span",
        { class: "challenge-actions" },
        h(
          "button",
          {
            type: "button",
            class: "primary",
            "data-testid": `challenge-open-${s.code}`,
            onclick: () => {
              const ticket = store.ticketFor(s.code);
              if (ticket) openTicket(ticket);
            },
          },
          t("challenge.open"),
        ),
      ),
    ),
  );
  const nothing = [...unanswered.values()].map((c) =>
    h(
      "li",
      { "data-testid": `challenge-${c.status}-${c.id}` },
      h("span", { class: "challenge-text" }, t(c.status === "declined" ? "challenge.was_declined" : "challenge.was_expired", { name: nameOf(c.to_name, c.to_bot), game: gameName(c.game) })),
      h(
        "span",
        { class: "challenge-actions" },
        h(
          "button",
          {
            type: "button",
            "data-testid": `challenge-dismiss-${c.id}`,
            onclick: () => {
              unanswered.delete(c.id);
              render();
            },
          },
          t("challenge.dismiss"),
        ),
      ),
    ),
  );
  banner.setAttribute("aria-label", t("challenge.banner_label"));
  banner.hidden = !items.length && !games.length && !nothing.length;
  // The list is a live region: a new challenge is read out where the player is.
  replace(banner, h("ul", { class: "challenge-list", "aria-live": "polite", "data-testid": "challenge-list" }, items, games, nothing), note);
}

/**
 * A "Challenge" button for a player: sends the challenge to `game` (or to the game `pick()`
 * returns) and says how it went next to it.
 * @param {{ player: string, name: string, game: string | (() => string), testid: string }} target
 * @param {HTMLElement} [sharedNote] where to say it (a table's one note); else next to the button
 * @returns {HTMLElement | null} null when this browser holds no player (or is that player)
 */
export function challengeButton(target, sharedNote) {
  const saved = store.player();
  if (!saved || !saved.token || saved.id === target.player) return null;
  const note = sharedNote || h("span", { class: "hint challenge-note", role: "status", "data-testid": `${target.testid}-note` });
  const button = h(
    "button",
    {
      type: "button",
      class: "challenge-button",
      "data-testid": target.testid,
      "aria-label": t("challenge.challenge_label", { name: target.name }),
      onclick: async () => {
        const game = typeof target.game === "function" ? target.game() : target.game;
        try {
          await api.createChallenge(saved.token, { to_player: target.player, game });
          note.textContent = t("challenge.sent", { name: target.name, game: gameName(game) });
          for (const listener of listeners) listener();
        } catch (error) {
          note.textContent = t(`refusal.${error.code}`);
        }
      },
    },
    t("challenge.challenge"),
  );
  return sharedNote ? button : h("span", { class: "challenge-cell" }, button, note);
}

/**
 * The player page's panel of open challenges, to the player (Accept / Decline) and from them
 * (Withdraw), kept current by the event stream.
 * @param {string} token
 * @returns {HTMLElement}
 */
export function challengesPanel(token) {
  const body = h("div", { "aria-busy": "true" }, h("p", { class: "hint" }, t("ui.loading")));
  const panel = h("section", { class: "panel", "aria-labelledby": "me-challenges-title", "data-testid": "me-challenges" }, h("h2", { id: "me-challenges-title" }, t("challenge.title")), body);
  const note = h("p", { class: "hint", role: "status" });
  const me = (store.player() || {}).id;
  const load = async () => {
    let list;
    try {
      list = await api.myChallenges(token);
    } catch (error) {
      replace(body, h("p", { class: "hint" }, t(`refusal.${error.code}`)));
      return;
    }
    body.removeAttribute("aria-busy");
    if (!list.length) {
      replace(body, h("p", { class: "hint", "data-testid": "me-no-challenges" }, t("challenge.none")), note);
      return;
    }
    replace(
      body,
      h(
        "ul",
        { class: "challenge-list", "data-testid": "me-challenge-list" },
        list.map((c) => {
          const toMe = c.to_player === me;
          const who = toMe ? nameOf(c.from_name, c.from_bot) : nameOf(c.to_name, c.to_bot);
          const text = t(toMe ? "challenge.from_line" : "challenge.to_line", { name: who, game: gameName(c.game) });
          const actions = toMe
            ? [
                h("button", { type: "button", class: "primary", "data-testid": `me-challenge-accept-${c.id}`, onclick: () => answer(c, true, note) }, t("challenge.accept")),
                h("button", { type: "button", "data-testid": `me-challenge-decline-${c.id}`, onclick: () => answer(c, false, note) }, t("challenge.decline")),
              ]
            : [
                h(
                  "button",
                  {
                    type: "button",
                    "data-testid": `me-challenge-cancel-${c.id}`,
                    onclick: async () => {
                      await api.cancelChallenge(token, c.id).catch((error) => {
                        note.textContent = t(`refusal.${error.code}`);
                      });
                      load();
                    },
                  },
                  t("challenge.withdraw"),
                ),
              ];
          return h(
            "li",
            { "data-testid": `me-challenge-${c.id}`, "data-direction": toMe ? "to-me" : "from-me" },
            h("span", { class: "challenge-text" }, text),
            h("span", { class: "challenge-actions" }, actions),
          );
        }),
      ),
      note,
    );
  };
  const stop = onChallengesChange(() => {
    if (!panel.isConnected) return stop();
    load();
  });
  load();
  return panel;
}

/**
 * The "Bots online" panel: every bot account (online first) with its games, a game picker and
 * a Challenge button.
 * @returns {HTMLElement}
 */
export function botsPanel() {
  const body = h("div", { "aria-busy": "true" }, h("p", { class: "hint" }, t("ui.loading")));
  const panel = h("section", { class: "panel", "aria-labelledby": "bots-title", "data-testid": "bots-panel" }, h("h2", { id: "bots-title" }, t("challenge.bots_title")), body);
  Promise.all([api.bots(), api.listGames()])
    .then(([bots, catalogue]) => {
      body.removeAttribute("aria-busy");
      if (!bots.length) {
        replace(body, h("p", { class: "hint", "data-testid": "bots-none" }, t("challenge.no_bots")));
        return;
      }
      replace(
        body,
        h(
          "ul",
          { class: "bots-list", "data-testid": "bots-list" },
          bots.map((bot) => {
            const games = bot.games.length ? bot.games : catalogue.map((g) => g.id);
            const pickerId = `bot-game-${bot.player_id}`;
            const picker = /** @type {HTMLSelectElement} */ (
              h(
                "select",
                { id: pickerId, "data-testid": `bot-game-${bot.player_id}` },
                [...games].sort((a, b) => gameName(a).localeCompare(gameName(b))).map((id) => h("option", { value: id }, gameName(id))),
              )
            );
            if (games.includes("four-in-a-row")) picker.value = "four-in-a-row";
            return h(
              "li",
              { "data-testid": `bot-${bot.player_id}`, class: bot.online ? "bot-online" : "bot-away" },
              h("span", { class: "bot-name" }, bot.nickname, " ", botBadge({ bot: true }, "bot-mark"), " ", h("span", { class: "hint" }, t(bot.online ? "challenge.online" : "challenge.away"))),
              h("span", { class: "hint bot-games" }, bot.games.length ? bot.games.map(gameName).join(", ") : t("challenge.any_game")),
              h("span", { class: "field bot-pick" }, h("label", { for: pickerId }, t("challenge.game")), picker),
              challengeButton({ player: bot.player_id, name: bot.nickname, game: () => picker.value, testid: `bot-challenge-${bot.player_id}` }),
            );
          }),
        ),
      );
    })
    .catch((error) => {
      replace(body, h("p", { class: "hint" }, t(`refusal.${error.code}`)));
    });
  return panel;
}
