// A rating's history as a small line chart in inline SVG, for the player's page. The drawing
// is an image with a title and a description (first and last rating, the highest); the same
// points follow as a table that only screen readers read.
import { h } from "./dom.js";
import { formatNumber, currentLanguage, gameName, t } from "./i18n.js";
import { signed } from "./leaderboard.js";
import { s } from "./svg.js";

// Drawn at 300 wide: on a 360 px phone the chart's 14-unit labels stay at least 12 px.
const WIDTH = 300;
const HEIGHT = 150;
const LABEL_CHAR = 9; // a 14-unit digit's width, and some: the labels' room is sized by it
const TOP = 12;
const BOTTOM = 12;
const RIGHT = 10;

/**
 * The chart of one game's rating history and its table for screen readers.
 * @param {string} gameId
 * @param {Array<{ at_ms: string, shown: number, change: number }>} points  oldest first
 * @returns {HTMLElement}
 */
export function ratingChart(gameId, points) {
  if (!points.length) return h("p", { class: "hint", "data-testid": "me-chart-empty" }, t("me.no_history"));
  const ratings = points.map((p) => p.shown);
  const low = Math.min(...ratings);
  const high = Math.max(...ratings);
  // A flat history still gets a band to sit in.
  const bottom = low - Math.max(10, (high - low) * 0.1);
  const top = high + Math.max(10, (high - low) * 0.1);
  // Room at the left for the longer of the two rating labels.
  const left = 12 + LABEL_CHAR * Math.max(formatNumber(high).length, formatNumber(low).length);
  const x = (i) => left + (points.length === 1 ? (WIDTH - left - RIGHT) / 2 : (i * (WIDTH - left - RIGHT)) / (points.length - 1));
  const y = (rating) => TOP + ((top - rating) * (HEIGHT - TOP - BOTTOM)) / (top - bottom);
  const titleId = `me-chart-title-${gameId}`;
  const descId = `me-chart-desc-${gameId}`;
  const first = ratings[0];
  const last = ratings[ratings.length - 1];
  const chart = s(
    "svg",
    {
      viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
      class: "rating-chart",
      role: "img",
      "aria-labelledby": `${titleId} ${descId}`,
      "data-testid": "me-chart",
      "data-points": points.length,
    },
    s("title", { id: titleId }, t("me.chart_title", { game: gameName(gameId) })),
    s("desc", { id: descId }, t("me.chart_desc", { count: formatNumber(points.length), first: formatNumber(first), last: formatNumber(last), best: formatNumber(high) })),
    [high, low].map((rating) => [
      s("line", { class: "chart-grid", x1: left, x2: WIDTH - RIGHT, y1: y(rating), y2: y(rating) }),
      s("text", { class: "chart-label", x: left - 6, y: y(rating), "text-anchor": "end", "dominant-baseline": "middle", "font-size": 14 }, formatNumber(rating)),
    ]),
    s("polyline", { class: "chart-line", fill: "none", points: points.map((p, i) => `${x(i)},${y(p.shown)}`).join(" ") }),
    points.map((p, i) => s("circle", { class: "chart-point", cx: x(i), cy: y(p.shown), r: 3 })),
  );
  const date = new Intl.DateTimeFormat(currentLanguage(), { dateStyle: "medium" });
  const table = h(
    "table",
    { class: "sr-only", "data-testid": "me-chart-table" },
    h("caption", null, t("me.chart_title", { game: gameName(gameId) })),
    h("thead", null, h("tr", null, h("th", { scope: "col" }, t("me.history_date")), h("th", { scope: "col" }, t("board.rating")), h("th", { scope: "col" }, t("me.history_change")))),
    h(
      "tbody",
      null,
      points.map((p) => h("tr", null, h("td", null, date.format(new Date(Number(p.at_ms)))), h("td", null, formatNumber(p.shown)), h("td", null, signed(p.change)))),
    ),
  );
  return h("figure", { class: "rating-figure" }, chart, table);
}
