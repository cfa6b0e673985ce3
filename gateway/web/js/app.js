// Boot and routing: "/" is the start page (the gallery), "/games/ID/rules" a game's rules,
// "/games/ID/new" the create form for it, "/games/ID/leaderboard" its leaderboard, "/r/CODE"
// a room (with a stored ticket: the room itself; without: the join page), "/r/CODE/games/N/replay" a finished game's replay, "/me"
// the player's own page, "/tutorial/<name>" a tutorial, "/fairness" the page that checks a
// finished game's seed.
import { normalizeCode } from "./api.js";
import { watchChallenges } from "./challenges.js";
import { showFairness } from "./fairness.js";
import { gameName, initI18n, onLanguageChange, t } from "./i18n.js";
import { showJoin } from "./join.js";
import { showLeaderboard } from "./leaderboard.js";
import { showMe } from "./me.js";
import { clearTableNotices } from "./push.js";
import { showNewRoom } from "./new_room.js";
import { registerServiceWorker, watchNetwork } from "./offline.js";
import { showReplay } from "./replay.js";
import { openRoom } from "./room.js";
import { showRulesPage } from "./rules.js";
import { showStart } from "./start.js";
import { showTutorial } from "./tutorial.js";
import * as store from "./store.js";

const root = /** @type {HTMLElement} index.html has it */ (document.getElementById("app"));
/** @type {(() => void) | null} */
let closeCurrent = null;
/** @type {string | null} */
let currentPath = null;

const nav = {
  go(path) {
    if (path !== window.location.pathname) window.history.pushState({}, "", path);
    route(true);
  },
};

function route(force = false) {
  const path = window.location.pathname;
  if (!force && path === currentPath) return;
  currentPath = path;
  if (closeCurrent) {
    closeCurrent();
    closeCurrent = null;
  }
  window.scrollTo(0, 0);
  // Challenges reach a signed-in player on every page; signing in or out changes the stream.
  watchChallenges(nav);
  const replay = path.match(/^\/r\/([^/]+)\/games\/(\d+)\/replay\/?$/);
  if (replay) {
    const code = normalizeCode(decodeURIComponent(replay[1]));
    document.title = `${code} · ${t("app.title")}`;
    closeCurrent = showReplay(root, nav, code, Number(replay[2]));
    return;
  }
  const match = path.match(/^\/r\/([^/]+)\/?$/);
  if (match) {
    const code = normalizeCode(decodeURIComponent(match[1]));
    if (code !== match[1]) window.history.replaceState({}, "", `/r/${code}`);
    document.title = `${code} · ${t("app.title")}`;
    clearTableNotices(code);
    const ticket = store.ticketFor(code);
    if (ticket) {
      closeCurrent = openRoom(root, code, ticket, nav);
    } else {
      showJoin(root, code, nav);
    }
    return;
  }
  const game = path.match(/^\/games\/([^/]+)\/(rules|new|leaderboard)\/?$/);
  if (game) {
    const gameId = decodeURIComponent(game[1]);
    document.title = t("app.title");
    if (game[2] === "rules") showRulesPage(root, nav, gameId);
    else if (game[2] === "leaderboard") {
      document.title = `${t("board.title", { game: gameName(gameId) })} · ${t("app.title")}`;
      showLeaderboard(root, nav, gameId);
    }
    else showNewRoom(root, nav, gameId);
    return;
  }
  if (/^\/me\/?$/.test(path)) {
    document.title = `${t("me.title")} · ${t("app.title")}`;
    showMe(root, nav);
    return;
  }
  const tutorial = path.match(/^\/tutorial\/([a-z]+)\/?$/);
  if (tutorial) {
    document.title = `${t("tutorial.page_title")} · ${t("app.title")}`;
    const gameId = new URLSearchParams(window.location.search).get("game");
    showTutorial(root, tutorial[1], nav, gameId && /^[a-z0-9-]+$/.test(gameId) ? gameId : null);
    return;
  }
  if (/^\/fairness\/?$/.test(path)) {
    document.title = `${t("fairness_page.title")} · ${t("app.title")}`;
    showFairness(root, nav);
    return;
  }
  document.title = t("app.title");
  showStart(root, nav);
}

async function boot() {
  await initI18n();
  const sayNetwork = watchNetwork();
  window.addEventListener("popstate", () => route(true));
  // The start and join pages simply render again in the new language; a room re-renders itself.
  onLanguageChange(() => {
    sayNetwork();
    if (!closeCurrent) route(true);
  });
  route(true);
  registerServiceWorker();
}

boot();
