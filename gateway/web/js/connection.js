// The WebSocket half of the protocol: hello, reconnect with backoff, one move in flight that
// is resent with the same client_move_id after a reconnect (the server answers a resent id
// with its first answer), keep-alive pings.

const FATAL = new Set(["bad_token", "unknown_room", "bad_origin"]);
const BACKOFF_MS = [300, 1000, 2000, 4000, 8000, 10000];
// 1013 (try again later): the server closed us for sending too fast, or for reading too
// slowly. Wait at least what it says ("retry_after=N" seconds), doubling with each such
// close in a row, so a client stuck in a loop does not hammer the server.
const TRY_AGAIN_LATER = 1013;
const LATER_BACKOFF_MS = [2000, 4000, 8000, 16000, 30000, 60000];
const CALM_AFTER_MS = 60000;
const PING_EVERY_MS = 20000;
const PONG_WITHIN_MS = 10000;
const MOVE_ANSWER_WITHIN_MS = 12000;
// `overloaded`: the server did not read the move; it is resent with the same id after these
// pauses (±25 %, so a crowd of clients does not come back at the same instant), and only
// after the last one does the player hear of it.
const BUSY_RETRY_MS = [200, 400, 800, 1600, 3200];

let moveCounter = 0;
function newMoveId() {
  moveCounter += 1;
  return `m-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}-${moveCounter}`;
}

export class Connection {
  /**
   * code, token: the room and the ticket's token.
   * lastEvent(): the newest event number the client holds (sent in hello).
   * onMessage(msg): every server frame, parsed; onStatus(status, detail): "connecting",
   * "open", "reconnecting", "closed" or "failed" (detail = refusal code).
   * @param {object} spec
   * @param {string} spec.code
   * @param {string} spec.token
   * @param {() => number} spec.lastEvent
   * @param {(msg: import("./types.js").ServerFrame & Record<string, any>, info: { firstWelcome: boolean }) => void} spec.onMessage
   * @param {(status: string, detail?: string) => void} spec.onStatus
   */
  constructor({ code, token, lastEvent, onMessage, onStatus }) {
    this.code = code;
    this.token = token;
    this.lastEvent = lastEvent;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.socket = null;
    this.ready = false; // welcome received on the current socket
    this.stopped = false;
    this.attempt = 0;
    this.notBefore = 0; // no reconnect before this time (ms), after a 1013
    this.laterCloses = 0; // 1013 closes in a row
    this.lastLaterClose = 0;
    this.queue = []; // frames waiting for the next welcome
    this.pending = null; // {id, seat, move, version}
    this.timers = {};
    this.nonce = 0;
    this.status = "connecting";
    this.onOnline = () => this.poke();
    this.onVisible = () => {
      if (document.visibilityState === "visible") this.poke();
    };
    window.addEventListener("online", this.onOnline);
    document.addEventListener("visibilitychange", this.onVisible);
  }

  url() {
    const scheme = window.location.protocol === "https:" ? "wss" : "ws";
    return `${scheme}://${window.location.host}/ws`;
  }

  setStatus(status, detail) {
    this.status = status;
    if (this.onStatus) this.onStatus(status, detail);
  }

  start() {
    if (this.stopped) return;
    clearTimeout(this.timers.retry);
    this.ready = false;
    this.setStatus(this.attempt === 0 ? "connecting" : "reconnecting");
    let socket;
    try {
      socket = new WebSocket(this.url());
    } catch {
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.rawSend({ hello: { code: this.code, token: this.token, last_event: this.lastEvent() } });
    };
    socket.onmessage = (e) => this.receive(e.data);
    socket.onclose = (e) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.ready = false;
      this.stopTimers();
      if (e && e.code === TRY_AGAIN_LATER) this.backOff(e.reason);
      if (!this.stopped) this.scheduleRetry();
    };
    socket.onerror = () => {
      // onclose follows and schedules the retry
    };
  }

  backOff(reason) {
    const now = Date.now();
    if (now - this.lastLaterClose > CALM_AFTER_MS) this.laterCloses = 0;
    this.lastLaterClose = now;
    const asked = /retry_after=(\d+)/.exec(reason || "");
    const wait = Math.max(
      asked ? Number(asked[1]) * 1000 : 0,
      LATER_BACKOFF_MS[Math.min(this.laterCloses, LATER_BACKOFF_MS.length - 1)],
    );
    this.laterCloses += 1;
    this.notBefore = now + wait;
  }

  scheduleRetry() {
    if (this.stopped) return;
    const backoff = BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)];
    const delay = Math.max(backoff, this.notBefore - Date.now()) + Math.random() * 300;
    this.attempt += 1;
    this.setStatus("reconnecting");
    clearTimeout(this.timers.retry);
    this.timers.retry = setTimeout(() => this.start(), delay);
  }

  /** Try now (the network came back, the tab became visible). */
  poke() {
    if (this.stopped) return;
    if (!this.socket && Date.now() < this.notBefore) {
      this.scheduleRetry();
    } else if (!this.socket) {
      this.attempt = 0;
      this.start();
    } else if (this.ready) {
      this.ping();
    }
  }

  receive(raw) {
    let msg;
    try {
      msg = JSON.parse(raw);
    } catch {
      return;
    }
    let firstWelcome = false;
    if (msg.welcome) {
      firstWelcome = !this.ready; // the answer to hello (a later one tells new seat numbers)
      this.ready = true;
      this.attempt = 0;
      this.setStatus("open");
      this.startPings();
      const queued = this.queue.splice(0);
      for (const frame of queued) this.rawSend(frame);
      if (this.pending) this.sendPending();
    } else if (msg.refused) {
      const refused = msg.refused;
      if (!this.ready && FATAL.has(refused.code)) {
        this.stop();
        this.setStatus("failed", refused.code);
      }
      if (this.pending && refused.client_move_id === this.pending.id) {
        if (refused.code === "overloaded" && this.retryWhenLessBusy(this.pending)) return;
        this.clearPending();
      }
    } else if (msg.update) {
      if (this.pending && msg.update.client_move_id && msg.update.client_move_id === this.pending.id) this.clearPending();
    } else if (msg.pong) {
      clearTimeout(this.timers.pong);
    }
    if (this.onMessage) this.onMessage(msg, { firstWelcome });
  }

  rawSend(frame) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(frame));
    return true;
  }

  /** Send a frame now, or after the next welcome when the connection is down. */
  send(frame) {
    if (this.ready && this.rawSend(frame)) return true;
    this.queue.push(frame);
    if (this.queue.length > 20) this.queue.shift();
    return false;
  }

  /**
   * Send a move; returns its client_move_id, or null while another move is still waiting
   * for its answer (one move in flight keeps the order plain).
   * @param {number} seat
   * @param {import("./types.js").Move} move
   * @param {number | string | undefined} version
   * @returns {string | null}
   */
  sendMove(seat, move, version) {
    if (this.pending) return null;
    this.pending = { id: newMoveId(), seat, move, version };
    this.sendPending();
    return this.pending.id;
  }

  sendPending() {
    const p = this.pending;
    if (!p) return;
    if (this.ready) this.rawSend({ move: { seat: p.seat, move: p.move, client_move_id: p.id, version: p.version } });
    clearTimeout(this.timers.answer);
    // No answer in time: the socket is probably dead; a reconnect resends with the same id.
    this.timers.answer = setTimeout(() => {
      if (this.pending === p && this.socket) this.socket.close();
    }, MOVE_ANSWER_WITHIN_MS);
  }

  /** Schedule the resend of a move the server was too busy to read; false once out of tries. */
  retryWhenLessBusy(p) {
    const tries = p.busyTries || 0;
    if (tries >= BUSY_RETRY_MS.length) return false;
    p.busyTries = tries + 1;
    clearTimeout(this.timers.answer);
    const pause = BUSY_RETRY_MS[tries] * (0.75 + Math.random() / 2);
    this.timers.busy = setTimeout(() => {
      if (this.pending === p) this.sendPending();
    }, pause);
    return true;
  }

  clearPending() {
    this.pending = null;
    clearTimeout(this.timers.answer);
    clearTimeout(this.timers.busy);
  }

  resync() {
    this.send({ resync: {} });
  }

  /** Drop the socket and connect again at once (hello replays events after lastEvent()). */
  reconnect() {
    if (this.stopped) return;
    this.attempt = 0;
    if (this.socket) this.socket.close();
    else if (Date.now() < this.notBefore) this.scheduleRetry();
    else this.start();
  }

  startPings() {
    clearInterval(this.timers.ping);
    this.timers.ping = setInterval(() => this.ping(), PING_EVERY_MS);
  }

  ping() {
    if (!this.ready) return;
    this.nonce = (this.nonce + 1) % 2147483647;
    this.rawSend({ ping: { nonce: this.nonce } });
    clearTimeout(this.timers.pong);
    this.timers.pong = setTimeout(() => {
      if (this.socket) this.socket.close();
    }, PONG_WITHIN_MS);
  }

  stopTimers() {
    clearInterval(this.timers.ping);
    clearTimeout(this.timers.pong);
    clearTimeout(this.timers.answer);
    clearTimeout(this.timers.busy); // a reconnect's welcome resends the pending move anyway
  }

  /** Close for good (leaving the room or the page). */
  stop() {
    this.stopped = true;
    this.stopTimers();
    clearTimeout(this.timers.retry);
    window.removeEventListener("online", this.onOnline);
    document.removeEventListener("visibilitychange", this.onVisible);
    if (this.socket) {
      const socket = this.socket;
      this.socket = null;
      try {
        socket.close(1000);
      } catch {
        // already closed
      }
    }
    this.setStatus("closed");
  }
}
