// Times in words for clocks that run for days: "2 d 5 h", "3 h 20 min", "4:05", and dates.
import { currentLanguage, formatNumber, t } from "./i18n.js";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * A time left in words: "2 d 5 h", "3 h 20 min", or "4:05" under an hour.
 * @param {number} ms
 * @returns {string}
 */
export function durationText(ms) {
  const left = Math.max(0, ms);
  if (left >= DAY_MS) return t("time.days_hours", { days: formatNumber(Math.floor(left / DAY_MS)), hours: formatNumber(Math.floor((left % DAY_MS) / HOUR_MS)) });
  if (left >= HOUR_MS) return t("time.hours_minutes", { hours: formatNumber(Math.floor(left / HOUR_MS)), minutes: formatNumber(Math.floor((left % HOUR_MS) / 60_000)) });
  const seconds = Math.ceil(left / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/**
 * A moment as a date and time in the page's language.
 * @param {number} ms
 * @returns {string}
 */
export function dateText(ms) {
  return new Intl.DateTimeFormat(currentLanguage(), { dateStyle: "medium", timeStyle: "short" }).format(new Date(ms));
}
