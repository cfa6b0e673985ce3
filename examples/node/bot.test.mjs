// The Node.js example against a running platform: `GAMEROOM_PLAY=127.0.0.1:50050 node --test
// examples/node/` (the Python suite runs it against its own processes:
// tests/stack/test_node_example.py).

import assert from "node:assert/strict";
import { test } from "node:test";

import { Bot, instantiate, playClient, unary } from "./bot.mjs";
import { OnlineBot } from "./online.mjs";
import { fromStruct, toStruct } from "./struct.mjs";

const SERVER = process.env.GAMEROOM_PLAY || "127.0.0.1:50050";

test("Struct helpers round-trip a move and say what a plain object would lose", () => {
  const move = { type: "roll", keep: [0, 2], note: null, all: true, range: { amount: [10, 200, 10] } };
  assert.deepEqual(fromStruct(toStruct(move)), move);
  assert.deepEqual(instantiate({ type: "bid", range: { amount: [10, 200, 10] }, text: { word: 5 } }), {
    type: "bid",
    amount: 10,
    word: "a",
  });
});

test("an online bot started before its server waits for it rather than failing at once", async () => {
  const nobody = playClient("127.0.0.1:9"); // the discard port: nothing answers gRPC there
  const bot = new OnlineBot(nobody, "token", { announceWaitMs: 1500 });
  // Without waiting it would fail at once, "No connection established".
  await assert.rejects(bot.announce(), (/** @type {any} */ error) => /deadline/i.test(error.detail));
  nobody.close();
});

test("a plain object as a move is refused with a detail that says why", async () => {
  const client = playClient(SERVER);
  const bot = new Bot(client);
  await bot.create("four-in-a-row", "easy");
  const refusal = await new Promise((resolve, reject) => {
    const stream = client.Connect();
    stream.on("error", () => {});
    stream.on("data", (/** @type {any} */ message) => {
      if (message.body === "update" && message.update.room.status === "waiting") stream.write({ start: {} });
      if (message.body === "update" && message.update.room.status === "playing" && message.update.views.length) {
        const version = message.update.room.version;
        // The mistake of the guide's reader: a plain object where a Struct belongs.
        stream.write({ move: { seat: 0, move: { type: "drop", column: 3 }, client_move_id: "plain", version } });
      }
      if (message.body === "refused" && message.refused.client_move_id === "plain") {
        stream.cancel();
        resolve(message.refused);
      }
    });
    stream.on("status", (/** @type {any} */ status) => reject(new Error(`ended: ${status.details}`)));
    stream.write({ hello: { code: bot.code, token: bot.token, last_event: 0 } });
  });
  assert.equal(refusal.code, "malformed_move");
  assert.match(refusal.detail, /empty/);
  client.close();
});

test("lists the games, beats or loses to an easy CPU at four in a row, reconnecting once", async () => {
  const client = playClient(SERVER);
  const { games } = await unary(client, "ListGames", {});
  const four = games.find((/** @type {any} */ g) => g.id === "four-in-a-row");
  assert.ok(four, "four-in-a-row is listed");
  assert.deepEqual(fromStruct(four.meta).seat_counts, [2]);

  const lines = [];
  const bot = new Bot(client, { dropAfterMove: 2, log: (line) => lines.push(line) });
  const ticket = await bot.create("four-in-a-row", "easy");
  assert.deepEqual(ticket.seats, [0]);
  const result = await bot.play();
  assert.equal(bot.reconnects, 1, lines.join("\n"));
  assert.ok(bot.sent >= 4, `only ${bot.sent} moves`);
  assert.equal(result.placings.length, 2);
  assert.ok(
    [
      [1, 2],
      [2, 1],
      [1, 1],
    ].some((p) => p[0] === result.placings[0] && p[1] === result.placings[1]),
    JSON.stringify(result),
  );
  // The room says the same: finished, and every move counted once (a resent id played once).
  const room = await unary(client, "GetRoom", { code: ticket.code });
  assert.equal(room.status, "finished");
  const view = [...bot.views.values()][0];
  const discs = view.public.board.flat().filter((/** @type {number} */ cell) => cell !== -1).length;
  assert.equal(discs, view.public.moves);
  assert.ok(bot.sent >= Math.ceil(view.public.moves / 2), `${bot.sent} moves sent, ${view.public.moves} on the board`);
  client.close();
});
