// The service worker (served at /sw.js with scope "/", gateway/app.py): the app shell kept in a
// cache of its own per deployment, so the installed app opens at once and without a network.
//
// - install: the shell (the start page, its modules' hashed files, the stylesheet, the strings,
//   the manifest and icons) is fetched into this deployment's cache;
// - activate: the caches of earlier deployments are dropped and open pages are taken over;
// - a page (navigation) comes from the network, and from the cached start page only when there
//   is none: the client routes every path itself, and shows that it is offline;
// - /static/ files come from the cache, else from the network (kept for next time): within one
//   deployment a file never changes, and a new deployment is a new cache;
// - the games' list comes from the network, else from the cache; everything else (a room, a
//   player's lists, the WebSocket) goes to the network as it is, so no table shows stale.
//
// The gateway writes this deployment's version and shell in place of the SHELL line below
// (gateway/static_assets.py). Push notifications keep their listeners in a file of their own,
// pulled in at the end (sw-push.js).

const SHELL = { version: "dev", urls: [] };
const PREFIX = "gameroom-shell-";
// Marks an answer from the cache where the page asked the network (js/api.js: not a sign the
// server is reachable).
const FROM_CACHE = "Gameroom-From-Cache";
const CACHE = `${PREFIX}${SHELL.version}`;
/** The worker's global scope (the DOM's types name no worker scope). */
const worker = /** @type {any} */ (self);

worker.addEventListener("install", (/** @type {any} */ event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SHELL.urls))
      .then(() => worker.skipWaiting()),
  );
});

worker.addEventListener("activate", (/** @type {any} */ event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith(PREFIX) && name !== CACHE).map((name) => caches.delete(name))))
      .then(() => worker.clients.claim()),
  );
});

worker.addEventListener("fetch", (/** @type {any} */ event) => {
  /** @type {Request} */
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin) return;
  if (request.mode === "navigate") event.respondWith(pageOrShell(request));
  else if (url.pathname.startsWith("/static/")) event.respondWith(cachedFirst(request));
  else if (url.pathname === "/api/games") event.respondWith(networkFirst(request));
});

/**
 * @param {Request} request
 * @returns {Promise<Response>}
 */
async function pageOrShell(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const shell = await caches.match("/", { cacheName: CACHE });
    if (shell) return shell;
    throw error;
  }
}

/**
 * @param {Request} request
 * @returns {Promise<Response>}
 */
async function cachedFirst(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

/**
 * @param {Request} request
 * @returns {Promise<Response>}
 */
async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(request);
    if (!kept) throw error;
    const headers = new Headers(kept.headers);
    headers.set(FROM_CACHE, "1");
    return new Response(kept.body, { status: kept.status, statusText: kept.statusText, headers });
  }
}

// Push notifications: the `push` and `notificationclick` listeners.
worker.importScripts("/static/sw-push.js");
