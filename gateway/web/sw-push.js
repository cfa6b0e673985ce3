// Web Push in the service worker (docs/play-api.md, "Notifications"): a push shows the
// notification the server sent (already in the player's language), one per table (its tag, so
// a newer notice of a table replaces the older); a click on it focuses a window of the app, on
// the table, or opens one.

/** @type {any} the service worker's global scope (the type check reads this folder as pages) */
const pushWorker = self;

pushWorker.addEventListener("push", (/** @type {any} */ event) => {
  /** @type {{ title?: string, body?: string, tag?: string, url?: string, lang?: string }} */
  let message;
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = {};
  }
  if (!message.title) return;
  event.waitUntil(
    pushWorker.registration.showNotification(message.title, {
      body: message.body || "",
      tag: message.tag || "",
      lang: message.lang || "",
      renotify: Boolean(message.tag),
      data: { url: message.url || "/" },
    }),
  );
});

pushWorker.addEventListener("notificationclick", (/** @type {any} */ event) => {
  event.notification.close();
  const target = new URL((event.notification.data && event.notification.data.url) || "/", pushWorker.location.origin);
  event.waitUntil(
    (async () => {
      const open = await pushWorker.clients.matchAll({ type: "window", includeUncontrolled: true });
      const same = open.find((/** @type {any} */ client) => new URL(client.url).pathname === target.pathname);
      const any = same || open.find((/** @type {any} */ client) => new URL(client.url).origin === target.origin);
      if (any) {
        const focused = await any.focus();
        if (!same && focused && "navigate" in focused) await focused.navigate(target.href);
        return;
      }
      await pushWorker.clients.openWindow(target.href);
    })(),
  );
});
