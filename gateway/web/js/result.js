// The result panel after a game: placings, scores, Rematch.
import * as api from "./api.js";
import { h } from "./dom.js";
import { formatNumber, t } from "./i18n.js";
import { ratingText, seatColour, seatInk, seatMarkOf, seatNameOf } from "./seats.js";
import * as store from "./store.js";

/**
 * The headline: "You win!", "Anna wins!", "Draw", "Anna and Ben share first place".
 * @param {import("./types.js").Result} result
 * @param {import("./types.js").ShownRoom} room
 * @param {number[]} held
 * @returns {string}
 */
export function resultHeadline(result, room, held) {
  const placings = result.placings || [];
  const firsts = placings.map((rank, seat) => (rank === 1 ? seat : null)).filter((s) => s !== null);
  if (placings.length > 1 && firsts.length === placings.length) return t("result.draw");
  if (firsts.length === 1) {
    const winner = firsts[0];
    if (held.length === 1 && held[0] === winner) return t("result.you_win");
    return t("result.wins", { name: seatNameOf(room, winner) });
  }
  return t("result.shared", { names: firsts.map((s) => seatNameOf(room, s)).join(", ") });
}

/**
 * Render the panel. `scoreText(score, seat)` formats a score (null to hide scores);
 * `canRematch`: this connection holds a seat; `onRematch`, `onClose`, `onHome`, `onReplay`
 * (watch the finished game again; no button without it).
 */
/** SHA-256 of the hex seed, as hex (the browser's own Web Crypto). */
async function sha256Hex(hex) {
  const bytes = new Uint8Array((hex.match(/../g) || []).map((b) => parseInt(b, 16)));
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The shuffle, checked here: the seed revealed now must hash to what the game announced when
 * it started (docs/fairness.md). Fetches the replay; offers it as a download for
 * `python -m verifier`, which replays every move from the seed.
 */
const replays = new Map(); // path -> the replay's promise: fetched once however often the panel is drawn
const openFairness = new Set(); // panels whose fairness details the player opened

function fairnessBlock({ code, number, announced }) {
  const box = h("div", { class: "fairness", "data-testid": "result-fairness" }, h("p", { class: "hint" }, t("fairness.checking")));
  const path = `/api/rooms/${encodeURIComponent(code)}/games/${number}`;
  if (!replays.has(path)) {
    // A private room's game opens only with its invitation or a player's token (sent along).
    replays.set(path, api.finishedGame(code, number, store.gameAccess(code, api.linkInvite())));
  }
  replays
    .get(path)
    .then(async (replay) => {
      const hash = await sha256Hex(replay.seed);
      const matches = !announced || announced === hash;
      box.replaceChildren(
        h("p", { "data-testid": "fairness-verdict", class: matches ? "ok" : "bad" }, matches ? (announced ? t("fairness.matches") : t("fairness.hash_only")) : t("fairness.mismatch")),
        h("p", { class: "mono" }, t("fairness.seed"), " ", h("code", { "data-testid": "fairness-seed" }, replay.seed)),
        h("p", { class: "mono" }, t("fairness.hash"), " ", h("code", { "data-testid": "fairness-hash" }, hash)),
        // A plain link sends neither: a private room's record is downloaded from what was fetched.
        h("a", { href: replay.private ? downloadUrl(replay) : path, download: `${code}-${number}.json`, "data-testid": "fairness-download" }, t("fairness.download")),
        h("p", null, h("a", { href: `/fairness?code=${encodeURIComponent(code)}&game=${number}`, "data-testid": "fairness-page-link" }, t("fairness.page_link"))),
      );
    })
    .catch(() => {
      replays.delete(path);
      box.replaceChildren(h("p", { class: "hint" }, t("fairness.unavailable")));
    });
  return box;
}

const downloads = new Map(); // record -> its object URL: made once however often the panel is drawn

function downloadUrl(record) {
  if (!downloads.has(record)) downloads.set(record, URL.createObjectURL(new Blob([JSON.stringify(record, null, 1)], { type: "application/json" })));
  return downloads.get(record);
}

function fairnessDetails(fairness) {
  const key = `${fairness.code}:${fairness.number}`;
  const details = h("details", { class: "fairness-details", "data-testid": "fairness-details", open: openFairness.has(key) }, h("summary", null, t("fairness.title")), fairnessBlock(fairness));
  details.addEventListener("toggle", () => (details.open ? openFairness.add(key) : openFairness.delete(key)));
  return details;
}

/**
 * @param {HTMLElement} container
 * @param {object} spec
 * @param {import("./types.js").Result} spec.result
 * @param {import("./types.js").RoomInfo} spec.room
 * @param {number[]} spec.held
 * @param {((score: any, seat: number) => string | null) | null} spec.scoreText
 * @param {boolean} spec.canRematch
 * @param {boolean} spec.voted
 * @param {() => void} spec.onRematch
 * @param {() => void} spec.onClose
 * @param {() => void} spec.onHome
 * @param {(() => void) | null} [spec.onReplay]
 * @param {{ code: string, number: number, announced: string } | null} [spec.fairness]
 */
export function renderResult(container, { result, room, held, scoreText, canRematch, voted, onRematch, onClose, onHome, onReplay = null, fairness = null }) {
  const placings = result.placings || [];
  const scores = result.scores || [];
  const order = placings.map((rank, seat) => ({ rank, seat })).sort((a, b) => a.rank - b.rank || a.seat - b.seat);
  const humans = (room.seats || []).filter((s) => s.kind === "human").length;
  const rating = room.rated ? room.rating_result || null : null;
  const changes = new Map(((rating && rating.changes) || []).map((c) => [c.seat, c]));
  const votes = room.rematch_votes || 0;
  container.replaceChildren(
    h(
      "section",
      { class: "result panel", role: "dialog", "aria-labelledby": "result-title", "data-testid": "result-panel" },
      h("h2", { id: "result-title", "data-testid": "result-title" }, resultHeadline(result, room, held)),
      h(
        "ol",
        { class: "placings", "data-testid": "placings" },
        order.map(({ rank, seat }) => {
          const score = scoreText ? scoreText(scores[seat], seat) : null;
          return h(
            "li",
            { class: ["placing", rank === 1 && "first", held.includes(seat) && "mine"], "data-testid": `placing-${seat}` },
            h("span", { class: "rank" }, t("result.rank", { rank })),
            h("span", { class: "chip-token", style: { background: seatColour(seat), color: seatInk(seat) }, "aria-hidden": "true" }, seatMarkOf(room, seat)),
            h("span", { class: "placing-name" }, seatNameOf(room, seat)),
            score !== null && score !== undefined ? h("span", { class: "placing-score" }, score) : null,
            changes.has(seat) ? ratingChange(/** @type {import("./types.js").RatingChange} */ (changes.get(seat))) : null,
          );
        }),
      ),
      rating && rating.unrated ? h("p", { class: "hint", "data-testid": "rating-unrated" }, t(`rating.unrated.${rating.unrated}`, { count: rating.limit || 0 })) : null,
      humans > 1 && votes > 0 ? h("p", { class: "hint", "data-testid": "rematch-votes" }, t("result.votes", { votes, humans })) : null,
      fairness ? fairnessDetails(fairness) : null,
      h(
        "div",
        { class: "button-row" },
        canRematch
          ? h(
              "button",
              { type: "button", class: "primary", "data-testid": "rematch-button", disabled: voted, onclick: onRematch },
              voted ? t("result.rematch_waiting") : t("result.rematch"),
            )
          : null,
        onReplay ? h("button", { type: "button", "data-testid": "result-replay", onclick: onReplay }, t("result.watch_replay")) : null,
        h("button", { type: "button", "data-testid": "result-close", onclick: onClose }, t("result.show_table")),
        h("button", { type: "button", "data-testid": "result-home", onclick: onHome }, t("result.new_game")),
      ),
    ),
  );
}

/**
 * A player's rating after a rated game and its change: "Rating 1040? (+40), provisional".
 * @param {import("./types.js").RatingChange} change
 * @returns {HTMLElement}
 */
function ratingChange(change) {
  const sign = change.change > 0 ? "+" : change.change < 0 ? "−" : "±";
  const text = t("rating.change", { rating: ratingText(change.shown, change.provisional), change: `${sign}${formatNumber(Math.abs(change.change))}` });
  return h(
    "span",
    { class: ["placing-rating", change.change > 0 && "up", change.change < 0 && "down"], "data-testid": `rating-change-${change.seat}` },
    text,
    change.provisional ? h("span", { class: "hint" }, ` ${t("rating.provisional")}`) : null,
  );
}

/**
 * A score as the result panel says it: "12 points", or the value as text.
 * @param {any} score
 * @returns {string | null}
 */
export function defaultScoreText(score) {
  if (score === null || score === undefined) return null;
  return typeof score === "number" ? t("result.points", { count: score, points: formatNumber(score) }) : String(score);
}
