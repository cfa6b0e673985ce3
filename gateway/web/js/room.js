// The room frame: top bar, seats strip, game area, own zone, event log and chat drawer,
// waiting room, result panel, hand-over card. It owns the connection and feeds the game's
// draw module (games/<id>/draw.js) one view at a time.
import { Chat } from "./chat.js";
import { Connection } from "./connection.js";
import { confirmDialog, openDialog } from "./dialog.js";
import { copyText, h, replace, shake, toast } from "./dom.js";
import { describeEvent, drawContext } from "./draw_context.js";
import { EventLog, announce } from "./eventlog.js";
import { gameMeta, loadGame } from "./games.js";
import { showHandover } from "./handover.js";
import { formatNumber, gameName, onLanguageChange, t } from "./i18n.js";
import { roomMenu } from "./menu.js";
import { defaultScoreText, renderResult, resultHeadline } from "./result.js";
import { coins } from "./player.js";
import { pace } from "./pace.js";
import { openRules } from "./rules.js";
import { renderSeats, seatColour, seatInk, seatMarkOf, seatNameOf } from "./seats.js";
import { playMove, playYourTurn } from "./sound.js";
import * as store from "./store.js";
import * as svg from "./svg.js";
import { renderWaiting, shareBox } from "./waiting.js";
import * as api from "./api.js";
import { dateText, durationText } from "./time_text.js";

const GAP_RECONNECT_MS = 3000;
const CHAT_HISTORY_MS = 800;
// The move clock warns in its last seconds: the last 5 s, or the last fifth of a longer turn
// (at most its last 30 s, so a chess bank does not warn for minutes).
const CLOCK_WARN_MS = 5000;
const CLOCK_WARN_SHARE = 0.2;
const CLOCK_WARN_MAX_MS = 30000;
const CLOCK_TEN_S = 10;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export class Room {
  // The frame's elements: build() makes them, again on a change of language.
  /** @type {HTMLElement} */ frameEl;
  /** @type {HTMLElement} */ titleEl;
  /** @type {HTMLElement} */ codeEl;
  /** @type {HTMLElement} */ codeHintEl;
  /** @type {HTMLElement} */ stakeEl;
  /** @type {HTMLElement} */ stakeAmount;
  /** @type {HTMLElement} */ clockEl;
  /** @type {HTMLElement} */ chatButton;
  /** @type {HTMLElement} */ badgeEl;
  /** @type {HTMLElement} */ bannerEl;
  /** @type {HTMLElement} */ watchingEl;
  /** @type {HTMLElement} */ seatsEl;
  /** @type {HTMLElement} */ statusEl;
  /** @type {HTMLElement} */ gameTopEl;
  /** @type {HTMLElement} */ areaEl;
  /** @type {HTMLElement} */ waitingEl;
  /** @type {HTMLElement} */ resultEl;
  /** @type {HTMLElement} */ tickerEl;
  /** @type {HTMLElement} */ tickerText;
  /** @type {HTMLElement} */ ownZoneEl;
  /** @type {HTMLElement} */ drawerEl;
  /** @type {{ log: HTMLElement, chat: HTMLElement }} */ tabs;
  /** @type {{ log: HTMLElement, chat: HTMLElement }} */ panels;

  constructor(root, code, ticket, nav) {
    this.root = root;
    this.code = code;
    this.ticket = ticket;
    this.nav = nav;
    this.room = null;
    this.held = ticket.seats || [];
    this.views = {};
    this.activeSeat = null;
    this.revealedSeat = null;
    this.removeHandover = null;
    this.lastEvent = 0;
    this.statusSeen = null;
    this.welcomes = 0;
    this.welcomedAt = 0;
    this.catchUp = true;
    this.queue = [];
    this.busy = false;
    this.nextAt = 0;
    this.gap = null;
    this.gameId = ticket.game || null;
    this.module = null;
    this.announcedHashes = {}; // game number -> the seed hash its game_started event announced
    this.meta = null;
    this.wallet = null; // this player's coins, for a staked game's waiting room
    this.moduleState = {};
    this.deadline = { ms: 0, seat: -1, seats: [], total: 0, said: new Set() };
    this.currentEvents = [];
    this.resultDismissed = false;
    this.rematchVoted = false;
    this.drawerOpen = false;
    this.drawerTab = "log";
    this.unread = 0;
    this.failed = null;
    this.timeUpSaid = 0;
    this.log = new EventLog();
    this.chat = new Chat({
      onSend: (text, channel) => this.conn.send({ chat: channel && channel !== "room" ? { text, channel } : { text } }),
      colourOf: (seat) => seatColour(seat),
    });
    this.build();
    this.conn = new Connection({
      code,
      token: ticket.token,
      lastEvent: () => this.lastEvent,
      onMessage: (msg, info) => this.onMessage(msg, info),
      onStatus: (status, detail) => this.onStatus(status, detail),
    });
    this.clockTimer = setInterval(() => this.renderClock(), 250);
    this.offLanguage = onLanguageChange(() => {
      this.build();
      this.log.retranslate();
      this.chat.retranslate();
      this.render();
    });
  }

  start() {
    this.conn.start();
  }

  destroy() {
    this.conn.stop();
    clearInterval(this.clockTimer);
    this.offLanguage();
    if (this.removeHandover) this.removeHandover();
    this.endGap();
  }

  // -- the skeleton ------------------------------------------------------------------------

  build() {
    const menu = roomMenu({
      rules: () => this.gameId && openRules(this.gameId),
      share: () => this.openShare(),
      leave: () => this.leave(),
    });
    this.titleEl = h("h1", { class: "game-title", "data-testid": "game-name" });
    this.codeHintEl = h("span", { id: "room-code-hint", hidden: true });
    this.codeEl = h("button", {
      type: "button",
      class: "room-code",
      "data-testid": "room-code",
      "aria-describedby": "room-code-hint",
      onclick: async () => {
        const ok = await copyText(api.roomLink(this.code, (store.ticketFor(this.code) || {}).invite));
        toast(ok ? t("share.link_copied") : t("share.copy_failed"), ok ? "info" : "error");
      },
    });
    this.clockEl = h("span", { class: "clock", "data-testid": "move-clock", hidden: true, role: "timer" });
    // A game's own line in the top bar (poker: the blinds and when they rise), from its module's
    // optional `topBar(view, ctx)`; updated with the clock.
    this.gameTopEl = h("span", { class: "game-top", "data-testid": "game-top", hidden: true });
    this.badgeEl = h("span", { class: "badge", hidden: true, "data-testid": "chat-unread" });
    this.chatButton = h(
      "button",
      { type: "button", class: "icon-button chat-button", "data-testid": "chat-button", "aria-label": t("chat.open"), onclick: () => this.toggleDrawer("chat") },
      svg.s(
        "svg",
        { viewBox: "0 0 24 24", width: 24, height: 24, "aria-hidden": "true", focusable: "false" },
        svg.s("path", {
          d: "M4 4h16a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H10l-5 4v-4H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z",
          fill: "none",
          stroke: "currentColor",
          "stroke-width": 2,
          "stroke-linejoin": "round",
        }),
      ),
      this.badgeEl,
    );
    // A staked table says so at the top: a coin and the stake each player put in (the full
    // words are its label, so a phone's narrow bar keeps room for the game's name).
    this.stakeAmount = h("span", { "aria-hidden": "true" });
    this.stakeEl = h(
      "span",
      { class: "stake-chip", role: "img", "data-testid": "stake", hidden: true },
      svg.s(
        "svg",
        { viewBox: "0 0 16 16", width: 14, height: 14, "aria-hidden": "true", focusable: "false" },
        svg.s("circle", { cx: 8, cy: 8, r: 6.5, fill: "none", stroke: "currentColor", "stroke-width": 1.5 }),
        svg.s("circle", { cx: 8, cy: 8, r: 3.5, fill: "none", stroke: "currentColor", "stroke-width": 1 }),
      ),
      this.stakeAmount,
    );
    // A ticket without seats watches: it says so, in words a screen reader reads too.
    this.watchingEl = h("span", { class: "watching-mark", "data-testid": "watching", hidden: true });
    const topbar = h(
      "header",
      { class: "topbar" },
      menu,
      this.titleEl,
      this.watchingEl,
      this.stakeEl,
      this.gameTopEl,
      this.clockEl,
      this.codeEl,
      this.codeHintEl,
      this.chatButton,
    );
    this.bannerEl = h("div", { class: "banner", role: "status", "data-testid": "connection-status", hidden: true });
    // The seats wrap (they never scroll); the game area may scroll on a wide screen: a
    // keyboard reaches it (a tab stop) to scroll it too.
    this.seatsEl = h("nav", { class: "seats", "data-testid": "seats", "aria-label": t("seat.players") });
    this.statusEl = h("p", { class: "turn-status", "data-testid": "turn-status" });
    this.areaEl = h("div", {
      class: "game-area",
      id: "game-area",
      "data-testid": "game-area",
      "data-scroll-cue": "",
      tabindex: "0",
      role: "region",
      "aria-label": t("room.game_area"),
      onscroll: () => this.showScrollCue(),
    });
    if (typeof ResizeObserver === "function") new ResizeObserver(() => this.showScrollCue()).observe(this.areaEl);
    // The first Tab on the room page: straight to the board, past the bar and the seats.
    const skipLink = h(
      "a",
      {
        href: "#game-area",
        class: "skip-link",
        "data-testid": "skip-to-board",
        onclick: (e) => {
          e.preventDefault();
          this.skipToBoard();
        },
      },
      t("room.skip_to_board"),
    );
    this.waitingEl = h("div", { class: "waiting-wrap", hidden: true });
    this.ownZoneEl = h("section", { class: "own-zone", "data-testid": "own-zone", "aria-label": t("room.own_zone") });
    // Its text is the newest event; what a tap does is its description.
    this.tickerEl = h("button", {
      type: "button",
      class: "ticker",
      "data-testid": "last-event",
      "aria-describedby": "ticker-hint",
      onclick: () => this.toggleDrawer("log"),
    });
    this.tickerText = h("span", { class: "ticker-text" });
    this.tickerEl.append(this.tickerText);
    const tickerHint = h("span", { id: "ticker-hint", hidden: true }, t("log.open"));
    this.log.attachTicker(this.tickerText);
    this.resultEl = h("div", { class: "result-wrap", hidden: true });

    const tab = (name) =>
      h(
        "button",
        {
          type: "button",
          role: "tab",
          id: `tab-${name}`,
          "aria-controls": `panel-${name}`,
          "data-testid": `drawer-tab-${name}`,
          onclick: () => this.showTab(name),
        },
        t(`drawer.${name}`),
      );
    this.tabs = { log: tab("log"), chat: tab("chat") };
    this.panels = {
      log: h("div", { role: "tabpanel", id: "panel-log", "aria-labelledby": "tab-log", class: "drawer-panel" }, this.log.list),
      chat: h("div", { role: "tabpanel", id: "panel-chat", "aria-labelledby": "tab-chat", class: "drawer-panel" }, this.chat.element),
    };
    this.log.list.setAttribute("aria-label", t("drawer.log"));
    this.drawerEl = h(
      "aside",
      { class: "drawer", "data-testid": "drawer", "aria-label": t("drawer.label") },
      h(
        "div",
        { class: "drawer-head" },
        h("div", { role: "tablist", class: "tabs" }, this.tabs.log, this.tabs.chat),
        h("button", { type: "button", class: "icon-button drawer-close", "data-testid": "drawer-close", "aria-label": t("ui.close"), onclick: () => this.toggleDrawer(null) }, "✕"),
      ),
      this.panels.log,
      this.panels.chat,
    );
    this.frameEl = h(
      "div",
      { class: "room", "data-testid": "room" },
      skipLink,
      topbar,
      this.bannerEl,
      this.seatsEl,
      h("main", { class: "table" }, this.statusEl, this.areaEl, this.waitingEl, this.resultEl),
      this.tickerEl,
      tickerHint,
      this.ownZoneEl,
      this.drawerEl,
    );
    replace(this.root, this.frameEl);
    this.showTab(this.drawerTab);
    this.setDrawer(this.drawerOpen);
  }

  showTab(name) {
    this.drawerTab = name;
    for (const [key, tabEl] of Object.entries(this.tabs)) {
      const on = key === name;
      tabEl.setAttribute("aria-selected", String(on));
      tabEl.tabIndex = on ? 0 : -1;
      this.panels[key].hidden = !on;
    }
    if (name === "chat") {
      this.unread = 0;
      this.renderBadge();
    }
  }

  setDrawer(open) {
    this.drawerOpen = open;
    this.drawerEl.classList.toggle("open", open);
    this.frameEl.classList.toggle("drawer-open", open);
  }

  toggleDrawer(tabName) {
    if (tabName === null || (this.drawerOpen && this.drawerTab === tabName)) {
      this.setDrawer(false);
      return;
    }
    this.showTab(tabName);
    this.setDrawer(true);
    if (tabName === "chat") this.chat.input.focus();
    else this.tabs.log.focus();
  }

  renderBadge() {
    this.badgeEl.hidden = this.unread === 0;
    this.badgeEl.textContent = this.unread ? formatNumber(this.unread) : "";
  }

  // -- the connection ----------------------------------------------------------------------

  onStatus(status, detail) {
    if (status === "open") {
      this.bannerEl.hidden = true;
    } else if (status === "reconnecting") {
      this.bannerEl.hidden = false;
      this.bannerEl.textContent = t("conn.reconnecting");
    } else if (status === "connecting") {
      this.bannerEl.hidden = false;
      this.bannerEl.textContent = t("conn.connecting");
    } else if (status === "failed") {
      this.failed = detail;
      store.forgetTicket(this.code);
      this.showFailure(detail);
    }
  }

  showFailure(code) {
    replace(this.root, 
      h(
        "section",
        { class: "panel center", "data-testid": "room-failed" },
        h("h2", null, t(`refusal.${code}`)),
        h("p", null, t("room.failed_hint", { code: this.code })),
        h(
          "div",
          { class: "button-row" },
          code !== "unknown_room" && code !== "removed" ? h("button", { type: "button", class: "primary", "data-testid": "rejoin-button", onclick: () => this.nav.go(`/r/${this.code}`) }, t("room.join_again")) : null,
          h("button", { type: "button", "data-testid": "home-button", onclick: () => this.nav.go("/") }, t("room.home")),
        ),
      ),
    );
  }

  /**
   * @param {import("./types.js").ServerFrame & Record<string, any>} msg
   * @param {{ firstWelcome?: boolean }} [info]
   */
  onMessage(msg, info = {}) {
    if (msg.welcome) {
      this.welcomes += 1;
      if (info.firstWelcome) this.welcomedAt = Date.now();
      this.held = msg.welcome.seats || [];
      this.room = msg.welcome.room;
      this.catchUp = true;
      this.entropySent = "";
      store.updateTicketSeats(this.code, this.held);
      this.offerEntropy();
      this.ensureGame(this.room.game).then(() => this.render());
    } else if (msg.update) {
      this.queue.push({ update: msg.update });
      this.pump();
    } else if (msg.refused) {
      this.onRefused(msg.refused);
    } else if (msg.chat) {
      // The server replays recent chat right after a welcome: that is history, not news.
      const history = Date.now() - this.welcomedAt < CHAT_HISTORY_MS;
      const added = this.chat.add(msg.chat);
      if (added && !history) {
        if (!(this.drawerOpen && this.drawerTab === "chat")) {
          this.unread += 1;
          this.renderBadge();
        }
        if (msg.chat.seat === -1 || !this.held.includes(msg.chat.seat)) announce(t("chat.said", { name: msg.chat.name, text: msg.chat.text }));
      }
    }
  }

  async ensureGame(gameId) {
    if (!gameId || (this.module && this.gameId === gameId)) return;
    this.gameId = gameId;
    const [module, meta] = await Promise.all([loadGame(gameId), gameMeta(gameId)]);
    this.module = module;
    this.meta = meta;
    // A staked game: the waiting room greys the stakes this player's wallet cannot pay.
    if ((meta.options || []).some((option) => option.key === "stake")) {
      coins().then((balance) => {
        this.wallet = balance;
        if (this.room && this.room.status === "waiting") this.render();
      });
    }
  }

  /** Updates are applied in order; after one with moves the next waits a little. */
  async pump() {
    if (this.busy) return;
    this.busy = true;
    try {
      while (this.queue.length) {
        const { update } = this.queue[0];
        // The answer to this device's own move never waits: the player is looking at it.
        const own = Boolean(update.client_move_id);
        const wait = this.nextAt - Date.now();
        if (wait > 0 && !this.catchUp && !own) await sleep(this.queue.length > 2 ? Math.min(wait, pace().queued) : wait);
        this.queue.shift();
        await this.ensureGame(update.room && update.room.game);
        const moved = this.applyUpdate(update);
        // Read at each move: a pace chosen in the menu applies from the next one.
        if (moved) this.nextAt = Date.now() + pace().ms;
      }
    } finally {
      this.busy = false;
    }
  }

  /**
   * The events after lastEvent, in order. Events are numbered gap-free per room, so a hole
   * (or a room whose newest event we have not seen) means something was lost: keep what
   * fits, send resync, and if that does not fill it, connect again (hello replays from
   * lastEvent). A replay after our own reconnect is the best the server can do: take it.
   */
  takeEvents(events, newest, catchUp) {
    const fresh = events.filter((e) => e.number > this.lastEvent).sort((a, b) => a.number - b.number);
    const prefix = [];
    for (const item of fresh) {
      if (item.number !== this.lastEvent + 1 + prefix.length) break;
      prefix.push(item);
    }
    const got = prefix.length ? prefix[prefix.length - 1].number : this.lastEvent;
    const missing = prefix.length < fresh.length || newest > got;
    if (!missing) {
      this.endGap();
      this.lastEvent = got;
      return prefix;
    }
    const firstReplay = catchUp && this.welcomes === 1 && this.lastEvent === 0;
    const afterReconnect = catchUp && this.gap && this.gap.reconnected;
    if (firstReplay || afterReconnect) {
      // The server cannot give more (it may keep limited history): take what there is.
      if (this.lastEvent > 0 || fresh.length) this.log.note(() => t("log.skipped"));
      this.endGap();
      this.lastEvent = Math.max(fresh.length ? fresh[fresh.length - 1].number : 0, newest || 0, this.lastEvent);
      return fresh;
    }
    this.lastEvent = got;
    if (!this.gap) {
      this.gap = { reconnected: false };
      this.conn.resync();
      this.gap.timer = setTimeout(() => {
        if (this.gap) {
          this.gap.reconnected = true;
          this.conn.reconnect();
        }
      }, GAP_RECONNECT_MS);
    }
    return prefix;
  }

  /** The update's move clock. A new deadline is a new turn: its length is measured from now
   * (what this device saw of it), and its announcements are not made yet. */
  takeDeadline(update) {
    const ms = Number(update.deadline_ms) || 0;
    const seat = typeof update.deadline_seat === "number" ? update.deadline_seat : -1;
    const seats = update.deadline_seats && update.deadline_seats.length ? update.deadline_seats.map(Number) : seat >= 0 ? [seat] : [];
    if (ms === this.deadline.ms) {
      this.deadline.seat = seat;
      this.deadline.seats = seats;
      return;
    }
    this.deadline = { ms, seat, seats, total: Math.max(0, ms - Date.now()), said: new Set() };
  }

  /** "Time is up", once per clock (`ms`: its deadline). */
  sayTimeUp(ms) {
    if (this.timeUpSaid === ms) return;
    this.timeUpSaid = ms;
    announce(t("clock.time_up"));
  }

  endGap() {
    if (!this.gap) return;
    clearTimeout(this.gap.timer);
    this.gap = null;
  }

  /** @param {import("./types.js").Update} update */
  applyUpdate(update) {
    const wasMyTurn = this.myTurn();
    const before = this.statusSeen;
    this.room = update.room || this.room;
    this.statusSeen = this.room.status;
    this.offerEntropy();
    if (update.views && update.views.length) this.views = Object.fromEntries(update.views.map((sv) => [sv.seat, sv.view]));
    const endedClock = this.deadline.ms;
    this.takeDeadline(update);
    const catchUp = this.catchUp;
    this.catchUp = false;

    // A new game (start or rematch): the game's local state and the result panel reset.
    // The lobby's game_started event says it in the log.
    const newGame = before && before !== "playing" && this.room.status === "playing";
    if (newGame) {
      this.moduleState = {};
      this.resultDismissed = false;
      this.rematchVoted = false;
    }
    const events = this.takeEvents(update.events || [], Number(this.room.last_event) || 0, catchUp);
    for (const item of events) {
      const text = this.logEvent(item);
      // The clock fired on this device's seat: said first, once (the countdown may have said it).
      if (!catchUp && item.event.code === "timed_out" && this.held.includes(item.event.seat)) this.sayTimeUp(endedClock);
      if (!catchUp && text) announce(text);
    }
    this.chooseSeat();
    this.currentEvents = catchUp ? [] : events.map((item) => item.event);
    this.render();
    const isMyTurn = this.myTurn();
    if (!catchUp) {
      if (events.length) playMove();
      if (isMyTurn && (!wasMyTurn || events.length)) {
        playYourTurn();
        announce(this.turnText());
      }
    } else if (isMyTurn) {
      announce(this.turnText());
    }
    return events.length > 0 && !catchUp;
  }

  logEvent(item) {
    const event = item.event || {};
    if (event.code === "hidden") return null;
    const colour = typeof event.seat === "number" && event.seat >= 0 ? seatColour(event.seat) : null;
    return this.log.add({ number: item.number, colour, make: () => this.eventText(event) });
  }

  /** An event in words: the game's describe(), else "event.<code>" with the seat's name. */
  eventText(event) {
    const ctx = this.context(null);
    const lobbyText = this.lobbyEventText(event, ctx);
    if (lobbyText) return lobbyText;
    return describeEvent(this.module, this.gameId, event, ctx);
  }

  /** The lobby's own events (not the engine's): start, end with the result, seat changes. */
  lobbyEventText(event, ctx) {
    const name = typeof event.seat === "number" && event.seat >= 0 ? ctx.seatName(event.seat) : "";
    switch (event.code) {
      case "game_started": {
        // The seed's hash, fixed before the first card: the result panel checks the seed against it.
        if (event.seed_sha256) this.announcedHashes[event.number] = event.seed_sha256;
        let text = event.number > 1 ? t("event.game_started_again", { number: event.number }) : t("event.game_started");
        if (event.pot) text = `${text} ${t("event.stakes_in", { stake: formatNumber(event.stake), pot: formatNumber(event.pot) })}`;
        if (event.seed_sha256) text = `${text} ${t("event.seed_hash", { hash: event.seed_sha256.slice(0, 16) })}`;
        // How many seats' browsers mixed a random value of their own into that seed.
        if (Array.isArray(event.contributions) && event.contributions.length) {
          const own = event.contributions.filter((c) => c.from === "seat").length;
          text = `${text} ${t("event.seed_values", { count: own, seats: event.contributions.length })}`;
        }
        return text;
      }
      case "game_over": {
        // The lobby's game_over carries the result; an engine's own game_over does not.
        if (!event.result) return null;
        let text = t("event.game_over_result", { headline: resultHeadline(event.result, /** @type {import("./types.js").RoomInfo} */ (this.room), this.held) });
        if (event.seed) text = `${text} ${t("event.seed_revealed", { seed: event.seed.slice(0, 16) })}`;
        const paid = Object.entries(event.pot || {}).map(([seat, won]) => t("event.pot_won", { name: ctx.seatName(Number(seat)), coins: formatNumber(won) }));
        return [text, ...paid].join(" ");
      }
      case "player_removed":
        // The seat is open now: the event names who sat there.
        return t("event.player_removed", { name: event.name });
      case "cpu_took_over": {
        const key = { gone: "event.cpu_took_over_gone", timeouts: "event.cpu_took_over_timeouts" }[event.reason];
        return t(key || "event.cpu_took_over", { name });
      }
      case "seat_returned":
        return t("event.seat_returned", { name });
      case "on_vacation":
        return t("event.on_vacation", { name, date: dateText(Number(event.until_ms)) });
      default:
        return null;
    }
  }

  currentView() {
    if (this.activeSeat !== null && this.views[this.activeSeat]) return this.views[this.activeSeat];
    const any = Object.values(this.views);
    return any.length ? any[0] : null;
  }

  toMove() {
    const view = this.currentView();
    return view && view.to_move ? view.to_move : [];
  }

  myTurn() {
    return Boolean(this.room && this.room.status === "playing" && this.held.includes(this.activeSeat) && this.toMove().includes(this.activeSeat));
  }

  /** Which held seat's view is shown: the one to move, else the one shown before. */
  chooseSeat() {
    if (!this.held.length) {
      this.activeSeat = this.views[-1] ? -1 : Number(Object.keys(this.views)[0] ?? -1);
      return;
    }
    const anyView = this.views[this.held[0]] || Object.values(this.views)[0];
    const toMove = anyView && anyView.to_move ? anyView.to_move : [];
    const mine = this.held.filter((s) => toMove.includes(s));
    let target;
    if (mine.length) target = mine.includes(this.activeSeat) ? this.activeSeat : mine[0];
    else target = this.held.includes(this.activeSeat) ? this.activeSeat : this.held[0];
    this.activeSeat = target;
    const handOver = this.held.length > 1 && /** @type {import("./types.js").RoomInfo} a welcome came */ (this.room).status === "playing" && mine.includes(target) && this.revealedSeat !== target;
    if (this.removeHandover && (!handOver || this.handoverFor !== target)) {
      this.removeHandover();
      this.removeHandover = null;
    }
    if (handOver && !this.removeHandover) {
      this.handoverFor = target;
      this.removeHandover = showHandover({
        name: seatNameOf(this.room, target),
        colour: seatColour(target),
        ink: seatInk(target),
        mark: seatMarkOf(this.room, target),
        hide: this.frameEl,
        onReveal: () => {
          this.removeHandover = null;
          this.revealedSeat = this.activeSeat;
          this.render();
          const first = /** @type {HTMLElement | null} */ (this.frameEl.querySelector(".game-area .lit, .own-zone button:not([disabled])"));
          if (first) first.focus();
        },
      });
    }
  }

  // -- sending -----------------------------------------------------------------------------

  sendMove(move) {
    const seat = this.activeSeat;
    if (!this.held.includes(seat) || !this.room) return false;
    if (this.conn.pending) {
      toast(t("ui.move_pending"));
      return false;
    }
    this.conn.sendMove(seat, move, this.room.version);
    this.areaEl.classList.add("pending");
    this.areaEl.setAttribute("aria-busy", "true");
    return true;
  }

  /**
   * This browser's part of the next game's seed (docs/fairness.md): once the room shows the
   * server's commitment, and before the deal, 32 random bytes of its own, sent once per game
   * and remembered, so the fairness page can find them in the replay.
   */
  offerEntropy() {
    const room = this.room;
    if (!room || !this.held.length || !room.shuffle_commit || room.status === "playing") return;
    const commit = room.shuffle_commit;
    const number = (Number(room.game_number) || 0) + 1;
    const sent = store.entropyFor(this.code, number);
    const same = sent && sent.commit === commit;
    if ((room.shuffle_seats || []).some((seat) => this.held.includes(seat))) {
      if (same && !sent.confirmed) store.confirmEntropy(this.code, number);
      return;
    }
    if (same && this.entropySent === commit) return; // sent on this connection: the answer is on its way
    const value = same ? sent.value : [...crypto.getRandomValues(new Uint8Array(32))].map((b) => b.toString(16).padStart(2, "0")).join("");
    store.rememberEntropy(this.code, number, value, commit);
    this.entropySent = commit;
    this.conn.send({ entropy: { value, commit } });
  }

  onRefused(refused) {
    if (this.failed) return;
    // A value for a game that has just started, or sent twice from two tabs: nothing to tell.
    if (["already_contributed", "stale_commit", "bad_contribution"].includes(refused.code)) return;
    if (refused.code === "removed") {
      this.failed = refused.code;
      this.conn.stop();
      store.forgetTicket(this.code);
      this.showFailure(refused.code);
      return;
    }
    const text = t(`refusal.${refused.code}`);
    this.areaEl.classList.remove("pending");
    this.areaEl.removeAttribute("aria-busy");
    if (refused.client_move_id) {
      shake(this.frameEl.querySelector(".game-area .board") || this.areaEl);
      if (refused.code === "stale_version" || refused.code === "future_version") this.conn.resync();
    }
    toast(text, "error");
    announce(text);
    if (this.rematchVoted && refused.code !== "rate_limited") this.rematchVoted = false;
  }

  async leave() {
    const ok = await confirmDialog({ title: t("leave.title"), text: t("leave.text"), ok: t("leave.ok"), testid: "leave-dialog" });
    if (!ok) return;
    this.conn.send({ leave: {} });
    await sleep(150);
    store.forgetTicket(this.code);
    this.nav.go("/");
  }

  openShare() {
    openDialog({ title: t("share.title"), content: shareBox(this.code), testid: "share-dialog" });
  }

  // -- rendering ---------------------------------------------------------------------------

  /**
   * @param {import("./types.js").View | null} view
   * @returns {import("./types.js").DrawContext}
   */
  context(view) {
    /** @type {import("./types.js").ShownRoom} */
    const room = this.room || { seats: [] };
    const mySeat = this.held.includes(this.activeSeat) ? this.activeSeat : null;
    const pending = Boolean(this.conn && this.conn.pending);
    const playing = room.status === "playing";
    return drawContext({
      gameId: this.gameId,
      room,
      mySeat,
      seats: this.held,
      events: this.currentEvents,
      pending,
      canMove: Boolean(view && playing && mySeat !== null && (view.to_move || []).includes(mySeat) && !pending),
      move: (move) => this.sendMove(move),
      state: this.moduleState,
      ownZone: this.ownZoneEl,
      shakeTarget: this.areaEl,
    });
  }

  turnText() {
    const view = this.currentView();
    if (!this.room || !view) return "";
    if (this.room.status === "finished" || view.result) return t("turn.over");
    const toMove = view.to_move || [];
    if (this.module && typeof this.module.status === "function") {
      const text = this.module.status(view, this.context(view));
      if (text) return text;
    }
    if (this.myTurn()) return this.held.length > 1 ? t("turn.yours_named", { name: seatNameOf(this.room, this.activeSeat) }) : t("turn.yours");
    if (!toMove.length) return "";
    const names = toMove.map((s) => seatNameOf(this.room, s)).join(", ");
    return toMove.length === 1 ? t("turn.other", { name: names }) : t("turn.others", { names });
  }

  render() {
    if (!this.room || this.failed) return;
    const room = this.room;
    this.frameEl.dataset.status = room.status;
    this.titleEl.textContent = this.gameId ? gameName(this.gameId) : "";
    this.watchingEl.hidden = this.held.length > 0;
    this.watchingEl.textContent = this.held.length ? "" : t("room.watching");
    this.stakeEl.hidden = !room.stake;
    this.stakeAmount.textContent = room.stake ? formatNumber(room.stake) : "";
    this.stakeEl.setAttribute("aria-label", room.stake ? t("stake.chip", { coins: formatNumber(room.stake) }) : "");
    this.stakeEl.title = this.stakeEl.getAttribute("aria-label") || "";
    // The button's text is exactly the code (tests and screen readers read it); the hint
    // that a tap copies the link is its description.
    this.codeEl.textContent = this.code;
    this.codeEl.dataset.code = this.code;
    this.codeHintEl.textContent = t("room.code_hint");
    this.codeEl.title = t("room.code_hint");
    const view = this.currentView();
    this.chat.setRights(room.status === "waiting" ? null : view && view.chat);
    const module = this.module;
    const badge =
      module && typeof module.seatBadge === "function" && view && room.status !== "waiting"
        ? (seat) => /** @type {import("./types.js").SeatBadge} */ (module.seatBadge)(view, seat, this.context(view))
        : null;
    renderSeats(this.seatsEl, { room, held: this.held, toMove: room.status === "playing" ? this.toMove() : [], badge });
    this.renderClock();

    const waiting = room.status === "waiting";
    this.waitingEl.hidden = !waiting;
    this.areaEl.hidden = waiting;
    this.statusEl.hidden = waiting;
    this.ownZoneEl.hidden = waiting;
    if (waiting) {
      this.resultEl.hidden = true;
      this.keepFocus(this.waitingEl, () =>
        renderWaiting(this.waitingEl, {
          room,
          meta: this.meta,
          held: this.held,
          send: (frame) => this.conn.send(frame),
          gameId: this.gameId,
          wallet: this.wallet ?? null,
        }),
      );
      return;
    }
    const finishedHidden = room.status === "finished" && this.resultDismissed && view && view.result;
    if (this.renderCpuPlaysForMe()) {
      this.renderGame(view);
      this.renderResultPanel(view);
      return;
    }
    replace(
      this.statusEl,
      this.turnText(),
      finishedHidden
        ? h(
            "button",
            {
              type: "button",
              class: "link-button",
              "data-testid": "show-result",
              onclick: () => {
                this.resultDismissed = false;
                this.render();
              },
            },
            t("result.show"),
          )
        : null,
    );
    this.statusEl.classList.toggle("mine", this.myTurn());
    this.renderGame(view);
    this.renderResultPanel(view);
  }

  /** A CPU plays one of this device's seats (its player was away, or let the clock run out):
   * the status line says so and offers the seat back. True when it did. */
  renderCpuPlaysForMe() {
    const room = /** @type {import("./types.js").RoomInfo} render() runs after a welcome */ (this.room);
    const taken = room.status === "playing" && (room.seats || []).some((s) => s.cpu_plays && this.held.includes(s.seat));
    if (!taken) return false;
    const hadFocus = this.statusEl.contains(document.activeElement);
    replace(
      this.statusEl,
      h("span", null, t("takeover.cpu_plays_for_you")),
      " ",
      h("button", { type: "button", class: "resume-button", "data-testid": "resume", onclick: () => this.conn.send({ resume: {} }) }, t("takeover.resume")),
    );
    this.statusEl.classList.remove("mine");
    if (hadFocus) /** @type {HTMLButtonElement} */ (this.statusEl.querySelector("button")).focus({ preventScroll: true });
    return true;
  }

  /** Re-render inside `scope`, keeping keyboard focus (by test id) and scroll position. */
  keepFocus(scope, draw) {
    const active = document.activeElement;
    const focusId = active && scope.contains(active) ? active.getAttribute("data-testid") : null;
    const scroll = scope.scrollTop;
    draw();
    scope.scrollTop = scroll;
    if (focusId) {
      const again = scope.querySelector(`[data-testid="${CSS.escape(focusId)}"]`);
      if (again && again.getAttribute("tabindex") !== "-1" && !again.disabled) again.focus({ preventScroll: true });
    }
  }

  renderGameTop() {
    const view = this.topView;
    const line = view && this.module && typeof this.module.topBar === "function" ? this.module.topBar(view, this.context(view)) : null;
    this.gameTopEl.hidden = !line;
    if (!line) return;
    if (this.gameTopEl.textContent !== line.text) this.gameTopEl.textContent = line.text;
    this.gameTopEl.setAttribute("aria-label", line.label || line.text);
  }

  /** Says when the game area holds more below than it shows (a wide screen keeps the room
   * in one screen and the area scrolls; a hidden scroll bar tells nobody): a shaded edge and an
   * arrow at its foot, gone at the end. */
  showScrollCue() {
    const area = this.areaEl;
    const more = area.scrollHeight - area.clientHeight - area.scrollTop > 2;
    /** @type {HTMLElement} */ (area.parentElement).classList.toggle("more-below", more);
  }

  renderGame(view) {
    this.topView = view;
    this.renderGameTop();
    this.areaEl.classList.remove("pending");
    this.areaEl.removeAttribute("aria-busy");
    if (!view || !this.module) {
      this.areaEl.replaceChildren(h("p", { class: "hint" }, t("ui.loading")));
      return;
    }
    const ctx = this.context(view);
    const active = document.activeElement;
    const inZone = active && (this.areaEl.contains(active) || this.ownZoneEl.contains(active));
    const focusId = inZone ? active.getAttribute("data-testid") : null;
    const scroll = this.areaEl.scrollTop;
    this.areaEl.replaceChildren();
    this.ownZoneEl.replaceChildren();
    try {
      this.module.render(this.areaEl, view, ctx);
    } catch (error) {
      console.error("render failed", error);
      this.areaEl.replaceChildren(h("p", { class: "hint" }, t("ui.render_failed")));
    }
    this.ownZoneEl.hidden = !this.ownZoneEl.childElementCount;
    this.areaEl.scrollTop = scroll;
    this.showScrollCue();
    if (focusId) {
      // The keyboard stays where it was: on the same square or card even while it cannot be
      // used (aria-disabled controls stay focusable and say so). While it is not drawn (the
      // columns wait for the other player's move) the game area holds the focus and
      // remembers it, so the next turn finds the keyboard on the same square, never on the page.
      const wanted = focusId === "game-area" && this.boardFocusId ? this.boardFocusId : focusId;
      const again = /** @type {(HTMLElement & { disabled?: boolean }) | null} */ (this.frameEl.querySelector(`[data-testid="${CSS.escape(wanted)}"]`));
      if (again && !again.disabled) {
        this.boardFocusId = again === this.areaEl ? this.boardFocusId : wanted;
        again.focus({ preventScroll: true });
      } else {
        this.boardFocusId = wanted;
        this.areaEl.focus({ preventScroll: true });
      }
    }
  }

  /** The first keyboard stop of the drawn game (the board's roving square, a card, a button). */
  boardTabStop() {
    const stops = '[tabindex="0"], button:not([disabled]), [role="button"]:not([tabindex="-1"]), select, input';
    return /** @type {HTMLElement | null} */ (this.areaEl.querySelector(stops) || this.ownZoneEl.querySelector(stops));
  }

  skipToBoard() {
    const stop = this.boardTabStop();
    if (stop) stop.focus();
    else this.areaEl.focus();
  }

  renderResultPanel(view) {
    const room = /** @type {import("./types.js").RoomInfo} render() runs after a welcome */ (this.room);
    const result = view && view.result;
    const show = Boolean(result && room.status === "finished" && !this.resultDismissed);
    this.resultEl.hidden = !show;
    if (!show) return;
    const module = this.module;
    const ctx = this.context(view);
    /** @type {((score: any, seat: number) => string | null) | null} */
    let scoreText = defaultScoreText;
    if (module && module.resultScores === false) scoreText = null;
    else if (module && typeof module.scoreText === "function") scoreText = (score, seat) => /** @type {import("./types.js").ScoreText} */ (module.scoreText)(score, seat, ctx);
    const number = room.game_number;
    renderResult(this.resultEl, {
      result,
      // The shuffle check only where there is a shuffle: a game without chance has no seed to check.
      fairness: number && this.meta && this.meta.chance ? { code: this.code, number, announced: this.announcedHashes[number] || "" } : null,
      room,
      held: this.held,
      scoreText,
      canRematch: this.held.length > 0,
      voted: this.rematchVoted,
      onRematch: () => {
        this.rematchVoted = true;
        this.conn.send({ rematch: {} });
        this.render();
      },
      onClose: () => {
        this.resultDismissed = true;
        this.render();
        this.statusEl.focus?.();
      },
      onHome: () => this.nav.go("/"),
      // The replay starts from this device's own seat (its first, when it holds several).
      onReplay: number ? () => this.nav.go(`${api.replayPath(this.code, number)}?seat=${this.held.length ? this.held[0] : "all"}`) : null,
    });
    // The panel is new: put focus on its first button so keyboard users land there.
    if (!this.resultEl.contains(document.activeElement)) {
      const first = /** @type {HTMLElement | null} */ (this.resultEl.querySelector("button:not([disabled])"));
      if (first && !this.removeHandover) first.focus({ preventScroll: true });
    }
  }

  renderClock() {
    if (this.topView) this.renderGameTop();
    const { ms, seat, seats, total, said } = this.deadline;
    if (!ms || !this.room || this.room.status !== "playing") {
      this.clockEl.hidden = true;
      return;
    }
    const left = Math.max(0, ms - Date.now());
    const seconds = Math.ceil(left / 1000);
    // A turn-based table's days read as days and hours.
    const text = durationText(left);
    // Every seat whose clock runs (both throwers at once in a simultaneous phase).
    const mine = seats.some((s) => this.held.includes(s));
    const warnAt = Math.min(CLOCK_WARN_MAX_MS, Math.max(CLOCK_WARN_MS, CLOCK_WARN_SHARE * total));
    const low = left <= warnAt;
    this.clockEl.hidden = false;
    this.clockEl.textContent = text;
    // Colour is never the only signal: the warning also puts a sign before the time (CSS).
    this.clockEl.classList.toggle("low", low);
    this.clockEl.classList.toggle("mine", mine);
    this.clockEl.dataset.seconds = String(seconds);
    this.clockEl.style.borderColor = seats.length === 1 && seat >= 0 ? seatColour(seat) : "";
    const who = seats.map((s) => seatNameOf(this.room, s)).join(", ");
    this.clockEl.setAttribute("aria-label", left >= 3_600_000 ? t("clock.label_long", { name: who, time: text }) : t("clock.label", { name: who, seconds }));
    // Spoken only for this device's own clock, once each, so it is not noise.
    if (mine && seconds <= CLOCK_TEN_S && total > (CLOCK_TEN_S + 0.5) * 1000 && left > 0 && !said.has("ten")) {
      said.add("ten");
      announce(t("clock.ten_left"));
    }
    if (mine && left === 0) this.sayTimeUp(ms);
  }
}

/**
 * Open the room at /r/CODE with a stored ticket; returns a function that closes it.
 * @param {HTMLElement} root
 * @param {string} code
 * @param {import("./types.js").Ticket} ticket
 * @param {import("./types.js").Nav} nav
 * @returns {() => void}
 */
export function openRoom(root, code, ticket, nav) {
  const room = new Room(root, code, ticket, nav);
  room.start();
  return () => room.destroy();
}
