// A Node.js bot for the play API (docs/play-api.md, "Node.js"): lists the games, creates a room
// against a CPU, plays its legal moves to the end, and comes back with its token and the
// version of its move when the connection drops.
//
//   node examples/node/bot.mjs [--server 127.0.0.1:50050] [--game four-in-a-row] [--level easy]
//
// Needs @grpc/grpc-js and @grpc/proto-loader (npm install; both are in package.json).

import path from "node:path";
import { fileURLToPath } from "node:url";

import grpc from "@grpc/grpc-js";
import protoLoader from "@grpc/proto-loader";

import { fromStruct, toStruct } from "./struct.mjs";

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const PROTO = path.resolve(HERE, "../../proto/gameroom/play.proto");

// keepCase: the field names of the .proto (client_move_id, not clientMoveId), as the guide
// writes them. longs: String: int64 fields (deadline_ms, at_ms) as strings, not Long objects.
// enums: String: the Struct's NullValue as "NULL_VALUE". defaults: true: fields at their
// default are present (seat 0, version 0, an empty list) instead of missing. oneofs: true:
// `message.body` names the branch of a ClientMessage/ServerMessage that is set.
export const LOADER_OPTIONS = { keepCase: true, longs: String, enums: String, defaults: true, oneofs: true };

/**
 * A client of gameroom.play.Play on `address` (plaintext, as `make run` serves it).
 * @param {string} address
 */
export function playClient(address) {
  const definition = protoLoader.loadSync(PROTO, LOADER_OPTIONS);
  const loaded = /** @type {any} */ (grpc.loadPackageDefinition(definition));
  return new loaded.gameroom.play.Play(address, grpc.credentials.createInsecure());
}

/** A refused call: `code` is the stable refusal code (docs/play-api.md, "Refusals"). */
export class Refused extends Error {
  /**
   * @param {string} code
   * @param {string} detail
   */
  constructor(code, detail) {
    super(`${code}: ${detail}`);
    this.code = code;
    this.detail = detail;
  }
}

/**
 * A unary call as a promise; a refusal becomes `Refused` with the code of its trailer.
 * @param {any} client
 * @param {string} method
 * @param {object} request
 * @param {{ waitForReady?: boolean, deadline?: number }} [options] waitForReady: wait for a
 *   server not reachable yet (until the deadline, ms since the epoch) rather than fail at once
 * @returns {Promise<any>}
 */
export function unary(client, method, request, options = {}) {
  const metadata = new grpc.Metadata({ waitForReady: Boolean(options.waitForReady) });
  const callOptions = options.deadline ? { deadline: options.deadline } : {};
  return new Promise((resolve, reject) => {
    client[method](request, metadata, callOptions, (/** @type {any} */ error, /** @type {any} */ reply) => {
      if (!error) return resolve(reply);
      const code = (error.metadata && error.metadata.get("gameroom-refusal")[0]) || String(error.details).split(":")[0];
      reject(new Refused(String(code), String(error.details)));
    });
  });
}

/**
 * A legal move as a move to send: a template's ranges at their lowest value, its texts "a".
 * @param {Record<string, any>} legal
 * @returns {Record<string, any>}
 */
export function instantiate(legal) {
  const move = Object.fromEntries(Object.entries(legal).filter(([key]) => key !== "range" && key !== "text"));
  for (const [key, [low]] of Object.entries(legal.range || {})) move[key] = low;
  for (const key of Object.keys(legal.text || {})) move[key] = "a";
  return move;
}

export class Bot {
  /**
   * @param {any} client a playClient
   * @param {{ log?: (line: string) => void, dropAfterMove?: number }} [settings] dropAfterMove:
   *   cut the connection right after sending that move (shows, and tests, the reconnect)
   */
  constructor(client, settings = {}) {
    this.client = client;
    this.log = settings.log || (() => {});
    this.dropAfterMove = settings.dropAfterMove || 0;
    this.code = "";
    this.token = "";
    this.lastEvent = 0; // the newest event held: a reconnect asks for what came after it
    this.views = new Map(); // seat -> view
    this.room = null;
    this.sent = 0;
    this.movedAt = -1; // the version of the last move chosen
    /** @type {Map<string, object>} moves sent and not yet answered, by client_move_id */
    this.pending = new Map();
    this.reconnects = 0;
    this.result = null;
    this.prefix = Math.random().toString(36).slice(2, 8);
  }

  /**
   * A room against one CPU of `level`, this bot in seat 0.
   * @param {string} game
   * @param {string} level
   */
  async create(game, level) {
    const seats = [{ kind: "human" }, { kind: "cpu", level }];
    const ticket = await unary(this.client, "CreateRoom", { game, nickname: "NodeBot", seats, options: toStruct({}) });
    this.code = ticket.code;
    this.token = ticket.token;
    this.host = true;
    return ticket;
  }

  /** Play until the game is over; returns its result. */
  async play() {
    while (this.result === null) {
      const ended = await this.session();
      if (this.result !== null) break;
      if (ended.fatal) throw new Refused(ended.fatal, ended.details);
      this.reconnects += 1;
      if (this.reconnects > 5) throw new Error(`lost the connection ${this.reconnects} times: ${ended.details}`);
      this.log(`connection ended (${ended.details}); back from event ${this.lastEvent}`);
    }
    return this.result;
  }

  /**
   * One Connect stream: hello (with the newest event held), the unanswered moves again with
   * their ids and versions, then messages until the stream ends.
   * @returns {Promise<{ fatal: string, details: string }>}
   */
  session() {
    return new Promise((resolve) => {
      const stream = this.client.Connect();
      let fatal = "";
      this.stream = stream;
      stream.write({ hello: { code: this.code, token: this.token, last_event: this.lastEvent } });
      // Resent unchanged: a move that arrived before gets its first answer, never a second play.
      for (const move of this.pending.values()) stream.write({ move });
      stream.on("data", (/** @type {any} */ message) => {
        const refusal = this.receive(message);
        if (refusal) fatal = refusal;
      });
      stream.on("error", () => {}); // its status follows
      stream.on("status", (/** @type {any} */ status) => {
        const code = status.metadata.get("gameroom-refusal")[0];
        resolve({ fatal: code ? String(code) : fatal, details: status.details || grpc.status[status.code] });
      });
    });
  }

  /**
   * @param {any} message a ServerMessage
   * @returns {string} a refusal that ends this bot's play, or ""
   */
  receive(message) {
    if (message.body === "update") this.onUpdate(message.update);
    if (message.body === "refused") return this.onRefused(message.refused);
    return "";
  }

  /** @param {any} update */
  onUpdate(update) {
    this.room = update.room;
    for (const item of update.events) this.lastEvent = Math.max(this.lastEvent, item.number);
    if (update.client_move_id) this.pending.delete(update.client_move_id);
    if (update.room_only) return; // the game is as it was: the views held stand
    for (const item of update.views) this.views.set(item.seat, fromStruct(item.view));
    const status = update.room.status;
    if (status === "waiting" && this.host && !this.started) {
      this.started = true;
      this.stream.write({ start: {} });
    } else if (status === "finished") {
      this.result = [...this.views.values()][0].result;
      this.log(`game over: ${JSON.stringify(this.result)}`); // the server ends the stream now
    } else if (status === "playing") {
      this.maybeMove();
    }
  }

  maybeMove() {
    const version = this.room.version;
    if (this.pending.size || version === this.movedAt) return;
    for (const [seat, view] of this.views) {
      if (!view.to_move.includes(seat)) continue;
      const legal = view.legal_moves[Math.floor(Math.random() * view.legal_moves.length)];
      this.sent += 1;
      this.movedAt = version;
      // version: the one this view is at; a move chosen against an older one is refused stale.
      const move = { seat, move: toStruct(instantiate(legal)), client_move_id: `${this.prefix}-${this.sent}`, version };
      this.pending.set(move.client_move_id, move);
      this.stream.write({ move });
      if (this.sent === this.dropAfterMove) this.stream.cancel(); // the connection "drops"
      return;
    }
  }

  /**
   * @param {any} refused
   * @returns {string}
   */
  onRefused(refused) {
    this.log(`refused ${refused.code}: ${refused.detail}`);
    if (refused.client_move_id) this.pending.delete(refused.client_move_id);
    if (refused.code === "stale_version" || refused.code === "not_your_turn") {
      this.movedAt = -1;
      this.stream.write({ resync: {} }); // the newest view, to choose again from
      return "";
    }
    return ["bad_token", "unknown_room", "removed"].includes(refused.code) ? refused.code : "";
  }
}

async function main() {
  const args = process.argv.slice(2);
  const option = (/** @type {string} */ name, /** @type {string} */ fallback) => {
    const at = args.indexOf(`--${name}`);
    return at >= 0 ? args[at + 1] : fallback;
  };
  const client = playClient(option("server", "127.0.0.1:50050"));
  const { games } = await unary(client, "ListGames", {});
  console.log(`${games.length} games: ${games.map((/** @type {any} */ g) => g.id).join(", ")}`);
  const bot = new Bot(client, { log: console.log });
  const ticket = await bot.create(option("game", "four-in-a-row"), option("level", "easy"));
  console.log(`room ${ticket.code}`);
  const result = await bot.play();
  console.log(`placings ${JSON.stringify(result.placings)}, scores ${JSON.stringify(result.scores)}`);
  client.close();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(String(error));
    process.exit(1);
  });
}
