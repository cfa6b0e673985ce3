// The event log (what happened, in words) and the polite live region that announces moves
// and events to screen readers.
import { h } from "./dom.js";

/** @type {number | undefined} */
let announceTimer;
/** @type {string[]} */
let announceQueue = [];

/**
 * Say `text` through the polite live region; texts in quick succession are joined.
 * @param {string | null | undefined} text
 */
export function announce(text) {
  if (!text) return;
  const region = document.getElementById("announcer");
  if (!region) return;
  announceQueue.push(text);
  clearTimeout(announceTimer);
  announceTimer = setTimeout(() => {
    // Clearing first makes screen readers speak a repeated text again.
    region.textContent = "";
    const said = announceQueue.join(" ");
    announceQueue = [];
    setTimeout(() => {
      region.textContent = said;
    }, 30);
  }, 120);
}

const MAX_ENTRIES = 300;

export class EventLog {
  constructor() {
    this.entries = [];
    this.list = h("ol", { class: "event-log", "data-testid": "event-log", "aria-label": "" });
    this.ticker = null;
  }

  /** The one-line "last event" strip shows the newest entry. */
  attachTicker(el) {
    this.ticker = el;
    this.updateTicker();
  }

  /**
   * `make()` returns the entry's text in the current language (so it can be redone).
   * @param {{ number: number | null, make: () => string | null | undefined, colour?: string | null }} entry
   * @returns {string | undefined}
   */
  add({ number, make, colour }) {
    const text = make();
    if (!text) return;
    const entry = { number, make, colour, text };
    this.entries.push(entry);
    this.list.append(this.item(entry));
    while (this.entries.length > MAX_ENTRIES) {
      this.entries.shift();
      /** @type {ChildNode} */ (this.list.firstChild).remove();
    }
    this.list.scrollTop = this.list.scrollHeight;
    this.updateTicker();
    return text;
  }

  item(entry) {
    return h(
      "li",
      { "data-number": entry.number },
      entry.colour ? h("span", { class: "log-dot", style: { background: entry.colour }, "aria-hidden": "true" }) : null,
      entry.text,
    );
  }

  /** A line that is not a game event (a note from the client itself). */
  note(make) {
    return this.add({ number: null, make });
  }

  /** Say every entry again in the current language. */
  retranslate() {
    for (const entry of this.entries) entry.text = entry.make() || entry.text;
    this.list.replaceChildren(...this.entries.map((entry) => this.item(entry)));
    this.updateTicker();
  }

  updateTicker() {
    if (!this.ticker) return;
    const last = this.entries[this.entries.length - 1];
    this.ticker.textContent = last ? last.text : "";
  }

  clear() {
    this.entries = [];
    this.list.replaceChildren();
    this.updateTicker();
  }
}
