// The Node.js bot online (docs/play-api.md, "Node.js online"): it marks its account a bot with
// the games it plays (SetBot), holds its player's event stream (Events), accepts the challenges
// of games it plays, challenges a player N times one after the other, and plays every game it
// is seated at, each table on its own Connect stream.
//
//   node examples/node/online.mjs --token <bot token> [--server 127.0.0.1:50050]
//     [--games four-in-a-row,...] [--quick-seats] [--challenge <player id> --game four-in-a-row --count 3]
//     [--tickets FILE] [--quit-after N]
//
// The account makes a bot token first (POST /api/players/me/bot-tokens); see docs/play-api.md.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { Bot, Refused, playClient, unary } from "./bot.mjs";
import { fromStruct, toStruct } from "./struct.mjs";

// A challenge in one of these states is over: the next one may be sent.
const SETTLED = new Set(["declined", "cancelled", "expired"]);
const FATAL = new Set(["bad_token", "not_account"]);
const MAX_WAIT_MS = 30000;
const ANNOUNCE_WAIT_MS = 15000;

/** @param {number} ms */
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A promise with its resolve at hand. */
function deferred() {
  /** @type {(value: any) => void} */
  let resolve = () => {};
  const promise = new Promise((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

export class OnlineBot {
  /**
   * @param {any} client a playClient
   * @param {string} playerToken the account's bot token
   * @param {{ games?: string[], quickSeats?: boolean, quitAfter?: number, tickets?: string, announceWaitMs?: number, log?: (line: string) => void }} [settings]
   *   games: the games it plays, set on the account at start; it accepts only their challenges
   *   (empty: all); quickSeats: quick seating may seat it; quitAfter: stop once that
   *   many games have ended (0: never); tickets: a file that keeps the room tickets of the
   *   games being played, so that the bot, started again, takes its seats back;
   *   announceWaitMs: how long a server still starting is waited for at start
   */
  constructor(client, playerToken, settings = {}) {
    this.client = client;
    this.playerToken = playerToken;
    this.games = new Set(settings.games || []);
    this.quickSeats = Boolean(settings.quickSeats);
    this.quitAfter = settings.quitAfter || 0;
    this.announceWaitMs = settings.announceWaitMs || ANNOUNCE_WAIT_MS;
    this.log = settings.log || (() => {});
    this.ticketsFile = settings.tickets || "";
    /** @type {Map<string, { game: string, bot: Bot | null, ended: ReturnType<typeof deferred>, done: boolean }>} */
    this.tables = new Map();
    /** @type {Map<string, ReturnType<typeof deferred>>} the bot's own challenges, by id */
    this.mine = new Map();
    /** @type {Map<string, any>} every challenge's newest status, by id */
    this.latest = new Map();
    this.answered = new Set();
    this.me = ""; // the bot's player id, learnt from the first challenge it sends
    this.results = [];
    this.stopped = false;
    this.finished = deferred();
  }

  /** @param {string} game */
  plays(game) {
    return this.games.size === 0 || this.games.has(game);
  }

  /**
   * Hold the event stream (and, with `challenge`, challenge that player `count` times to
   * `game`, one game after the other) until `quitAfter` games have ended.
   * @param {{ challenge?: string, game?: string, count?: number }} [plan]
   */
  async run(plan = {}) {
    await this.announce();
    for (const [code, kept] of Object.entries(this.keptTickets())) this.sit({ code, game: kept.game, token: kept.token, seats: [] });
    const events = this.holdEvents();
    if (plan.challenge && (plan.count || 0) > 0) {
      this.challengeInTurn(plan.challenge, plan.game || "four-in-a-row", plan.count || 1).catch((error) => {
        this.log(`challenging stopped: ${error}`);
        this.finished.resolve(error);
      });
    }
    const outcome = await Promise.race([events, this.finished.promise]);
    this.stop();
    if (outcome instanceof Error) throw outcome;
  }

  /**
   * Mark the account a bot with the games it plays, so that players listing the bots see them;
   * a server still starting is waited for (`announceWaitMs`), as the Python bot does.
   */
  async announce() {
    const games = [...this.games].sort();
    const request = { player_token: this.playerToken, bot: true, quick_seats: this.quickSeats, games };
    await unary(this.client, "SetBot", request, { waitForReady: true, deadline: Date.now() + this.announceWaitMs });
  }

  stop() {
    this.stopped = true;
    if (this.events) this.events.cancel();
  }

  /** The event stream, opened again after every break, later each time; ends on a refused token. */
  async holdEvents() {
    let failures = 0;
    while (!this.stopped) {
      const ended = await new Promise((resolve) => {
        const call = this.client.Events({ player_token: this.playerToken });
        this.events = call;
        call.on("data", (/** @type {any} */ event) => {
          failures = 0;
          this.onEvent(event);
        });
        call.on("error", () => {}); // its status follows
        call.on("status", (/** @type {any} */ status) => {
          const refusal = status.metadata.get("gameroom-refusal")[0] || String(status.details || "").split(":")[0];
          resolve({ code: String(refusal), details: status.details });
        });
      });
      if (this.stopped) return null;
      if (FATAL.has(ended.code)) return new Refused(ended.code, String(ended.details).replace(`${ended.code}: `, ""));
      failures += 1;
      const wait = Math.min(MAX_WAIT_MS, 250 * 2 ** failures) * (0.5 + Math.random());
      this.log(`event stream lost (${ended.details}); back in ${Math.round(wait)} ms`);
      await pause(wait);
    }
    return null;
  }

  /** @param {any} event a PlayerEvent (oneof kind) */
  onEvent(event) {
    if (event.kind === "challenge") this.onChallenge(event.challenge);
    else if (event.kind === "game_started") this.sit(event.game_started);
    else if (event.kind === "your_turn" && !this.tables.has(event.your_turn.code)) {
      this.log(`your turn in room ${event.your_turn.code}, a table this run holds no ticket for`);
    } else if (event.kind === "game_ended") {
      const table = this.table(event.game_ended.code);
      if (!table.bot) {
        this.log(`game over in room ${event.game_ended.code}: ${JSON.stringify(fromStruct(event.game_ended.result))}`);
        this.ended(event.game_ended.code);
      }
    }
  }

  /** @param {any} challenge */
  onChallenge(challenge) {
    this.latest.set(challenge.id, challenge);
    if (this.mine.has(challenge.id)) return this.settle(challenge);
    if (challenge.status !== "open" || this.answered.has(challenge.id)) return;
    if (this.me && challenge.from_player === this.me) return; // its own, streamed before CreateChallenge answered
    this.answered.add(challenge.id);
    const accept = this.plays(challenge.game);
    this.log(`${challenge.from_name} challenges the bot to ${challenge.game}: ${accept ? "accept" : "decline"}`);
    unary(this.client, "AnswerChallenge", { player_token: this.playerToken, challenge_id: challenge.id, accept }).then(
      () => accept && this.log(`accepted ${challenge.from_name}'s challenge to ${challenge.game}`),
      // Withdrawn or expired meanwhile: the stream says so too.
      (/** @type {any} */ error) => this.log(`answer to challenge ${challenge.id} refused: ${error.code}`),
    );
  }

  /** @param {any} challenge one of the bot's own */
  settle(challenge) {
    const waiting = this.mine.get(challenge.id);
    if (!waiting) return;
    if (SETTLED.has(challenge.status)) waiting.resolve({ status: challenge.status, code: "" });
    else if (challenge.status === "accepted") waiting.resolve({ status: "accepted", code: challenge.room_code });
  }

  /**
   * The table of a room, made when first heard of (GameStarted, or its challenge accepted).
   * @param {string} code
   */
  table(code) {
    let table = this.tables.get(code);
    if (!table) {
      table = { game: "", bot: null, ended: deferred(), done: false };
      this.tables.set(code, table);
    }
    return table;
  }

  /** @param {{ code: string, game: string, token: string, seats: number[] }} started */
  sit(started) {
    const table = this.table(started.code);
    if (table.bot) return; // GameStarted again after the stream came back: already playing
    table.game = started.game;
    const bot = new Bot(this.client, { log: this.log });
    bot.code = started.code;
    bot.token = started.token;
    table.bot = bot;
    this.keepTickets(); // before saying so: a bot stopped after the line has the ticket kept
    this.log(`game started in room ${started.code} (${started.game}), seats ${started.seats.join(", ")}`);
    bot.play().then(
      (result) => {
        this.results.push({ code: started.code, game: started.game, seats: started.seats, result });
        this.log(`game over in room ${started.code} (${started.game}): placings ${JSON.stringify(result.placings)}`);
        this.ended(started.code);
      },
      (error) => {
        this.log(`table ${started.code} given up: ${error}`);
        this.ended(started.code);
      },
    );
  }

  /** @param {string} code */
  ended(code) {
    const table = this.table(code);
    if (!table.done) {
      table.done = true;
      table.ended.resolve(null);
      this.keepTickets();
    }
    const count = [...this.tables.values()].filter((t) => t.done).length;
    if (this.quitAfter > 0 && count >= this.quitAfter) this.finished.resolve(null);
  }

  /** @returns {Record<string, { game: string, token: string }>} the tickets kept by an earlier run */
  keptTickets() {
    if (!this.ticketsFile || !fs.existsSync(this.ticketsFile)) return {};
    return JSON.parse(fs.readFileSync(this.ticketsFile, "utf8"));
  }

  /** Write the tickets of the tables still playing (a new file renamed over the old one). */
  keepTickets() {
    if (!this.ticketsFile) return;
    const playing = {};
    for (const [code, table] of this.tables) {
      if (table.bot && !table.done) playing[code] = { game: table.game, token: table.bot.token };
    }
    fs.writeFileSync(`${this.ticketsFile}.new`, JSON.stringify(playing, null, 1));
    fs.renameSync(`${this.ticketsFile}.new`, this.ticketsFile);
  }

  /**
   * Challenge a player; returns the Challenge. Waits out a rate limit.
   * @param {string} toPlayer
   * @param {string} game
   * @param {Record<string, unknown>} [options]
   */
  async challenge(toPlayer, game, options = {}) {
    for (;;) {
      try {
        const request = { player_token: this.playerToken, to_player: toPlayer, game, options: toStruct(options) };
        const reply = await unary(this.client, "CreateChallenge", request);
        this.me = reply.from_player;
        return reply;
      } catch (error) {
        if (!(error instanceof Refused) || error.code !== "rate_limited") throw error;
        this.log(`challenge refused for now (${error.detail}); again in 5 s`);
        await pause(5000);
      }
    }
  }

  /**
   * @param {string} toPlayer
   * @param {string} game
   * @param {number} count
   */
  async challengeInTurn(toPlayer, game, count) {
    for (let number = 1; number <= count && !this.stopped; number += 1) {
      const reply = await this.challenge(toPlayer, game);
      const waiting = deferred();
      this.mine.set(reply.id, waiting);
      if (this.latest.has(reply.id)) this.settle(this.latest.get(reply.id)); // news before the answer
      this.log(`challenge ${number} of ${count} sent to ${toPlayer} (${game})`);
      const how = await waiting.promise;
      if (how.status === "accepted") await this.table(how.code).ended.promise;
      else this.log(`challenge ${number} of ${count} ${how.status}`);
    }
  }
}

async function main() {
  const args = process.argv.slice(2);
  const option = (/** @type {string} */ name, /** @type {string} */ fallback) => {
    const at = args.indexOf(`--${name}`);
    return at >= 0 ? args[at + 1] : fallback;
  };
  const token = option("token", "");
  if (!token) throw new Error("--token <bot token> is needed");
  const client = playClient(option("server", "127.0.0.1:50050"));
  const games = option("games", "")
    .split(",")
    .map((game) => game.trim())
    .filter(Boolean);
  const settings = {
    games,
    quickSeats: args.includes("--quick-seats"),
    quitAfter: Number(option("quit-after", "0")),
    tickets: option("tickets", ""),
    log: console.log,
  };
  const bot = new OnlineBot(client, token, settings);
  console.log("online");
  await bot.run({ challenge: option("challenge", ""), game: option("game", "four-in-a-row"), count: Number(option("count", "1")) });
  client.close();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error instanceof Refused ? error.message : String(error)); // "bad_token: ..."
    process.exit(1);
  });
}
