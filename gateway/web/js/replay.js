// The replay viewer (/r/CODE/games/N/replay): a finished game step by step, drawn by the
// game's own module with nothing to play. Seen as one seat saw it, or with everything
// revealed; first / back / play / forward / last, arrow keys, each step announced; the link
// (with the seat and step shown) can be copied and shared.
import * as api from "./api.js";
import { copyText, h, replace, toast } from "./dom.js";
import { describeEvent, drawContext } from "./draw_context.js";
import { announce } from "./eventlog.js";
import { gameMeta, loadGame } from "./games.js";
import { formatNumber, gameName, onLanguageChange, t } from "./i18n.js";
import { languageSelect } from "./menu.js";
import { resultHeadline } from "./result.js";
import { recordedName } from "./seats.js";
import * as store from "./store.js";
import * as svg from "./svg.js";

const PLAY_EVERY_MS = 1000;
const REVEALED = "all";

// The controls' icons as paths in a 24 × 24 box (drawn, so no font has to hold the symbols).
const ICONS = {
  first: "M5 5h2.5v14H5zM19 5v14L9 12z",
  back: "M15.5 4l2 2-6 6 6 6-2 2-8-8z",
  play: "M7 5v14l11-7z",
  pause: "M6 5h4v14H6zM14 5h4v14h-4z",
  forward: "M8.5 4l8 8-8 8-2-2 6-6-6-6z",
  last: "M16.5 5H19v14h-2.5zM5 5v14l10-7z",
};

function icon(name) {
  return svg.s("svg", { viewBox: "0 0 24 24", width: 20, height: 20, "aria-hidden": "true", focusable: "false" }, svg.s("path", { d: ICONS[name], fill: "currentColor" }));
}

/** The seat to show first: the link's, else the seat this browser held in the room, else seat 0. */
function firstSeat(code) {
  const asked = new URLSearchParams(window.location.search).get("seat");
  if (asked === REVEALED || /^\d+$/.test(asked || "")) return asked;
  const ticket = store.ticketFor(code);
  return ticket && ticket.seats && ticket.seats.length ? String(ticket.seats[0]) : "0";
}

function firstStep() {
  const asked = Number(new URLSearchParams(window.location.search).get("step"));
  return Number.isInteger(asked) && asked >= 0 ? asked : 0;
}

class ReplayViewer {
  // The page's parts: renderPage() makes them, again on a change of language.
  /** @type {HTMLElement} */ counterEl;
  /** @type {HTMLElement} */ eventsEl;
  /** @type {HTMLElement} */ areaEl;
  /** @type {HTMLElement} */ ownZoneEl;
  /** @type {HTMLElement} */ seatsEl;
  /** @type {HTMLElement} */ playButton;

  constructor(root, nav, code, number) {
    this.root = root;
    this.nav = nav;
    this.code = code;
    this.number = number;
    this.seat = firstSeat(code);
    this.step = firstStep();
    this.replays = new Map(); // seat -> the replay as that seat saw it (or "all")
    /** @type {import("./types.js").GameModule | undefined} the game's draw module, once loaded */
    this.module = undefined;
    /** @type {any} the game's GameMeta, once loaded */
    this.meta = undefined;
    this.timer = null;
    this.closed = false;
    this.onKey = (event) => this.key(event);
    this.stopLanguage = onLanguageChange(() => this.renderPage());
  }

  async start() {
    document.addEventListener("keydown", this.onKey);
    replace(this.root, h("main", { class: "start replay-page", "data-testid": "replay-page" }, h("p", { class: "hint" }, t("ui.loading"))));
    try {
      const data = await this.fetch(this.seat).catch((error) => {
        // A link with a seat the game did not have: show it revealed rather than nothing.
        if (error.code !== "bad_request" || this.seat === REVEALED) throw error;
        this.seat = REVEALED;
        return this.fetch(REVEALED);
      });
      if (this.closed) return;
      this.gameId = data.game;
      [this.module, this.meta] = await Promise.all([loadGame(data.game), gameMeta(data.game)]);
      if (this.closed) return;
      this.step = Math.min(this.step, data.frames.length - 1);
      this.renderPage();
    } catch (error) {
      if (this.closed) return;
      replace(
        this.root,
        h("main", { class: "start replay-page", "data-testid": "replay-page" }, this.homeLink(), h("p", { class: "panel", role: "alert", "data-testid": "replay-error" }, error.code === "invitation_needed" ? t("replay.private") : t(`refusal.${error.code || "unavailable"}`))),
      );
    }
  }

  destroy() {
    this.closed = true;
    this.pause();
    document.removeEventListener("keydown", this.onKey);
    this.stopLanguage();
  }

  fetch(seat) {
    if (!this.replays.has(seat)) {
      // A computer seat's kept name ("CPU (easy)") shown in the words of every other page.
      const loading = api
        .replay(this.code, this.number, seat, store.gameAccess(this.code, api.linkInvite()))
        .then((data) => ({ ...data, names: (data.names || []).map(recordedName) }));
      loading.catch(() => this.replays.delete(seat));
      this.replays.set(seat, loading);
    }
    return this.replays.get(seat);
  }

  async data() {
    return this.fetch(this.seat);
  }

  /** The room as the draw module and the seat names need it: the names the game was played with. */
  room(data) {
    return {
      code: data.code,
      game: data.game,
      options: data.options || {},
      status: "finished",
      game_number: data.number,
      seats: data.names.map((name, seat) => ({ seat, name, kind: "human" })),
    };
  }

  homeLink() {
    return h(
      "a",
      {
        href: "/",
        class: "home-link",
        "data-testid": "replay-home",
        onclick: (e) => {
          e.preventDefault();
          this.nav.go("/");
        },
      },
      t("me.home"),
    );
  }

  // -- the page ----------------------------------------------------------------------------

  async renderPage() {
    const data = await this.data();
    if (this.closed) return;
    const active = document.activeElement;
    const focusId = active && this.root.contains(active) ? active.getAttribute("data-testid") : null;
    document.title = `${t("replay.title", { game: gameName(data.game) })} · ${t("app.title")}`;
    const button = (testid, label, name, onclick) => h("button", { type: "button", class: "replay-step", "data-testid": testid, "aria-label": label, title: label, onclick }, icon(name));
    this.playButton = button("replay-play", t("replay.play"), "play", () => (this.timer ? this.pause() : this.play()));
    this.counterEl = h("p", { class: "replay-counter", "data-testid": "replay-counter" });
    this.eventsEl = h("p", { class: "replay-events", "data-testid": "replay-events" });
    this.areaEl = h("div", { class: "game-area replay-area", "data-testid": "replay-board" });
    this.ownZoneEl = h("div", { class: "own-zone replay-own" });
    this.seatsEl = h("div", { class: "replay-seats" });
    const seatSelect = h(
      "select",
      {
        id: "replay-seat",
        "data-testid": "replay-seat",
        onchange: (e) => this.chooseSeat(e.target.value),
      },
      data.names.map((name, seat) => h("option", { value: String(seat), selected: this.seat === String(seat) }, t("replay.seat_view", { name }))),
      h("option", { value: REVEALED, selected: this.seat === REVEALED }, t("replay.revealed")),
    );
    replace(
      this.root,
      h(
        "main",
        { class: "start replay-page", "data-testid": "replay-page" },
        h(
          "header",
          { class: "start-head" },
          h("h1", { "data-testid": "replay-title" }, t("replay.title", { game: gameName(data.game) })),
          h("label", { class: "lang" }, h("span", { class: "sr-only" }, t("menu.language")), languageSelect("replay-language")),
        ),
        this.homeLink(),
        // The table first, the controls right under it (beside it on a wide screen): on a
        // phone the board sat below the controls, out of sight.
        h("section", { class: "replay-table", "aria-label": t("replay.seen_by") }, this.areaEl, this.ownZoneEl),
        this.eventsEl,
        h(
          "section",
          { class: "panel replay-controls", role: "group", "aria-label": t("replay.controls") },
          h("div", { class: "field replay-seat" }, h("label", { for: "replay-seat" }, t("replay.seen_by")), seatSelect),
          h(
            "div",
            { class: "replay-buttons" },
            button("replay-first", t("replay.first"), "first", () => this.go(0)),
            button("replay-back", t("replay.back"), "back", () => this.go(this.step - 1)),
            this.playButton,
            button("replay-forward", t("replay.forward"), "forward", () => this.go(this.step + 1)),
            button("replay-last", t("replay.last"), "last", () => this.go(Infinity)),
          ),
          this.counterEl,
          h("p", { class: "hint replay-keys" }, t("replay.keys_hint")),
          h("button", { type: "button", "data-testid": "replay-copy-link", onclick: () => this.copyLink() }, t("share.copy_link")),
        ),
        h("p", { class: "lead", "data-testid": "replay-lead" }, t("replay.lead", { code: data.code, number: formatNumber(data.number), names: data.names.join(", ") })),
        this.seatsEl,
      ),
    );
    this.renderFrame(data);
    if (focusId) {
      const again = this.root.querySelector(`[data-testid="${CSS.escape(focusId)}"]`);
      if (again) again.focus({ preventScroll: true });
    }
  }

  /** The position at the current step, its counter and events; the link follows along. */
  renderFrame(data) {
    const frames = data.frames;
    const frame = frames[this.step];
    const room = this.room(data);
    const revealed = this.seat === REVEALED;
    const mySeat = revealed ? null : Number(this.seat);
    const events = frame.events || [];
    const context = (seat, ownZone) => drawContext({ gameId: data.game, room, mySeat: seat, seats: seat === null ? [] : [seat], events, ownZone, shakeTarget: this.areaEl });
    this.draw(this.areaEl, this.ownZoneEl, frame.view, context(mySeat, this.ownZoneEl));
    // Everything revealed: under the table, what each seat saw of it (its hand), for the games
    // that hide anything at all.
    const hidden = revealed && this.meta && this.meta.hidden_information;
    this.seatsEl.hidden = !hidden;
    if (hidden) {
      replace(
        this.seatsEl,
        h("h2", null, t("replay.seats_title")),
        (frame.views || []).map(({ seat, view }) => {
          const area = h("div", { class: "game-area replay-area" });
          const own = h("div", { class: "own-zone replay-own" });
          this.draw(area, own, view, context(seat, own));
          return h("section", { class: "panel replay-seat-view", "data-testid": `replay-seat-${seat}`, "aria-label": data.names[seat] }, h("h3", null, data.names[seat]), own.childElementCount ? own : area);
        }),
      );
    } else {
      this.seatsEl.replaceChildren();
    }
    const counter = t("replay.counter", { step: formatNumber(this.step), total: formatNumber(data.moves) });
    this.counterEl.textContent = counter;
    const said = this.eventsText(events, room, mySeat) || (this.step === 0 ? t("replay.set_up") : t("replay.quiet"));
    this.eventsEl.textContent = said;
    for (const [testid, off] of [
      ["replay-first", this.step === 0],
      ["replay-back", this.step === 0],
      ["replay-forward", this.step === frames.length - 1],
      ["replay-last", this.step === frames.length - 1],
    ]) {
      const el = this.root.querySelector(`[data-testid="${testid}"]`);
      // aria-disabled keeps the button focusable, so the keyboard is not lost at either end.
      if (el) el.setAttribute("aria-disabled", String(off));
    }
    const playing = Boolean(this.timer);
    this.playButton.setAttribute("aria-label", playing ? t("replay.pause") : t("replay.play"));
    this.playButton.title = this.playButton.getAttribute("aria-label") || "";
    this.playButton.replaceChildren(icon(playing ? "pause" : "play"));
    this.playButton.setAttribute("aria-pressed", String(playing));
    const params = new URLSearchParams({ seat: /** @type {string} */ (this.seat), step: String(this.step) });
    // The fragment stays: a private room's invitation, for a reload or a shared link.
    window.history.replaceState({}, "", `${api.replayPath(data.code, data.number)}?${params}${window.location.hash}`);
    return `${counter}. ${said}`;
  }

  draw(area, own, view, ctx) {
    area.replaceChildren();
    own.replaceChildren();
    try {
      /** @type {import("./types.js").GameModule} loaded before any frame */ (this.module).render(area, view, ctx);
    } catch (error) {
      console.error("render failed", error);
      area.replaceChildren(h("p", { class: "hint" }, t("ui.render_failed")));
    }
    own.hidden = !own.childElementCount;
  }

  eventsText(events, room, mySeat) {
    const ctx = drawContext({ gameId: this.gameId, room, mySeat, seats: mySeat === null ? [] : [mySeat], events });
    return events
      .map((event) => {
        if (event.code === "game_over") return event.result ? t("event.game_over_result", { headline: resultHeadline(event.result, room, mySeat === null ? [] : [mySeat]) }) : null;
        return describeEvent(this.module, this.gameId, event, ctx);
      })
      .filter(Boolean)
      .join(" ");
  }

  // -- moving through the game ---------------------------------------------------------------

  async go(step) {
    const data = await this.data();
    const next = Math.max(0, Math.min(data.frames.length - 1, step));
    if (next === this.step) {
      if (this.timer && next === data.frames.length - 1) this.pause();
      return;
    }
    this.step = next;
    if (this.timer && next === data.frames.length - 1) this.pause(false);
    announce(this.renderFrame(data));
  }

  play() {
    if (this.timer) return;
    this.timer = setInterval(() => this.go(this.step + 1), PLAY_EVERY_MS);
    this.data().then((data) => {
      if (this.step === data.frames.length - 1) this.step = 0; // from the start again
      this.renderFrame(data);
    });
  }

  pause(redraw = true) {
    if (!this.timer) return;
    clearInterval(this.timer);
    this.timer = null;
    if (redraw && !this.closed) this.data().then((data) => this.renderFrame(data));
  }

  async chooseSeat(seat) {
    this.seat = seat;
    try {
      const data = await this.data();
      if (this.closed) return;
      announce(this.renderFrame(data));
    } catch (error) {
      toast(t(`refusal.${error.code || "unavailable"}`), "error");
    }
  }

  key(event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target;
    if (target && target.closest && target.closest("select, input, textarea, [role=dialog]")) return;
    const moves = { ArrowLeft: () => this.go(this.step - 1), ArrowRight: () => this.go(this.step + 1), Home: () => this.go(0), End: () => this.go(Infinity) };
    const action = moves[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  }

  async copyLink() {
    const ok = await copyText(window.location.href);
    toast(ok ? t("share.link_copied") : t("share.copy_failed"), ok ? "info" : "error");
  }
}

/**
 * Show the replay of game `number` of room `code`; returns a function that closes it.
 * @param {HTMLElement} root
 * @param {import("./types.js").Nav} nav
 * @param {string} code
 * @param {number} number
 * @returns {() => void}
 */
export function showReplay(root, nav, code, number) {
  const viewer = new ReplayViewer(root, nav, code, number);
  viewer.start();
  return () => viewer.destroy();
}
