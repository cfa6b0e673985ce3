// The installable app's page side: the service worker registered (gateway/web/sw.js keeps the
// app shell, so the app opens at once and without a network), and an honest "offline" state
// while the server cannot be reached: a banner over every page, so nothing on it (a room, the
// "your turn" list) passes for live. The room's own connection line says it is reconnecting.
//
// The browser's online flag alone is not enough (a captive Wi-Fi, a server gone away, and the
// cached shell answering its own page): a request that fails says offline too, and while
// offline a small probe asks the server now and then until it answers.
import { h } from "./dom.js";
import { t } from "./i18n.js";

const PROBE_MS = 5000;
/** @type {HTMLElement | null} */
let banner = null;
let offline = false;
/** @type {ReturnType<typeof setInterval> | null} */
let probing = null;

function draw() {
  if (!banner) return;
  banner.textContent = t("app.offline");
  banner.hidden = !offline;
  document.documentElement.classList.toggle("offline", offline);
}

/**
 * What a request just learnt: the server answered (`reached`), or the network failed.
 * @param {boolean} reached
 */
export function reportNetwork(reached) {
  if (offline === !reached) return;
  offline = !reached;
  draw();
  if (offline && probing === null) probing = setInterval(probe, PROBE_MS);
  if (!offline && probing !== null) {
    clearInterval(probing);
    probing = null;
  }
}

async function probe() {
  try {
    // Not one the service worker answers: only the server itself.
    await fetch("/healthz", { cache: "no-store" });
    reportNetwork(true);
  } catch {
    reportNetwork(false);
  }
}

/**
 * Show the offline banner whenever the server cannot be reached; returns a function that
 * draws it again (a new language).
 * @returns {() => void}
 */
export function watchNetwork() {
  banner = h("div", { class: "offline-banner", role: "status", "data-testid": "offline-banner", hidden: true });
  document.body.prepend(banner);
  window.addEventListener("offline", () => reportNetwork(false));
  window.addEventListener("online", probe);
  if (!navigator.onLine) reportNetwork(false);
  probe();
  return draw;
}

/** Register the service worker (scope "/") once the page has loaded, so fetching the shell
 * never competes with the first page; a browser without one simply goes without. */
export function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  const register = () => navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch((error) => console.warn("no service worker", error));
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
