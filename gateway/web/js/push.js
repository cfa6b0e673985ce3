// Notifications on the player's page (/me): with the player's consent (a button; never asked on
// its own), this browser subscribes to Web Push with the server's key and is told when it is
// the player's turn at a table they are not at, and when a game ends (docs/play-api.md). The
// devices that are told, each removable, and quiet hours in the player's own time zone.
import * as api from "./api.js";
import { h, replace } from "./dom.js";
import { currentLanguage, t } from "./i18n.js";

const WORKER = "/sw.js";

/** @returns {boolean} whether this browser can be told at all */
export function pushSupported() {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

/**
 * The service worker (gateway/web/sw.js), registered (again: a no-op when it is).
 * @returns {Promise<ServiceWorkerRegistration>}
 */
export async function registerWorker() {
  await navigator.serviceWorker.register(WORKER);
  return navigator.serviceWorker.ready;
}

/**
 * The table is open: its notification, if one is shown, has been seen (the server forgets it
 * when the table's connection says hello).
 * @param {string} code
 */
export function clearTableNotices(code) {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker
    .getRegistration()
    .then((registration) => (registration ? registration.getNotifications({ tag: `table-${code}` }) : []))
    .then((shown) => shown.forEach((notice) => notice.close()))
    .catch(() => null);
}

/**
 * Base64url as the bytes `applicationServerKey` takes.
 * @param {string} text
 * @returns {Uint8Array<ArrayBuffer>}
 */
function bytesOf(text) {
  const plain = atob(text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4));
  return Uint8Array.from(plain, (ch) => ch.charCodeAt(0));
}

/**
 * This browser subscribed with the server's key and kept for the player, under the name the
 * server gives it from its User-Agent (the one its signed-in sessions get too).
 * @param {string} token
 * @returns {Promise<any>}
 */
async function subscribeHere(token) {
  const permission = await Notification.requestPermission();
  if (permission !== "granted") throw new api.Refusal("push_denied");
  const [{ key }, registration] = await Promise.all([api.pushKey(), registerWorker()]);
  const subscription =
    (await registration.pushManager.getSubscription()) ||
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytesOf(key) }));
  return api.subscribePush(token, { subscription: subscription.toJSON(), language: currentLanguage() });
}

/**
 * @param {{ subscriptions: Array<{ id: string, label: string, created_ms: string }> }} listed
 * @param {string} token
 * @param {() => void} redraw
 * @returns {HTMLElement}
 */
function devicesList(listed, token, redraw) {
  if (!listed.subscriptions.length) return h("p", { class: "hint", "data-testid": "push-no-devices" }, t("push.no_devices"));
  const date = new Intl.DateTimeFormat(currentLanguage(), { dateStyle: "medium" });
  return h(
    "ul",
    { class: "me-rules", "data-testid": "push-devices" },
    listed.subscriptions.map((device) =>
      h(
        "li",
        { "data-testid": `push-device-${device.id}` },
        h("span", null, `${device.label || t("push.device")} · ${date.format(new Date(Number(device.created_ms)))}`),
        h(
          "button",
          {
            type: "button",
            "aria-label": t("push.remove_label", { name: device.label || t("push.device") }),
            onclick: async () => {
              await api.deletePush(token, device.id).catch(() => null);
              redraw();
            },
          },
          t("push.remove"),
        ),
      ),
    ),
  );
}

/**
 * @param {{ quiet_hours: { from: string, to: string, time_zone: string } | null }} listed
 * @param {string} token
 * @returns {HTMLElement}
 */
function quietHoursForm(listed, token) {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  const saved = listed.quiet_hours;
  const start = h("input", { type: "time", id: "push-quiet-from", "data-testid": "push-quiet-from", value: saved ? saved.from : "22:00", required: true });
  const end = h("input", { type: "time", id: "push-quiet-to", "data-testid": "push-quiet-to", value: saved ? saved.to : "07:00", required: true });
  const note = h("p", { class: "hint", role: "status", "data-testid": "push-quiet-note" });
  return h(
    "form",
    {
      class: "push-quiet",
      onsubmit: async (e) => {
        e.preventDefault();
        try {
          await api.saveQuietHours(token, { from: start.value, to: end.value, time_zone: zone });
          note.textContent = t("push.quiet_saved");
        } catch (error) {
          note.textContent = t(`refusal.${error.code}`);
        }
      },
    },
    h("h3", null, t("push.quiet_title")),
    h("p", { class: "hint" }, t("push.quiet_lead", { zone })),
    h("div", { class: "push-quiet-times" }, h("div", { class: "field" }, h("label", { for: "push-quiet-from" }, t("push.quiet_from")), start), h("div", { class: "field" }, h("label", { for: "push-quiet-to" }, t("push.quiet_to")), end)),
    h("button", { type: "submit", "data-testid": "push-quiet-save" }, t("push.quiet_save")),
    note,
  );
}

/**
 * The page's notifications section, filled in once the player's devices are read.
 * @param {string} token
 * @returns {HTMLElement}
 */
export function pushSection(token) {
  const section = h("section", { class: "panel", "aria-labelledby": "push-title", "data-testid": "push-section" });
  const draw = async () => {
    const head = [h("h2", { id: "push-title" }, t("push.title")), h("p", { class: "hint" }, t("push.lead"))];
    if (!pushSupported()) {
      replace(section, ...head, h("p", { "data-testid": "push-unsupported" }, t("push.unsupported")));
      return;
    }
    // Allowed before on this browser: keep its worker registered (this asks nothing).
    if (Notification.permission === "granted") registerWorker().catch(() => null);
    let listed;
    try {
      listed = await api.pushSubscriptions(token);
    } catch {
      listed = { subscriptions: [], quiet_hours: null };
    }
    const note = h("p", { class: "hint", role: "status", "data-testid": "push-note" });
    const enable = h(
      "button",
      {
        type: "button",
        "data-testid": "push-enable",
        onclick: async () => {
          note.textContent = "";
          try {
            await subscribeHere(token);
            await draw();
          } catch (error) {
            // A refusal of ours has a code; a browser's own failure (no push service) has none.
            const refused = error instanceof api.Refusal;
            note.textContent = t(refused && error.code === "push_denied" ? "push.denied" : refused ? `refusal.${error.code}` : "push.failed");
          }
        },
      },
      t("push.enable"),
    );
    replace(section, ...head, enable, note, devicesList(listed, token, draw), quietHoursForm(listed, token));
  };
  draw();
  return section;
}
