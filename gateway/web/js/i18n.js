// Translations: UI catalogues in /static/i18n/<lang>.json, per-game catalogues in
// /static/games/<id>/i18n.json ({"de": {...}, "en": {...}, ...}).
//
// A string may hold {placeholders}; numbers are formatted for the locale. A value may
// also be a plural object {"one": "...", "other": "..."} picked by params.count, or an
// ordinal one ({"one": "{ordinal}st", "two": …, "other": …}) picked by params.ordinal.
import * as store from "./store.js";

export const LANGUAGES = ["de", "en", "es", "sv"];
const FALLBACK = "en";

let lang = FALLBACK;
const ui = {}; // lang → catalogue
const games = new Map(); // game id → {lang → catalogue}
const listeners = new Set();

function browserLanguage() {
  const wanted = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || FALLBACK];
  for (const tag of wanted) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (LANGUAGES.includes(base)) return base;
  }
  return FALLBACK;
}

async function fetchJson(url) {
  const response = await fetch(url, { cache: "no-cache" });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.json();
}

async function loadUi(code) {
  if (ui[code]) return;
  try {
    ui[code] = await fetchJson(`/static/i18n/${code}.json`);
  } catch (error) {
    console.warn("catalogue missing", code, error);
    ui[code] = {};
  }
}

/**
 * Load the UI strings of the page's language (and English beneath them).
 * @returns {Promise<void>}
 */
export async function initI18n() {
  const chosen = store.language();
  lang = chosen !== null && LANGUAGES.includes(chosen) ? chosen : browserLanguage();
  // One fetch per catalogue (the page's preload of the fallback serves one request only).
  await Promise.all([...new Set([FALLBACK, lang])].map(loadUi));
  document.documentElement.lang = lang;
}

/**
 * The page's language: one of LANGUAGES.
 * @returns {string}
 */
export function currentLanguage() {
  return lang;
}

/**
 * Switch the page's language (kept by the browser) and tell every listener.
 * @param {string} code
 * @returns {Promise<void>}
 */
export async function setLanguage(code) {
  if (!LANGUAGES.includes(code)) return;
  await loadUi(code);
  lang = code;
  store.saveLanguage(code);
  document.documentElement.lang = code;
  for (const fn of listeners) fn(code);
}

/**
 * Call `fn(lang)` whenever the language changes; returns an unsubscribe function.
 * @param {(lang: string) => void} fn
 * @returns {() => void}
 */
export function onLanguageChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/**
 * Load a game's catalogue (once); a game without one still works with the UI strings.
 * @param {string} gameId
 * @returns {Promise<Record<string, Record<string, any>>>}
 */
export async function loadGameStrings(gameId) {
  if (games.has(gameId)) return games.get(gameId);
  let data;
  try {
    data = await fetchJson(`/static/games/${encodeURIComponent(gameId)}/i18n.json`);
  } catch {
    data = {};
  }
  games.set(gameId, data);
  return data;
}

/**
 * A number in the page language's way (Intl).
 * @param {number} value
 * @param {Intl.NumberFormatOptions} [options]
 * @returns {string}
 */
export function formatNumber(value, options) {
  try {
    return new Intl.NumberFormat(lang, options).format(value);
  } catch {
    return String(value);
  }
}

function lookup(key, gameId) {
  const game = gameId ? games.get(gameId) : null;
  const chain = [game && game[lang], ui[lang], game && game[FALLBACK], ui[FALLBACK]];
  for (const catalogue of chain) {
    if (catalogue && Object.prototype.hasOwnProperty.call(catalogue, key)) return catalogue[key];
  }
  return undefined;
}

/**
 * Whether `key` has a text (the game's catalogue, then the UI's).
 * @param {string} key
 * @param {string | null} [gameId]
 * @returns {boolean}
 */
export function has(key, gameId) {
  return lookup(key, gameId) !== undefined;
}

function fill(text, params) {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name) => {
    if (!(name in params)) return whole;
    const value = params[name];
    return typeof value === "number" ? formatNumber(value) : String(value);
  });
}

/** The last part of a key, readable: "option.start_cards" → "start cards". */
function readable(key) {
  const last = key.split(".").pop();
  return last.replace(/[_-]+/g, " ");
}

/**
 * Translate `key` (with the game's catalogue first when `gameId` is given).
 * @param {string} key
 * @param {Record<string, any> | null} [params]
 * @param {string | null} [gameId]
 * @returns {string}
 */
export function t(key, params, gameId) {
  let value = lookup(key, gameId);
  if (value === undefined) return fill(readable(key), params);
  if (value && typeof value === "object") {
    // A plural picked by params.count, or an ordinal ("2nd") by params.ordinal.
    const ordinal = params && typeof params.ordinal === "number";
    const count = ordinal ? params.ordinal : params && typeof params.count === "number" ? params.count : 0;
    let category;
    try {
      category = new Intl.PluralRules(lang, { type: ordinal ? "ordinal" : "cardinal" }).select(count);
    } catch {
      category = count === 1 ? "one" : "other";
    }
    value = value[category] ?? value.other ?? Object.values(value)[0];
  }
  return fill(String(value), params);
}

/**
 * A translator bound to one game.
 * @param {string} gameId
 * @returns {import("./types.js").Translate}
 */
export function gameTranslator(gameId) {
  return (key, params) => t(key, params, gameId);
}

/**
 * A game's display name: "game.<id>" in the UI catalogue.
 * @param {string} gameId
 * @returns {string}
 */
export function gameName(gameId) {
  return has(`game.${gameId}`, gameId) ? t(`game.${gameId}`, null, gameId) : gameId;
}

/**
 * The name of a language in itself, for the language menu.
 * @param {string} code
 * @returns {string}
 */
export function languageName(code) {
  return { de: "Deutsch", en: "English", es: "Español", sv: "Svenska" }[code] || code;
}
